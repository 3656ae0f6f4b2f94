import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as dormir } from 'node:timers/promises';
import type { EscalaAberta } from '#common/api/escala-aberta.ts';
import type { ContagemOfertaEvento, EventoAoVivo, TipoEventoAoVivo } from '#common/api/eventos.ts';
import type { AvisoEscalacao, ContagemOferta, MudancaContagens } from '../escalacao/index.ts';

/** What the stream needs of the call module (server/modulos/escalacao/servico.ts). */
export interface FonteAoVivo {
  escalaAberta(): Promise<EscalaAberta | null>;
  /**
   * A category's counts read from the database now, and whether they already hold a post's change (by its
   * `marca`, AvisoEscolhas.contagens): docs/decisions/0173.
   */
  contagensComMarca(
    numEscalacao: number,
    codCategoria: number,
  ): Promise<{ ofertas: ContagemOferta[]; inclui: (marca: string) => boolean }>;
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
  /** At most one counts message per category per stream in this period. */
  intervaloContagensMs: number;
  /**
   * The streams are spread over this many slices, one served every `intervaloContagensMs / fatias`
   * (docs/decisions/0172): each tick writes to a slice's share of the streams instead of all at once.
   */
  fatias: number;
  /** A stream whose unsent bytes pass this is cut (a phone that stopped reading): it reconnects afresh. */
  maximoPendenteBytes: number;
  /**
   * A category's counts in memory older than this are read again in the background (docs/decisions/0173):
   * a change whose notice never came (a NOTIFY that failed, a post answered with an error after its commit)
   * is corrected within this time instead of staying on the screens.
   */
  releituraMemoriaMs: number;
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

/** One read of a category's counts: the notices it includes (`versao`) and the clock before it began (`em`). */
interface Leitura {
  versao: number;
  em: number;
  ofertas: ContagemOfertaEvento[];
}

/** What one slice's streams were told of one category (docs/decisions/0172). */
interface EstadoFatia {
  /** seqCategoria → qtdEscolhas, as last told (empty: nothing yet, each stream has its own first picture). */
  enviadas: Map<number, number>;
  /** The `em` of what was told. */
  em: number;
  /** The category's version the oldest picture of these streams comes from: a later notice is news. */
  versao: number;
}

/**
 * A category's counts kept in memory (docs/decisions/0173): one read, plus the changes the posts' notices
 * carry that the read does not hold. Current while its `versao` is the category's: a notice without its
 * changes (or with an offer the read did not have) leaves it behind, and the next turn reads again.
 */
interface Memoria {
  versao: number;
  /** When its read was taken (performance.now()). */
  desde: number;
  inclui: (marca: string) => boolean;
  /** seqCategoria → qtdEscolhas, in the read's order of offers. */
  qtds: Map<number, number>;
}

/** Applies a post's changes to the memory, all or none; false when they cannot be (memory no longer exact). */
function aplicarMudanca(memoria: Memoria, mudanca: MudancaContagens | undefined): boolean {
  if (!mudanca || !/^\d{1,20}$/.test(mudanca.marca)) return false;
  if (memoria.inclui(mudanca.marca)) return true;
  // An offer the read did not have, or a count below zero: the memory is not the database's any more.
  const novas = mudanca.deltas.map(([seq, delta]) => [seq, (memoria.qtds.get(seq) ?? -1) + delta] as const);
  if (!mudanca.deltas.every(([seq]) => memoria.qtds.has(seq)) || novas.some(([, qtd]) => qtd < 0))
    return false;
  for (const [seq, qtd] of novas) memoria.qtds.set(seq, qtd);
  return true;
}

function mesmasContagens(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [seq, qtd] of a) if (b.get(seq) !== qtd) return false;
  return true;
}

interface EstadoCategoria {
  numEscalacao: number;
  codCategoria: number;
  /** Bumped by every notice of a post in it: a read older than this may miss a change. */
  versao: number;
  /** The counts in memory, when exact (docs/decisions/0173). */
  memoria: Memoria | undefined;
  /** Per read under way, the changes of the notices that came since it began (undefined: not carried). */
  emVoo: Set<(MudancaContagens | undefined)[]>;
  /** The newest read done; current while its `versao` is the category's. */
  lida: Leitura | undefined;
  /** The read under way, shared by whoever needs that version. */
  lendo: { versao: number; promessa: Promise<Leitura> } | undefined;
  /** Indexed by slice. */
  fatias: (EstadoFatia | undefined)[];
}

