import type { ServerResponse } from 'node:http';
import type { EscalaAberta } from '#common/api/escala-aberta.ts';
import type { ContagemOfertaEvento, EventoAoVivo, TipoEventoAoVivo } from '#common/api/eventos.ts';
import type { AvisoEscalacao } from '../escalacao/avisos.ts';
import type { ContagemOferta } from '../escalacao/servico.ts';

/** What the stream needs of the call module (server/escalacao/servico.ts). */
export interface FonteAoVivo {
  escalaAberta(): Promise<EscalaAberta | null>;
  contagens(numEscalacao: number, codCategoria: number): Promise<ContagemOferta[]>;
}

/** One open stream: a worker's session on one device. */
export interface ClienteAoVivo {
  codAvulso: string;
  sessaoId: string;
  tokenHash: string;
  categorias: readonly number[];
  resposta: ServerResponse;
}

export interface OpcoesTransmissor {
  /** At most one counts message per category in this period. */
  intervaloContagensMs: number;
  /** A stream whose unsent bytes pass this is cut (a phone that stopped reading): it reconnects afresh. */
  maximoPendenteBytes: number;
  relatarFalha: (erro: unknown) => void;
}

const CRLF = Buffer.from('\r\n', 'latin1');

/**
 * A message encoded once for every stream it goes to (docs/decisions/0171): its bytes, and the same bytes
 * framed as one HTTP/1.1 chunk, written straight to each socket (one write instead of the four, the cork and
 * the tick that `ServerResponse.write` spends per stream).
 */
export class Quadro {
  readonly bytes: Buffer;
  private emPedaco: Buffer | undefined;
  constructor(texto: string) {
    this.bytes = Buffer.from(texto);
  }
  get pedaco(): Buffer {
    this.emPedaco ??= Buffer.concat([
      Buffer.from(`${this.bytes.length.toString(16)}\r\n`, 'latin1'),
      this.bytes,
      CRLF,
    ]);
    return this.emPedaco;
  }
}

/**
 * Streams one worker may hold open on this server, whatever the sessions (docs/decisions/0190): a phone's tabs
 * and a few devices fit; a script that keeps opening them gets 429 instead of a socket each.
 */
export const FLUXOS_POR_AVULSO = 8;

/** Streams checked at once by a heartbeat (one query of the session cache each). */
const LOTE_PULSO = 500;
const PULSO = new Quadro(': pulso\n\n');

/** A Server-Sent Events message; `data` is one line of JSON. */
export function mensagemSse<T extends TipoEventoAoVivo>(tipo: T, dados: EventoAoVivo<T>): string {
  return `event: ${tipo}\ndata: ${JSON.stringify(dados)}\n\n`;
}

interface EstadoCategoria {
  numEscalacao: number;
  codCategoria: number;
  /** What the streams were told last: seqCategoria → qtdEscolhas. */
  enviadas: Map<number, number>;
  ultimoEnvio: number;
  agendada: NodeJS.Timeout | undefined;
  confirmadosMudaram: boolean;
}

/**
 * The open streams of this server and what they are told (docs/decisions/0160). A message is written once
 * and the same bytes go to every stream concerned. Counts are coalesced to one message per category per
 * `intervaloContagensMs`, carrying only the offers whose counts changed (absolute values, so a repeat is
 * harmless); a stream starts from a full picture of its categories.
 */
export class Transmissor {
  private readonly clientes = new Set<ClienteAoVivo>();
  /** Open streams by worker (the cap, FLUXOS_POR_AVULSO). */
  private readonly porAvulso = new Map<string, number>();
  private readonly categorias = new Map<string, EstadoCategoria>();

  private readonly fonte: FonteAoVivo;
  private readonly opcoes: OpcoesTransmissor;

  constructor(fonte: FonteAoVivo, opcoes: OpcoesTransmissor) {
    this.fonte = fonte;
    this.opcoes = opcoes;
  }

  get quantidade(): number {
    return this.clientes.size;
  }

  /** True when the worker already holds FLUXOS_POR_AVULSO streams here: the route refuses the next. */
  lotado(codAvulso: string): boolean {
    return (this.porAvulso.get(codAvulso) ?? 0) >= FLUXOS_POR_AVULSO;
  }

