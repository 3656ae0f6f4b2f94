import type { FastifyInstance } from 'fastify';
import { apagarSessoesExpiradas, apagarTentativasAntigas } from './repositorio.ts';

/**
 * Housekeeping on a timer (`LIMPEZA_MINUTOS`, issue 12): session rows a day past their end and throttle counts
 * untouched for a day whose wait is over are deleted, and the rate limits' full buckets forgotten. Before,
 * nothing ever deleted them. Every process runs it (the deletes are idempotent); the timer stops when the app
 * closes.
 */
export interface ResultadoLimpeza {
  sessoes: number;
  tentativas: number;
}

export async function limpar(app: FastifyInstance): Promise<ResultadoLimpeza> {
  const { db, clock, limites } = app.ctx;
  const sessoes = await apagarSessoesExpiradas(db, clock);
  const tentativas = await apagarTentativasAntigas(db, clock);
  for (const baldes of Object.values(limites)) baldes.esvaziar();
  return { sessoes, tentativas };
}

/** The timers of the apps not yet closed (server/modulos/sessao/limpeza.test.ts checks that closing stops one). */
const agendadas = new Set<NodeJS.Timeout>();
export function limpezasAgendadas(): number {
  return agendadas.size;
}

export function agendarLimpeza(app: FastifyInstance, minutos: number): void {
  let emCurso: Promise<void> | undefined;
  const timer = setInterval(
    () => {
      emCurso ??= limpar(app)
        .then((r) => {
          if (r.sessoes + r.tentativas > 0) app.log.info(r, 'limpeza');
        })
        .catch((erro: unknown) => app.log.error({ err: erro }, 'falha na limpeza'))
        .finally(() => {
          emCurso = undefined;
        });
    },
    Math.max(10, Math.round(minutos * 60_000)),
  );
  // The timer alone never keeps the process alive.
  timer.unref();
  agendadas.add(timer);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    agendadas.delete(timer);
    // A run under way finishes before the database closes.
    await emCurso;
  });
}
