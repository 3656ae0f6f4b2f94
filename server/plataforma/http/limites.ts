import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * At most `CONEXOES_POR_ENDERECO` open connections per remote address; the one over it gets 429 in the
 * envelope and is closed. Off behind a proxy (TRUST_PROXY), where every connection comes from the proxy.
 */
export function limitarConexoes(server: Server, config: Config, seguranca: CabecalhosSeguranca): void {
  const maximo = config.limites.conexoesPorEndereco;
  if (maximo <= 0 || config.trustProxy) return;
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
    const chave = chaveDoEndereco(socket.remoteAddress);
    const n = (abertas.get(chave) ?? 0) + 1;
    if (n > maximo) {
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
