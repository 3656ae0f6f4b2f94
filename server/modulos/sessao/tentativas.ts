import { setTimeout } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { GravarSessao } from '../../plataforma/autenticacao/sessoes.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';

/**
 * The one throttle of guesses (docs/decisions/0090-aparelhos-confiaveis.md): password logins and the MP 945
 * identity check. Each attempt is counted BEFORE the secret is checked, in one statement that refuses while a
 * wait is running and otherwise takes the next count and, assuming it fails, sets the wait that count earns.
 * Sixty parallel guesses therefore get exactly as many checks as sixty sequential ones (issue 12, item 2); a
 * success clears the count. Every lock and every unlock is recorded in `registro_bloqueio`.
 *
 * The policies:
 * - `login`: per user code as typed, real or not (no enumeration), for devices the worker has not logged in
 *   from (no valid device cookie). Failures 1-4 free; from the 5th a wait doubling from 15 s (15, 30, 60,
 *   120, 240 s); from the 10th a 30-minute lock, again after each further failure: about 50 guesses a day,
 *   far under NIST SP 800-63B's 100 consecutive failures.
 * - `aparelho`: per trusted device (server/modulos/sessao/aparelhos.ts), the same steps on the device's own count,
 *   so strangers' failures never lock the owner out of the phone they use every day (issue 12, item 3).
 * - `totem`: per kiosk registered by staff and worker (docs/decisions/0228), the same steps: a stranger's
 *   burst elsewhere never keeps a worker from logging in at the OGMO's kiosk at 06:30 (issue 28, item 5).
 * - `declaracao`: the MP 945 identity check (CPF + birth date), per worker: every 5th consecutive failure
 *   locks it for 15 minutes, doubling with each further lock up to a day (docs/decisions/0052).
 */
export type NomePolitica = 'login' | 'aparelho' | 'totem' | 'declaracao' | 'primeiro-acesso';

interface Politica {
  /** Waits, in ms, earned by the 1st, 2nd, … consecutive failure (0: none). */
  passos: readonly number[];
  /** Past `passos`: every `periodo`-th failure earns `esperaMs`. */
  depois: { periodo: number; esperaMs: number };
  recusa(falhas: number, restanteMs: number): ErroApp;
}

const SEGUNDO = 1000;
const MINUTO = 60 * SEGUNDO;

function recusaLogin(falhas: number, restanteMs: number): ErroApp {
  const segundos = Math.ceil(restanteMs / SEGUNDO);
  if (falhas >= FALHAS_PARA_BLOQUEIO) {
    return new ErroApp('ContaBloqueada', undefined, { dados: { aguardarSegundos: segundos } });
  }
  return new ErroApp(
    'MuitasRequisicoes',
    `Muitas tentativas de acesso. Aguarde ${segundos} segundos e tente novamente.`,
    { dados: { aguardarSegundos: segundos } },
  );
}

export const FALHAS_PARA_BLOQUEIO = 10;
export const FALHAS_POR_BLOQUEIO_DECLARACAO = 5;

const PASSOS_LOGIN = [0, 0, 0, 0, 15, 30, 60, 120, 240].map((s) => s * SEGUNDO).concat(30 * MINUTO);

/** 15 min at the 5th failure, doubling at each 5th, a day at most. */
const PASSOS_DECLARACAO = Array.from({ length: 40 }, (_, i) =>
  (i + 1) % FALHAS_POR_BLOQUEIO_DECLARACAO === 0
    ? Math.min(15 * MINUTO * 2 ** ((i + 1) / FALHAS_POR_BLOQUEIO_DECLARACAO - 1), 24 * 60 * MINUTO)
    : 0,
);

export const POLITICAS: Record<NomePolitica, Politica> = {
  login: { passos: PASSOS_LOGIN, depois: { periodo: 1, esperaMs: 30 * MINUTO }, recusa: recusaLogin },
  aparelho: { passos: PASSOS_LOGIN, depois: { periodo: 1, esperaMs: 30 * MINUTO }, recusa: recusaLogin },
  totem: { passos: PASSOS_LOGIN, depois: { periodo: 1, esperaMs: 30 * MINUTO }, recusa: recusaLogin },
  // The first access with a code from the staff (issue 30): the login's waits, on a count of its own.
  'primeiro-acesso': {
    passos: PASSOS_LOGIN,
    depois: { periodo: 1, esperaMs: 30 * MINUTO },
    recusa: recusaLogin,
  },
  declaracao: {
    passos: PASSOS_DECLARACAO,
    depois: { periodo: FALHAS_POR_BLOQUEIO_DECLARACAO, esperaMs: 24 * 60 * MINUTO },
    recusa(_falhas, restanteMs) {
      const minutos = Math.ceil(restanteMs / MINUTO);
      return new ErroApp(
        'MuitasRequisicoes',
        `Muitas tentativas com dados que não conferem. Aguarde ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} e tente novamente.`,
        { dados: { aguardarSegundos: Math.ceil(restanteMs / SEGUNDO) } },
      );
    },
  },
};

