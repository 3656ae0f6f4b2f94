import { createHash } from 'node:crypto';
import { setImmediate as proximaVolta } from 'node:timers/promises';
import Papa from 'papaparse';
import {
  type CorpoJsonImportacao,
  MAXIMO_LINHAS_IMPORTACAO,
  type TipoImportacao,
} from '#common/api/financeiro-importacao.ts';
import { lerTextoCsv } from '../../plataforma/csv.ts';
import {
  COLUNAS,
  type ContextoLeitura,
  criarMontador,
  type DocumentosImportados,
  ErrosImportacao,
} from './importacao-formatos.ts';

/**
 * A payroll file from its bytes to documents (docs/decisions/0241): the encoding found (UTF-8, else
 * Windows-1252, the two a Brazilian spreadsheet writes), the CSV read by Papa Parse record by record, a few
 * thousand at a time with a turn of the event loop between them, so other requests go on while a
 * 300,000-line month is read (Papa Parse reads it 3× faster than csv-parse, the decision's figures).
 * Nothing here touches the database.
 */

export interface ArquivoLido {
  formato: 'csv' | 'json';
  codificacao: 'utf-8' | 'windows-1252';
  digesto: string;
  bytes: number;
  /** Lines read, the header not counted. */
  linhas: number;
  documentos: DocumentosImportados;
  erros: ErrosImportacao;
}

/** Records between two turns of the event loop (the JSON form). */
const RECORDS_POR_VOLTA = 2_000;
/** Characters read between two turns of the event loop (about 2,000 payslip lines). */
const PEDACO = 256 * 1024;

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
const CONTROLE_FORA_DE_LINHA = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]/;

/**
 * Where the pieces of the text may end: after a line break outside quotes (an even number of `"` before it:
 * RFC 4180 doubles the quotes inside a quoted cell), at least PEDACO characters on; the end of the text.
 * Positions only move forward, so the whole text is scanned once.
 */
function cortador(texto: string): (inicio: number) => number {
  let aspas = 0;
  let proximaAspa = texto.indexOf('"');
  return (inicio) => {
    for (
      let quebra = texto.indexOf('\n', inicio + PEDACO);
      quebra !== -1;
      quebra = texto.indexOf('\n', quebra + 1)
    ) {
      while (proximaAspa !== -1 && proximaAspa < quebra) {
        aspas++;
        proximaAspa = texto.indexOf('"', proximaAspa + 1);
      }
      if (aspas % 2 === 0) return quebra + 1;
    }
    return texto.length;
  };
}

