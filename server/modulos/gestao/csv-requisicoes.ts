import { setImmediate as proximaVolta } from 'node:timers/promises';
import { parse } from 'csv-parse';
import type { ErroLinhaCsv, RequisicaoBody } from '#common/api/gestao.ts';
import { categoriaDaOferta, requisicaoBody } from '#common/api/gestao.ts';
import { categoriasEscala } from '#common/dominio.ts';
import { lerInteiroPtBr } from '#common/inteiro-ptbr.ts';

/**
 * The requisitions CSV the operators send (docs/decisions/0152): one line per function offered, a header
 * line with the column names below (any order), `;` or `,` between fields, UTF-8 (a BOM is fine).
 * Lines with the same operator, ship, date, period, hours and quay form one requisition; lines with the
 * same hold inside it form one hold (same cargo and tonnage). The file is taken whole or not at all: every
 * bad line is reported with its number (the header is line 1) and the column at fault, all in one pass
 * (docs/decisions/0215): the line's own checks, the codes the port's lists do not know and the dates the call
 * cannot engage, then what spans lines. The work yields to the event loop every `LINHAS_POR_VOLTA` lines, so
 * 5,000 bad lines never hold the server; the answer lists the first `MAXIMO_ERROS_CSV` errors and the total.
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

/** At most this many errors in the answer (the total is counted and said): 5,000 bad lines answered 2.2 MB. */
export const MAXIMO_ERROS_CSV = 100;
/** Lines checked between two turns of the event loop (about a millisecond of work each turn on this machine). */
export const LINHAS_POR_VOLTA = 100;

export type LeituraCsv =
  | { ok: true; requisicoes: RequisicaoDoCsv[] }
  | { ok: false; erros: ErroLinhaCsv[]; total: number };

/** What the file is checked against besides itself: the port's lists and the call's date (yyyymmdd). */
export interface ContextoCsv {
  operadores: ReadonlySet<number>;
  navios: ReadonlySet<number>;
  locais: ReadonlySet<string>;
  /** The dates the call may engage: a message when `dataOperacao` (yyyymmdd) is outside them. */
  foraDaJanela: (dataOperacao: string) => string | null;
}

/** C0 controls and DEL: a cargo name with a NUL would fail PostgreSQL's text (a 500 before). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROLE = /[\u0000-\u001f\u007f]/;

function nomeControle(texto: string): string {
  const c = CONTROLE.exec(texto)?.[0] ?? '';
  const codigo = c.charCodeAt(0);
  if (codigo === 0) return 'NUL';
  if (codigo === 9) return 'TAB';
  if (codigo === 10 || codigo === 13) return 'quebra de linha';
  return `U+${codigo.toString(16).toUpperCase().padStart(4, '0')}`;
}

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

interface Registro {
  record: string[];
  info: { lines: number };
}

/** The parsed records, fed to csv-parse's stream in slices with a turn of the event loop between them. */
async function registrosDoCsv(texto: string): Promise<Registro[]> {
  const parser = parse({
    delimiter: [';', ','],
    bom: true,
    info: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
  });
  const registros: Registro[] = [];
  parser.on('readable', () => {
    for (let r = parser.read() as Registro | null; r !== null; r = parser.read() as Registro | null) {
      registros.push(r);
    }
  });
  const fim = new Promise<void>((resolver, rejeitar) => {
    parser.on('end', () => resolver());
    parser.on('error', rejeitar);
  });
  // A failed parse rejects `fim`; the writes below must not throw it first.
  fim.catch(() => {});
  const fatia = 32 * 1024;
  for (let i = 0; i < texto.length; i += fatia) {
    parser.write(texto.slice(i, i + fatia));
    await proximaVolta();
  }
  parser.end();
  await fim;
  return registros;
}

function falha(erros: ErroLinhaCsv[]): LeituraCsv {
  erros.sort((a, b) => a.linha - b.linha);
  return { ok: false, erros: erros.slice(0, MAXIMO_ERROS_CSV), total: erros.length };
}

