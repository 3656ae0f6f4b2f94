import { normalizarNome } from '#common/busca-trabalhador.ts';
import { funcaoPorCodigo } from '#common/funcoes.ts';
import { limitesTurno, somarDias, TURNOS } from '#common/tempo.ts';
import type { AvulsoTable, TrabalhoTable } from '../../modulos/avulso/tabelas.ts';
import type { RequisicaoTable } from '../../modulos/escalacao/tabelas.ts';
import { type Aleatorio, cpfValido } from './aleatorio.ts';
import { CAIS, FAINAS, MERCADORIAS, NAVIOS, OPERADORES } from './porto.ts';

/** Helpers every seed uses (the demo's and the benchmark's). */

/** Inserts in batches: one statement per batch keeps under the drivers' parameter limits. */
export async function emLotes<T>(itens: T[], tamanho: number, inserir: (lote: T[]) => Promise<unknown>) {
  for (let i = 0; i < itens.length; i += tamanho) await inserir(itens.slice(i, i + tamanho));
}

/** An engagement of one shift at a random ship, operator, quay and cargo of the demo port. */
export function trabalhoAleatorio(
  rnd: Aleatorio,
  codAvulso: string,
  data: string,
  turno: (typeof TURNOS)[number],
  codFuncao: number,
  fuso: string,
): Omit<TrabalhoTable, 'id'> {
  const { inicio, fim } = limitesTurno(data, turno.horaInicio, turno.horaFim, fuso);
  return {
    cod_avulso: codAvulso,
    data_operacao: data,
    hora_inicio: turno.horaInicio,
    hora_fim: turno.horaFim,
    inicio: inicio.toISOString(),
    fim: fim.toISOString(),
    operador: rnd.escolher(OPERADORES).nome,
    navio: rnd.escolher(NAVIOS).nome,
    local_atracacao: rnd.escolher(CAIS).nome,
    mercadoria: rnd.escolher(MERCADORIAS),
    faina: rnd.escolher(FAINAS),
    cod_funcao: codFuncao,
    funcao: funcaoPorCodigo(codFuncao)?.nome ?? `Função ${codFuncao}`,
  };
}

interface ItemPorto {
  codigo: number;
  nome: string;
}

/** A requisition row of a call: a ship of an operator at a quay, on one shift of one local date. */
export function linhaRequisicao(r: {
  numRequisicao: number;
  numEscalacao: number;
  codCategoria: number;
  operador: ItemPorto;
  navio: ItemPorto;
  cais: { codigo: string; nome: string };
  dataOperacao: string;
  turno: (typeof TURNOS)[number];
  fuso: string;
}): RequisicaoTable {
  const { inicio, fim } = limitesTurno(r.dataOperacao, r.turno.horaInicio, r.turno.horaFim, r.fuso);
  return {
    num_requisicao: r.numRequisicao,
    num_escalacao: r.numEscalacao,
    cod_categoria: r.codCategoria,
    cod_operador: r.operador.codigo,
    nome_operador: r.operador.nome,
    cod_navio: r.navio.codigo,
    nome_navio: r.navio.nome,
    data_operacao: r.dataOperacao,
    cod_periodo: r.turno.codPeriodo,
    hora_inicio: r.turno.horaInicio,
    hora_fim: r.turno.horaFim,
    inicio: inicio.toISOString(),
    fim: fim.toISOString(),
    cod_local_atrac: r.cais.codigo,
    nome_local_atrac: r.cais.nome,
  };
}

/** The pointer rules of docs/produto/escalacao.md §5 as both ports have them (the demo adds its declaration buttons). */
export const PARAMETROS_PONTEIRO = [
  { nome: 'EXIBIR_OFERTA_PONTEIRO_ESTIVA', valor: 'todos' },
  { nome: 'EXIBIR_OFERTA_PONTEIRO_CONFERENTES', valor: 'todos' },
  { nome: 'EXIBIR_OFERTA_PONTEIRO_CAPATAZIA', valor: 'ogmo' },
  { nome: 'EXIBIR_OFERTA_PONTEIRO_VIGIAS', valor: '1' },
] as const;

/** Who a seeded worker is; the rest of their row is drawn (CPF, birth date) or given by the port. */
export interface DadosAvulso {
  codAvulso: string;
  nome: string;
  sexo: 'F' | 'M';
  codSindicato: number;
  codCategoria: number;
  artigo: number;
  numChamada: number;
  senhaHash: string;
  cpf?: string;
  dataNascimento?: string;
  impedimento?: boolean;
  escolhaPoraoEstiva?: boolean;
}

