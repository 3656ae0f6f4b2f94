import type { FastifyInstance } from 'fastify';
import { apiSaude, type EstadoVerificacao, type Verificacoes } from '#common/api/saude.ts';
import { situacaoMigracoes } from '../../plataforma/banco/migrate.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';

/** A database that does not answer within this is down, as far as a balancer is concerned. */
const TEMPO_BANCO_MS = 2_000;

function comPrazo<T>(promessa: Promise<T>, ms: number): Promise<T> {
  let relogio: NodeJS.Timeout | undefined;
  const prazo = new Promise<never>((_, rejeitar) => {
    relogio = setTimeout(() => rejeitar(new Error('prazo esgotado')), ms);
  });
  return Promise.race([promessa, prazo]).finally(() => clearTimeout(relogio));
}

/**
 * GET /api/saude and /api/saude/pronto (common/api/saude.ts). Liveness touches nothing; readiness reads the
 * migration table (one query: the database answers and its schema is this release's), asks the push sender
 * for its thread and the live module for its LISTEN connection. A failure is logged (the error stays in the
 * log, never in the answer).
 */
export async function rotasSaude(app: FastifyInstance) {
  registrar(app, apiSaude.vivo, async () => ok({ vivo: true as const }));

  registrar(app, apiSaude.pronto, async (request) => {
    let banco: EstadoVerificacao = 'ok';
    let migracoes: EstadoVerificacao = 'ok';
    try {
      const situacao = await comPrazo(situacaoMigracoes(app.ctx.db), TEMPO_BANCO_MS);
      if (situacao.desconhecidas.length > 0) migracoes = 'desconhecidas';
      else if (situacao.pendentes.length > 0) migracoes = 'pendentes';
    } catch (erro) {
      request.log.warn({ err: erro }, 'prontidão: o banco não respondeu');
      banco = 'falhou';
      migracoes = 'falhou';
    }
    const escuta = app.aoVivo.escutaDePe();
    const verificacoes: Verificacoes = {
      banco,
      migracoes,
      push: app.avisosPush.estadoThread(),
      escuta: escuta === null ? 'nao-se-aplica' : escuta ? 'ok' : 'falhou',
      processo: app.operacao.encerrando ? 'encerrando' : 'ok',
    };
    const pronto = Object.values(verificacoes).every((v) => v === 'ok' || v === 'nao-se-aplica');
    if (!pronto) throw new ErroApp('ServicoIndisponivel', undefined, { dados: verificacoes });
    return ok({ pronto: true as const, verificacoes });
  });
}