export function esperaMs(politica: Politica, falhas: number): number {
  if (falhas <= politica.passos.length) return politica.passos[falhas - 1] ?? 0;
  return falhas % politica.depois.periodo === 0 ? politica.depois.esperaMs : 0;
}

function chave(politica: NomePolitica, sujeito: string): string {
  return `${politica}:${sujeito}`;
}

/** Where the attempt came from, for the record of locks. */
export interface Origem {
  ip?: string | undefined;
}

export interface Reserva {
  /** This attempt's place in the count of consecutive failures (counted as one until it succeeds). */
  falhas: number;
  /** Tries left before the next wait, if this one fails. */
  restantesAteEspera: number;
  /** The secret was wrong: records the lock this failure earned, if any. */
  errou(): Promise<void>;
  /** The secret was right: clears the count (inside the caller's write unit). */
  acertou(db: DbOuTrx): Promise<void>;
}

/** A wait raised while other attempts of the subject are still being checked is waited out this long at most. */
const ESPERA_VEREDITO_MS = 5 * SEGUNDO;
/** An attempt in flight older than this is taken as lost (a process that died mid-check), not waited for. */
const EM_CURSO_VALIDO_MS = 15 * SEGUNDO;
/** Nor is one whose row has not moved for this long while waiting (a check that ended without a verdict). */
const SEM_PROGRESSO_MS = 2 * SEGUNDO;

/**
 * Takes the next attempt, or refuses (429) while a wait runs. The count is taken and the wait it would earn
 * is set in one statement, so no parallel attempt can slip between the check and the count. A wait met while
 * attempts of the subject are still in flight (on this or another server: 0224) may be only theirs, assumed to
 * fail: this attempt waits for their verdicts (a success clears the count) and tries again, and is refused
 * only once the wait stands on failures checked.
 */
export async function reservarTentativa(
  gravar: GravarSessao,
  clock: Clock,
  nome: NomePolitica,
  sujeito: string,
  origem: Origem = {},
): Promise<Reserva> {
  const politica = POLITICAS[nome];
  const k = chave(nome, sujeito);
  const limite = performance.now() + ESPERA_VEREDITO_MS;
  let vista = '';
  let vistaDesde = performance.now();
  for (let tentativa = 0; ; tentativa++) {
    const agora = clock.now();
    const agoraIso = agora.toISOString();
    const ate = (ms: number) => (ms > 0 ? new Date(agora.getTime() + ms).toISOString() : null);
    const proxima = sql`tentativa.falhas + 1`;
    const ramos = politica.passos.flatMap((ms, i) =>
      ms > 0 ? [sql`when ${proxima} = ${sql.lit(i + 1)} then ${ate(ms)}`] : [],
    );
    const ultimo = sql.lit(politica.passos.length);
    const bloqueio = sql<string | null>`case ${sql.join(ramos, sql` `)}
      when ${proxima} > ${ultimo} and (${proxima}) % ${sql.lit(politica.depois.periodo)} = 0
      then ${ate(politica.depois.esperaMs)} else null end`;
    const linha = await gravar((db) =>
      db
        .insertInto('tentativa')
        .values({
          chave: k,
          falhas: 1,
          em_curso: 1,
          bloqueado_ate: ate(esperaMs(politica, 1)),
          atualizado_em: agoraIso,
        })
        .onConflict((oc) =>
          oc
            .column('chave')
            .doUpdateSet((eb) => ({
              falhas: eb(eb.ref('tentativa.falhas'), '+', 1),
              em_curso: eb(eb.ref('tentativa.em_curso'), '+', 1),
              bloqueado_ate: bloqueio,
              atualizado_em: agoraIso,
            }))
            .where((eb) =>
              eb.or([
                eb('tentativa.bloqueado_ate', 'is', null),
                eb('tentativa.bloqueado_ate', '<=', agoraIso),
              ]),
            ),
        )
        .returning(['falhas', 'bloqueado_ate'])
        .executeTakeFirst(),
    );
    if (linha) return reserva(gravar, clock, nome, sujeito, origem, linha.falhas, linha.bloqueado_ate);
    // Refused: a wait is running. Read it to say how long (it may have ended meanwhile: try again).
    const atual = await gravar((db) =>
      db
        .selectFrom('tentativa')
        .select(['falhas', 'bloqueado_ate', 'em_curso', 'atualizado_em'])
        .where('chave', '=', k)
        .executeTakeFirst(),
    );
    const restanteMs = atual?.bloqueado_ate ? Date.parse(atual.bloqueado_ate) - clock.now().getTime() : 0;
    const estado = atual ? `${atual.falhas}:${atual.em_curso}:${atual.atualizado_em}` : '';
    if (estado !== vista) {
      vista = estado;
      vistaDesde = performance.now();
    }
    const aguardandoVeredito =
      atual !== undefined &&
      atual.em_curso > 0 &&
      clock.now().getTime() - Date.parse(atual.atualizado_em) < EM_CURSO_VALIDO_MS &&
      performance.now() - vistaDesde < SEM_PROGRESSO_MS &&
      performance.now() < limite;
    if (atual && restanteMs > 0 && !aguardandoVeredito) throw politica.recusa(atual.falhas, restanteMs);
    if (!aguardandoVeredito && tentativa >= 2) throw politica.recusa(0, MINUTO);
    // A check takes an Argon2id (tens of ms): look again soon, a little later each time.
    if (aguardandoVeredito) await setTimeout(Math.min(10 * (tentativa + 1), 100));
  }
}

