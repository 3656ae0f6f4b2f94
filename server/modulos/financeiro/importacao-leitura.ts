import { createHash } from 'node:crypto';
import { setImmediate as proximaVolta } from 'node:timers/promises';
import { parse } from 'csv-parse';
import {
  type CorpoJsonImportacao,
  MAXIMO_LINHAS_IMPORTACAO,
  type TipoImportacao,
} from '#common/api/financeiro-importacao.ts';
import {
  COLUNAS,
  type ContextoLeitura,
  criarMontador,
  type DocumentosImportados,
  ErrosImportacao,
} from './importacao-formatos.ts';

/**
 * A payroll file from its bytes to documents (docs/decisions/0241): the encoding found (UTF-8, else
 * Windows-1252, the two a Brazilian spreadsheet writes), the CSV read by csv-parse as a stream of records,
 * a few thousand at a time with a turn of the event loop between them, so other requests go on while a
 * 300,000-line month is read. Nothing here touches the database.
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

/** Records between two turns of the event loop. */
const RECORDS_POR_VOLTA = 2_000;
/** Characters handed to the parser at a time. */
const PEDACO = 64 * 1024;

/** 'Matrícula ' → 'matricula': header names as people type them. */
function nomeColuna(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (which decodes any byte). */
export function decodificar(bytes: Uint8Array): { texto: string; codificacao: 'utf-8' | 'windows-1252' } {
  try {
    return { texto: new TextDecoder('utf-8', { fatal: true }).decode(bytes), codificacao: 'utf-8' };
  } catch {
    return { texto: new TextDecoder('windows-1252').decode(bytes), codificacao: 'windows-1252' };
  }
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
  const { texto, codificacao } = decodificar(bytes);
  if (texto.trim() === '') {
    erros.add(1, 'arquivo', 'Arquivo vazio.');
    return lidoVazio('csv', codificacao, digesto, bytes.length, tipo, erros);
  }

  const parser = parse({
    delimiter: delimitadorDe(texto),
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  // Fed in pieces, waiting when the parser's buffer is full: the records are read as they come.
  const alimentar = (async () => {
    for (let i = 0; i < texto.length; i += PEDACO) {
      if (!parser.write(texto.slice(i, i + PEDACO))) {
        await new Promise<void>((resolver) => {
          const seguir = () => {
            parser.off('close', seguir);
            parser.off('drain', seguir);
            resolver();
          };
          parser.once('drain', seguir);
          parser.once('close', seguir);
        });
      }
      if (parser.destroyed) return;
    }
    parser.end();
  })();

  const montador = criarMontador(tipo, erros, ctx);
  let indice: Map<string, number> | undefined;
  let colunas = 0;
  let linhas = 0;
  let lidos = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (++lidos % RECORDS_POR_VOLTA === 0) await proximaVolta();
      if (!indice) {
        indice = conferirCabecalho(tipo, record, erros);
        colunas = record.length;
        if (!indice) break;
        continue;
      }
      linhas++;
      if (linhas > MAXIMO_LINHAS_IMPORTACAO) {
        erros.add(info.lines, 'arquivo', `No máximo ${MAXIMO_LINHAS_IMPORTACAO} linhas por arquivo.`);
        break;
      }
      // A line cut short or run long: its cells cannot be trusted to be in their columns.
      if (
        record.length !== colunas &&
        !(record.length > colunas && record.slice(colunas).every((c) => c === ''))
      ) {
        erros.add(info.lines, 'arquivo', `A linha tem ${record.length} colunas; o cabeçalho, ${colunas}.`);
        continue;
      }
      const mapa = indice;
      montador.aceitar({ linha: info.lines, celula: (c) => record[mapa.get(c) ?? -1] ?? '' });
    }
  } catch (erro) {
    const linha = (erro as { lines?: number }).lines ?? linhas + 1;
    erros.add(linha, 'arquivo', 'Arquivo CSV mal formado (aspas sem fechar?).');
  } finally {
    parser.destroy();
    await alimentar.catch(() => {});
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
