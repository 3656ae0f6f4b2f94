import type { OrigemEvento } from '../../plataforma/eventos/index.ts';
import type { MudancaConfirmados } from './confirmados.ts';

/**
 * What the call's module tells whoever listens (the live stream, the other servers through LISTEN/NOTIFY):
 * that a worker's post changed a category of a call, or that a call changed state or was invalidated. The
 * events say what changed, not the new state: the listener reads the state it needs through the module
 * (`contagens`, `confirmadosJson`, `escalaAberta`), which serves it from memory.
 */

/** `local`: this server did it; `remota`: another server did it and this one was told (never re-broadcast). */
export type OrigemAviso = OrigemEvento;

/**
 * What a post changed in the counts of choices (docs/decisions/0173): +1 or -1 per offer, and its `marca`,
 * where its commit falls in the database's order (PostgreSQL: the transaction's id; SQLite: this process's
 * count of committed posts). A read of the counts (`ContagensLidas.inclui`) tells whether it already holds it.
 */
export interface MudancaContagens {
  marca: string;
  deltas: [seqCategoria: number, delta: number][];
}

/** A post that changed something: the worker's choices in one category of one call. */
export interface AvisoEscolhas {
  tipo: 'escolhas';
  numEscalacao: number;
  codCategoria: number;
  codAvulso: string;
  /** The offers of the post, chosen or cleared: their counts of choices may have changed. */
  seqCategorias: number[];
  /** The worker's line in the category's confirmed list after the post (another server applies it). */
  confirmados: MudancaConfirmados;
  /** What it changed in the counts; absent from a server that does not say (listeners read the counts). */
  contagens?: MudancaContagens;
  origem: OrigemAviso;
}

/** A call whose state changed (opened, closed, …) or whose cached data was dropped. */
export interface AvisoEscala {
  tipo: 'escala';
  /** null: every call (an invalidation of everything). */
  numEscalacao: number | null;
  motivo: 'estado' | 'invalidada';
  origem: OrigemAviso;
}

export type AvisoEscalacao = AvisoEscolhas | AvisoEscala;

export type OuvinteEscalacao = (aviso: AvisoEscalacao) => void;

/** Sem o nome e a origem: o que o evento diz, como o catálogo o declara. */
type Dados<A> = Omit<A, 'tipo' | 'origem'>;

/**
 * Os eventos que o módulo da chamada anuncia no barramento da plataforma (decisão 0200), e os que o ciclo da
 * chamada pela equipe anuncia (server/modulos/gestao): quem escuta os lê do catálogo.
 */
declare module '../../plataforma/eventos/catalogo.ts' {
  interface EventosDoDominio {
    escolhas: Dados<AvisoEscolhas>;
    escala: Dados<AvisoEscala>;
  }
}
