import { parse } from 'csv-parse/sync';
import type { ErroLinhaCsv, RequisicaoBody } from '#common/api/gestao.ts';
import { requisicaoBody } from '#common/api/gestao.ts';

/**
 * The requisitions CSV the operators send (docs/decisions/0152): one line per function offered, a header
 * line with the column names below (any order), `;` or `,` between fields, UTF-8 (a BOM is fine).
 * Lines with the same operator, ship, date, period, hours and quay form one requisition; lines with the
 * same hold inside it form one hold (same cargo and tonnage). The file is taken whole or not at all: every
 * bad line is reported with its number (the header is line 1) and the column at fault.
 */
export const COLUNAS_CSV = [
  'codOperador',
  'codNavio',
  'dataOperacao',
  'codPeriodo',
  'horaInicio',
  'horaFim',
  'codLocalAtrac',
  'numPorao',
  'nomeMercadoria',
  'tonelagem',
  'codFuncao',
  'numVagas',
] as const;
type ColunaCsv = (typeof COLUNAS_CSV)[number];

const NUMERICAS: readonly ColunaCsv[] = [
  'codOperador',
  'codNavio',
  'codPeriodo',
  'horaInicio',
  'horaFim',
  'tonelagem',
  'codFuncao',
  'numVagas',
];

/** Most lines in one file: a day of Santos is about 1,400 offers. */
export const MAXIMO_LINHAS_CSV = 5_000;

export interface RequisicaoDoCsv {
  requisicao: RequisicaoBody;
  /** The file's line of the requisition's first function. */
  linha: number;
}

export type LeituraCsv = { ok: true; requisicoes: RequisicaoDoCsv[] } | { ok: false; erros: ErroLinhaCsv[] };

interface LinhaLida {
  linha: number;
  valores: Record<ColunaCsv, string>;
}

/** dd/mm/aaaa (as a spreadsheet writes it) or aaaammdd (as GET /api/vagas shows it) → aaaammdd. */
function normalizarData(valor: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(valor);
  return m ? `${m[3]}${m[2]}${m[1]}` : valor;
}

/** Which CSV column a schema issue path points at. */
function colunaDoCaminho(caminho: readonly PropertyKey[]): string {
  const ultimo = [...caminho].reverse().find((p) => typeof p === 'string');
  if (ultimo === 'poroes' || ultimo === 'funcoes' || ultimo === undefined) return 'codFuncao';
  return String(ultimo);
}

function linhaDoCaminho(caminho: readonly PropertyKey[], linhasPorao: number[][], padrao: number): number {
  const iPorao = caminho[0] === 'poroes' && typeof caminho[1] === 'number' ? caminho[1] : undefined;
  if (iPorao === undefined) return padrao;
  const linhas = linhasPorao[iPorao] ?? [];
  const iFuncao = caminho[2] === 'funcoes' && typeof caminho[3] === 'number' ? caminho[3] : 0;
  return linhas[iFuncao] ?? linhas[0] ?? padrao;
}

