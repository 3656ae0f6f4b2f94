import { ehCaisMajorado } from './dominio.ts';

/**
 * The function catalogue (docs/produto/escalacao.md §3): about 90 codes, each with a Portuguese name, a colour pair
 * of the eight-pair palette and an icon. The icon is a name the web maps to a drawing (web/components/icone-funcao.tsx).
 */

export interface ParCores {
  fundo: string;
  texto: string;
}

export const paleta = {
  azul: { fundo: '#1d4ed8', texto: '#ffffff' },
  verde: { fundo: '#15803d', texto: '#ffffff' },
  laranja: { fundo: '#c2410c', texto: '#ffffff' },
  roxo: { fundo: '#7e22ce', texto: '#ffffff' },
  vermelho: { fundo: '#b91c1c', texto: '#ffffff' },
  petroleo: { fundo: '#0f766e', texto: '#ffffff' },
  amarelo: { fundo: '#facc15', texto: '#422006' },
  marrom: { fundo: '#78350f', texto: '#ffffff' },
} as const satisfies Record<string, ParCores>;

export type NomeCor = keyof typeof paleta;

export const COR_DESCONHECIDA: ParCores = { fundo: '#6b7280', texto: '#ffffff' };

export const icones = [
  'trabalhador',
  'capacete',
  'guindaste',
  'empilhadeira',
  'caminhao',
  'carro',
  'conteiner',
  'navio',
  'ancora',
  'caixas',
  'prancheta',
  'balanca',
  'ferramenta',
  'martelo',
  'pincel',
  'gota',
  'escudo',
  'olho',
  'bandeira',
  'corda',
  'esteira',
  'etiqueta',
  'vassoura',
] as const;

export type Icone = (typeof icones)[number];
export const ICONE_PADRAO: Icone = 'trabalhador';

export interface Funcao {
  codigo: number;
  nome: string;
  cor: NomeCor;
  icone: Icone;
}

function f(codigo: number, nome: string, cor: NomeCor, icone: Icone): Funcao {
  return { codigo, nome, cor, icone };
}