function reserva(
  gravar: GravarSessao,
  clock: Clock,
  nome: NomePolitica,
  sujeito: string,
  origem: Origem,
  falhas: number,
  bloqueadoAte: string | null,
): Reserva {
  const politica = POLITICAS[nome];
  let restantes = 0;
  while (restantes < 1000 && esperaMs(politica, falhas + restantes) === 0) restantes++;
  return {
    falhas,
    restantesAteEspera: restantes,
    async errou() {
      await gravar(async (db) => {
        // Checked: no longer in flight (the count stays).
        await db
          .updateTable('tentativa')
          .set((eb) => ({ em_curso: eb(eb.ref('em_curso'), '-', 1) }))
          .where('chave', '=', chave(nome, sujeito))
          .where('em_curso', '>', 0)
          .execute();
        if (bloqueadoAte) {
          await registrar(db, clock, {
            evento: 'bloqueio',
            politica: nome,
            sujeito,
            falhas,
            ate: bloqueadoAte,
            origem,
          });
        }
      });
    },
    async acertou(db) {
      await db.deleteFrom('tentativa').where('chave', '=', chave(nome, sujeito)).execute();
      // The owner got in past a wait or a lock: the record says it ended.
      const houveEspera = Array.from({ length: falhas - 1 }, (_, i) => esperaMs(politica, i + 1)).some(
        (ms) => ms > 0,
      );
      if (houveEspera) {
        await registrar(db, clock, {
          evento: 'desbloqueio',
          politica: nome,
          sujeito,
          falhas: falhas - 1,
          ate: null,
          origem,
        });
      }
    },
  };
}

/** Refuses (429) while the subject's wait runs, without counting anything: for the order of refusals. */
export async function exigirSemEspera(
  db: DbOuTrx,
  clock: Clock,
  nome: NomePolitica,
  sujeito: string,
): Promise<void> {
  const linha = await db
    .selectFrom('tentativa')
    .select(['falhas', 'bloqueado_ate'])
    .where('chave', '=', chave(nome, sujeito))
    .executeTakeFirst();
  if (!linha?.bloqueado_ate) return;
  const restanteMs = Date.parse(linha.bloqueado_ate) - clock.now().getTime();
  if (restanteMs > 0) throw POLITICAS[nome].recusa(linha.falhas, restanteMs);
}

async function registrar(
  db: DbOuTrx,
  clock: Clock,
  r: {
    evento: 'bloqueio' | 'desbloqueio';
    politica: NomePolitica;
    sujeito: string;
    falhas: number;
    ate: string | null;
    origem: Origem;
  },
): Promise<void> {
  await db
    .insertInto('registro_bloqueio')
    .values({
      em: clock.now().toISOString(),
      evento: r.evento,
      politica: r.politica,
      sujeito: r.sujeito,
      falhas: r.falhas,
      ate: r.ate,
      ip: r.origem.ip?.slice(0, 64) ?? null,
    })
    .execute();
}
