import https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { MensagemPush } from '#common/api/push.ts';
import { linhaEscala } from '../db/repositorios/gestao.ts';
import {
  type AssinaturaPush,
  assinaturasComResultado,
  removerAssinatura,
  todasAssinaturas,
} from '../db/repositorios/push.ts';
import type { Db } from '../db/schema.ts';
import type { ChavesVapid } from './chaves.ts';
import { mensagemEscalaAberta, mensagemResultado } from './mensagens.ts';

/**
 * Sends the notifications of one server process (docs/decisions/0162). Each event is sent by the process
 * whose request changed the call (the staff member's), so with several servers it goes out once. Sends run
 * after the request answered, a few at a time, each yielding to the event loop: they never delay nor fail
 * the staff request, and the choices that start when the call opens keep their turn.
 */

export interface OpcoesEnvio {
  db: Db;
  chaves: ChavesVapid;
  /** The VAPID subject (PUSH_CONTATO). */
  contato: string;
  /** Hosts an endpoint may point at (PUSH_SERVICOS); anything else is never posted to. */
  servicos: readonly string[];
  /** The HTTPS agent of the posts (tests trust their own receiver's certificate through it). */
  agente?: https.Agent;
  /** Posts in flight at once. */
  simultaneos?: number;
  relatarFalha: (erro: unknown, contexto: string) => void;
  registrar?: (resumo: ResumoEnvio) => void;
}

export interface ResumoEnvio {
  evento: 'escala-aberta' | 'resultado';
  numEscalacao: number;
  enviados: number;
  /** Subscriptions the push service said are gone (404/410), removed. */
  removidas: number;
  falhas: number;
  duracaoMs: number;
}

/** How long a call's opening notice is worth delivering, and a result's (push services drop it after). */
const TTL_ABERTA_S = 60 * 60;
const TTL_RESULTADO_S = 24 * 60 * 60;
/** A VAPID token is valid up to 24 h; one is signed per push service and reused for 12 h. */
const VALIDADE_JWT_S = 12 * 60 * 60;

/** Whether an endpoint's host is one of the accepted push services (itself or a subdomain). */
export function servicoPermitido(endpoint: string, servicos: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return servicos.some((s) => host === s || host.endsWith(`.${s}`));
}

export class EnviadorPush {
  private readonly opcoes: OpcoesEnvio;
  private readonly agente: https.Agent;
  private readonly pendentes = new Set<Promise<void>>();
  private readonly autorizacoes = new Map<string, { valor: string; ate: number }>();

  constructor(opcoes: OpcoesEnvio) {
    this.opcoes = opcoes;
    this.agente = opcoes.agente ?? new https.Agent({ keepAlive: true, maxSockets: 16 });
  }

  get chavePublica(): string {
    return this.opcoes.chaves.publica;
  }

  /** A call opened: every subscription. Returns at once; the sends follow. */
  escalaAberta(numEscalacao: number): void {
    this.disparar('escala-aberta', numEscalacao, async () => {
      const escala = await linhaEscala(this.opcoes.db, numEscalacao);
      if (!escala) return [];
      const mensagem = mensagemEscalaAberta({
        numEscalacao,
        dataChamada: escala.data_chamada,
        horaChamada: escala.hora_chamada,
      });
      const assinaturas = await todasAssinaturas(this.opcoes.db);
      return assinaturas.map((a) => ({ assinatura: a, mensagem, ttl: TTL_ABERTA_S }));
    });
  }

  /** A call's result was published: each worker who chose gets their own outcome. Returns at once. */
  resultadoPublicado(numEscalacao: number): void {
    this.disparar('resultado', numEscalacao, async () => {
      const linhas = await assinaturasComResultado(this.opcoes.db, numEscalacao);
      return linhas.map((l) => ({
        assinatura: l,
        ttl: TTL_RESULTADO_S,
        mensagem: mensagemResultado(
          numEscalacao,
          l.escalado === 1 && l.funcao !== null
            ? {
                funcao: l.funcao,
                navio: l.navio ?? '',
                faina: l.faina ?? '',
                dataOperacao: l.data_operacao ?? '',
                horaInicio: l.hora_inicio ?? 0,
                horaFim: l.hora_fim ?? 0,
                localAtracacao: l.local_atracacao ?? '',
              }
            : null,
        ),
      }));
    });
  }

