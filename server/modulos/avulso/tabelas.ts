import type { Generated } from 'kysely';
import type { ColunaSituacao } from '../gestao/tabelas.ts';

/**
 * Row types of the foundation tables. Conventions (docs/decisions/0002-banco-de-dados.md):
 * instants are ISO-8601 UTC text, flags are integers 0/1, local dates are text.
 */
export interface AvulsoTable {
  cod_avulso: string;
  nome: string;
  /** `nome` as the staff's search compares it: `normalizarNome` (common/busca-trabalhador.ts), kept with it. */
  nome_busca: string;
  sexo: 'F' | 'M';
  cod_sindicato: number;
  cod_categoria: number;
  artigo: number;
  num_chamada: number;
  cpf: string;
  data_nascimento: string;
  rg_numero: string | null;
  rg_orgao_exp: string | null;
  rg_uf: string | null;
  rg_emissao: string | null;
  pis: string | null;
  end_logradouro: string | null;
  end_bairro: string | null;
  end_cidade: string | null;
  end_uf: string | null;
  email: string | null;
  telefone: string | null;
  impedimento: number;
  afastamento_definitivo: number;
  escolha_porao_estiva: number;
  senha_hash: string;
  /** 'ativo', 'afastado' or 'cancelado' (issue 30; migration 2026-11-26-41-cadastro). */
  situacao?: string;
}

export interface ImpedimentoMensagemTable {
  id: Generated<number>;
  cod_avulso: string;
  ordem: number;
  mensagem: string;
}

export interface ParametroTable {
  nome: string;
  valor: string;
}

export interface HabilitacaoTable {
  cod_avulso: string;
  cod_funcao: number;
  /** yyyy-MM-dd, the last port-local day it counts; null: no expiry (issue 30). */
  valida_ate?: string | null;
}

/** An engagement (job) of a worker: the history, the current job and the rest rule read it. */
export interface TrabalhoTable {
  id: Generated<number>;
  cod_avulso: string;
  /** yyyymmdd, local date of the operation. */
  data_operacao: string;
  hora_inicio: number;
  hora_fim: number;
  /** Instants (ISO UTC) of the shift's start and end. */
  inicio: string;
  fim: string;
  operador: string;
  navio: string;
  local_atracacao: string;
  mercadoria: string;
  faina: string;
  cod_funcao: number;
  funcao: string;
  /** The call whose rotation made this engagement (null: history from before the portal ran calls). */
  num_escalacao?: number | null;
}

export interface SessaoTable {
  token_hash: string;
  cod_avulso: string;
  quiosque: number;
  criada_em: string;
  ultimo_uso_em: string;
  /** Absolute end of the session (or of the grace period after a renewal). */
  expira_em: string;
  revogada_em: string | null;
  /** The hash of the session's first token, shared by its renewed tokens: a logout ends them all. */
  sessao_id: string;
}

export interface MensagemServicoTable {
  id: Generated<number>;
  /** null: for every worker. */
  cod_avulso: string | null;
  titulo: string;
  corpo: string;
  criada_em: string;
  /**
   * Who a staff message is for (issue 30, docs/decisions/0270): 'todos', 'categoria' or 'sindicato' (with
   * `para_codigo`) or 'lista' (rows of `mensagem_destinatario`); null: `cod_avulso` says (one worker, or all).
   */
  para_tipo: string | null;
  para_codigo: number | null;
  /** ISO instants: the period the workers see it in (null: from the start, until closed). */
  inicio: string | null;
  fim: string | null;
  /** 1: also sent as a phone notification. */
  aviso: Generated<number>;
  /** The staff member who wrote it (null: the seed's and the payroll's). */
  autor: string | null;
  atualizada_em: string | null;
  encerrada_em: string | null;
}

export interface MensagemLidaTable {
  id_mensagem: number;
  cod_avulso: string;
  lida_em: string;
}

export interface EscalaTable {
  num_escalacao: number;
  /** yyyy-MM-dd, local date of the call. */
  data_chamada: string;
  /** HH:mm, local time of the call. */
  hora_chamada: string;
  /** 1 exactly while `situacao` is 'aberta': the flag the choice machinery reads. */
  aberta: number;
  situacao: ColunaSituacao;
  /** Instant (ISO UTC) and staff member (codAvulso) of each step of the call's life (issue 16). */
  criada_em?: string | null;
  criada_por?: string | null;
  aberta_em?: string | null;
  aberta_por?: string | null;
  fechada_em?: string | null;
  fechada_por?: string | null;
  apurada_em?: string | null;
  apurada_por?: string | null;
  publicada_em?: string | null;
  publicada_por?: string | null;
  cancelada_em?: string | null;
  cancelada_por?: string | null;
  /** Digest of the engagements the last rotation run read (docs/decisions/0211); publishing compares it. */
  rodizio_base?: string | null;
  /** A second round: the published call whose unfilled vacancies it offers (docs/decisions/0217). */
  repescagem_de?: number | null;
}

export interface SegredoTable {
  nome: string;
  valor: string;
}

export interface FotoTable {
  cod_avulso: string;
  tipo: string;
  conteudo: Uint8Array;
}

export interface TabelasFundacao {
  avulso: AvulsoTable;
  impedimento_mensagem: ImpedimentoMensagemTable;
  parametro: ParametroTable;
  habilitacao: HabilitacaoTable;
  trabalho: TrabalhoTable;
  sessao: SessaoTable;
  mensagem_servico: MensagemServicoTable;
  mensagem_lida: MensagemLidaTable;
  escala: EscalaTable;
  segredo: SegredoTable;
  foto: FotoTable;
}