type Documentos = Pick<
  AvulsoTable,
  | 'rg_numero'
  | 'rg_orgao_exp'
  | 'rg_uf'
  | 'rg_emissao'
  | 'pis'
  | 'end_logradouro'
  | 'end_bairro'
  | 'end_cidade'
  | 'end_uf'
>;

const doisDigitos = (n: number) => String(n).padStart(2, '0');

/**
 * A worker's row: a CPF not yet used in `cpfs` (unless given), a birth date between 1962 and 2000 (unless
 * given), then the port's documents and address (`documentos`, drawn after those, in that order).
 */
export function linhaAvulso(
  rnd: Aleatorio,
  cpfs: Set<string>,
  a: DadosAvulso,
  documentos: (rnd: Aleatorio) => Documentos,
): AvulsoTable {
  let cpf = a.cpf ?? cpfValido(rnd);
  while (cpfs.has(cpf)) cpf = cpfValido(rnd);
  cpfs.add(cpf);
  const ano = rnd.inteiro(1962, 2000);
  const dataNascimento =
    a.dataNascimento ?? `${ano}-${doisDigitos(rnd.inteiro(1, 12))}-${doisDigitos(rnd.inteiro(1, 28))}`;
  return {
    cod_avulso: a.codAvulso,
    nome: a.nome,
    nome_busca: normalizarNome(a.nome),
    sexo: a.sexo,
    cod_sindicato: a.codSindicato,
    cod_categoria: a.codCategoria,
    artigo: a.artigo,
    num_chamada: a.numChamada,
    cpf,
    data_nascimento: dataNascimento,
    ...documentos(rnd),
    email: null,
    telefone: null,
    impedimento: a.impedimento ? 1 : 0,
    afastamento_definitivo: 0,
    escolha_porao_estiva: a.escolhaPoraoEstiva ? 1 : 0,
    senha_hash: a.senhaHash,
  };
}

/** A base function and `min`..`max` others drawn from `funcoes` (never more than there are). */
export function habilitacoesSorteadas(
  rnd: Aleatorio,
  base: number,
  funcoes: readonly number[],
  min: number,
  max: number,
): number[] {
  const outras = funcoes.filter((c) => c !== base);
  return [base, ...rnd.amostra(outras, Math.min(outras.length, rnd.inteiro(min, max)))];
}

/** Past engagements: on each of the `dias` days before `hoje` (down to two days ago), one shift by chance. */
export function historicoDeTrabalhos(
  rnd: Aleatorio,
  codAvulso: string,
  hoje: string,
  dias: number,
  chancePorDia: number,
  funcoes: readonly number[],
  fuso: string,
): Omit<TrabalhoTable, 'id'>[] {
  const trabalhos: Omit<TrabalhoTable, 'id'>[] = [];
  for (let d = dias; d >= 2; d--) {
    if (!rnd.chance(chancePorDia)) continue;
    trabalhos.push(
      trabalhoAleatorio(
        rnd,
        codAvulso,
        somarDias(hoje, -d),
        rnd.escolher(TURNOS),
        rnd.escolher(funcoes),
        fuso,
      ),
    );
  }
  return trabalhos;
}

/** A simple portrait drawn as SVG: the demo has no real photos. */
export function retratoSvg(nome: string, rnd: Aleatorio): Uint8Array {
  const fundos = ['#1e3a5f', '#0f766e', '#7c2d12', '#4c1d95', '#14532d', '#1f2937'];
  const fundo = rnd.escolher(fundos);
  const pele = rnd.escolher(['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac']);
  const iniciais = nome
    .split(' ')
    .filter((p) => p.length > 2)
    .map((p) => p[0])
    .slice(0, 2)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">
<rect width="300" height="400" fill="${fundo}"/>
<ellipse cx="150" cy="420" rx="130" ry="120" fill="#f8fafc" opacity="0.92"/>
<circle cx="150" cy="170" r="78" fill="${pele}"/>
<path d="M72 150 Q150 60 228 150 Q215 95 150 88 Q85 95 72 150Z" fill="#1f2937"/>
<text x="150" y="385" font-family="Arial, sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="${fundo}">${iniciais}</text>
</svg>`;
  return new TextEncoder().encode(svg);
}