  /** Registers a stream and sends it the state now: the open call and its categories' counts. */
  async conectar(cliente: ClienteAoVivo): Promise<void> {
    this.clientes.add(cliente);
    this.porAvulso.set(cliente.codAvulso, (this.porAvulso.get(cliente.codAvulso) ?? 0) + 1);
    cliente.resposta.on('close', () => this.remover(cliente));
    const escalaAberta = await this.fonte.escalaAberta();
    this.escrever(cliente, mensagemSse('estado', { escalaAberta, categorias: [...cliente.categorias] }));
    if (!escalaAberta) return;
    for (const codCategoria of cliente.categorias) {
      const estado = this.estadoCategoria(escalaAberta.numEscalacao, codCategoria);
      // What the other streams were told, so that the next change reaches everyone alike; before any
      // message, a fresh read (not kept: the next message compares against what was really sent).
      const em = estado.enviadas.size > 0 ? estado.ultimoEnvio : Date.now();
      const ofertas =
        estado.enviadas.size > 0
          ? [...estado.enviadas].map(([seqCategoria, qtdEscolhas]) => ({ seqCategoria, qtdEscolhas }))
          : await this.ler(estado);
      this.escrever(
        cliente,
        mensagemSse('contagens', {
          numEscalacao: estado.numEscalacao,
          codCategoria,
          completo: true,
          ofertas,
          em,
        }),
      );
    }
  }

  /** The call module's notices (this server's and, relayed, the others'). */
  aoAviso(aviso: AvisoEscalacao): void {
    if (aviso.tipo === 'escolhas') {
      const estado = this.estadoCategoria(aviso.numEscalacao, aviso.codCategoria);
      estado.confirmadosMudaram = true;
      this.agendar(estado);
      return;
    }
    if (aviso.numEscalacao === null) this.categorias.clear();
    else {
      for (const [chave, estado] of this.categorias) {
        if (estado.numEscalacao === aviso.numEscalacao) {
          clearTimeout(estado.agendada);
          this.categorias.delete(chave);
        }
      }
    }
    // Opened, closed, published, its requisitions edited: screens read what they show of it again.
    void this.anunciarEscala(aviso.numEscalacao);
  }

  /** A service message was queued for a worker: their streams are told. */
  avisarMensagem(codAvulso: string): void {
    const texto = new Quadro(mensagemSse('mensagem', {}));
    for (const cliente of this.clientes) if (cliente.codAvulso === codAvulso) this.escrever(cliente, texto);
  }

  /** The session ended (logout): its streams end too. */
  encerrarSessao(sessaoId: string): void {
    for (const cliente of this.clientes) if (cliente.sessaoId === sessaoId) this.encerrar(cliente);
  }

  /**
   * A comment line that keeps proxies from closing idle streams; `valida` decides whether each goes on. The
   * streams are checked `LOTE_PULSO` at a time, so that the session cache reads each batch in one query
   * (one by one, 6,000 streams were 6,000 round trips every pulse: docs/decisions/0171).
   */
  async pulsar(valida: (cliente: ClienteAoVivo) => Promise<boolean>): Promise<void> {
    const clientes = [...this.clientes];
    for (let i = 0; i < clientes.length; i += LOTE_PULSO) {
      const lote = clientes.slice(i, i + LOTE_PULSO);
      const continuam = await Promise.all(
        lote.map(async (cliente) => {
          try {
            return await valida(cliente);
          } catch (erro) {
            this.opcoes.relatarFalha(erro);
            return true;
          }
        }),
      );
      lote.forEach((cliente, j) => {
        if (continuam[j]) this.escrever(cliente, PULSO);
        else this.encerrar(cliente);
      });
    }
  }

  encerrarTodos(): void {
    for (const cliente of [...this.clientes]) this.encerrar(cliente);
    for (const estado of this.categorias.values()) clearTimeout(estado.agendada);
  }

  /** Forgets a stream (once, whichever way it ended). */
  private remover(cliente: ClienteAoVivo): void {
    if (!this.clientes.delete(cliente)) return;
    const resto = (this.porAvulso.get(cliente.codAvulso) ?? 1) - 1;
    if (resto > 0) this.porAvulso.set(cliente.codAvulso, resto);
    else this.porAvulso.delete(cliente.codAvulso);
  }

