import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiCadastro,
  apiImportacaoCadastro,
  LIMITE_BYTES_IMPORTACAO_CADASTRO,
} from '#common/api/cadastro.ts';
import { apiContas } from '#common/api/contas.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { urlFoto } from '../avulso/index.ts';
import { exigirPapel } from '../equipe/index.ts';
import { anunciarAcessosEsquecidos } from '../sessao/index.ts';
import { emitirCodigo } from './contas.ts';
import { LIMITE_BYTES_FOTO } from './foto.ts';
import { importarTrabalhadores } from './importacao.ts';
import { historicoDoAvulso } from './repositorio-historico.ts';
import {
  type Autor,
  buscarTrabalhadores,
  cadastrarTrabalhador,
  desabilitar,
  editarTrabalhador,
  encerrarImpedimento,
  type Ficha,
  fichaTrabalhador,
  habilitar,
  hojeNoPorto,
  impedir,
  trocarFoto,
} from './servico.ts';

/**
 * /api/gestao/trabalhadores: the workers' record (issue 30), for the role `cadastro` only, checked before the
 * body is read. After a change the call forgets what it kept of the worker, so their next load or choice on this
 * server sees it (the rotation reads the database at every run).
 */
export const rotasCadastro: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.ctx;
  app.addHook(
    'onRequest',
    exigirPapel('cadastro', 'Somente a equipe de cadastro do OGMO acessa o cadastro dos trabalhadores.'),
  );

  // The legacy system's file arrives as bytes: its encoding is found by the importer.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: LIMITE_BYTES_IMPORTACAO_CADASTRO },
    (_r, corpo, feito) => feito(null, corpo),
  );
  // The badge photo arrives as bytes too; what it really is, sharp finds out (foto.ts), not the header.
  app.addContentTypeParser(
    ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp'],
    { parseAs: 'buffer', bodyLimit: LIMITE_BYTES_FOTO },
    (_r, corpo, feito) => feito(null, corpo),
  );

  /** The file with the photo's link signed as the worker's own (the same table, the same GET /api/fotos). */
  const apresentar = ({ temFoto, ...ficha }: Ficha) => ({
    ...ficha,
    fotoUrl: temFoto ? urlFoto(config, app.ctx.segredoFotos, ficha.codAvulso, clock.now()) : '',
  });

  const autor = (request: FastifyRequest): Autor => ({
    por: sessaoDe(request).codAvulso,
    agora: clock.now(),
    fuso: config.fusoHorario,
  });
  const hoje = () => hojeNoPorto(clock.now(), config.fusoHorario);
  // The call reads the worker again, on every server (the event cadastro-alterado, decision 0200).
  const mudou = (codAvulso: string) => app.ctx.eventos.emitir('cadastro-alterado', { codAvulso });

  registrar(app, apiCadastro.buscar, async (request) =>
    ok(await buscarTrabalhadores(db, request.query.busca, request.query.pagina)),
  );

  registrar(app, apiCadastro.cadastrar, async (request) => {
    const ficha = await cadastrarTrabalhador(db, request.body, autor(request));
    request.log.info(
      { por: sessaoDe(request).codAvulso, codAvulso: ficha.codAvulso },
      'trabalhador cadastrado',
    );
    return ok(apresentar(ficha));
  });

  registrar(app, apiCadastro.ver, async (request) =>
    ok(apresentar(await fichaTrabalhador(db, request.params.cod, hoje()))),
  );

  registrar(app, apiCadastro.editar, async (request) => {
    const ficha = await editarTrabalhador(db, request.params.cod, request.body, autor(request));
    mudou(ficha.codAvulso);
    return ok(apresentar(ficha));
  });

  registrar(app, apiCadastro.habilitar, async (request) => {
    const ficha = await habilitar(db, request.params.cod, request.body, autor(request));
    mudou(ficha.codAvulso);
    return ok(apresentar(ficha));
  });

  registrar(app, apiCadastro.desabilitar, async (request) => {
    const ficha = await desabilitar(db, request.params.cod, request.params.codFuncao, autor(request));
    mudou(ficha.codAvulso);
    return ok(apresentar(ficha));
  });

  registrar(app, apiCadastro.impedir, async (request) => {
    const ficha = await impedir(db, request.params.cod, request.body, autor(request));
    mudou(ficha.codAvulso);
    return ok(apresentar(ficha));
  });

  registrar(app, apiCadastro.encerrarImpedimento, async (request) => {
    const ficha = await encerrarImpedimento(db, request.params.cod, request.params.id, autor(request));
    mudou(ficha.codAvulso);
    return ok(apresentar(ficha));
  });

  registrar(app, apiContas.emitirCodigo, async (request) => {
    const por = sessaoDe(request).codAvulso;
    const { codigo, validoAte, esquecidos } = await emitirCodigo(db, request.params.cod, por, clock.now());
    anunciarAcessosEsquecidos(app, esquecidos);
    // The code itself never reaches the log.
    request.log.info({ por, codAvulso: request.params.cod }, 'código de acesso emitido');
    return ok({ codigo, validoAte });
  });

  registrar(app, apiImportacaoCadastro.importar, async (request) => {
    const por = sessaoDe(request).codAvulso;
    const relatorio = await importarTrabalhadores(db, {
      corpo: request.body,
      simular: request.query.simular === '1',
      por,
      agora: clock.now(),
      hoje: hoje(),
    });
    // Every worker the file changed is read again by the call.
    if (!relatorio.simulado && relatorio.criados + relatorio.alterados > 0)
      app.ctx.eventos.emitir('cadastro-alterado', { codAvulso: null });
    request.log.info(
      { por, criados: relatorio.criados, alterados: relatorio.alterados, duracaoMs: relatorio.duracaoMs },
      relatorio.simulado ? 'importação do cadastro simulada' : 'importação do cadastro',
    );
    return ok(relatorio);
  });

  registrar(app, apiCadastro.foto, async (request) => {
    const ficha = await trocarFoto(db, request.params.cod, request.body, autor(request));
    mudou(ficha.codAvulso);
    request.log.info(
      { por: sessaoDe(request).codAvulso, codAvulso: ficha.codAvulso },
      'foto do crachá trocada',
    );
    return ok(apresentar(ficha));
  });

  registrar(app, apiCadastro.historico, async (request) => {
    await fichaTrabalhador(db, request.params.cod, hoje());
    return ok(await historicoDoAvulso(db, request.params.cod));
  });
};
