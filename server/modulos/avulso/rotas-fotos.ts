import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiFotos } from '#common/api/fotos.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { assinaturaValida, nomeArquivoFoto } from './fotos.ts';
import { fotoDoAvulso } from './repositorio.ts';

/** Signed, expiring photo URLs (docs/produto/decisoes.md §1). A missing photo is a 404; the client shows an avatar. */
export const rotasFotos: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  registrar(app, apiFotos.foto, async (request, reply) => {
    const codAvulso = request.params.arquivo;
    const { exp, sig } = request.query;
    if (!assinaturaValida(app.ctx.segredoFotos, codAvulso, exp, sig, clock.now())) {
      throw new ErroApp('AcessoNegado', 'Link da foto inválido ou expirado.');
    }
    const foto = await fotoDoAvulso(db, codAvulso);
    if (!foto) throw new ErroApp('NaoEncontrado', 'Foto não encontrada.');
    // The stored type, and a name that agrees with it (decision 0122). A photo is shown, never run: an
    // SVG opened on its own gets no script, style from outside or form.
    return reply
      .header('Cache-Control', 'private, max-age=600')
      .header('Content-Disposition', `inline; filename="${nomeArquivoFoto(codAvulso, foto.tipo)}"`)
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('X-Content-Type-Options', 'nosniff')
      .type(foto.tipo)
      .send(Buffer.from(foto.conteudo));
  });
};
