import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { EventoAoVivo, TipoEventoAoVivo } from '#common/api/eventos.ts';

export interface EventoRecebido {
  tipo: TipoEventoAoVivo;
  dados: EventoAoVivo;
  /** When it arrived (performance.now()). */
  em: number;
}

/**
 * A live stream (GET /api/eventos) read as the web reads it: fetch streaming with the token header, parsed by
 * eventsource-parser. `proximo` waits for the next event that matches, up to a limit (the stream's own
 * promise, not a fixed sleep); `terminado` resolves when the server ends the stream.
 */
export class FluxoEventos {
  readonly status: number;
  readonly headers: Headers;
  readonly recebidos: EventoRecebido[] = [];
  readonly terminado: Promise<void>;
  private lidos = 0;
  private esperando: (() => void) | undefined;
  private readonly abortar: AbortController;

  private constructor(resposta: Response, abortar: AbortController) {
    this.status = resposta.status;
    this.headers = resposta.headers;
    this.abortar = abortar;
    this.terminado = this.ler(resposta);
  }

  static async abrir(base: string, token: string): Promise<FluxoEventos> {
    const abortar = new AbortController();
    const resposta = await fetch(`${base}/api/eventos`, {
      headers: { 'X-Access-Token': token, Accept: 'text/event-stream' },
      signal: abortar.signal,
    });
    return new FluxoEventos(resposta, abortar);
  }

  /** The next event of that type (and matching `condicao`) after those already returned. */
  async proximo<T extends TipoEventoAoVivo>(
    tipo: T,
    condicao: (dados: EventoAoVivo<T>) => boolean = () => true,
    limiteMs = 10_000,
  ): Promise<EventoAoVivo<T>> {
    const ate = performance.now() + limiteMs;
    for (;;) {
      while (this.lidos < this.recebidos.length) {
        const e = this.recebidos[this.lidos++];
        if (e && e.tipo === tipo && condicao(e.dados as EventoAoVivo<T>)) return e.dados as EventoAoVivo<T>;
      }
      const resta = ate - performance.now();
      if (resta <= 0) throw new Error(`nenhum evento '${tipo}' em ${limiteMs} ms`);
      let limite: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((r) => {
          this.esperando = r;
        }),
        new Promise<void>((r) => {
          limite = setTimeout(r, resta);
        }),
        this.terminado,
      ]);
      clearTimeout(limite);
      if (this.fim && this.lidos >= this.recebidos.length) throw new Error(`o fluxo terminou sem '${tipo}'`);
    }
  }

  fechar(): void {
    this.abortar.abort();
  }

  private fim = false;

  private async ler(resposta: Response): Promise<void> {
    if (!resposta.body || resposta.status !== 200) {
      this.fim = true;
      return;
    }
    const leitor = resposta.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    try {
      for (;;) {
        const { done, value } = await leitor.read();
        if (done) break;
        this.recebidos.push({
          tipo: value.event as TipoEventoAoVivo,
          dados: JSON.parse(value.data) as EventoAoVivo,
          em: performance.now(),
        });
        this.esperando?.();
      }
    } catch {
      // Aborted by fechar(), or the connection dropped: the stream is over either way.
    } finally {
      this.fim = true;
      this.esperando?.();
    }
  }
}
