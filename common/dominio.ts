/** Domain constants of docs/produto/escalacao.md §9 and docs/produto/minha-conta.md §9. */

export const CATEGORIA = {
  indeterminado: 0,
  estivador: 1,
  conferente: 2,
  vigia: 4,
  capatazia: 6,
  portuario: 7,
  ogmo: 9,
} as const;

export const SINDICATO_OGMO = 9;
export const CATEGORIA_OGMO = 9;

export const ARTIGO = { registro: 55, cadastro: 54 } as const;

/**
 * The OGMO staff's role that runs calls in /gestao (docs/decisions/0150). Here, not in common/api/gestao.ts:
 * the web's route guard needs the name without /gestao's schemas (docs/decisions/0133-orcamentos-do-celular.md).
 */
export const PAPEL_ESCALADOR = 'escalador';

/**
 * Every staff role, each checked on the server for its own area of /gestao (issue 30). `administrador` grants
 * roles; `cadastro` keeps the workers; `escalador` runs calls; `comunicacao` writes the home's messages;
 * `eleicao` sets up elections; `financeiro` imports pay documents.
 */
export const PAPEIS = [
  'administrador',
  'cadastro',
  PAPEL_ESCALADOR,
  'comunicacao',
  'eleicao',
  'financeiro',
] as const;
export type Papel = (typeof PAPEIS)[number];

/** What each role is called on the screens. */
export const NOMES_PAPEIS: Record<Papel, string> = {
  administrador: 'Administração',
  cadastro: 'Cadastro',
  escalador: 'Escalação',
  comunicacao: 'Comunicação',
  eleicao: 'Eleição',
  financeiro: 'Financeiro',
};

/** The four categories of the electronic call, their route segment and code (docs/produto/decisoes.md §3). */
export const categoriasEscala = [
  { segmento: 'estivador', codigo: 1, nome: 'Estivador' },
  { segmento: 'conferente', codigo: 2, nome: 'Conferente' },
  { segmento: 'capatazia', codigo: 6, nome: 'Capatazia' },
  { segmento: 'vigia', codigo: 4, nome: 'Vigia' },
] as const;

export type SegmentoCategoria = (typeof categoriasEscala)[number]['segmento'];

export function categoriaPorSegmento(segmento: string | undefined) {
  return categoriasEscala.find((c) => c.segmento === segmento);
}

export function categoriaPorCodigo(codigo: number) {
  return categoriasEscala.find((c) => c.codigo === codigo);
}

/** Quays 1 and 2 are the CMU terminal (east and west). Quay codes compare as numbers ('07' is 7). */
export const CAIS_CMU = [1, 2] as const;
export const CAIS_MAJORADOS = [7, 8, 9, 23, 24, 25, 26, 27, 28] as const;

export function ehCaisCmu(codLocalAtrac: string | number | null | undefined): boolean {
  return codLocalAtrac != null && (CAIS_CMU as readonly number[]).includes(Number(codLocalAtrac));
}

export function ehCaisMajorado(codLocalAtrac: string | number | null | undefined): boolean {
  return codLocalAtrac != null && (CAIS_MAJORADOS as readonly number[]).includes(Number(codLocalAtrac));
}

export const VOTO_BRANCO = 999998;
export const VOTO_NULO = 999999;

export const SITUACAO_OFERTA = { disponivel: 0, processando: 1, erro: 2 } as const;

/**
 * Why one choice of a worker ended as it did in the rotation (server/modulos/rodizio), in the order of the
 * codes the audit stores (server/modulos/gestao/auditoria-gravada.ts): append only, never reorder.
 * - escalado: the worker is engaged here.
 * - preenchida: full with workers ranked ahead of this one (stability guarantees they are all ahead).
 * - sem-vagas: the offer had no vacancy at all (capacidade 0).
 * - sem-habilitacao, sem-descanso, impedido: the worker was not eligible when the rotation ran.
 * - nao-necessaria: below the choice the worker was engaged in: never needed.
 * - turno-encerrado: the shift had ended when the rotation ran (docs/decisions/0213).
 * - ja-escalado: a second round's choice of a worker the main call engaged (docs/decisions/0217).
 */
