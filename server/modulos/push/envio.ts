import { Worker } from 'node:worker_threads';
import type { MensagemPush } from '#common/api/push.ts';
import type { Db } from '../../plataforma/banco/schema.ts';
import type { ChavesVapid } from './chaves.ts';
import { type ExcecoesDestino, servicoPermitido } from './destino.ts';
import type { EnvioHilo, OpcoesHilo, RespostaHilo } from './hilo-envio.ts';
import { mensagemEscalaAberta, mensagemResultado, mensagemServico } from './mensagens.ts';
import {
  type AssinaturaPush,
  assinaturasComResultado,
  assinaturasDosAvulsos,
  removerAssinatura,
  todasAssinaturas,
} from './repositorio.ts';

/**
 * Sends the notifications of one server process (docs/decisions/0162). Each event is sent by the process
 * whose request changed the call (the staff member's), so with several servers it goes out once. The
 * route only queues the event: the subscriptions are read after the answer, and the posts (encryption, TLS,
 * HTTP) run on a thread of their own (hilo-envio.ts), a few at a time, so they never delay nor fail the
 * staff request, nor take the event loop from the choices that start when a call opens.
 */

export interface OpcoesEnvio {
  db: Db;
  chaves: ChavesVapid;
  /** The VAPID subject (PUSH_CONTATO). */
  contato: string;
  /** Hosts an endpoint may point at (PUSH_SERVICOS); anything else is never posted to. */
  servicos: readonly string[];
  /** An extra certificate (PEM) the posts trust: the tests' own push receiver. */
  ca?: string;
  /** The tests' receiver: its port and its loopback network (destino.ts). */
  excecoes?: ExcecoesDestino;
  /** Posts in flight at once. */
  simultaneos?: number;
  relatarFalha: (erro: unknown, contexto: string) => void;
  /** Told each round's outcome; the sends count as finished (aguardarEnvios) once what it returns settles. */
  registrar?: (resumo: ResumoEnvio) => void | Promise<void>;
}

export interface ResumoEnvio {
  evento: 'escala-aberta' | 'resultado' | 'documentos' | 'mensagem';
  /** The call's number, the payroll import's id (`documentos`) or the service message's (`mensagem`). */
  numEscalacao: number;
  /** Distinct workers whose subscriptions were sent the notice, and those subscriptions (docs/decisions/0264). */
  trabalhadores: number;
  aparelhos: number;
  enviados: number;
  /** Subscriptions the push service said are gone (404/410), removed. */
  removidas: number;
  falhas: number;
  duracaoMs: number;
}

/** How long a call's opening notice is worth delivering, and a result's (push services drop it after). */
const TTL_ABERTA_S = 60 * 60;
const TTL_RESULTADO_S = 24 * 60 * 60;
/** Pay documents stay worth telling for a few days. */
const TTL_DOCUMENTOS_S = 3 * 24 * 60 * 60;
/** A staff message is worth a day (it stays in the home's queue anyway). */
const TTL_MENSAGEM_S = 24 * 60 * 60;

export class EnviadorPush {
  private readonly opcoes: OpcoesEnvio;
  private readonly pendentes = new Set<Promise<void>>();
  private hilo: Worker | undefined;
  private hiloOnline = false;
  private proximoLote = 0;
  /** The batches handed to the thread, by id: their end, and the gone subscriptions to delete. */
  private readonly lotes = new Map<
    number,
    {
      aoSumir: (endpoint: string) => void;
      aoTerminar: (r: RespostaHilo & { tipo: 'fim' }) => void;
      falhar: (e: unknown) => void;
    }
  >();

  constructor(opcoes: OpcoesEnvio) {
    this.opcoes = opcoes;
  }

  get chavePublica(): string {
    return this.opcoes.chaves.publica;
  }

  /** Whether a subscription's endpoint is one this server would post to (destino.ts). */
  aceita(endpoint: string): boolean {
    return servicoPermitido(endpoint, this.opcoes.servicos, this.opcoes.excecoes);
  }

  /** A call opened: every subscription. Returns at once; the sends follow. */
  escalaAberta(escala: { numEscalacao: number; dataChamada: string; horaChamada: string }): void {
    this.disparar('escala-aberta', escala.numEscalacao, async () => {
      const mensagem = mensagemEscalaAberta(escala);
      const assinaturas = await todasAssinaturas(this.opcoes.db);
      return assinaturas.map((a) => envio(a, mensagem, TTL_ABERTA_S));
    });
  }

