import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { carregarConfig } from '../../config.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { enviarBruto, escutar, lerResposta } from '../../test/socket-bruto.ts';

/**
 * TRUST_PROXY (issue 28 item 7, docs/decisions/0222): the proxy appends the address it saw to X-Forwarded-For,
 * so the client is the right-most address the configured proxies did not add; whatever a client writes to the
 * left is ignored. Behind the proxy the per-address cap counts each client's requests in flight. The addresses
 * are only header text and inject()'s `remoteAddress`: every packet stays on 127.0.0.1.
 */

const ambientes: AmbienteTeste[] = [];
afterAll(async () => {
  for (const a of ambientes) await a.fechar();
});

/** An app whose TRUST_PROXY is read as the server reads it, with 5 public expensive calls per address. */
async function ambiente(trustProxy: string, conexoesPorEndereco = 256) {
  const lida = carregarConfig({ ...process.env, TRUST_PROXY: trustProxy });
  const amb = await criarAmbiente({
    trustProxy: lida.trustProxy,
    limites: {
      ...lida.limites,
      carosPorMinutoSessao: 0,
      carosPorMinutoEndereco: 0,
      publicosPorMinutoEndereco: 5,
      conexoesPorEndereco,
    },
  } as Partial<Config>);
  ambientes.push(amb);
  return amb;
}

async function verificacoes(amb: AmbienteTeste, pedidos: { de: string; xff?: string }[]) {
  const c = await amb.cliente();
  const r = await Promise.all(
    pedidos.map((p) =>
      c.requisitar({
        method: 'GET',
        url: '/api/verificacao/LKD-AAAA-0000',
        remoteAddress: p.de,
        ...(p.xff ? { headers: { 'x-forwarded-for': p.xff } } : {}),
      }),
    ),
  );
  return r.map((x) => x.status);
}

describe('TRUST_PROXY na configuração', () => {
  it('um número de proxies, ou os endereços deles; o antigo "true" vale um proxy; lixo para a partida', () => {
    const ler = (v: string) => carregarConfig({ ...process.env, TRUST_PROXY: v }).trustProxy;
    expect(ler('')).toBe(false);
    expect(ler('0')).toBe(false);
    expect(ler('1')).toBe(1);
    expect(ler('2')).toBe(2);
    expect(ler('true')).toBe(1);
    expect(ler('10.0.0.5, 10.0.1.0/24,::1')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1']);
    expect(ler('loopback')).toEqual(['loopback']);
    for (const ruim of ['lixo', '10.0.0.5/33', '17', '10.0.0'])
      expect(() => ler(ruim), ruim).toThrow(/TRUST_PROXY/);
  });
});

describe('o endereço do cliente atrás do proxy', () => {
  it('um proxy (TRUST_PROXY=1): forjar X-Forwarded-For à esquerda não escapa do limite por endereço', async () => {
    const amb = await ambiente('1');
    const forjados = Array.from({ length: 12 }, (_, i) => ({
      de: '10.0.0.1',
      xff: `198.51.100.${i + 1}, 203.0.113.7`,
    }));
    const status = await verificacoes(amb, forjados);
    expect(status.filter((s) => s === 404)).toHaveLength(5);
    expect(status.filter((s) => s === 429)).toHaveLength(7);
    // Another client behind the same proxy has its own budget.
    expect(await verificacoes(amb, [{ de: '10.0.0.1', xff: '203.0.113.8' }])).toEqual([404]);
  });

  it('dois proxies (TRUST_PROXY=2): o cliente é o terceiro da direita', async () => {
    const amb = await ambiente('2');
    const status = await verificacoes(
      amb,
      Array.from({ length: 8 }, (_, i) => ({ de: '10.0.0.1', xff: `192.0.2.${i}, 203.0.113.9, 10.0.0.2` })),
    );
    expect(status.filter((s) => s === 404)).toHaveLength(5);
  });

  it('com os endereços dos proxies: quem fala direto com o servidor é o próprio endereço, cabeçalho ignorado', async () => {
    const amb = await ambiente('10.0.0.1,10.0.2.0/24');
    const diretos = await verificacoes(
      amb,
      Array.from({ length: 8 }, (_, i) => ({ de: '198.51.100.77', xff: `192.0.2.${i}` })),
    );
    expect(diretos.filter((s) => s === 404)).toHaveLength(5);
    // Through the proxies, each appended address is its client, and a forged left part is ignored.
    const peloProxy = await verificacoes(
      amb,
      Array.from({ length: 8 }, (_, i) => ({ de: '10.0.2.9', xff: `192.0.2.${i}, 203.0.113.50, 10.0.0.1` })),
    );
    expect(peloProxy.filter((s) => s === 404)).toHaveLength(5);
  });
});

describe('conexões por endereço atrás do proxy', () => {
  it('no máximo CONEXOES_POR_ENDERECO pedidos em curso por cliente: o excedente é 429 no envelope', async () => {
    const amb = await ambiente('1', 2);
    const c = await amb.logado('100001');
    const porta = await escutar(amb.app);
    const fluxo = (cliente: string) =>
      new Promise<{ socket: net.Socket; status: number; texto: string }>((resolve, reject) => {
        const socket = net.connect(porta, '127.0.0.1', () => {
          socket.write(
            `GET /api/eventos HTTP/1.1\r\nHost: x\r\nX-Access-Token: ${c.token}\r\nX-Forwarded-For: ${Math.random()}, ${cliente}\r\n\r\n`,
          );
        });
        let texto = '';
        socket.on('data', (d) => {
          texto += d.toString('latin1');
          if (texto.includes('\r\n\r\n')) resolve({ socket, status: lerResposta(texto).status, texto });
        });
        socket.once('error', reject);
      });
    const a = await fluxo('203.0.113.7');
    const b = await fluxo('203.0.113.7');
    expect([a.status, b.status]).toEqual([200, 200]);
    const excedente = await fluxo('203.0.113.7');
    expect(excedente.status).toBe(429);
    excedente.socket.destroy();
    const corpo = lerResposta(excedente.texto).corpo;
    expect(corpo === '' ? undefined : JSON.parse(corpo.slice(0, corpo.lastIndexOf('}') + 1))).toMatchObject({
      sucesso: false,
      codigoErro: 'MuitasRequisicoes',
    });
    // Another client behind the same proxy is not affected.
    const outro = await fluxo('203.0.113.8');
    expect(outro.status).toBe(200);
    // A stream closed frees its place (the server sees the close a moment later).
    a.socket.destroy();
    await expect
      .poll(async () => {
        const r = await enviarBruto(
          porta,
          'GET /api/config HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n',
        );
        return r.status;
      })
      .toBe(200);
    for (const s of [b.socket, outro.socket]) s.destroy();
  });
});
