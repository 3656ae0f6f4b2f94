import type { Generated } from 'kysely';

/**
 * Row types of the foundation tables. Conventions (docs/decisions/0002-banco-de-dados.md):
 * instants are ISO-8601 UTC text, flags are integers 0/1, local dates are text.
 */
export interface AvulsoTable {
  cod_avulso: string;
  nome: string;
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
}

export interface TentativaLoginTable {
  /** The user code as typed (six digits), whether or not it exists. */
  login: string;
  falhas: number;
  bloqueado_ate: string | null;
  atualizado_em: string;
}

export interface MensagemServicoTable {
  id: Generated<number>;
  /** null: for every worker. */
  cod_avulso: string | null;
  titulo: string;
  corpo: string;
  criada_em: string;
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
  aberta: number;
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
  tentativa_login: TentativaLoginTable;
  mensagem_servico: MensagemServicoTable;
  mensagem_lida: MensagemLidaTable;
  escala: EscalaTable;
  segredo: SegredoTable;
  foto: FotoTable;
}