  /** Resolves when every send started so far has finished (tests; the server's close). */
  async aguardarEnvios(): Promise<void> {
    while (this.pendentes.size > 0) await Promise.allSettled([...this.pendentes]);
  }

  fechar(): void {
    if (!this.opcoes.agente) this.agente.destroy();
  }

  private disparar(
    evento: ResumoEnvio['evento'],
    numEscalacao: number,
    preparar: () => Promise<{ assinatura: AssinaturaPush; mensagem: MensagemPush; ttl: number }[]>,
  ): void {
    const tarefa = (async () => {
      // After the answer: the staff request's own work is done before the first read here.
      await new Promise<void>((r) => setImmediate(r));
      const inicio = performance.now();
      const envios = await preparar();
      const resumo: ResumoEnvio = {
        evento,
        numEscalacao,
        enviados: 0,
        removidas: 0,
        falhas: 0,
        duracaoMs: 0,
      };
      let proximo = 0;
      const simultaneos = Math.max(1, this.opcoes.simultaneos ?? 8);
      const trabalhar = async () => {
        while (proximo < envios.length) {
          const envio = envios[proximo++];
          if (!envio) break;
          const r = await this.enviar(envio.assinatura, envio.mensagem, envio.ttl);
          if (r === 'enviado') resumo.enviados++;
          else if (r === 'removida') resumo.removidas++;
          else resumo.falhas++;
          // Encryption and signing are CPU: the requests waiting get their turn between two sends.
          await new Promise<void>((r) => setImmediate(r));
        }
      };
      await Promise.all(Array.from({ length: Math.min(simultaneos, envios.length) }, trabalhar));
      resumo.duracaoMs = Math.round(performance.now() - inicio);
      this.opcoes.registrar?.(resumo);
    })().catch((erro) => this.opcoes.relatarFalha(erro, `push ${evento} ${numEscalacao}`));
    this.pendentes.add(tarefa);
    void tarefa.finally(() => this.pendentes.delete(tarefa));
  }

  private async enviar(
    a: AssinaturaPush,
    mensagem: MensagemPush,
    ttl: number,
  ): Promise<'enviado' | 'removida' | 'falha'> {
    if (!servicoPermitido(a.endpoint, this.opcoes.servicos)) return 'falha';
    try {
      await webpush.sendNotification(
        { endpoint: a.endpoint, keys: { p256dh: a.p256dh, auth: a.auth } },
        JSON.stringify(mensagem),
        {
          TTL: ttl,
          urgency: 'high',
          topic: mensagem.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          headers: { Authorization: this.autorizacao(a.endpoint) },
          agent: this.agente,
          timeout: 10_000,
        },
      );
      return 'enviado';
    } catch (erro) {
      if (erro instanceof WebPushError && (erro.statusCode === 404 || erro.statusCode === 410)) {
        await removerAssinatura(this.opcoes.db, a.endpoint);
        return 'removida';
      }
      this.opcoes.relatarFalha(erro, 'push: envio recusado');
      return 'falha';
    }
  }

  /** The VAPID Authorization header for an endpoint's push service, signed once per service per 12 h. */
  private autorizacao(endpoint: string): string {
    const audiencia = new URL(endpoint).origin;
    const agora = Math.floor(Date.now() / 1000);
    const guardada = this.autorizacoes.get(audiencia);
    if (guardada && guardada.ate > agora + 60 * 60) return guardada.valor;
    const ate = agora + VALIDADE_JWT_S;
    const { chaves, contato } = this.opcoes;
    const valor = webpush.getVapidHeaders(
      audiencia,
      contato,
      chaves.publica,
      chaves.privada,
      'aes128gcm',
      ate,
    ).Authorization;
    this.autorizacoes.set(audiencia, { valor, ate });
    return valor;
  }
}