export const SITUACOES_ESCOLHA = [
  'escalado',
  'preenchida',
  'sem-vagas',
  'sem-habilitacao',
  'sem-descanso',
  'impedido',
  'nao-necessaria',
  'turno-encerrado',
  'ja-escalado',
] as const;
export type SituacaoEscolha = (typeof SITUACOES_ESCOLHA)[number];

export const TAMANHO_USUARIO = 6;
export const SENHA_MIN = 6;
export const SENHA_MAX = 8;

export const ANO_COPYRIGHT = 2017;
export const ATRASO_FILA_MENSAGENS_MS = 500;
export const DIAS_SUSPENSAO_EPI = 3;

const nomesSindicato: Record<number, string> = {
  1: 'Estivador',
  2: 'Conferente',
  3: 'Consertador',
  4: 'Vigia',
  5: 'Bloco',
  6: 'Arrumador',
  7: 'Portuario',
  8: 'Multifuncional',
  9: 'OGMO',
};

/**
 * The category a union's worker is registered in, as the demo's seed has it (issue 30): consertadores, bloco
 * and multifuncionais choose in the stevedores' call.
 */
const CATEGORIA_DO_SINDICATO: Record<number, number> = {
  1: 1,
  2: 2,
  3: 1,
  4: 4,
  5: 1,
  6: 6,
  7: 7,
  8: 1,
  9: 9,
};

export function categoriaDoSindicato(codSindicato: number): number {
  return CATEGORIA_DO_SINDICATO[codSindicato] ?? 0;
}

const nomesSindicatoFeminino: Record<number, string> = {
  1: 'Estivadora',
  6: 'Arrumadora',
  7: 'Portuária',
};

/** Union name by codSindicato; feminine forms for 1, 6 and 7 (docs/produto/escalacao.md §3). */
export function nomeSindicato(codSindicato: number, sexo?: string | null): string {
  if (sexo === 'F' && nomesSindicatoFeminino[codSindicato]) return nomesSindicatoFeminino[codSindicato];
  return nomesSindicato[codSindicato] ?? 'Indefinido';
}

/** Qualification groups: 1 Estiva, 2 Conferente, 3 Consertador, 4 Vigia, 5 Bloco, 6 and 7 Capatazia. */
export function grupoHabilitacao(codCategoria: number): { chave: number; nome: string } {
  switch (codCategoria) {
    case 1:
      return { chave: 1, nome: 'Estiva' };
    case 2:
      return { chave: 2, nome: 'Conferente' };
    case 3:
      return { chave: 3, nome: 'Consertador' };
    case 4:
      return { chave: 4, nome: 'Vigia' };
    case 5:
      return { chave: 5, nome: 'Bloco' };
    case 6:
    case 7:
      return { chave: 6, nome: 'Capatazia' };
    default:
      return { chave: 99, nome: 'Outros' };
  }
}

export interface ItemHabilitacao {
  codCategoria: number;
  descricao: string;
}

export interface GrupoHabilitacoes {
  nome: string;
  dados: { descricao: string }[];
}

/** Groups the server's qualification list into the accordion's categories, in code order. */
export function agruparHabilitacoes(itens: readonly ItemHabilitacao[]): GrupoHabilitacoes[] {
  const grupos = new Map<number, GrupoHabilitacoes>();
  for (const item of itens) {
    const { chave, nome } = grupoHabilitacao(item.codCategoria);
    let grupo = grupos.get(chave);
    if (!grupo) {
      grupo = { nome, dados: [] };
      grupos.set(chave, grupo);
    }
    grupo.dados.push({ descricao: item.descricao });
  }
  return [...grupos.entries()].sort(([a], [b]) => a - b).map(([, g]) => g);
}