/** A slice's streams that follow the same categories: one Quadro a tick serves all of them. */
interface Grupo {
  chave: string;
  categorias: readonly number[];
  clientes: Set<ClienteAoVivo>;
}

interface Fatia {
  grupos: Map<string, Grupo>;
  quantidade: number;
  /** When its last counts writes began (performance.now()): the next begin at least a period later. */
  ultimaEscrita: number;
}

const chaveCategoria = (numEscalacao: number, codCategoria: number) => `${numEscalacao}/${codCategoria}`;

/**
 * The open streams of this server and what they are told (docs/decisions/0160). Calls' state changes,
 * service messages and heartbeats go at once, encoded once for every stream. Counts are spread over the
 * second (docs/decisions/0172): the streams are dealt into `fatias` slices and one timer serves one slice
 * every `intervaloContagensMs / fatias`, so a stream gets at most one counts message per category per
 * period, all its categories in one write, and each tick writes to a slice's share of the streams. A
 * category's counts are read at most once a tick, and only after a notice; each slice is told only the offers
 * whose counts differ from what that slice was last told (absolute values, so a repeat is harmless); a stream
 * starts from the full picture its slice was told.
 */
export class Transmissor {
  private readonly clientes = new Set<ClienteAoVivo>();
  /** Open streams by worker (the cap, FLUXOS_POR_AVULSO). */
  private readonly porAvulso = new Map<string, number>();
  private readonly categorias = new Map<string, EstadoCategoria>();
  private readonly fatias: Fatia[];
  /** The slice and group of each stream that has its first picture (the others are not served yet). */
  private readonly lugares = new Map<ClienteAoVivo, { fatia: Fatia; grupo: Grupo }>();
  /** Where the next stream starts looking for the emptiest slice (round-robin among equals). */
  private cursor = 0;
  private proximaFatia = 0;
  /** When the next tick is due (performance.now()), on a grid `passo` apart. */
  private proximoTique = 0;
  private relogio: NodeJS.Timeout | undefined;
  private servindo = false;
  /** Writes to the streams so far (the metrics: portal_ao_vivo_escritas_total). */
  escritas = 0;

  private readonly fonte: FonteAoVivo;
  private readonly opcoes: OpcoesTransmissor;
  /** Between two ticks (ms). */
  private readonly passo: number;

  constructor(fonte: FonteAoVivo, opcoes: OpcoesTransmissor) {
    this.fonte = fonte;
    this.opcoes = opcoes;
    const k = Math.max(1, Math.trunc(opcoes.fatias));
    this.fatias = Array.from({ length: k }, () => ({
      grupos: new Map(),
      quantidade: 0,
      ultimaEscrita: Number.NEGATIVE_INFINITY,
    }));
    this.passo = opcoes.intervaloContagensMs / k;
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
    let texto = mensagemSse('estado', { escalaAberta, categorias: [...cliente.categorias] });
    const estados = escalaAberta
      ? cliente.categorias.map((c) => this.estadoCategoria(escalaAberta.numEscalacao, c))
      : [];
    // Never read here yet: one read, shared by the streams that connect meanwhile.
    const frias = estados.filter((e) => !e.lida);
    if (frias.length > 0) await Promise.all(frias.map((e) => this.lerAtual(e)));
    if (!this.clientes.has(cliente)) return;
    // From here to joining the slice, synchronous: the stream knows exactly what its slice's next diff is
    // taken against.
    const indice = this.escolherFatia();
    for (const e of estados) {
      if (this.categorias.get(chaveCategoria(e.numEscalacao, e.codCategoria)) !== e || !e.lida) continue;
      let fatia = e.fatias[indice];
      let ofertas: ContagemOfertaEvento[];
      let em: number;
      if (fatia && fatia.enviadas.size > 0) {
        // What the slice was told, so that its next message reaches this stream alike.
        ofertas = [...fatia.enviadas].map(([seqCategoria, qtdEscolhas]) => ({ seqCategoria, qtdEscolhas }));
        em = fatia.em;
      } else {
        // The slice told nothing yet: the newest read. If a notice came after it, the slice's next tick
        // reads again and sends every offer (the diff against nothing).
        ({ ofertas, em } = e.lida);
        fatia ??= { enviadas: new Map(), em: 0, versao: e.lida.versao };
        fatia.versao = Math.min(fatia.versao, e.lida.versao);
        e.fatias[indice] = fatia;
      }
      texto += mensagemSse('contagens', {
        numEscalacao: e.numEscalacao,
        codCategoria: e.codCategoria,
        completo: true,
        ofertas,
        em,
      });
    }
    this.escrever(cliente, texto);
    if (this.clientes.has(cliente)) this.entrar(cliente, indice);
  }

