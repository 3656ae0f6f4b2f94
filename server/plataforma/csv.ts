import { stringify } from 'csv-stringify/sync';

/**
 * Every CSV the portal writes or reads (docs/decisions/0215).
 *
 * Writing: one helper for every export (the published call's escala.csv today; declarations and pay
 * documents when they export), so no file the portal hands to a spreadsheet runs a formula: csv-stringify's
 * `escape_formulas` puts a `'` before any field that starts with `=`, `+`, `-`, `@`, TAB or CR (OWASP "CSV
 * Injection"), and fields with the separator, a quote, CR or LF go between quotes (RFC 4180). `;` between
 * fields and a UTF-8 BOM, as a Brazilian spreadsheet opens them; CRLF between lines.
 *
 * Reading: the bytes of a file a staff member sends, as text: UTF-8 when they are valid UTF-8 (a BOM is
 * dropped), otherwise Windows-1252, which is what Excel in Portuguese saves ("CSV (separado por vírgulas)").
 * A strict UTF-8 decode decides it: Windows-1252 text with any accent is almost never valid UTF-8 (an accented
 * letter is one byte 0xC0-0xFF followed by plain ASCII, an invalid sequence), while statistical detectors
 * guess from letter frequencies and can misread a short file of codes and numbers. Both decoders are the
 * platform's (WHATWG Encoding, Node's ICU).
 */

export type CampoCsv = string | number | null | undefined;

export function escreverCsv(linhas: readonly (readonly CampoCsv[])[]): string {
  const corpo = stringify(
    linhas.map((l) => l.map((c) => (c == null ? '' : String(c)))),
    {
      delimiter: ';',
      record_delimiter: 'windows',
      escape_formulas: true,
      // A lone CR or LF inside a field goes between quotes too, never as a bare line break.
      quoted_match: /[\r\n]/,
    },
  );
  return `\uFEFF${corpo}`;
}

export type CodificacaoCsv = 'utf-8' | 'windows-1252';

/** The text of a CSV file's bytes: UTF-8 if valid (BOM dropped), else Windows-1252. */
export function lerTextoCsv(bytes: Uint8Array): { texto: string; codificacao: CodificacaoCsv } {
  try {
    const texto = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { texto, codificacao: 'utf-8' };
  } catch {
    return { texto: new TextDecoder('windows-1252').decode(bytes), codificacao: 'windows-1252' };
  }
}
