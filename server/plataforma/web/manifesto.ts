import type { FastifyInstance } from 'fastify';
import type { Organizacao } from '../../config.ts';

/**
 * The web app manifest (docs/decisions/0132): written by the server, not the build, because the OGMO's name
 * is configuration (ORG_NOME, ORG_NOME_COMPLETO) and one build serves every port. The icons are drawn from
 * web/public/favicon.svg by scripts/gerar-icones.ts.
 */
export function manifestoWeb(organizacao: Organizacao) {
  return {
    id: '/',
    name: `Portal do TPA · ${organizacao.nome}`,
    short_name: 'Portal do TPA',
    description: `Escalação eletrônica, crachá, contracheques e declarações do ${organizacao.nomeCompleto}.`,
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/inicio',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#eef2f6',
    theme_color: '#0b3a66',
    icons: [
      { src: '/icones/icone-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icones/icone-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icones/icone-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export function servirManifesto(app: FastifyInstance, organizacao: Organizacao) {
  const corpo = JSON.stringify(manifestoWeb(organizacao));
  app.get('/manifest.webmanifest', (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json; charset=utf-8').send(corpo),
  );
}
