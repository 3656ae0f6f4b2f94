import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Metricas } from '../../plataforma/metricas.ts';

function resumo(texto: string): Buffer {
  return createHash('sha256').update(texto).digest();
}

/** The token compared in constant time (both sides hashed first, so their lengths never differ). */
function tokenConfere(cabecalho: string | undefined, token: string): boolean {
  const recebido = /^Bearer (.+)$/.exec(cabecalho ?? '')?.[1] ?? '';
  return timingSafeEqual(resumo(recebido), resumo(token));
}

/**
 * GET /metrics on the app's port (docs/operacao.md): only with `Authorization: Bearer <METRICAS_TOKEN>`;
 * without the setting it does not exist here (404), so it is never public by default. Outside /api: it is
 * Prometheus text, not the envelope.
 */
export async function rotasMetricas(app: FastifyInstance) {
  const token = app.ctx.config.metricas.token;
  app.get('/metrics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!token) return reply.code(404).type('text/plain; charset=utf-8').send('Não encontrado.\n');
    if (!tokenConfere(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('Informe o token das métricas (Authorization: Bearer …).\n');
    }
    return reply.type(app.metricas.tipoConteudo).send(await app.metricas.texto());
  });
}

/**
 * The metrics on a port of their own (METRICAS_PORTA), for a network only Prometheus reaches; the token,
 * when set, is asked here too. Answers the server, already listening.
 */
export async function servirMetricasEmPorta(
  metricas: Metricas,
  opcoes: { porta: number; host: string; token: string | undefined },
): Promise<Server> {
  const servidor = createServer((req, res) => {
    const caminho = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || caminho !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Não encontrado.\n');
      return;
    }
    if (opcoes.token && !tokenConfere(req.headers.authorization, opcoes.token)) {
      res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' });
      res.end('Informe o token das métricas.\n');
      return;
    }
    metricas.texto().then(
      (texto) => res.writeHead(200, { 'content-type': metricas.tipoConteudo }).end(texto),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolver, rejeitar) => {
    servidor.once('error', rejeitar);
    servidor.listen(opcoes.porta, opcoes.host, () => resolver());
  });
  return servidor;
}
