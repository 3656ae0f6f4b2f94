import { parentPort } from 'node:worker_threads';
import webpush, { WebPushError } from 'web-push';
import type { MensagemPush } from '#common/api/push.ts';
import type { ChavesVapid } from './chaves.ts';
import { agenteSeguro, type OpcoesAgente } from './destino.ts';

/**
 * The posts to the push services, on a thread of their own (server/modulos/push/envio.ts, docs/decisions/0162):
 * encrypting each payload (an ECDH key pair per message), TLS and HTTP are CPU that would otherwise share the
 * event loop with the choices that start the moment a call opens. The main thread reads the subscriptions,
 * hands them over, and deletes those the service says are gone.
 */

export interface OpcoesHilo {
  chaves: ChavesVapid;
  contato: string;
  /** Extra trusted certificate (PEM): the tests' own receiver. */
  ca?: string;
  /** Non-public networks (CIDR) a post may still reach: the tests' receiver on 127.0.0.1 (destino.ts). */
  redesPermitidas?: string[];
  simultaneos: number;
}

export interface EnvioHilo {
  endpoint: string;
  p256dh: string;
  auth: string;
  mensagem: MensagemPush;
  ttl: number;
}

export type PedidoHilo = { id: number; envios: EnvioHilo[] };

export type RespostaHilo =
  | { id: number; tipo: 'sumiu'; endpoint: string }
  | { id: number; tipo: 'falha'; endpoint: string; erro: string }
  | { id: number; tipo: 'fim'; enviados: number; removidas: number; falhas: number };

/** A VAPID token is valid up to 24 h; one is signed per push service and reused for 12 h. */
const VALIDADE_JWT_S = 12 * 60 * 60;

/** `resolver`: a stubbed DNS (tests that call this on the main thread); the system's otherwise. */
export function criarRemetente(opcoes: OpcoesHilo, resolver?: OpcoesAgente['resolver']) {
  // No socket to a loopback, private or link-local address, whatever DNS answers at send time (0220).
  const agente = agenteSeguro({
    ...(opcoes.ca ? { ca: opcoes.ca } : {}),
    ...(opcoes.redesPermitidas ? { redesPermitidas: opcoes.redesPermitidas } : {}),
    ...(resolver ? { resolver } : {}),
  });
  const autorizacoes = new Map<string, { valor: string; ate: number }>();

  function autorizacao(endpoint: string): string {
    const audiencia = new URL(endpoint).origin;
    const agora = Math.floor(Date.now() / 1000);
    const guardada = autorizacoes.get(audiencia);
    if (guardada && guardada.ate > agora + 60 * 60) return guardada.valor;
    const ate = agora + VALIDADE_JWT_S;
    const { chaves, contato } = opcoes;
    const valor = webpush.getVapidHeaders(
      audiencia,
      contato,
      chaves.publica,
      chaves.privada,
      'aes128gcm',
      ate,
    ).Authorization;
    autorizacoes.set(audiencia, { valor, ate });
    return valor;
  }

  async function enviar(e: EnvioHilo): Promise<'enviado' | 'sumiu' | string> {
    try {
      await webpush.sendNotification(
        { endpoint: e.endpoint, keys: { p256dh: e.p256dh, auth: e.auth } },
        JSON.stringify(e.mensagem),
        {
          TTL: e.ttl,
          urgency: 'high',
          topic: e.mensagem.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          headers: { Authorization: autorizacao(e.endpoint) },
          agent: agente,
          timeout: 10_000,
        },
      );
      return 'enviado';
    } catch (erro) {
      if (erro instanceof WebPushError && (erro.statusCode === 404 || erro.statusCode === 410))
        return 'sumiu';
      return erro instanceof WebPushError ? `HTTP ${erro.statusCode}` : String(erro);
    }
  }

  /** Sends a batch, a few posts at a time; tells `avisar` of every gone or failed subscription. */
  async function enviarLote(id: number, envios: EnvioHilo[], avisar: (r: RespostaHilo) => void) {
    const fim = { id, tipo: 'fim' as const, enviados: 0, removidas: 0, falhas: 0 };
    let proximo = 0;
    const trabalhar = async () => {
      while (proximo < envios.length) {
        const envio = envios[proximo++];
        if (!envio) break;
        const r = await enviar(envio);
        if (r === 'enviado') fim.enviados++;
        else if (r === 'sumiu') {
          fim.removidas++;
          avisar({ id, tipo: 'sumiu', endpoint: envio.endpoint });
        } else {
          fim.falhas++;
          avisar({ id, tipo: 'falha', endpoint: envio.endpoint, erro: r });
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(Math.max(1, opcoes.simultaneos), envios.length) }, trabalhar),
    );
    avisar(fim);
  }

  return { enviarLote, fechar: () => agente.destroy() };
}

if (parentPort) {
  const porta = parentPort;
  let remetente: ReturnType<typeof criarRemetente> | undefined;
  porta.on('message', (m: { opcoes: OpcoesHilo } | PedidoHilo | { fechar: true }) => {
    if ('opcoes' in m) remetente = criarRemetente(m.opcoes);
    else if ('fechar' in m) {
      remetente?.fechar();
      porta.close();
    } else void remetente?.enviarLote(m.id, m.envios, (r) => porta.postMessage(r));
  });
}