export const catalogoFuncoes: readonly Funcao[] = [
  // Estiva, 101-159
  f(101, 'Estivador', 'azul', 'capacete'),
  f(102, 'Contramestre Geral', 'roxo', 'bandeira'),
  f(103, 'Contramestre de Terno', 'roxo', 'bandeira'),
  f(104, 'Sinaleiro', 'amarelo', 'bandeira'),
  f(105, 'Guincheiro', 'laranja', 'guindaste'),
  f(106, 'Operador de Guindaste de Bordo', 'laranja', 'guindaste'),
  f(107, 'Operador de Empilhadeira', 'verde', 'empilhadeira'),
  f(108, 'Motorista de Veículos', 'petroleo', 'carro'),
  f(109, 'Rechego', 'marrom', 'caixas'),
  f(110, 'Peação', 'azul', 'corda'),
  f(111, 'Despeação', 'azul', 'corda'),
  f(112, 'Operador de Pá Carregadeira', 'verde', 'caminhao'),
  f(113, 'Operador de Trator', 'verde', 'caminhao'),
  f(114, 'Operador de Portêiner', 'laranja', 'guindaste'),
  f(115, 'Operador de Guindaste Móvel', 'laranja', 'guindaste'),
  f(116, 'Amarrador', 'azul', 'corda'),
  f(117, 'Forrador', 'marrom', 'caixas'),
  f(118, 'Trimador de Granel', 'marrom', 'vassoura'),
  f(119, 'Estivador de Granel', 'azul', 'capacete'),
  f(120, 'Estivador de Carga Geral', 'azul', 'caixas'),
  f(121, 'Estivador de Contêiner', 'azul', 'conteiner'),
  f(122, 'Sinaleiro de Portêiner', 'amarelo', 'bandeira'),
  f(123, 'Operador de Grab', 'laranja', 'guindaste'),
  f(124, 'Operador de Moega', 'petroleo', 'esteira'),
  f(125, 'Operador de Shiploader', 'petroleo', 'esteira'),
  f(126, 'Operador de Spreader', 'laranja', 'conteiner'),
  f(127, 'Motorista Ro-Ro', 'petroleo', 'carro'),
  f(128, 'Batedor de Veículos', 'petroleo', 'carro'),
  f(129, 'Lingador', 'azul', 'corda'),
  f(130, 'Conexo de Bordo', 'roxo', 'navio'),
  // Conferência, 201-211
  f(201, 'Conferente', 'verde', 'prancheta'),
  f(202, 'Conferente-Chefe', 'roxo', 'prancheta'),
  f(203, 'Conferente de Lingada', 'verde', 'prancheta'),
  f(204, 'Conferente de Porão', 'verde', 'navio'),
  f(205, 'Conferente de Manifesto', 'azul', 'prancheta'),
  f(206, 'Conferente de Balança', 'petroleo', 'balanca'),
  f(207, 'Conferente de Plano', 'azul', 'prancheta'),
  f(208, 'Conferente Ajudante', 'verde', 'prancheta'),
  f(209, 'Conferente de Contêiner', 'laranja', 'conteiner'),
  f(210, 'Conferente de Veículos', 'petroleo', 'carro'),
  f(211, 'Conferente Controlador', 'roxo', 'prancheta'),
  // Conserto, 301-308
  f(301, 'Consertador', 'marrom', 'ferramenta'),
  f(302, 'Consertador-Chefe', 'roxo', 'ferramenta'),
  f(303, 'Consertador de Sacaria', 'marrom', 'caixas'),
  f(304, 'Consertador de Embalagens', 'marrom', 'caixas'),
  f(305, 'Carpinteiro', 'marrom', 'martelo'),
  f(306, 'Marcador', 'amarelo', 'etiqueta'),
  f(307, 'Remarcador', 'amarelo', 'etiqueta'),
  f(308, 'Consertador de Contêiner', 'laranja', 'conteiner'),
  // Vigilância, 401-404
  f(401, 'Vigia de Portaló', 'azul', 'escudo'),
  f(402, 'Vigia de Porão', 'azul', 'olho'),
  f(403, 'Vigia-Chefe', 'roxo', 'escudo'),
  f(404, 'Vigia de Rondas', 'azul', 'olho'),
  // Bloco, 501-511
  f(501, 'Trabalhador de Bloco', 'petroleo', 'capacete'),
  f(502, 'Limpeza de Porão', 'petroleo', 'vassoura'),
  f(503, 'Limpeza de Tanques', 'petroleo', 'gota'),
  f(504, 'Raspagem', 'marrom', 'ferramenta'),
  f(505, 'Pintura', 'amarelo', 'pincel'),
  f(506, 'Reparo de Casco', 'marrom', 'martelo'),
  f(507, 'Chefe de Bloco', 'roxo', 'bandeira'),
  f(508, 'Lavagem de Porão', 'petroleo', 'gota'),
  f(509, 'Remoção de Resíduos', 'marrom', 'vassoura'),
  f(510, 'Batimento de Ferrugem', 'marrom', 'martelo'),
  f(511, 'Bloco de Conexo', 'petroleo', 'navio'),
  // Capatazia, 601-650
  f(601, 'Arrumador', 'laranja', 'caixas'),
  f(602, 'Capataz', 'roxo', 'bandeira'),
  f(603, 'Operador de Empilhadeira de Terra', 'verde', 'empilhadeira'),
  f(604, 'Motorista de Caminhão', 'petroleo', 'caminhao'),
  f(605, 'Operador de Transtêiner (RTG)', 'laranja', 'guindaste'),
  f(606, 'Operador de Reach Stacker', 'verde', 'conteiner'),
  f(607, 'Operador de Pá Carregadeira de Terra', 'verde', 'caminhao'),
  f(608, 'Balanceiro', 'petroleo', 'balanca'),
  f(609, 'Operador de Esteira', 'petroleo', 'esteira'),
  f(610, 'Ajudante Geral', 'laranja', 'trabalhador'),
  f(611, 'Operador de Terminal Tractor', 'verde', 'caminhao'),
  f(612, 'Motorista de Veículos de Terra', 'petroleo', 'carro'),
  f(613, 'Manobrista', 'petroleo', 'carro'),
  f(614, 'Operador de Moega de Terra', 'petroleo', 'esteira'),
  f(615, 'Amarrador de Cabos', 'azul', 'corda'),
  f(616, 'Operador de Guindaste de Terra', 'laranja', 'guindaste'),
  f(617, 'Sinaleiro de Terra', 'amarelo', 'bandeira'),
  f(618, 'Operador de Ponte Rolante', 'laranja', 'guindaste'),
  f(619, 'Estufagem de Contêiner', 'laranja', 'conteiner'),
  f(620, 'Desova de Contêiner', 'laranja', 'conteiner'),
  f(621, 'Lonador', 'marrom', 'corda'),
  f(622, 'Pesador', 'petroleo', 'balanca'),
  f(623, 'Operador de Balança', 'petroleo', 'balanca'),
  f(624, 'Arrumador de Armazém', 'laranja', 'caixas'),
  f(625, 'Etiquetador', 'amarelo', 'etiqueta'),
  f(626, 'Operador de Sugador', 'petroleo', 'gota'),
];

