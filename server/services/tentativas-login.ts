import type { Clock } from '../clock.ts';
import type { DbOuTrx } from '../db/schema.ts';
import { ErroApp } from '../http/erro-app.ts';

/**
 * Login throttling per account (decisions.md §2), counted on the user code as typed, whether it exists
 * or not, so the answers never reveal which codes are real. Carrier NAT and shared kiosks put many workers
 * behind one IP, so nothing is counted per IP.
 *
 * Failures 1-4: no delay. From the 5th: a wait that doubles from 15 s (15, 30, 60, 120, 240 s).
 * From the 10th: the account is locked for 30 minutes, and again after each further failure.
 * That bounds an online attack at about 50 guesses a day per account, far under NIST's 100 consecutive failures.
 */
export const FALHAS_SEM_ATRASO = 4;
export const FALHAS_PARA_BLOQUEIO = 10;
export const BLOQUEIO_MS = 30 * 60_000;

function esperaMs(falhas: number): number {
  if (falhas <= FALHAS_SEM_ATRASO) return 0;
  if (falhas >= FALHAS_PARA_BLOQUEIO) return BLOQUEIO_MS;
  return 15_000 * 2 ** (falhas - FALHAS_SEM_ATRASO - 1);
}

/** Refuses a locked or waiting account; answers whether the account has failures recorded (to clear). */
export async function verificarBloqueio(db: DbOuTrx, clock: Clock, login: string): Promise<boolean> {
  const linha = await db
    .selectFrom('tentativa_login')
    .select(['falhas', 'bloqueado_ate'])
    .where('login', '=', login)
    .executeTakeFirst();
  if (!linha) return false;
  if (!linha.bloqueado_ate) return true;
  const restanteMs = Date.parse(linha.bloqueado_ate) - clock.now().getTime();
  if (restanteMs <= 0) return true;
  if (linha.falhas >= FALHAS_PARA_BLOQUEIO) {
    throw new ErroApp('ContaBloqueada', undefined, {
      dados: { aguardarSegundos: Math.ceil(restanteMs / 1000) },
    });
  }
  const segundos = Math.ceil(restanteMs / 1000);
  throw new ErroApp(
    'MuitasRequisicoes',
    `Muitas tentativas de acesso. Aguarde ${segundos} segundos e tente novamente.`,
    { dados: { aguardarSegundos: segundos } },
  );
}

export async function registrarFalha(db: DbOuTrx, clock: Clock, login: string): Promise<void> {
  const agora = clock.now();
  const atual = await db
    .insertInto('tentativa_login')
    .values({ login, falhas: 1, bloqueado_ate: null, atualizado_em: agora.toISOString() })
    .onConflict((oc) =>
      oc.column('login').doUpdateSet((eb) => ({
        falhas: eb(eb.ref('tentativa_login.falhas'), '+', 1),
        atualizado_em: agora.toISOString(),
      })),
    )
    .returning('falhas')
    .executeTakeFirstOrThrow();
  const espera = esperaMs(atual.falhas);
  if (espera > 0) {
    await db
      .updateTable('tentativa_login')
      .set({ bloqueado_ate: new Date(agora.getTime() + espera).toISOString() })
      .where('login', '=', login)
      .execute();
  }
}

export async function limparFalhas(db: DbOuTrx, login: string): Promise<void> {
  await db.deleteFrom('tentativa_login').where('login', '=', login).execute();
}
