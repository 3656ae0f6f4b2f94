import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { Baldes, chaveDoEndereco } from '../baldes.ts';
import type { CabecalhosSeguranca } from './cabecalhos-seguranca.ts';
import { ErroApp } from './erro-app.ts';
import { respostaBruta } from './erros-de-protocolo.ts';

/**
 * The greedy (docs/decisions/0091-limites-de-protocolo-e-de-uso.md): the expensive calls (a PDF drawn, a
 * declaration issued, the MP 945 identity check, the public verification) limited per session and per
 * address, and the open connections of one address capped.
 */
export interface LimitesDeUso {
  /** Expensive calls of one session. */
  sessao: Baldes;
  /** Expensive calls with a session, from one address (a carrier NAT puts many workers behind one). */
  endereco: Baldes;
  /** Expensive public calls (no session) from one address. */
  publico: Baldes;
}

export function criarLimites(config: Config, clock: Clock): LimitesDeUso {
  return {
    sessao: new Baldes(config.limites.carosPorMinutoSessao, clock),
    endereco: new Baldes(config.limites.carosPorMinutoEndereco, clock),
    publico: new Baldes(config.limites.publicosPorMinutoEndereco, clock),
  };
}

/** The preHandler of every endpoint described `caro` (server/plataforma/http/registrar.ts), after the session check. */
export async function limitarChamadaCara(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { limites } = this.ctx;
  const endereco = chaveDoEndereco(request.ip);
  const espera = request.sessao
    ? limites.endereco.tirar(endereco) || limites.sessao.tirar(request.sessao.sessaoId)
    : limites.publico.tirar(endereco);
  if (espera > 0) {
    reply.header('Retry-After', String(espera));
    throw new ErroApp('MuitasRequisicoes', undefined, { dados: { aguardarSegundos: espera } });
  }
}

/** TRUST_PROXY as Fastify's `trustProxy` (its types take hops as a function): 0222. */
export function trustProxyDoFastify(
  config: Config,
): boolean | string[] | ((endereco: string, salto: number) => boolean) {
  const confianca = config.trustProxy;
  if (typeof confianca !== 'number') return confianca;
  return (_endereco, salto) => salto < confianca;
}

const FAIXAS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a socket's address is one of the proxies of TRUST_PROXY (docs/decisions/0222). Given as a number of
 * hops, every socket is taken to be the proxy (the server must then be reachable only through it).
 */
export function ehDoProxy(config: Config, endereco: string | undefined): boolean {
  const confianca = config.trustProxy;
  if (confianca === false) return false;
  if (typeof confianca === 'number') return true;
  if (!endereco || !ipaddr.isValid(endereco)) return false;
  const ip = ipaddr.process(endereco);
  return confianca
    .flatMap(
      (e) => FAIXAS[e] ?? [e.includes('/') ? e : `${e}/${ipaddr.parse(e).kind() === 'ipv4' ? 32 : 128}`],
    )
    .some((rede) => {
      const [base, prefixo] = ipaddr.parseCIDR(rede);
      return base.kind() === ip.kind() && ip.match(base, prefixo);
    });
}

/**
 * At most `CONEXOES_POR_ENDERECO` open connections per remote address; the one over it gets 429 in the
 * envelope and is closed. A proxy's connections are not counted here (they carry everyone's requests): behind
 * it the cap counts each client's requests in flight (`limitarPedidosAtrasDoProxy`).
 */
export function limitarConexoes(server: Server, config: Config, seguranca: CabecalhosSeguranca): void {
  const maximo = config.limites.conexoesPorEndereco;
  if (maximo <= 0 || typeof config.trustProxy === 'number') return;
  const abertas = new Map<string, number>();
  const recusa = respostaBruta(
    seguranca,
    {
      codigo: 'MuitasRequisicoes',
      mensagem: 'Conexões demais a partir do seu endereço. Aguarde alguns instantes e tente novamente.',
    },
    { 'Retry-After': '1' },
  );
  server.on('connection', (socket: Socket) => {
    if (ehDoProxy(config, socket.remoteAddress)) return;
    const chave = chaveDoEndereco(socket.remoteAddress);
    const n = (abertas.get(chave) ?? 0) + 1;
    if (n > maximo) {
      // Cut as soon as the refusal is written: node's HTTP server already parses this socket (a plain
      // http.Server kept such a socket open and handed the request over the cap to its handler).
      socket.end(recusa, () => socket.destroy());
      return;
    }
    abertas.set(chave, n);
    socket.once('close', () => {
      const resto = (abertas.get(chave) ?? 1) - 1;
      if (resto > 0) abertas.set(chave, resto);
      else abertas.delete(chave);
    });
  });
}

/**
 * Behind a proxy (TRUST_PROXY), the connection cap per client: at most `CONEXOES_POR_ENDERECO` requests in
 * flight (live streams included) per client address, the right-most one the proxies did not add. The one over
 * it is 429 in the envelope; a forged X-Forwarded-For changes nothing, since the proxy appends the real one.
 */
export function limitarPedidosAtrasDoProxy(app: FastifyInstance, config: Config): void {
  const maximo = config.limites.conexoesPorEndereco;
  if (maximo <= 0 || config.trustProxy === false) return;
  const abertos = new Map<string, number>();
  app.addHook('onRequest', async (request, reply) => {
    if (!ehDoProxy(config, request.socket.remoteAddress)) return;
    const chave = chaveDoEndereco(request.ip);
    const n = (abertos.get(chave) ?? 0) + 1;
    if (n > maximo) {
      reply.header('Retry-After', '1');
      throw new ErroApp(
        'MuitasRequisicoes',
        'Conexões demais a partir do seu endereço. Aguarde alguns instantes e tente novamente.',
        { dados: { aguardarSegundos: 1 } },
      );
    }
    abertos.set(chave, n);
    reply.raw.once('close', () => {
      const resto = (abertos.get(chave) ?? 1) - 1;
      if (resto > 0) abertos.set(chave, resto);
      else abertos.delete(chave);
    });
  });
}