const porCodigo = new Map(catalogoFuncoes.map((fn) => [fn.codigo, fn]));

export function funcaoPorCodigo(codigo: number): Funcao | undefined {
  return porCodigo.get(codigo);
}

/** The category a function code belongs to: its hundreds (1 estiva … 6 capatazia). */
export function categoriaDaFuncao(codFuncao: number): number {
  return Math.floor(codFuncao / 100);
}

/** Vigia 401 and 404 take the boosted colour at the boosted quays. */
const FUNCOES_MAJORADAS = new Set([401, 404]);
export const COR_MAJORADA: ParCores = paleta.vermelho;

export function aparenciaFuncao(
  codFuncao: number,
  codLocalAtrac?: string | null,
): { nome: string; cor: ParCores; icone: Icone } {
  const funcao = porCodigo.get(codFuncao);
  if (!funcao) return { nome: `Função ${codFuncao}`, cor: COR_DESCONHECIDA, icone: ICONE_PADRAO };
  const majorado = FUNCOES_MAJORADAS.has(codFuncao) && ehCaisMajorado(codLocalAtrac);
  return { nome: funcao.nome, cor: majorado ? COR_MAJORADA : paleta[funcao.cor], icone: funcao.icone };
}

/**
 * The fixed list of /funcoes (docs/produto/escalacao.md §3): categories with codigo, nome, tipo and their functions.
 * Each function carries codigo, nome, icone, cor, corMajorado, numVagas (1), numPorao ('CF10') and escolhida (true).
 */
export interface FuncaoLista {
  codigo: number;
  nome: string;
  icone: Icone;
  cor: ParCores;
  corMajorado: ParCores;
  numVagas: number;
  numPorao: string;
  escolhida: boolean;
}

export interface CategoriaFuncoes {
  codigo: number;
  nome: string;
  tipo: string;
  funcoes: FuncaoLista[];
}

function lista(codigos: number[]): FuncaoLista[] {
  return codigos.map((codigo) => {
    const fn = porCodigo.get(codigo);
    if (!fn) throw new Error(`Função ${codigo} fora do catálogo`);
    return {
      codigo,
      nome: fn.nome,
      icone: fn.icone,
      cor: paleta[fn.cor],
      corMajorado: FUNCOES_MAJORADAS.has(codigo) ? COR_MAJORADA : paleta[fn.cor],
      numVagas: 1,
      numPorao: 'CF10',
      escolhida: true,
    };
  });
}

export const categoriasFuncoes: readonly CategoriaFuncoes[] = [
  {
    codigo: 1,
    nome: 'Estiva',
    tipo: 'estiva',
    funcoes: lista([
      101, 102, 103, 104, 105, 106, 107, 110, 111, 114, 115, 116, 119, 120, 121, 122, 123, 126, 129, 130,
    ]),
  },
  { codigo: 1, nome: 'Veículos (Estiva)', tipo: 'veiculos', funcoes: lista([108, 112, 113, 127, 128]) },
  { codigo: 1, nome: 'Rechego', tipo: 'rechego', funcoes: lista([109, 117, 118, 124, 125]) },
  { codigo: 3, nome: 'Conserto', tipo: 'conserto', funcoes: lista([301, 302, 303, 304, 305, 306, 307, 308]) },
  {
    codigo: 5,
    nome: 'Bloco',
    tipo: 'bloco',
    funcoes: lista([501, 502, 503, 504, 505, 506, 507, 508, 509, 510, 511]),
  },
  {
    codigo: 2,
    nome: 'Conferência',
    tipo: 'conferencia',
    funcoes: lista([201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211]),
  },
  {
    codigo: 6,
    nome: 'Capatazia',
    tipo: 'capatazia',
    funcoes: lista([
      601, 602, 603, 605, 606, 607, 608, 609, 610, 611, 614, 615, 616, 617, 618, 619, 620, 621, 622, 623, 624,
      625, 626,
    ]),
  },
  { codigo: 6, nome: 'Veículos (Capatazia)', tipo: 'veiculos', funcoes: lista([604, 612, 613]) },
  { codigo: 4, nome: 'Vigia', tipo: 'vigia', funcoes: lista([401, 402, 403, 404]) },
  { codigo: 4, nome: 'Vigia (cais majorado)', tipo: 'vigia-majorado', funcoes: lista([401, 404]) },
];

/** The category of the call a function is offered in: blocks (5xx) go with the stevedores (docs/decisions/0152). */
export function categoriaDaOferta(codFuncao: number): number | undefined {
  const c = categoriaDaFuncao(codFuncao);
  if (c === 5) return 1;
  return [1, 2, 4, 6].includes(c) ? c : undefined;
}
