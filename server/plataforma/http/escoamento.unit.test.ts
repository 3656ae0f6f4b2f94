import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ESCOAMENTO_MS, responderEFechar } from './erros-de-protocolo.ts';

/**
 * `responderEFechar`: a refusal written on a raw socket reaches a client that is still sending. Loopback only.
 * The client here is the worst case: it keeps sending and reads nothing for 300 ms (a slow phone busy
 * uploading). Closed the old way (end, then destroy), its next bytes meet a closed socket, the kernel answers
 * with a reset, and the client loses the refusal it had not read: 0 of 20 got it when this was written.
 */
const RESPOSTA = 'HTTP/1.1 429 Too Many Requests\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok';
const servidores: net.Server[] = [];
afterEach(() => {
  for (const s of servidores.splice(0)) s.close();
});

async function servidor(aoConectar: (s: net.Socket) => void): Promise<number> {
  const s = net.createServer((socket) => socket.once('data', () => aoConectar(socket)));
  servidores.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as net.AddressInfo).port;
}

/** A client that sends a request line, keeps sending every millisecond and reads only after 300 ms. */
function clienteQueNaoParaDeMandar(porta: number): Promise<string> {
  return new Promise((resolve) => {
    const c = net.connect(porta, '127.0.0.1');
    let recebido = '';
    const envio = setInterval(() => {
      if (c.writable) c.write('x'.repeat(100));
    }, 1);
    c.on('data', (d) => {
      recebido += d.toString('latin1');
    });
    c.on('error', () => undefined);
    c.on('close', () => {
      clearInterval(envio);
      resolve(recebido);
    });
    c.on('connect', () => {
      c.pause();
      c.write('POST /api/login HTTP/1.1\r\n');
      setTimeout(() => c.resume(), 300);
    });
  });
}

describe('responderEFechar', () => {
  it('a recusa chega a 20 de 20 clientes que continuam mandando (fechar do jeito antigo: nenhum)', async () => {
    const novo = await servidor((s) => responderEFechar(s, RESPOSTA));
    const recebidos = await Promise.all(Array.from({ length: 20 }, () => clienteQueNaoParaDeMandar(novo)));
    expect(recebidos.filter((r) => r.startsWith('HTTP/1.1 429') && r.endsWith('ok'))).toHaveLength(20);

    const velho = await servidor((s) => s.end(RESPOSTA, () => s.destroy()));
    const perdidos = await Promise.all(Array.from({ length: 20 }, () => clienteQueNaoParaDeMandar(velho)));
    expect(perdidos.filter((r) => r.startsWith('HTTP/1.1 429')).length).toBeLessThan(20);
  });

  it('um cliente que nunca para nem fecha é cortado depois do escoamento', async () => {
    let inicio = 0;
    let aoFechar: () => void = () => undefined;
    const fechado = new Promise<void>((r) => {
      aoFechar = r;
    });
    const porta = await servidor((s) => {
      inicio = Date.now();
      s.once('close', aoFechar);
      responderEFechar(s, RESPOSTA);
    });
    // allowHalfOpen: the client does not close when the answer's FIN arrives, and keeps sending.
    const c = net.connect({ port: porta, host: '127.0.0.1', allowHalfOpen: true });
    c.on('error', () => undefined);
    const envio = setInterval(() => {
      if (c.writable) c.write('x');
    }, 5);
    c.write('POST / HTTP/1.1\r\n');
    await fechado;
    const duracao = Date.now() - inicio;
    clearInterval(envio);
    c.destroy();
    expect(duracao).toBeGreaterThanOrEqual(ESCOAMENTO_MS - 50);
  });
});