  /** The call module's notices (this server's and, relayed, the others'). */
  aoAviso(aviso: AvisoEscalacao): void {
    if (aviso.tipo === 'escolhas') {
      // Told at the slices' next ticks (the clock runs while there are streams).
      const estado = this.estadoCategoria(aviso.numEscalacao, aviso.codCategoria);
      estado.versao++;
      for (const durante of estado.emVoo) durante.push(aviso.contagens);
      const memoria = estado.memoria;
      if (memoria && memoria.versao === estado.versao - 1 && aplicarMudanca(memoria, aviso.contagens)) {
        memoria.versao = estado.versao;
      } else estado.memoria = undefined;
      return;
    }
    if (aviso.numEscalacao === null) this.categorias.clear();
    else {
      for (const [chave, estado] of this.categorias) {
        if (estado.numEscalacao === aviso.numEscalacao) this.categorias.delete(chave);
      }
    }
    // Opened, closed, published, its requisitions edited: screens read what they show of it again.
    void this.anunciarEscala(aviso.numEscalacao);
  }

  /** A service message was queued for a worker (null: for everyone): their streams are told. */
  avisarMensagem(codAvulso: string | null): void {
    const texto = new Quadro(mensagemSse('mensagem', {}));
    for (const cliente of this.clientes) {
      if (codAvulso === null || cliente.codAvulso === codAvulso) this.escrever(cliente, texto);
    }
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

  /**
   * Ends every stream (the server is stopping). With `retryMs`, each first gets SSE's `retry:` field: the
   * phones reconnect, spread over that time, to whichever server the balancer sends them (issue 26).
   */
  encerrarTodos(retryMs?: number): void {
    const dica = retryMs === undefined ? undefined : new Quadro(`retry: ${Math.round(retryMs)}\n\n`);
    for (const cliente of [...this.clientes]) {
      if (dica) this.escrever(cliente, dica);
      this.encerrar(cliente);
    }
    clearTimeout(this.relogio);
    this.relogio = undefined;
  }

  /** Forgets a stream (once, whichever way it ended). */
  private remover(cliente: ClienteAoVivo): void {
    if (!this.clientes.delete(cliente)) return;
    const resto = (this.porAvulso.get(cliente.codAvulso) ?? 1) - 1;
    if (resto > 0) this.porAvulso.set(cliente.codAvulso, resto);
    else this.porAvulso.delete(cliente.codAvulso);
    const lugar = this.lugares.get(cliente);
    if (!lugar) return;
    this.lugares.delete(cliente);
    lugar.fatia.quantidade--;
    lugar.grupo.clientes.delete(cliente);
    if (lugar.grupo.clientes.size === 0) lugar.fatia.grupos.delete(lugar.grupo.chave);
  }

  private encerrar(cliente: ClienteAoVivo): void {
    this.remover(cliente);
    cliente.resposta.end();
  }

  /** The emptiest slice; among equals, the next in turn (plain round-robin while nobody leaves). */
  private escolherFatia(): number {
    let melhor = this.cursor;
    for (let i = 1; i < this.fatias.length; i++) {
      const j = (this.cursor + i) % this.fatias.length;
      if ((this.fatias[j] as Fatia).quantidade < (this.fatias[melhor] as Fatia).quantidade) melhor = j;
    }
    this.cursor = (melhor + 1) % this.fatias.length;
    return melhor;
  }

  private entrar(cliente: ClienteAoVivo, indice: number): void {
    const fatia = this.fatias[indice] as Fatia;
    const categorias = [...new Set(cliente.categorias)].sort((a, b) => a - b);
    const chave = categorias.join(',');
    let grupo = fatia.grupos.get(chave);
    if (!grupo) {
      grupo = { chave, categorias, clientes: new Set() };
      fatia.grupos.set(chave, grupo);
    }
    grupo.clientes.add(cliente);
    fatia.quantidade++;
    this.lugares.set(cliente, { fatia, grupo });
    if (!this.relogio && !this.servindo) {
      this.proximoTique = performance.now() + this.passo;
      this.agendarTique(this.proximoTique);
    }
  }

  /** The one timer: ticks on a grid `passo` apart while some stream is served, never two at once. */
  private agendarTique(alvo: number): void {
    this.relogio = setTimeout(
      () => {
        this.relogio = undefined;
        void this.tique();
      },
      Math.max(0, Math.ceil(alvo - performance.now())),
    );
    this.relogio.unref();
  }

  private async tique(): Promise<void> {
    if (this.lugares.size === 0) return;
    const indice = this.proximaFatia;
    this.proximaFatia = (indice + 1) % this.fatias.length;
    this.servindo = true;
    try {
      await this.servirFatia(indice);
    } catch (erro) {
      this.opcoes.relatarFalha(erro);
    } finally {
      this.servindo = false;
    }
    // Ticks never overlap. They keep to a fixed grid, so that the event loop's lag delays a slice's turn once
    // a period rather than once a tick (ten lags a round stretched the period under load); a slice that
    // comes round early waits in servirFatia. After a stall of more than a period, the grid starts again
    // from now instead of catching up in a burst.
    this.proximoTique += this.passo;
    const agora = performance.now();
    if (this.proximoTique < agora - this.opcoes.intervaloContagensMs) this.proximoTique = agora;
    if (this.lugares.size > 0 && !this.relogio) this.agendarTique(this.proximoTique);
  }

  /** One slice's turn: the categories with news read (once each), then one write per stream. */
  private async servirFatia(indice: number): Promise<void> {
    const fatia = this.fatias[indice] as Fatia;
    const seguidas = new Set<number>();
    for (const grupo of fatia.grupos.values()) for (const c of grupo.categorias) seguidas.add(c);
    const pendentes: EstadoCategoria[] = [];
    const agora = performance.now();
    for (const estado of this.categorias.values()) {
      if (!seguidas.has(estado.codCategoria)) {
        // Nobody here follows it: what the slice was told is known by no stream.
        estado.fatias[indice] = undefined;
        continue;
      }
      if ((estado.fatias[indice]?.versao ?? 0) < estado.versao) pendentes.push(estado);
      const memoria = estado.memoria;
      if (memoria && agora - memoria.desde > this.opcoes.releituraMemoriaMs && !estado.lendo) {
        // An old memory is read again off this turn's path; if it had drifted, the read makes a new version
        // and the slices are told at their next turns (docs/decisions/0173).
        this.lerDoBanco(estado).catch((erro) => this.opcoes.relatarFalha(erro));
      }
    }
    if (pendentes.length === 0) return;
    let leituras = await Promise.allSettled(pendentes.map((e) => this.lerAtual(e)));
    // The contract (issue 15): a slice's writes begin at least a period apart (counted from their beginning,
    // not their end, or each turn would slip by the time the writes take: measured, a 1.1 s period).
    let esperou = false;
    for (;;) {
      const falta = fatia.ultimaEscrita + this.opcoes.intervaloContagensMs - performance.now();
      if (falta <= 0) break;
      esperou = true;
      await dormir(Math.ceil(falta), undefined, { ref: false });
    }
    // What was acknowledged while it waited goes too: the read is redone if a notice came meanwhile.
    if (esperou && pendentes.some((e) => e.versao > (e.lida?.versao ?? -1))) {
      leituras = await Promise.allSettled(pendentes.map((e) => this.lerAtual(e)));
    }
    const inicioEscrita = performance.now();
    // From here on, synchronous: the streams written to are the slice's now, and what they are told is
    // recorded for the slice at once (a stream joining later starts from it).
    const textos = new Map<number, string>();
    pendentes.forEach((estado, j) => {
      const leitura = leituras[j] as PromiseSettledResult<Leitura>;
      if (leitura.status === 'rejected') {
        this.opcoes.relatarFalha(leitura.reason);
        return;
      }
      const lida = leitura.value;
      if (this.categorias.get(chaveCategoria(estado.numEscalacao, estado.codCategoria)) !== estado) return;
      const dela = estado.fatias[indice] ?? { enviadas: new Map(), em: 0, versao: 0 };
      estado.fatias[indice] = dela;
      if (lida.versao <= dela.versao) return;
      const ofertas = lida.ofertas.filter(
        ({ seqCategoria, qtdEscolhas }) => dela.enviadas.get(seqCategoria) !== qtdEscolhas,
      );
      for (const { seqCategoria, qtdEscolhas } of ofertas) dela.enviadas.set(seqCategoria, qtdEscolhas);
      dela.em = lida.em;
      dela.versao = lida.versao;
      const { numEscalacao, codCategoria } = estado;
      let texto = textos.get(codCategoria) ?? '';
      if (ofertas.length > 0) {
        texto += mensagemSse('contagens', {
          numEscalacao,
          codCategoria,
          completo: false,
          ofertas,
          em: lida.em,
        });
      }
      // A notice came since the slice was last told: a post changed the confirmed list.
      texto += mensagemSse('confirmados', { numEscalacao, codCategoria, em: lida.em });
      textos.set(codCategoria, texto);
    });
    if (textos.size === 0) return;
    for (const grupo of fatia.grupos.values()) {
      let texto = '';
      for (const c of grupo.categorias) texto += textos.get(c) ?? '';
      if (!texto) continue;
      // One write per stream, the same bytes for the group.
      const quadro = new Quadro(texto);
      for (const cliente of grupo.clientes) this.escrever(cliente, quadro);
    }
    fatia.ultimaEscrita = inicioEscrita;
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
    const chave = chaveCategoria(numEscalacao, codCategoria);
    let estado = this.categorias.get(chave);
    if (!estado) {
      estado = {
        numEscalacao,
        codCategoria,
        versao: 0,
        memoria: undefined,
        emVoo: new Set(),
        lida: undefined,
        lendo: undefined,
        fatias: new Array(this.fatias.length),
      };
      this.categorias.set(chave, estado);
    }
    return estado;
  }

  /**
   * The category's counts as of its last notice: the newest read if no notice came after it began; else the
   * memory, when it is current (docs/decisions/0173); else a read begun now (one at a time per version,
   * whoever asks), from which the memory starts again. `em` is taken before the counts are, so every change
   * acknowledged before is in them.
   */
  private lerAtual(estado: EstadoCategoria): Promise<Leitura> {
    const { versao } = estado;
    if (estado.lida?.versao === versao) return Promise.resolve(estado.lida);
    const memoria = estado.memoria;
    if (memoria?.versao === versao) {
      const ofertas = [...memoria.qtds].map(([seqCategoria, qtdEscolhas]) => ({ seqCategoria, qtdEscolhas }));
      estado.lida = { versao, em: Date.now(), ofertas };
      return Promise.resolve(estado.lida);
    }
    if (estado.lendo?.versao === versao) return estado.lendo.promessa;
    return this.lerDoBanco(estado);
  }

  /** A read of the category's counts begun now, from which the memory starts again (docs/decisions/0173). */
  private lerDoBanco(estado: EstadoCategoria): Promise<Leitura> {
    const { versao } = estado;
    const desde = performance.now();
    const em = Date.now();
    const durante: (MudancaContagens | undefined)[] = [];
    estado.emVoo.add(durante);
    const lida = this.fonte.contagensComMarca(estado.numEscalacao, estado.codCategoria);
    const promessa = lida.then(({ ofertas: contagens, inclui }) => {
      estado.emVoo.delete(durante);
      const lida: Leitura = {
        versao,
        em,
        ofertas: contagens.map(({ seqCategoria, qtdEscolhas }) => ({ seqCategoria, qtdEscolhas })),
      };
      if (!estado.lida || estado.lida.versao < versao) estado.lida = lida;
      // The memory starts from this read with the changes of the notices that came since it began (the
      // read may hold some of them already: \`inclui\` tells), if every one of them carried its changes.
      const seguinte: Memoria = {
        versao: versao + durante.length,
        desde,
        inclui,
        qtds: new Map(lida.ofertas.map((o) => [o.seqCategoria, o.qtdEscolhas])),
      };
      const anterior = estado.memoria;
      if (
        seguinte.versao === estado.versao &&
        (anterior?.versao ?? -1) <= seguinte.versao &&
        durante.every((mudanca) => aplicarMudanca(seguinte, mudanca))
      ) {
        if (anterior?.versao === seguinte.versao && !mesmasContagens(anterior.qtds, seguinte.qtds)) {
          // The memory had drifted from the database (a change whose notice never came): a new version,
          // so that every slice is told at its next turn.
          estado.versao++;
          seguinte.versao++;
        }
        estado.memoria = seguinte;
      }
      return lida;
    });
    promessa.catch(() => estado.emVoo.delete(durante));
    const lendo = { versao, promessa };
    estado.lendo = lendo;
    const fim = () => {
      if (estado.lendo === lendo) estado.lendo = undefined;
    };
    promessa.then(fim, fim);
    return promessa;
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
    this.escritas++;
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
