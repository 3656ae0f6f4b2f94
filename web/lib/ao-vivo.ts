import { EventSourceParserStream } from 'eventsource-parser/stream';
import { useSyncExternalStore } from 'react';
import type { EscalaAberta } from '#common/api/escala-aberta.ts';
import type { EventoAoVivo, TipoEventoAoVivo } from '#common/api/eventos.ts';
import { cabecalhosPadrao } from './api-client.ts';
import { queryClient } from './consultas.ts';
import { definirToken, lerToken } from './token.ts';

/**
 * The call as it happens (docs/decisions/0160): one GET /api/eventos stream while a worker is logged in, read
 * with fetch streaming (EventSource cannot send the token header) and parsed by eventsource-parser. It
 * reconnects by itself (growing waits, at once when the network comes back); each connection starts with a
 * fresh state, so nothing is lost across a drop. What it learns goes into the query cache (the open call,
 * the worker's result), into the live counts below, and to the features that subscribe (`assinarAoVivo`).
 */

type Ouvinte<T extends TipoEventoAoVivo> = (dados: EventoAoVivo<T>) => void;
const ouvintes = new Map<TipoEventoAoVivo, Set<Ouvinte<TipoEventoAoVivo>>>();

/** A feature follows one kind of event (e.g. the confirmed list's panel); returns the unsubscription. */
export function assinarAoVivo<T extends TipoEventoAoVivo>(tipo: T, ouvinte: Ouvinte<T>): () => void {
  let conjunto = ouvintes.get(tipo);
  if (!conjunto) {
    conjunto = new Set();
    ouvintes.set(tipo, conjunto);
  }
  const proprio = ouvinte as Ouvinte<TipoEventoAoVivo>;
  conjunto.add(proprio);
  return () => conjunto.delete(proprio);
}

// What the stream said last: the open call, and how many workers chose each offer (by seqCategoria,
// unique in a call) of that call.
interface Instantaneo {
  conectado: boolean;
  escalaAberta: EscalaAberta | null | undefined;
  escolhas: ReadonlyMap<number, number>;
}
let instantaneo: Instantaneo = { conectado: false, escalaAberta: undefined, escolhas: new Map() };
const assinantes = new Set<() => void>();

function mudar(parcial: Partial<Instantaneo>) {
  instantaneo = { ...instantaneo, ...parcial };
  for (const fn of assinantes) fn();
}

function assinar(fn: () => void) {
  assinantes.add(fn);
  return () => assinantes.delete(fn);
}

/** The live state: `escalaAberta` undefined until the stream said something. */
export function useAoVivo(): Instantaneo {
  return useSyncExternalStore(assinar, () => instantaneo);
}

/** How many workers chose the offer, per the stream (undefined before it said). */
export function useEscolhasDaOferta(seqCategoria: number): number | undefined {
  return useSyncExternalStore(assinar, () => instantaneo.escolhas.get(seqCategoria));
}

function aplicar(tipo: TipoEventoAoVivo, dados: EventoAoVivo) {
  if (tipo === 'estado' || tipo === 'escala') {
    const { escalaAberta } = dados as EventoAoVivo<'estado'>;
    const mesmaChamada = instantaneo.escalaAberta?.numEscalacao === escalaAberta?.numEscalacao;
    mudar({ escalaAberta, ...(mesmaChamada ? {} : { escolhas: new Map() }) });
    // The open-call box, /escalacao and /inicio follow without a reload.
    queryClient.setQueryData(['escalaAberta'], escalaAberta);
    if (tipo === 'escala') void queryClient.invalidateQueries({ queryKey: ['escalacao', 'resultado'] });
  } else if (tipo === 'contagens') {
    const e = dados as EventoAoVivo<'contagens'>;
    if (e.numEscalacao !== instantaneo.escalaAberta?.numEscalacao) return;
    const escolhas = new Map(instantaneo.escolhas);
    for (const { seqCategoria, qtdEscolhas } of e.ofertas) escolhas.set(seqCategoria, qtdEscolhas);
    mudar({ escolhas });
  } else if (tipo === 'mensagem') {
    // The service-message queue (components/layout/fila-mensagens.tsx) reads it again.
    void queryClient.invalidateQueries({ queryKey: ['avulso', 'mensagens'] });
  }
  for (const ouvinte of ouvintes.get(tipo) ?? []) ouvinte(dados);
}

