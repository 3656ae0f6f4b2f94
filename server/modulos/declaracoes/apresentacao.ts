import type {
  AcessarDeclaracaoLockdown,
  AcessarDeclaracaoMp945,
  CadastroMp945,
  Verificacao,
} from '#common/api/declaracoes.ts';
import { dataIsoParaBr } from '#common/campos-pessoais.ts';
import type { TipoDeclaracao } from '#common/declaracoes.ts';
import { TITULOS_DECLARACAO } from '#common/declaracoes.ts';
import { mascararCpf } from '#common/formato.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import type { cadastroDoAvulso, declaracaoPorCodigo } from './repositorio.ts';

/** What the declarations' answers are made of (docs/decisions/0050-declaracoes.md), as the forms read them. */

type Cadastro = NonNullable<Awaited<ReturnType<typeof cadastroDoAvulso>>>;

/** Whether the worker may issue a declaration, and the link of the one issued (services/pedidos-declaracao.ts). */
export interface SituacaoDeclaracao {
  habilitado: boolean;
  declaracao: { url: string } | null;
}

/** The RG fields of a registry row as the forms hold them (dates dd/mm/aaaa). */
function rgDoCadastro(c: Cadastro) {
  return {
    rgNumero: c.rg_numero,
    rgOrgaoExp: c.rg_orgao_exp,
    rgUF: c.rg_uf,
    rgEmissao: c.rg_emissao ? dataIsoParaBr(c.rg_emissao) : null,
  };
}

export function apresentarAcessoLockdown(
  c: Cadastro | undefined,
  { habilitado, declaracao }: SituacaoDeclaracao,
  agora: Date,
  fuso: string,
): AcessarDeclaracaoLockdown {
  return {
    declaracao,
    habilitacao: { habilitado },
    dadosTPA: c
      ? {
          nome: c.nome,
          cpf: c.cpf,
          ...rgDoCadastro(c),
          endLogradouro: c.end_logradouro,
          endBairro: c.end_bairro,
          endCidade: c.end_cidade,
          endUF: c.end_uf,
        }
      : null,
    dadosContato: c ? { email: c.email, telefone: c.telefone } : null,
    dataHoraCorrente: agora.toISOString(),
    dataCorrente: dataHoraLocal(agora, fuso).data,
  };
}

export function apresentarAcessoMp945(
  { habilitado, declaracao }: SituacaoDeclaracao,
  agora: Date,
): AcessarDeclaracaoMp945 {
  return { declaracao, habilitacao: { habilitado, dataHoraCorrente: agora.toISOString() } };
}

export function apresentarCadastroMp945(c: Cadastro): CadastroMp945 {
  return {
    nome: c.nome,
    cpf: c.cpf,
    dataNascimento: dataIsoParaBr(c.data_nascimento),
    ...rgDoCadastro(c),
    pis: c.pis,
  };
}

/** The public check: who and when, the CPF masked. */
export function apresentarVerificacao(
  linha: NonNullable<Awaited<ReturnType<typeof declaracaoPorCodigo>>>,
): Verificacao {
  const tipo = linha.tipo as TipoDeclaracao;
  return {
    codigo: linha.codigo_verificacao,
    tipo,
    titulo: TITULOS_DECLARACAO[tipo],
    nome: linha.nome,
    cpfMascarado: mascararCpf(linha.cpf),
    emitidaEm: linha.emitida_em,
  };
}
