import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * For what app.inject() cannot send: absolute request targets, malformed request lines, bodies trickled over
 * time. The app listens on a free port of 127.0.0.1 and the test writes raw bytes to a socket.
 */
export async function escutar(app: FastifyInstance): Promise<number> {
  const endereco = app.server.address();
  if (endereco && typeof endereco === 'object') return endereco.port;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const novo = app.server.address();
  if (!novo || typeof novo !== 'object') throw new Error('o servidor de teste não abriu uma porta');
  return novo.port;
}

export interface RespostaBruta {
  status: number;
  cabecalhos: Record<string, string>;
  corpo: string;
  texto: string;
}

export function lerResposta(texto: string): RespostaBruta {
  const fim = texto.indexOf('\r\n\r\n');
  const cabeca = fim < 0 ? texto : texto.slice(0, fim);
  const [linha = '', ...resto] = cabeca.split('\r\n');
  const cabecalhos: Record<string, string> = {};
  for (const l of resto) {
    const i = l.indexOf(':');
    if (i > 0) cabecalhos[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  let corpo = fim < 0 ? '' : texto.slice(fim + 4);
  if (cabecalhos['transfer-encoding'] === 'chunked') corpo = desfazerChunked(corpo);
  return { status: Number(linha.split(' ')[1]), cabecalhos, corpo, texto };
}

function desfazerChunked(corpo: string): string {
  let saida = '';
  let resto = corpo;
  for (;;) {
    const i = resto.indexOf('\r\n');
    if (i < 0) return saida;
    const tamanho = Number.parseInt(resto.slice(0, i), 16);
    if (!tamanho) return saida;
    saida += resto.slice(i + 2, i + 2 + tamanho);
    resto = resto.slice(i + 2 + tamanho + 2);
  }
}

/**
 * Opens a socket, lets `escrever` send what it wants (all at once or trickled), and answers everything the
 * server sent until it closed the connection.
 */
export function conversar(
  porta: number,
  escrever: (socket: net.Socket) => void | Promise<void>,
): Promise<RespostaBruta> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(porta, '127.0.0.1');
    const partes: Buffer[] = [];
    socket.on('data', (d) => partes.push(d));
    socket.on('error', (e) => {
      if (partes.length > 0) resolve(lerResposta(Buffer.concat(partes).toString('latin1')));
      else reject(e);
    });
    socket.on('close', () => resolve(lerResposta(Buffer.concat(partes).toString('latin1'))));
    socket.on('connect', () => {
      Promise.resolve(escrever(socket)).catch((e: unknown) => {
        socket.destroy();
        reject(e);
      });
    });
  });
}

/** One whole request (the connection is closed after the answer). */
export function enviarBruto(porta: number, requisicao: string): Promise<RespostaBruta> {
  return conversar(porta, (s) => {
    s.write(requisicao);
  });
}
