import type { Clock } from '../clock.ts';
import type { DbOuTrx } from '../db/schema.ts';
import { ErroApp } from '../http/erro-app.ts';

/**
 * Throttling of the MP 945 access check (CPF + birth date), per worker, on the pattern of
 * tentativas-login.ts with its own table. The check guards the worker's personal data on a shared kiosk
 * or a borrowed phone, so guessing must be slow: every 5th consecutive failure locks the check for
 * 15 minutes, doubling with each further lock (15, 30, 60 min…) up to a day. A success clears the count.
 * docs/decisions/0052-mp945-acesso-e-tentativas.md
 */
export const FALHAS_POR_BLOQUEIO = 5;
export const BLOQUEIO_INICIAL_MS = 15 * 60_000;
const BLOQUEIO_MAXIMO_MS = 24 * 60 * 60_000;

function bloqueioMs(falhas: number): number {
  if (falhas % FALHAS_POR_BLOQUEIO !== 0) return 0;
  const ordem = falhas / FALHAS_POR_BLOQUEIO - 1;
  return Math.min(BLOQUEIO_INICIAL_MS * 2 ** ordem, BLOQUEIO_MAXIMO_MS);
}

/** Refuses with MuitasRequisicoes while the worker's check is locked. */
export async function verificarBloqueioDeclaracao(
  db: DbOuTrx,
  clock: Clock,
  codAvulso: string,
): Promise<void> {
  const linha = await db
    .selectFrom('tentativa_acesso_declaracao')
    .select('bloqueado_ate')
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
  if (!linha?.bloqueado_ate) return;
  const restanteMs = Date.parse(linha.bloqueado_ate) - clock.now().getTime();
  if (restanteMs <= 0) return;
  const minutos = Math.ceil(restanteMs / 60_000);
  throw new ErroApp(
    'MuitasRequisicoes',
    `Muitas tentativas com dados que não conferem. Aguarde ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} e tente novamente.`,
    { dados: { aguardarSegundos: Math.ceil(restanteMs / 1000) } },
  );
}

/** Counts a failure; returns how many tries are left before the next lock (0: locked now). */
export async function registrarFalhaDeclaracao(
  db: DbOuTrx,
  clock: Clock,
  codAvulso: string,
): Promise<number> {
  const agora = clock.now();
  const atual = await db
    .insertInto('tentativa_acesso_declaracao')
    .values({ cod_avulso: codAvulso, falhas: 1, bloqueado_ate: null, atualizado_em: agora.toISOString() })
    .onConflict((oc) =>
      oc.column('cod_avulso').doUpdateSet((eb) => ({
        falhas: eb(eb.ref('tentativa_acesso_declaracao.falhas'), '+', 1),
        atualizado_em: agora.toISOString(),
      })),
    )
    .returning('falhas')
    .executeTakeFirstOrThrow();
  const espera = bloqueioMs(atual.falhas);
  if (espera > 0) {
    await db
      .updateTable('tentativa_acesso_declaracao')
      .set({ bloqueado_ate: new Date(agora.getTime() + espera).toISOString() })
      .where('cod_avulso', '=', codAvulso)
      .execute();
    return 0;
  }
  return FALHAS_POR_BLOQUEIO - (atual.falhas % FALHAS_POR_BLOQUEIO);
}

export async function limparFalhasDeclaracao(db: DbOuTrx, codAvulso: string): Promise<void> {
  await db.deleteFrom('tentativa_acesso_declaracao').where('cod_avulso', '=', codAvulso).execute();
}
