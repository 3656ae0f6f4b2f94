import type { LookupAddress } from 'node:dns';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { agenteSeguro, DestinoRecusado, enderecoAceito, lookupSeguro } from './destino.ts';
import { criarRemetente, type RespostaHilo } from './hilo-envio.ts';

/**
 * The connection-time guard of the push posts (issue 28 item 1, docs/decisions/0220). DNS is always a stub,
 * and the only socket ever opened goes to a counting TCP server on 127.0.0.1: no packet leaves loopback,
 * private and link-local ranges included (those are only classified, never dialled).
 */

type Resposta = LookupAddress[];
function dnsFalso(respostas: Record<string, Resposta>) {
  const perguntas: string[] = [];
  const resolver = (
    host: string,
    _opcoes: unknown,
    cb: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void,
  ) => {
    perguntas.push(host);
    const r = respostas[host];
    if (r) cb(null, r);
    else cb(Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
  };
  return { resolver, perguntas };
}

function consultar(lookup: net.LookupFunction, host: string, all: boolean) {
  return new Promise<{ erro: unknown; endereco: unknown }>((r) =>
    lookup(host, { all }, (erro, endereco) => r({ erro, endereco })),
  );
}

describe('enderecoAceito', () => {
  it('recusa loopback, privados, link-local, CGNAT, reservados, multicast e os IPv6 equivalentes', () => {
    for (const e of [
      '127.0.0.1',
      '127.9.9.9',
      '10.0.0.7',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '192.0.2.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      'não é endereço',
    ]) {
      expect(enderecoAceito(e), e).toBe(false);
    }
  });

  it('aceita endereços públicos; uma rede permitida (só os testes) abre exceção só para ela', () => {
    for (const e of ['8.8.8.8', '142.250.0.10', '2001:4860:4860::8888'])
      expect(enderecoAceito(e), e).toBe(true);
    expect(enderecoAceito('127.0.0.1', ['127.0.0.1/32'])).toBe(true);
    expect(enderecoAceito('127.0.0.2', ['127.0.0.1/32'])).toBe(false);
    expect(enderecoAceito('::1', ['127.0.0.1/32'])).toBe(false);
  });
});

describe('lookupSeguro (DNS falso)', () => {
  it('um nome que resolve só para endereços não públicos é um erro, e nada é conectado', async () => {
    const { resolver } = dnsFalso({
      'fcm.googleapis.com': [{ address: '169.254.169.254', family: 4 }],
      'push.services.mozilla.com': [
        { address: '10.0.0.1', family: 4 },
        { address: 'fe80::1', family: 6 },
      ],
    });
    const lookup = lookupSeguro([], resolver);
    for (const host of ['fcm.googleapis.com', 'push.services.mozilla.com']) {
      for (const all of [false, true]) {
        const { erro } = await consultar(lookup, host, all);
        expect(erro, host).toBeInstanceOf(DestinoRecusado);
      }
    }
  });

  it('numa resposta mista, só os endereços públicos seguem', async () => {
    const { resolver } = dnsFalso({
      'fcm.googleapis.com': [
        { address: '127.0.0.1', family: 4 },
        { address: '142.250.0.10', family: 4 },
        { address: '::1', family: 6 },
      ],
    });
    const lookup = lookupSeguro([], resolver);
    expect(await consultar(lookup, 'fcm.googleapis.com', false)).toEqual({
      erro: null,
      endereco: '142.250.0.10',
    });
    expect(await consultar(lookup, 'fcm.googleapis.com', true)).toEqual({
      erro: null,
      endereco: [{ address: '142.250.0.10', family: 4 }],
    });
  });
});

describe('agenteSeguro: na hora da conexão', () => {
  let servidor: net.Server;
  let porta: number;
  let conexoes = 0;
  beforeAll(async () => {
    servidor = net.createServer((s) => {
      conexoes++;
      s.destroy();
    });
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    porta = (servidor.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => servidor.close(() => r())));

  function conectar(agente: ReturnType<typeof agenteSeguro>, host: string) {
    return new Promise<Error>((resolver) => {
      // https through the agent: the TLS handshake with the counting server fails if a socket ever opens.
      const pedido = agente.createConnection({ host, port: porta, servername: 'fcm.googleapis.com' }, (e) => {
        if (e) resolver(e);
      });
      pedido?.on('error', resolver);
    });
  }

  it('um nome permitido que o DNS aponta para 127.0.0.1 não abre conexão', async () => {
    const { resolver, perguntas } = dnsFalso({ 'fcm.googleapis.com': [{ address: '127.0.0.1', family: 4 }] });
    const agente = agenteSeguro({ resolver });
    const antes = conexoes;
    const erro = await conectar(agente, 'fcm.googleapis.com');
    expect(erro).toBeInstanceOf(DestinoRecusado);
    expect(perguntas).toEqual(['fcm.googleapis.com']);
    expect(conexoes).toBe(antes);
    agente.destroy();
  });

  it('um endereço literal de loopback (que não passa pelo lookup) também não', async () => {
    const agente = agenteSeguro();
    const antes = conexoes;
    for (const host of ['127.0.0.1', '::ffff:127.0.0.1']) {
      expect(await conectar(agente, host), host).toBeInstanceOf(DestinoRecusado);
    }
    expect(conexoes).toBe(antes);
    agente.destroy();
  });

  it('controle: com 127.0.0.1/32 permitido (o receptor dos testes), a mesma conexão chega ao servidor', async () => {
    const { resolver } = dnsFalso({ 'fcm.googleapis.com': [{ address: '127.0.0.1', family: 4 }] });
    const agente = agenteSeguro({ resolver, redesPermitidas: ['127.0.0.1/32'] });
    const antes = conexoes;
    const erro = await conectar(agente, 'fcm.googleapis.com');
    expect(erro).not.toBeInstanceOf(DestinoRecusado);
    await expect.poll(() => conexoes).toBe(antes + 1);
    agente.destroy();
  });

  it('o envio do web-push pelo remetente (o mesmo da thread) é recusado antes do socket', async () => {
    const { resolver, perguntas } = dnsFalso({ 'fcm.googleapis.com': [{ address: '127.0.0.1', family: 4 }] });
    const vapid = webpush.generateVAPIDKeys();
    const remetente = criarRemetente(
      {
        chaves: { publica: vapid.publicKey, privada: vapid.privateKey },
        contato: 'mailto:t@t.invalid',
        simultaneos: 1,
      },
      resolver,
    );
    const navegador = webpush.generateVAPIDKeys();
    const respostas: RespostaHilo[] = [];
    const antes = conexoes;
    await remetente.enviarLote(
      1,
      [
        {
          endpoint: `https://fcm.googleapis.com:${porta}/fcm/send/x`,
          p256dh: navegador.publicKey,
          auth: 'AAAAAAAAAAAAAAAAAAAAAA',
          mensagem: { titulo: 't', corpo: 'c', url: '/', tag: 't' },
          ttl: 60,
        },
      ],
      (r) => respostas.push(r),
    );
    remetente.fechar();
    expect(perguntas).toEqual(['fcm.googleapis.com']);
    expect(respostas[0]).toMatchObject({
      tipo: 'falha',
      erro: expect.stringContaining('não resolve para um endereço público'),
    });
    expect(respostas.at(-1)).toMatchObject({ tipo: 'fim', enviados: 0, falhas: 1 });
    expect(conexoes).toBe(antes);
  });
});