export function lerCsvRequisicoes(texto: string): LeituraCsv {
  let registros: { record: string[]; info: { lines: number } }[];
  try {
    registros = parse(texto, {
      delimiter: [';', ','],
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (erro) {
    const linha = (erro as { lines?: number }).lines ?? 1;
    return { ok: false, erros: [{ linha, campo: 'arquivo', mensagem: 'Arquivo CSV mal formado (aspas?).' }] };
  }
  const [cabecalho, ...dados] = registros;
  if (!cabecalho) {
    return { ok: false, erros: [{ linha: 1, campo: 'arquivo', mensagem: 'Arquivo vazio.' }] };
  }
  const indice = new Map(cabecalho.record.map((nome, i) => [nome, i]));
  const faltando = COLUNAS_CSV.filter((c) => !indice.has(c));
  if (faltando.length > 0) {
    return {
      ok: false,
      erros: faltando.map((c) => ({
        linha: cabecalho.info.lines,
        campo: c,
        mensagem: `Coluna ${c} ausente no cabeçalho.`,
      })),
    };
  }
  if (dados.length === 0) {
    return { ok: false, erros: [{ linha: 2, campo: 'arquivo', mensagem: 'Nenhuma linha de requisição.' }] };
  }
  if (dados.length > MAXIMO_LINHAS_CSV) {
    return {
      ok: false,
      erros: [
        {
          linha: MAXIMO_LINHAS_CSV + 2,
          campo: 'arquivo',
          mensagem: `No máximo ${MAXIMO_LINHAS_CSV} linhas por arquivo.`,
        },
      ],
    };
  }

  const erros: ErroLinhaCsv[] = [];
  const lidas: LinhaLida[] = [];
  for (const { record, info } of dados) {
    const valores = Object.fromEntries(
      COLUNAS_CSV.map((c) => [c, record[indice.get(c) as number] ?? '']),
    ) as Record<ColunaCsv, string>;
    valores.dataOperacao = normalizarData(valores.dataOperacao);
    if (record.length !== cabecalho.record.length) {
      erros.push({
        linha: info.lines,
        campo: 'arquivo',
        mensagem: `A linha tem ${record.length} campos; o cabeçalho, ${cabecalho.record.length}.`,
      });
      continue;
    }
    let linhaBoa = true;
    for (const c of COLUNAS_CSV) {
      if (valores[c] === '') {
        erros.push({ linha: info.lines, campo: c, mensagem: 'Campo vazio.' });
        linhaBoa = false;
      } else if (NUMERICAS.includes(c) && !/^\d+$/.test(valores[c].replaceAll('.', ''))) {
        erros.push({ linha: info.lines, campo: c, mensagem: 'Número inteiro esperado.' });
        linhaBoa = false;
      }
    }
    if (!linhaBoa) continue;
    // Each line alone must be a valid requisition of one function; what spans lines is checked per group.
    const sozinha = requisicaoDe([{ linha: info.lines, valores }]);
    const r = requisicaoBody.safeParse(sozinha.requisicao);
    if (!r.success) {
      for (const issue of r.error.issues) {
        erros.push({ linha: info.lines, campo: colunaDoCaminho(issue.path), mensagem: issue.message });
      }
      continue;
    }
    lidas.push({ linha: info.lines, valores });
  }

  const grupos = new Map<string, LinhaLida[]>();
  for (const l of lidas) {
    const v = l.valores;
    const chave = [
      v.codOperador,
      v.codNavio,
      v.dataOperacao,
      v.codPeriodo,
      v.horaInicio,
      v.horaFim,
      v.codLocalAtrac,
    ].join('|');
    const grupo = grupos.get(chave) ?? [];
    grupo.push(l);
    grupos.set(chave, grupo);
  }

  const requisicoes: RequisicaoDoCsv[] = [];
  for (const grupo of grupos.values()) {
    const { requisicao, linhasPorao, divergencias } = requisicaoDe(grupo);
    erros.push(...divergencias);
    const primeira = grupo[0]?.linha ?? 2;
    const r = requisicaoBody.safeParse(requisicao);
    if (!r.success) {
      for (const issue of r.error.issues) {
        erros.push({
          linha: linhaDoCaminho(issue.path, linhasPorao, primeira),
          campo: colunaDoCaminho(issue.path),
          mensagem: issue.message,
        });
      }
      continue;
    }
    requisicoes.push({ requisicao: r.data, linha: primeira });
  }
  if (erros.length > 0) {
    erros.sort((a, b) => a.linha - b.linha);
    return { ok: false, erros };
  }
  return { ok: true, requisicoes };
}

const numero = (s: string) => Number(s.replaceAll('.', ''));

/** One requisition from lines that share its key; holds in the order they first appear. */
function requisicaoDe(linhas: readonly LinhaLida[]) {
  const v0 = (linhas[0] as LinhaLida).valores;
  const poroes: RequisicaoBody['poroes'] = [];
  const linhasPorao: number[][] = [];
  const divergencias: ErroLinhaCsv[] = [];
  const porNome = new Map<string, number>();
  for (const { linha, valores: v } of linhas) {
    let i = porNome.get(v.numPorao);
    if (i === undefined) {
      i = poroes.length;
      porNome.set(v.numPorao, i);
      poroes.push({
        numPorao: v.numPorao,
        nomeMercadoria: v.nomeMercadoria,
        tonelagem: numero(v.tonelagem),
        funcoes: [],
      });
      linhasPorao.push([]);
    }
    const porao = poroes[i] as RequisicaoBody['poroes'][number];
    const primeiraDoPorao = linhasPorao[i]?.[0];
    if (primeiraDoPorao !== undefined) {
      if (porao.nomeMercadoria !== v.nomeMercadoria) {
        divergencias.push({
          linha,
          campo: 'nomeMercadoria',
          mensagem: `Mercadoria diferente da linha ${primeiraDoPorao}, do mesmo porão.`,
        });
      }
      if (porao.tonelagem !== numero(v.tonelagem)) {
        divergencias.push({
          linha,
          campo: 'tonelagem',
          mensagem: `Tonelagem diferente da linha ${primeiraDoPorao}, do mesmo porão.`,
        });
      }
    }
    porao.funcoes.push({ codFuncao: numero(v.codFuncao), numVagas: numero(v.numVagas) });
    linhasPorao[i]?.push(linha);
  }
  const requisicao = {
    codOperador: numero(v0.codOperador),
    codNavio: numero(v0.codNavio),
    dataOperacao: v0.dataOperacao,
    codPeriodo: numero(v0.codPeriodo),
    horaInicio: numero(v0.horaInicio),
    horaFim: numero(v0.horaFim),
    codLocalAtrac: v0.codLocalAtrac,
    poroes,
  };
  return { requisicao, linhasPorao, divergencias };
}