  /** A call's result was published: each worker who chose gets their own outcome. Returns at once. */
  resultadoPublicado(numEscalacao: number): void {
    this.disparar('resultado', numEscalacao, async () => {
      const linhas = await assinaturasComResultado(this.opcoes.db, numEscalacao);
      return linhas.map((l) =>
        envio(
          l,
          mensagemResultado(
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
          TTL_RESULTADO_S,
        ),
      );
    });
  }

  /**
   * Pay documents arrived (a payroll import, issue 25): each worker's one notice to each of their
   * subscriptions. Returns at once.
   */
  documentosDisponiveis(idImportacao: number, avisos: ReadonlyMap<string, MensagemPush>): void {
    if (avisos.size === 0) return;
    this.disparar('documentos', idImportacao, async () => {
      const assinaturas = await assinaturasDosAvulsos(this.opcoes.db, [...avisos.keys()]);
      return assinaturas.flatMap((a) => {
        const mensagem = avisos.get(a.cod_avulso);
        return mensagem ? [envio(a, mensagem, TTL_DOCUMENTOS_S)] : [];
      });
    });
  }

  /**
   * A staff message sent with `aviso` (issue 30): the subscriptions of its recipients, read after the answer
   * ('todos': every subscription). Returns at once.
   */
  mensagemDaEquipe(
    idMensagem: number,
    conteudo: { titulo: string; texto: string },
    destinatarios: () => Promise<readonly string[] | 'todos'>,
  ): void {
    this.disparar('mensagem', idMensagem, async () => {
      const quem = await destinatarios();
      const assinaturas =
        quem === 'todos'
          ? await todasAssinaturas(this.opcoes.db)
          : await assinaturasDosAvulsos(this.opcoes.db, quem);
      const mensagem = mensagemServico(idMensagem, conteudo);
      return assinaturas.map((a) => envio(a, mensagem, TTL_MENSAGEM_S));
    });
  }

  /** Resolves when every send started so far has finished (tests; the server's close). */
  async aguardarEnvios(): Promise<void> {
    while (this.pendentes.size > 0) await Promise.allSettled([...this.pendentes]);
  }

  /**
   * Readiness (GET /api/saude/pronto): starts the send thread if none runs (it is otherwise started by the
   * first notice) and says whether it is up: `iniciando` until its 'online' event.
   */
  estadoThread(): 'ok' | 'iniciando' {
    this.obterHilo();
    return this.hiloOnline ? 'ok' : 'iniciando';
  }

  async fechar(): Promise<void> {
    const hilo = this.hilo;
    this.hilo = undefined;
    this.hiloOnline = false;
    if (hilo) await hilo.terminate();
  }

  private disparar(
    evento: ResumoEnvio['evento'],
    numEscalacao: number,
    preparar: () => Promise<EnvioPreparado[]>,
  ): void {
    const tarefa = (async () => {
      // After the answer: the staff request's own work is done before the first read here.
      await new Promise<void>((r) => setImmediate(r));
      const inicio = performance.now();
      // Only push services' hosts, checked again here: the setting may have changed since the subscription.
      const envios = (await preparar()).filter((e) => this.aceita(e.endpoint));
      const fim =
        envios.length === 0
          ? { enviados: 0, removidas: 0, falhas: 0 }
          : await this.enviarNoHilo(envios.map(({ codAvulso: _, ...e }) => e));
      await this.opcoes.registrar?.({
        evento,
        numEscalacao,
        trabalhadores: new Set(envios.map((e) => e.codAvulso)).size,
        aparelhos: envios.length,
        enviados: fim.enviados,
        removidas: fim.removidas,
        falhas: fim.falhas,
        duracaoMs: Math.round(performance.now() - inicio),
      });
    })().catch((erro) => this.opcoes.relatarFalha(erro, `push ${evento} ${numEscalacao}`));
    this.pendentes.add(tarefa);
    void tarefa.finally(() => this.pendentes.delete(tarefa));
  }

  private enviarNoHilo(envios: EnvioHilo[]): Promise<RespostaHilo & { tipo: 'fim' }> {
    const hilo = this.obterHilo();
    const id = ++this.proximoLote;
    const remocoes: Promise<void>[] = [];
    // An idle thread never keeps the process alive; one with sends under way does, until they end.
    const largar = () => {
      this.lotes.delete(id);
      if (this.lotes.size === 0) hilo.unref();
    };
    return new Promise((resolver, rejeitar) => {
      this.lotes.set(id, {
        aoSumir: (endpoint) => remocoes.push(removerAssinatura(this.opcoes.db, endpoint)),
        aoTerminar: (r) => {
          largar();
          Promise.all(remocoes).then(() => resolver(r), rejeitar);
        },
        falhar: (e) => {
          largar();
          rejeitar(e);
        },
      });
      hilo.ref();
      hilo.postMessage({ id, envios });
    });
  }

  private obterHilo(): Worker {
    if (this.hilo) return this.hilo;
    const hilo = new Worker(new URL('./hilo-envio.ts', import.meta.url));
    hilo.unref();
    const opcoes: OpcoesHilo = {
      chaves: this.opcoes.chaves,
      contato: this.opcoes.contato,
      simultaneos: this.opcoes.simultaneos ?? 8,
      ...(this.opcoes.ca ? { ca: this.opcoes.ca } : {}),
      ...(this.opcoes.excecoes?.redesPermitidas
        ? { redesPermitidas: [...this.opcoes.excecoes.redesPermitidas] }
        : {}),
    };
    hilo.postMessage({ opcoes });
    hilo.once('online', () => {
      if (this.hilo === hilo) this.hiloOnline = true;
    });
    hilo.on('message', (r: RespostaHilo) => {
      const lote = this.lotes.get(r.id);
      if (r.tipo === 'sumiu') lote?.aoSumir(r.endpoint);
      else if (r.tipo === 'falha') this.opcoes.relatarFalha(new Error(r.erro), 'push: envio recusado');
      else lote?.aoTerminar(r);
    });
    // A thread that died or ended takes its batches with it; the next event starts another.
    const perder = (erro: unknown) => {
      if (this.hilo === hilo) {
        this.hilo = undefined;
        this.hiloOnline = false;
      }
      for (const lote of [...this.lotes.values()]) lote.falhar(erro);
    };
    hilo.on('error', perder);
    hilo.on('exit', (codigo) => perder(new Error(`a thread de envio terminou (código ${codigo})`)));
    this.hilo = hilo;
    return hilo;
  }
}

/** A send and whose subscription it goes to (counted, not sent to the thread). */
type EnvioPreparado = EnvioHilo & { codAvulso: string };

function envio(
  a: AssinaturaPush & { cod_avulso: string },
  mensagem: MensagemPush,
  ttl: number,
): EnvioPreparado {
  return { endpoint: a.endpoint, p256dh: a.p256dh, auth: a.auth, codAvulso: a.cod_avulso, mensagem, ttl };
}