export async function lerCsvRequisicoes(texto: string, contexto?: ContextoCsv): Promise<LeituraCsv> {
  let registros: Registro[];
  try {
    registros = await registrosDoCsv(texto);
  } catch (erro) {
    const linha = (erro as { lines?: number }).lines ?? 1;
    return falha([{ linha, campo: 'arquivo', mensagem: 'Arquivo CSV mal formado (aspas?).' }]);
  }
  const [cabecalho, ...dados] = registros;
  if (!cabecalho) {
    return falha([{ linha: 1, campo: 'arquivo', mensagem: 'Arquivo vazio.' }]);
  }
  const indice = new Map(cabecalho.record.map((nome, i) => [nome, i]));
  const faltando = COLUNAS_CSV.filter((c) => !indice.has(c));
  if (faltando.length > 0) {
    return falha(
      faltando.map((c) => ({
        linha: cabecalho.info.lines,
        campo: c,
        mensagem: `Coluna ${c} ausente no cabeçalho.`,
      })),
    );
  }
  if (dados.length === 0) {
    return falha([{ linha: 2, campo: 'arquivo', mensagem: 'Nenhuma linha de requisição.' }]);
  }
  if (dados.length > MAXIMO_LINHAS_CSV) {
    return falha([
      {
        linha: MAXIMO_LINHAS_CSV + 2,
        campo: 'arquivo',
        mensagem: `No máximo ${MAXIMO_LINHAS_CSV} linhas por arquivo.`,
      },
    ]);
  }

  const erros: ErroLinhaCsv[] = [];
  const lidas: LinhaLida[] = [];
  let desdeAVolta = 0;
  for (const { record, info } of dados) {
    if (++desdeAVolta >= LINHAS_POR_VOLTA) {
      desdeAVolta = 0;
      await proximaVolta();
    }
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
      if (CONTROLE.test(valores[c])) {
        erros.push({
          linha: info.lines,
          campo: c,
          mensagem: `Caractere de controle (${nomeControle(valores[c])}) não permitido.`,
        });
        linhaBoa = false;
      } else if (valores[c] === '') {
        erros.push({ linha: info.lines, campo: c, mensagem: 'Campo vazio.' });
        linhaBoa = false;
      } else if (NUMERICAS.includes(c) && Number.isNaN(lerInteiroPtBr(valores[c]))) {
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
    // The port's lists and the call's dates, in the same pass (one error per line and column).
    if (contexto) {
      const antes = erros.length;
      const v = r.data;
      if (!contexto.operadores.has(v.codOperador)) {
        erros.push({
          linha: info.lines,
          campo: 'codOperador',
          mensagem: `Operador ${v.codOperador} não cadastrado.`,
        });
      }
      if (!contexto.navios.has(v.codNavio)) {
        erros.push({ linha: info.lines, campo: 'codNavio', mensagem: `Navio ${v.codNavio} não cadastrado.` });
      }
      if (!contexto.locais.has(v.codLocalAtrac)) {
        erros.push({
          linha: info.lines,
          campo: 'codLocalAtrac',
          mensagem: `Local de atracação ${v.codLocalAtrac} não cadastrado.`,
        });
      }
      const janela = contexto.foraDaJanela(v.dataOperacao);
      if (janela) erros.push({ linha: info.lines, campo: 'dataOperacao', mensagem: janela });
      if (erros.length > antes) continue;
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
  desdeAVolta = 0;
  for (const grupo of grupos.values()) {
    desdeAVolta += grupo.length;
    if (desdeAVolta >= LINHAS_POR_VOLTA) {
      desdeAVolta = 0;
      await proximaVolta();
    }
    const { requisicao, linhasPorao, divergencias } = requisicaoDe(grupo);
    erros.push(...divergencias);
    if (divergencias.some((d) => d.campo === 'codFuncao')) continue;
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
  if (erros.length > 0) return falha(erros);
  return { ok: true, requisicoes };
}

/** The form's rule too (common/inteiro-ptbr.ts): '12.500' is 12500. */
const numero = lerInteiroPtBr;

/** One requisition from lines that share its key; holds in the order they first appear. */
function requisicaoDe(linhas: readonly LinhaLida[]) {
  const v0 = (linhas[0] as LinhaLida).valores;
  const poroes: RequisicaoBody['poroes'] = [];
  const linhasPorao: number[][] = [];
  const divergencias: ErroLinhaCsv[] = [];
  const porNome = new Map<string, number>();
  // One category per requisition: a line whose function is of another category than the group's first line
  // is reported at that line (not at the requisition's first).
  const categoria = categoriaDaOferta(numero(v0.codFuncao));
  const linha0 = (linhas[0] as LinhaLida).linha;
  for (const { linha, valores: v } of linhas) {
    const deste = categoriaDaOferta(numero(v.codFuncao));
    const nome = (c: number) => categoriasEscala.find((x) => x.codigo === c)?.nome ?? 'outra categoria';
    if (deste !== undefined && categoria !== undefined && deste !== categoria) {
      divergencias.push({
        linha,
        campo: 'codFuncao',
        mensagem:
          `Função de ${nome(deste)}, mas a requisição (linha ${linha0}) é de ${nome(categoria)}: ` +
          'uma requisição tem funções de uma só categoria.',
      });
    }
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