/** 'Matrícula ' → 'matricula': header names as people type them. */
function nomeColuna(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function conferirCabecalho(
  tipo: TipoImportacao,
  nomes: readonly string[],
  erros: ErrosImportacao,
): Map<string, number> | undefined {
  const indice = new Map<string, number>();
  let valido = true;
  nomes.forEach((bruto, i) => {
    const nome = nomeColuna(bruto);
    if (!nome) return;
    if (!COLUNAS[tipo].includes(nome)) {
      erros.add(1, nome.slice(0, 60), `Coluna desconhecida num arquivo de ${tipo}.`);
      valido = false;
    } else if (indice.has(nome)) {
      erros.add(1, nome, 'Coluna repetida no cabeçalho.');
      valido = false;
    } else indice.set(nome, i);
  });
  for (const c of COLUNAS[tipo]) {
    if (!indice.has(c)) {
      erros.add(1, c, 'Coluna ausente no cabeçalho.');
      valido = false;
    }
  }
  return valido ? indice : undefined;
}

/** The delimiter of the header line: `;` (a Brazilian spreadsheet's), `,` or TAB. */
function delimitadorDe(texto: string): string {
  const fim = texto.indexOf('\n');
  const cabecalho = fim < 0 ? texto : texto.slice(0, fim);
  const contar = (c: string) => cabecalho.split(c).length;
  const [melhor] = [';', ',', '\t'].sort((a, b) => contar(b) - contar(a));
  return melhor ?? ';';
}

function lidoVazio(
  formato: 'csv' | 'json',
  codificacao: 'utf-8' | 'windows-1252',
  digesto: string,
  bytes: number,
  tipo: TipoImportacao,
  erros: ErrosImportacao,
): ArquivoLido {
  const documentos = { tipo, documentos: [] } as DocumentosImportados;
  return { formato, codificacao, digesto, bytes, linhas: 0, documentos, erros };
}

/** Reads a CSV file (its bytes) into documents of `tipo`, collecting every error. */
export async function lerCsv(
  bytes: Uint8Array,
  tipo: TipoImportacao,
  ctx: ContextoLeitura,
): Promise<ArquivoLido> {
  const erros = new ErrosImportacao();
  const digesto = createHash('sha256').update(bytes).digest('hex');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    erros.add(1, 'arquivo', 'Arquivo em UTF-16: salve como CSV UTF-8 ou CSV (separado por ponto e vírgula).');
    return lidoVazio('csv', 'utf-8', digesto, bytes.length, tipo, erros);
  }
  const { texto: bruto, codificacao } = lerTextoCsv(bytes);
  // The platform's reader keeps a BOM it did not decode as UTF-8 out; a UTF-8 BOM left in the text goes too.
  const texto = bruto.charCodeAt(0) === 0xfeff ? bruto.slice(1) : bruto;
  if (texto.trim() === '') {
    erros.add(1, 'arquivo', 'Arquivo vazio.');
    return lidoVazio('csv', codificacao, digesto, bytes.length, tipo, erros);
  }

  const montador = criarMontador(tipo, erros, ctx);
  let indice: Map<string, number> | undefined;
  let colunas = 0;
  let linhas = 0;
  // Line numbers: the records' ends are cursors into the text; the line breaks before them are counted once.
  let contadas = 0;
  let posicao = 0;
  const linhaEm = (fim: number) => {
    const ate = fim > 0 && texto.charCodeAt(fim - 1) === 10 ? fim - 1 : fim;
    for (let i = texto.indexOf('\n', posicao); i !== -1 && i < ate; i = texto.indexOf('\n', i + 1))
      contadas++;
    posicao = Math.max(posicao, ate);
    return contadas + 1;
  };
  const delimitador = delimitadorDe(texto);
  const quebraDeLinha = texto.includes('\r\n') ? '\r\n' : texto.includes('\n') ? '\n' : '\r';
  // No control character but line breaks anywhere, no quotes: no cell can hold one (a TAB is still looked for).
  ctx.textoLimpo = !CONTROLE_FORA_DE_LINHA.test(texto) && !texto.includes('"');
  let parar = false;
  // The text in pieces that end at a line break outside quotes, each read by Papa Parse in one go, with a
  // turn of the event loop between them.
  const fimDoPedaco = cortador(texto);
  for (let inicio = 0; inicio < texto.length && !parar; ) {
    const fim = fimDoPedaco(inicio);
    Papa.parse<string[]>(texto.slice(inicio, fim), {
      delimiter: delimitador,
      newline: quebraDeLinha,
      skipEmptyLines: true,
      step: (r, parser) => {
        const record = r.data;
        const linha = linhaEm(inicio + r.meta.cursor);
        if (r.errors.some((e) => e.type === 'Quotes')) {
          erros.add(linha, 'arquivo', 'Arquivo CSV mal formado (aspas sem fechar?).');
          parar = true;
          return parser.abort();
        }
        // A line of empty cells (a spreadsheet's trailing rows).
        if (record.every((c) => c.trim() === '')) return;
        if (!indice) {
          indice = conferirCabecalho(tipo, record, erros);
          colunas = record.length;
          if (!indice) {
            parar = true;
            return parser.abort();
          }
          return;
        }
        linhas++;
        if (linhas > MAXIMO_LINHAS_IMPORTACAO) {
          erros.add(linha, 'arquivo', `No máximo ${MAXIMO_LINHAS_IMPORTACAO} linhas por arquivo.`);
          parar = true;
          return parser.abort();
        }
        // A line cut short or run long: its cells cannot be trusted to be in their columns.
        if (
          record.length !== colunas &&
          !(record.length > colunas && record.slice(colunas).every((c) => c === ''))
        ) {
          erros.add(linha, 'arquivo', `A linha tem ${record.length} colunas; o cabeçalho, ${colunas}.`);
          return;
        }
        const mapa = indice;
        montador.aceitar({ linha, celula: (c) => record[mapa.get(c) ?? -1] ?? '' });
      },
    });
    inicio = fim;
    await proximaVolta();
  }
  if (indice && linhas === 0) erros.add(2, 'arquivo', 'Nenhuma linha depois do cabeçalho.');
  return {
    formato: 'csv',
    codificacao,
    digesto,
    bytes: bytes.length,
    linhas,
    documentos: montador.terminar(),
    erros,
  };
}

/** The same lines as JSON objects keyed by the CSV's column names. */
export async function lerJson(
  corpo: CorpoJsonImportacao,
  tipo: TipoImportacao,
  ctx: ContextoLeitura,
): Promise<ArquivoLido> {
  const erros = new ErrosImportacao();
  const serializado = JSON.stringify(corpo.linhas);
  const digesto = createHash('sha256').update(serializado).digest('hex');
  const colunas = new Set(COLUNAS[tipo]);
  const montador = criarMontador(tipo, erros, ctx);
  if (corpo.linhas.length === 0) erros.add(1, 'linhas', 'Nenhuma linha.');
  for (const [i, objeto] of corpo.linhas.entries()) {
    if ((i + 1) % RECORDS_POR_VOLTA === 0) await proximaVolta();
    const linha = i + 1;
    const celulas = new Map<string, string>();
    let valida = true;
    for (const [chave, valor] of Object.entries(objeto)) {
      const nome = nomeColuna(chave);
      if (!colunas.has(nome)) {
        erros.add(linha, nome.slice(0, 60), `Coluna desconhecida num arquivo de ${tipo}.`);
        valida = false;
      } else celulas.set(nome, valor === null ? '' : String(valor));
    }
    for (const c of colunas) {
      if (!celulas.has(c)) {
        erros.add(linha, c, 'Coluna ausente.');
        valida = false;
      }
    }
    if (valida) montador.aceitar({ linha, celula: (c) => celulas.get(c) ?? '' });
  }
  return {
    formato: 'json',
    codificacao: 'utf-8',
    digesto,
    bytes: Buffer.byteLength(serializado),
    linhas: corpo.linhas.length,
    documentos: montador.terminar(),
    erros,
  };
}
