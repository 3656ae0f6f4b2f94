import type { Clock } from '../../clock.ts';
import { Baldes } from '../../plataforma/baldes.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';

/**
 * Codes tried per election per minute (a bucket of 5, one back every 12 s; docs/decisions/0223): each costs a
 * scrypt on the thread pool that the logins' Argon2id share. The commission mistypes once or twice; a burst of
 * wrong codes waits. One bucket per election for every route that tries a code (closing, and the check of the
 * code written down at the key ceremony), in memory, per process, like the other buckets (0091).
 */
export const CHAVES_POR_MINUTO_POR_ELEICAO = 5;

const porRelogio = new WeakMap<Clock, Baldes>();

/** Taken before the scrypt, so a burst in parallel cannot all get past the count. */
export function tirarTentativaDeChave(clock: Clock, idEleicao: number): void {
  let baldes = porRelogio.get(clock);
  if (!baldes) {
    baldes = new Baldes(CHAVES_POR_MINUTO_POR_ELEICAO, clock);
    porRelogio.set(clock, baldes);
  }
  const espera = baldes.tirar(String(idEleicao));
  if (espera > 0) {
    throw new ErroApp(
      'MuitasRequisicoes',
      `Tentativas demais com a chave da apuração desta eleição. Aguarde ${espera} segundos e tente novamente.`,
      { dados: { aguardarSegundos: espera } },
    );
  }
}