/**
 * The kinds of event this client applies. The events are the server's own, typed by common/api/eventos.ts, and
 * read here as the API client reads every answer: by their description's types, not parsed again with zod, so
 * the home does not load zod (≈ 24 KB brotli) for its stream (docs/decisions/0194-react-no-navegador.md). A
 * kind added there fails to compile here until it is listed.
 */
const TIPOS: Record<TipoEventoAoVivo, true> = {
  estado: true,
  escala: true,
  contagens: true,
  confirmados: true,
  mensagem: true,
};

function ehTipo(tipo: string | undefined): tipo is TipoEventoAoVivo {
  return tipo !== undefined && Object.hasOwn(TIPOS, tipo);
}

/** An event's data: a JSON object, or undefined (a broken line is skipped, never thrown). */
function lerDados(texto: string): EventoAoVivo | undefined {
  try {
    const dados: unknown = JSON.parse(texto);
    return typeof dados === 'object' && dados !== null ? (dados as EventoAoVivo) : undefined;
  } catch {
    return undefined;
  }
}

let controle: AbortController | undefined;
let tentativas = 0;
let religar: ReturnType<typeof setTimeout> | undefined;
/** The server's `retry:` as it stopped (issue 26): the next connection comes within it, at a random moment. */
let dicaRetry: number | undefined;

async function conectar(sinal: AbortSignal): Promise<'fim' | 'recusado'> {
  const resposta = await fetch('/api/eventos', {
    headers: { ...cabecalhosPadrao('GET'), Accept: 'text/event-stream' },
    credentials: 'same-origin',
    cache: 'no-store',
    signal: sinal,
  });
  if (resposta.status === 401 || resposta.status === 403) return 'recusado';
  if (!resposta.ok || !resposta.body) return 'fim';
  const renovado = resposta.headers.get('X-Access-Token');
  if (renovado) definirToken(renovado);
  tentativas = 0;
  mudar({ conectado: true });
  const leitor = resposta.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(
      new EventSourceParserStream({
        onRetry: (ms) => {
          dicaRetry = ms;
        },
      }),
    )
    .getReader();
  for (;;) {
    const { done, value } = await leitor.read();
    if (done) return 'fim';
    if (!ehTipo(value.event)) continue;
    const dados = lerDados(value.data);
    if (dados) aplicar(value.event, dados);
  }
}

function iniciar() {
  parar();
  const atual = new AbortController();
  controle = atual;
  const seguir = (resultado: 'fim' | 'recusado' | 'erro') => {
    if (atual.signal.aborted) return;
    mudar({ conectado: false });
    // Refused: the session is over (or not yet renewed); the next call of the app handles the logout.
    if (resultado === 'recusado' && !lerToken()) return;
    // A server that stopped says when to come back: thousands of phones spread over that time, to another
    // server or this one restarted; otherwise a growing wait.
    const espera =
      dicaRetry !== undefined && resultado === 'fim'
        ? Math.random() * dicaRetry
        : Math.min(30_000, 1_000 * 2 ** tentativas++) * (0.5 + Math.random() / 2);
    dicaRetry = undefined;
    religar = setTimeout(iniciar, espera);
  };
  conectar(atual.signal).then(seguir, () => seguir('erro'));
}

function parar() {
  clearTimeout(religar);
  controle?.abort();
  controle = undefined;
}

function aoVoltarRede() {
  if (!controle) return;
  tentativas = 0;
  iniciar();
}

/**
 * Opens the stream while a worker is logged in; the function returned closes it and forgets its state. The
 * layout imports this module only then, so the stream's code (and its parser) is not part of what /login
 * loads (docs/decisions/0135).
 */
export function abrirFluxoAoVivo(): () => void {
  iniciar();
  window.addEventListener('online', aoVoltarRede);
  return () => {
    window.removeEventListener('online', aoVoltarRede);
    parar();
    mudar({ conectado: false, escalaAberta: undefined, escolhas: new Map() });
  };
}
