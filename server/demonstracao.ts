import { relogioSistema } from './clock.ts';
import type { Config } from './config.ts';
import { semearFundacao } from './modulos/avulso/seed.ts';
import { semearDeclaracoes } from './modulos/declaracoes/seed.ts';
import { semearEleicao } from './modulos/eleicao/seed.ts';
import { semearEscalacao } from './modulos/escalacao/seed.ts';
import { semearFinanceiro } from './modulos/financeiro/seed.ts';
import { semearEscalasPublicadas, semearGestao } from './modulos/gestao/seed.ts';
import { gerarHashSenha } from './modulos/sessao/senhas.ts';
import type { Db } from './plataforma/banco/schema.ts';

/** True when the database holds no worker yet: the demo is only ever created on an empty database. */
export async function bancoVazio(db: Db): Promise<boolean> {
  const linha = await db.selectFrom('avulso').select('cod_avulso').limit(1).executeTakeFirst();
  return linha === undefined;
}

/**
 * The demo port of docs/produto/decisoes.md §4, in one transaction. Each feature adds its own seed step below,
 * after the foundation (workers, qualifications, engagements, calls).
 * All demo accounts share one Argon2id hash of '123456', computed once.
 */
export async function semearDemo(db: Db, config: Config, agora: Date = relogioSistema.now()): Promise<void> {
  const senhaHash = await gerarHashSenha('123456');
  await db.transaction().execute(async (trx) => {
    await semearFundacao(trx, config, senhaHash, agora);
    await semearDeclaracoes(trx, config, agora);
    await semearFinanceiro(trx, config, agora);
    await semearEscalacao(trx, config, agora);
    await semearEleicao(trx, config, agora);
    await semearGestao(trx, senhaHash);
    await semearEscalasPublicadas(trx, config, agora);
  });
}