  private encerrar(cliente: ClienteAoVivo): void {
    this.remover(cliente);
    cliente.resposta.end();
  }

  private async anunciarEscala(numEscalacao: number | null): Promise<void> {
    try {
      const escalaAberta = await this.fonte.escalaAberta();
      // Encoded once: the same bytes go to every stream.
      const quadro = new Quadro(mensagemSse('escala', { numEscalacao, escalaAberta }));
      for (const cliente of this.clientes) this.escrever(cliente, quadro);
    } catch (erro) {
      this.opcoes.relatarFalha(erro);
    }
  }

  private estadoCategoria(numEscalacao: number, codCategoria: number): EstadoCategoria {
    const chave = `${numEscalacao}/${codCategoria}`;
    let estado = this.categorias.get(chave);
    if (!estado) {
      estado = {
        numEscalacao,
        codCategoria,
        enviadas: new Map(),
        ultimoEnvio: 0,
        agendada: undefined,
        confirmadosMudaram: false,
      };
      this.categorias.set(chave, estado);
    }
    return estado;
  }

  private agendar(estado: EstadoCategoria): void {
    if (estado.agendada) return;
    const espera = Math.max(0, estado.ultimoEnvio + this.opcoes.intervaloContagensMs - Date.now());
    estado.agendada = setTimeout(() => {
      estado.agendada = undefined;
      void this.enviarCategoria(estado);
    }, espera);
  }

  private async ler(estado: EstadoCategoria): Promise<ContagemOfertaEvento[]> {
    const contagens = await this.fonte.contagens(estado.numEscalacao, estado.codCategoria);
    return contagens.map(({ seqCategoria, qtdEscolhas }) => ({ seqCategoria, qtdEscolhas }));
  }

  private async enviarCategoria(estado: EstadoCategoria): Promise<void> {
    // Taken before the read: every change acknowledged before it is in what is read (the events' `em`).
    const em = Date.now();
    estado.ultimoEnvio = em;
    const interessados = [...this.clientes].filter((c) => c.categorias.includes(estado.codCategoria));
    if (interessados.length === 0) {
      // Nobody follows it here: what was sent before is no longer known by any stream.
      estado.enviadas.clear();
      estado.confirmadosMudaram = false;
      return;
    }
    try {
      const ofertas = (await this.ler(estado)).filter(
        ({ seqCategoria, qtdEscolhas }) => estado.enviadas.get(seqCategoria) !== qtdEscolhas,
      );
      for (const { seqCategoria, qtdEscolhas } of ofertas) estado.enviadas.set(seqCategoria, qtdEscolhas);
      let texto = '';
      if (ofertas.length > 0) {
        texto += mensagemSse('contagens', {
          numEscalacao: estado.numEscalacao,
          codCategoria: estado.codCategoria,
          completo: false,
          ofertas,
          em,
        });
      }
      if (estado.confirmadosMudaram) {
        estado.confirmadosMudaram = false;
        texto += mensagemSse('confirmados', {
          numEscalacao: estado.numEscalacao,
          codCategoria: estado.codCategoria,
          em,
        });
      }
      if (texto) {
        const quadro = new Quadro(texto);
        for (const cliente of interessados) this.escrever(cliente, quadro);
      }
    } catch (erro) {
      this.opcoes.relatarFalha(erro);
    }
  }

  private escrever(cliente: ClienteAoVivo, mensagem: string | Quadro): void {
    const resposta = cliente.resposta;
    if (resposta.writableEnded || resposta.destroyed) {
      this.remover(cliente);
      return;
    }
    if (resposta.writableLength > this.opcoes.maximoPendenteBytes) {
      this.remover(cliente);
      resposta.destroy();
      return;
    }
    const quadro = typeof mensagem === 'string' ? new Quadro(mensagem) : mensagem;
    const socket = resposta.socket;
    // Straight to the socket only when the response frames chunks and holds nothing unsent of its own.
    if (
      socket &&
      resposta.chunkedEncoding &&
      resposta.headersSent &&
      resposta.writableLength === socket.writableLength
    )
      socket.write(quadro.pedaco);
    else resposta.write(quadro.bytes);
  }
}
