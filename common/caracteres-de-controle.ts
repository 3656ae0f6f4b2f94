/**
 * Text the portal refuses anywhere (issue 28 item 6, docs/decisions/0221): the C0 control characters but TAB,
 * LF and CR; DEL; the C1 controls (U+0080-U+009F); and lone UTF-16 surrogates, which no UTF-8 encodes
 * (PostgreSQL refuses a NUL in text outright: that was a 500). Isomorphic: the server's one check and the fuzz
 * suite's generators and oracle read the same definition.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point
const CONTROLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const SURROGATE_ISOLADO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first refused character of `texto` ('NUL', 'U+001B', 'surrogate isolado'), or undefined. */
export function caractereProibido(texto: string): string | undefined {
  const m = CONTROLE.exec(texto);
  if (m) {
    const codigo = m[0].charCodeAt(0);
    return codigo === 0 ? 'NUL' : `U+${codigo.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return SURROGATE_ISOLADO.test(texto) ? 'surrogate isolado' : undefined;
}

/** Characters the fuzz suite puts in otherwise good strings: each one refused by `caractereProibido`. */
export const CARACTERES_PROIBIDOS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000B',
  '\u000C',
  '\u001B',
  '\u001F',
  '\u007F',
  '\u0080',
  '\u0085',
  '\u009F',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
] as const;
