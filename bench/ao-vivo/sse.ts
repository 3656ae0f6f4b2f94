/**
 * A minimal reader of Server-Sent Events for the bench's thousands of streams (the web uses
 * eventsource-parser; here each byte counts, and the server writes only `event:`, `data:` and comment lines).
 */

export interface Quadro {
  tipo: string;
  dados: string;
}

/**
 * The complete messages at the start of `texto` (a stream's unread text) and what is left after them, to be
 * prefixed to the next chunk. Comment lines (`: pulso`) carry no message.
 */
export function lerQuadros(texto: string): { quadros: Quadro[]; resto: string } {
  const quadros: Quadro[] = [];
  let inicio = 0;
  for (;;) {
    const fim = texto.indexOf('\n\n', inicio);
    if (fim < 0) break;
    let tipo = 'message';
    let dados: string | undefined;
    for (const linha of texto.slice(inicio, fim).split('\n')) {
      if (linha.startsWith('event:')) tipo = linha.slice(6).trim();
      else if (linha.startsWith('data:')) {
        const d = linha.slice(linha[5] === ' ' ? 6 : 5);
        dados = dados === undefined ? d : `${dados}\n${d}`;
      }
    }
    if (dados !== undefined) quadros.push({ tipo, dados });
    inicio = fim + 2;
  }
  return { quadros, resto: texto.slice(inicio) };
}
