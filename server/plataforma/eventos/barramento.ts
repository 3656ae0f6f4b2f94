import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * O transporte dos eventos entre os servidores de um banco (decisões 0160, 0200): cada servidor guarda cópias
 * curtas na memória (0024, 0027), e os eventos de um fazem os outros largarem as suas na hora, em vez de esperar
 * o prazo. `M` é a mensagem (o evento sem a origem), em JSON.
 */
export type OuvinteBarramento<M> = (mensagem: M) => void;

/** Between the servers of one database. `enviar` reaches the others only: each server acts locally itself. */
export interface Barramento<M> {
  enviar(mensagem: M): void;
  /** Messages from the other servers; `aoPerderMensagens` when some may have been missed (a reconnection). */
  assinar(ouvinte: OuvinteBarramento<M>, aoPerderMensagens: () => void): void;
  fechar(): Promise<void>;
}

/** SQLite: one process, nobody else to tell. */
export class BarramentoLocal<M> implements Barramento<M> {
  enviar(): void {}
  assinar(): void {}
  async fechar(): Promise<void> {}
}

/** The channel of PostgreSQL's LISTEN/NOTIFY shared by every server of the database. */
export const CANAL = 'portal_tpa_avisos';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; stay well below. */
const MAXIMO_PAYLOAD = 7_000;

interface Envelope<M> {
  /** The sending server, so that it ignores its own messages. */
  s: string;
  m: M[];
}

/**
 * PostgreSQL's LISTEN/NOTIFY, no new infrastructure. Messages of one turn of the event loop go in one NOTIFY
 * (a rush of posts is thousands a second). A dedicated connection listens; if it drops, it reconnects and
 * tells the listener that messages may have been lost (`aoPerderMensagens`: drop every copy in memory).
 */
export class BarramentoPostgres<M> implements Barramento<M> {
  private readonly id = randomUUID();
  private readonly pendentes: M[] = [];
  private agendado = false;
  private ouvinte: OuvinteBarramento<M> | undefined;
  private aoPerder: (() => void) | undefined;
  private escuta: pg.Client | undefined;
  private fechado = false;
  private tentativa = 0;

  private readonly url: string;
  private readonly notificar: (canal: string, payload: string) => Promise<void>;
  private readonly relatarFalha: (erro: unknown) => void;

  constructor(
    url: string,
    notificar: (canal: string, payload: string) => Promise<void>,
    relatarFalha: (erro: unknown) => void,
  ) {
    this.url = url;
    this.notificar = notificar;
    this.relatarFalha = relatarFalha;
  }

  /** Resolves once the server listens, so that nothing sent after the app is ready is missed. */
  async iniciar(): Promise<void> {
    await this.conectar();
  }

  enviar(mensagem: M): void {
    this.pendentes.push(mensagem);
    if (this.agendado) return;
    this.agendado = true;
    setImmediate(() => {
      this.agendado = false;
      void this.descarregar();
    });
  }

  assinar(ouvinte: OuvinteBarramento<M>, aoPerderMensagens: () => void): void {
    this.ouvinte = ouvinte;
    this.aoPerder = aoPerderMensagens;
  }

  async fechar(): Promise<void> {
    this.fechado = true;
    await this.escuta?.end().catch(() => {});
  }

  /** The LISTEN connection is up (readiness, GET /api/saude/pronto): false while it reconnects. */
  get ouvindo(): boolean {
    return this.escuta !== undefined && !this.fechado;
  }

  private async descarregar(): Promise<void> {
    const mensagens = this.pendentes.splice(0);
    for (const lote of emLotes(this.id, mensagens)) {
      try {
        await this.notificar(CANAL, lote);
      } catch (erro) {
        this.relatarFalha(erro);
      }
    }
  }

  private async conectar(): Promise<void> {
    const cliente = new pg.Client({ connectionString: this.url });
    cliente.on('notification', (n) => {
      if (n.channel === CANAL && n.payload) this.receber(n.payload);
    });
    const perdida = (erro?: unknown) => {
      if (erro) this.relatarFalha(erro);
      if (this.escuta !== cliente) return;
      this.escuta = undefined;
      this.agendarReconexao();
    };
    cliente.on('error', perdida);
    cliente.on('end', () => perdida());
    await cliente.connect();
    await cliente.query(`LISTEN ${CANAL}`);
    this.escuta = cliente;
    this.tentativa = 0;
  }

  private agendarReconexao(): void {
    if (this.fechado) return;
    const espera = Math.min(30_000, 250 * 2 ** this.tentativa++);
    setTimeout(() => {
      if (this.fechado) return;
      this.conectar().then(
        // Whatever was sent while nobody listened is lost: every copy in memory goes.
        () => this.aoPerder?.(),
        (erro) => {
          this.relatarFalha(erro);
          this.agendarReconexao();
        },
      );
    }, espera).unref();
  }

  private receber(payload: string): void {
    let envelope: Envelope<M>;
    try {
      envelope = JSON.parse(payload) as Envelope<M>;
    } catch (erro) {
      this.relatarFalha(erro);
      return;
    }
    if (envelope.s === this.id || !Array.isArray(envelope.m)) return;
    for (const mensagem of envelope.m) {
      try {
        this.ouvinte?.(mensagem);
      } catch (erro) {
        this.relatarFalha(erro);
      }
    }
  }
}

/** Messages packed into as few payloads as fit under PostgreSQL's limit. */
export function emLotes(servidor: string, mensagens: readonly unknown[]): string[] {
  const lotes: string[] = [];
  let atual: string[] = [];
  let tamanho = 0;
  const base = JSON.stringify({ s: servidor, m: [] }).length;
  for (const mensagem of mensagens) {
    const texto = JSON.stringify(mensagem);
    if (atual.length > 0 && base + tamanho + texto.length + 1 > MAXIMO_PAYLOAD) {
      lotes.push(`{"s":${JSON.stringify(servidor)},"m":[${atual.join(',')}]}`);
      atual = [];
      tamanho = 0;
    }
    atual.push(texto);
    tamanho += texto.length + 1;
  }
  if (atual.length > 0) lotes.push(`{"s":${JSON.stringify(servidor)},"m":[${atual.join(',')}]}`);
  return lotes;
}
