import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import url from 'node:url';
import ipaddr from 'ipaddr.js';

/**
 * Where a push may go (issue 28 item 1, docs/decisions/0220). Two guards, because one is not enough:
 *
 * - `servicoPermitido`, when a subscription arrives and again before each send: the endpoint read by BOTH the
 *   WHATWG `URL` and the legacy `url.parse` that web-push connects with must give the same host, that host an
 *   accepted push service (itself or a subdomain), `https` on port 443, no userinfo. A host the two parsers
 *   read differently (`https://127.0.0.1{.fcm.googleapis.com/`) is refused.
 * - `agenteSeguro`, when the socket opens: the names are resolved by a lookup of our own that drops every
 *   loopback, private, link-local or otherwise non-public address (ipaddr.js classifies them), and an IP
 *   literal is classified the same way (Node does not call `lookup` for those). DNS may answer differently
 *   after the check, so the check that counts is the one at connection time.
 */

/** Port and addresses the tests' own receiver needs (it listens on 127.0.0.1, on a port of its own). */
export interface ExcecoesDestino {
  /** Ports accepted besides 443. */
  portas?: readonly number[];
  /** Non-public networks (CIDR) a connection may still reach: tests only. */
  redesPermitidas?: readonly string[];
}

const HOST_DNS = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** Whether an endpoint is one the server may post to (see above). */
export function servicoPermitido(
  endpoint: string,
  servicos: readonly string[],
  excecoes: ExcecoesDestino = {},
): boolean {
  let whatwg: URL;
  let legado: url.UrlWithStringQuery;
  try {
    whatwg = new URL(endpoint);
    legado = url.parse(endpoint);
  } catch {
    return false;
  }
  if (whatwg.protocol !== 'https:' || legado.protocol !== 'https:') return false;
  if (whatwg.username !== '' || whatwg.password !== '' || legado.auth !== null) return false;
  const host = whatwg.hostname;
  if (legado.hostname !== host) return false;
  if (!HOST_DNS.test(host) && isIP(host) !== 4) return false;
  const porta = whatwg.port === '' ? 443 : Number(whatwg.port);
  if ((legado.port ?? '443') !== String(porta)) return false;
  if (porta !== 443 && !(excecoes.portas ?? []).includes(porta)) return false;
  return servicos.some((s) => host === s || (isIP(host) === 0 && host.endsWith(`.${s}`)));
}

/** Whether an address may be connected to: a public unicast one, or one in `redesPermitidas`. */
export function enderecoAceito(endereco: string, redesPermitidas: readonly string[] = []): boolean {
  if (!ipaddr.isValid(endereco)) return false;
  const ip = ipaddr.process(endereco);
  if (ip.range() === 'unicast') return true;
  return redesPermitidas.some((rede) => {
    const [base, tamanho] = ipaddr.parseCIDR(rede);
    return base.kind() === ip.kind() && ip.match(base, tamanho);
  });
}

export class DestinoRecusado extends Error {
  readonly code = 'EDESTINORECUSADO';
  constructor(host: string) {
    super(`push: ${host} não resolve para um endereço público; o envio foi recusado`);
  }
}

type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (erro: NodeJS.ErrnoException | null, enderecos: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for sockets that resolves with `resolver` (the system's by default; tests stub it) and keeps
 * only the accepted addresses; none left is an error, and nothing is connected.
 */
export function lookupSeguro(
  redesPermitidas: readonly string[] = [],
  resolver: Resolver = dns.lookup as Resolver,
): LookupFunction {
  return (hostname, opcoes, callback) => {
    resolver(hostname, { ...opcoes, all: true }, (erro, enderecos) => {
      if (erro) {
        callback(erro, '', 4);
        return;
      }
      const aceitos = enderecos.filter((e) => enderecoAceito(e.address, redesPermitidas));
      const primeiro = aceitos[0];
      if (!primeiro) {
        callback(new DestinoRecusado(hostname), '', 4);
        return;
      }
      if (opcoes.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, aceitos);
      else callback(null, primeiro.address, primeiro.family);
    });
  };
}

export interface OpcoesAgente {
  /** An extra trusted certificate (PEM): the tests' receiver. */
  ca?: string;
  redesPermitidas?: readonly string[];
  /** Tests: a stubbed DNS. */
  resolver?: Resolver;
}

/** The HTTPS agent of every push post: keep-alive, and no socket to an address that is not public. */
export function agenteSeguro(opcoes: OpcoesAgente = {}): https.Agent {
  const redes = opcoes.redesPermitidas ?? [];
  const lookup = lookupSeguro(redes, opcoes.resolver);
  class AgenteSeguro extends https.Agent {
    // Every socket of this agent is opened here, whatever options reach it: the lookup is always ours.
    override createConnection(
      ...args: Parameters<https.Agent['createConnection']>
    ): ReturnType<https.Agent['createConnection']> {
      const [alvo, aoCriar] = args as unknown as [{ host?: string }, (e: Error | null) => void];
      const host = (alvo.host ?? '').replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && !enderecoAceito(host, redes)) {
        aoCriar(new DestinoRecusado(host));
        return undefined;
      }
      const resto = args.slice(1) as unknown[];
      return (super.createConnection as (...a: unknown[]) => ReturnType<https.Agent['createConnection']>)(
        { ...alvo, lookup },
        ...resto,
      );
    }
  }
  return new AgenteSeguro({ keepAlive: true, maxSockets: 16, ...(opcoes.ca ? { ca: opcoes.ca } : {}) });
}
