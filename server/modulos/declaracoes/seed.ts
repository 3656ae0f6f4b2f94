import { dataIsoParaBr } from '#common/campos-pessoais.ts';
import type { TipoDeclaracao } from '#common/declaracoes.ts';
import { textoDeclaracaoLockdown } from '#common/declaracoes.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import type { Config } from '../../config.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { Aleatorio } from '../../plataforma/semente/aleatorio.ts';
import { emitirDeclaracao, gerarCodigoVerificacao } from './servico.ts';
import type { DeclaracaoHabilitacaoTable } from './tabelas.ts';

/**
 * Declarations of the demo (docs/produto/decisoes.md §4): 100001 enabled for both (his CPF and birth date open the
 * MP 945 form), 100002 enabled for neither, 100004 with the lockdown declaration already issued,
 * the other demo accounts enabled, and about three in four of the other workers per kind.
 */
export const HABILITACOES_DEMO: Record<string, Record<TipoDeclaracao, boolean>> = {
  '100001': { lockdown: true, mp945: true },
  '100002': { lockdown: false, mp945: false },
  '100003': { lockdown: true, mp945: true },
  '100004': { lockdown: true, mp945: true },
  '100005': { lockdown: false, mp945: true },
  '100006': { lockdown: true, mp945: true },
  '100007': { lockdown: true, mp945: true },
  '900001': { lockdown: true, mp945: true },
};

export const LOCKDOWN_EMITIDO_DEMO = '100004';

export async function semearDeclaracoes(db: DbOuTrx, config: Config, agora: Date): Promise<void> {
  const rnd = new Aleatorio(945_2020);
  const atualizado_em = agora.toISOString();
  const avulsos = await db.selectFrom('avulso').select('cod_avulso').orderBy('cod_avulso').execute();
  const linhas: DeclaracaoHabilitacaoTable[] = [];
  for (const { cod_avulso } of avulsos) {
    const fixo = HABILITACOES_DEMO[cod_avulso];
    for (const tipo of ['lockdown', 'mp945'] as const) {
      const habilitado = fixo ? fixo[tipo] : rnd.chance(0.75);
      linhas.push({ cod_avulso, tipo, habilitado: habilitado ? 1 : 0, atualizado_em });
    }
  }
  for (let i = 0; i < linhas.length; i += 500) {
    await db
      .insertInto('declaracao_habilitacao')
      .values(linhas.slice(i, i + 500))
      .execute();
  }

  // 100004 issued his lockdown declaration three days ago, with his registry data as it stands.
  const c = await db
    .selectFrom('avulso')
    .selectAll()
    .where('cod_avulso', '=', LOCKDOWN_EMITIDO_DEMO)
    .executeTakeFirstOrThrow();
  const emitidaEm = new Date(agora.getTime() - 3 * 86_400_000);
  const dadosTPA = {
    nome: c.nome,
    cpf: c.cpf,
    rgNumero: c.rg_numero ?? '',
    rgOrgaoExp: c.rg_orgao_exp ?? '',
    rgUF: c.rg_uf ?? '',
    rgEmissao: c.rg_emissao ? dataIsoParaBr(c.rg_emissao) : '',
    endLogradouro: c.end_logradouro ?? '',
    endBairro: c.end_bairro ?? '',
    endCidade: c.end_cidade ?? '',
    endUF: c.end_uf ?? '',
  };
  await emitirDeclaracao(db, config, {
    tipo: 'lockdown',
    codAvulso: c.cod_avulso,
    texto: textoDeclaracaoLockdown({
      dadosTPA,
      codSindicato: c.cod_sindicato,
      organizacao: config.organizacao,
      data: dataHoraLocal(emitidaEm, config.fusoHorario).data,
    }),
    nome: c.nome,
    cpf: c.cpf,
    dadosTPA,
    dadosContato: { email: '', telefone: '' },
    situacoes: null,
    dataHoraInicio: new Date(emitidaEm.getTime() - 4 * 60_000).toISOString(),
    emitidaEm,
    codigo: gerarCodigoVerificacao('lockdown', (n) => rnd.inteiro(0, n - 1)),
  });
}
