import { type Barramento, BarramentoPostgres } from './barramento.ts';
import type { EventosDoDominio } from './catalogo.ts';

export type NomeEvento = keyof EventosDoDominio;

/** `local`: este servidor o emitiu; `remota`: outro servidor o emitiu e este soube pelo barramento. */
export type OrigemEvento = 'local' | 'remota';

/** Um evento do catálogo como os ouvintes o recebem: o nome, a origem e o que ele diz. */
export type Evento<N extends NomeEvento = NomeEvento> = N extends NomeEvento
  ? { tipo: N; origem: OrigemEvento } & EventosDoDominio[N]
  : never;

/** Um evento no fio entre servidores: sem a origem, que quem recebe sabe. */
export type EventoNoFio = { tipo: NomeEvento } & Record<string, unknown>;

export type OuvinteEvento<N extends NomeEvento> = (evento: Evento<N>) => void;

/**
 * `todos`: este servidor e os outros (o padrão); `este`: só este servidor, para uma consequência local de um
 * evento que os outros servidores já recebem e tiram por si.
 */
export type AlcanceEvento = 'todos' | 'este';

/**
 * O barramento dos eventos do domínio (decisão 0200): os serviços anunciam o que aconteceu, os outros módulos
 * escutam (o ao vivo, os avisos no celular, os caches da chamada). Os ouvintes rodam na hora, em ordem de
 * assinatura (um módulo assina no seu plugin, e o Fastify registra as dependências de um plugin antes dele); um
 * ouvinte que falha é relatado e pulado, pois a mudança que o evento conta já foi gravada e respondida. Com
 * PostgreSQL e vários servidores, o evento segue pelo LISTEN/NOTIFY (barramento.ts) e chega aos ouvintes dos
 * outros servidores com `origem: 'remota'`.
 */
export class Eventos {
  private readonly ouvintes = new Map<NomeEvento, Set<(evento: Evento) => void>>();
  private readonly aoPerder = new Set<() => void>();
  private readonly barramento: Barramento<EventoNoFio>;
  private readonly relatarFalha: (erro: unknown) => void;

  constructor(barramento: Barramento<EventoNoFio>, relatarFalha: (erro: unknown) => void) {
    this.barramento = barramento;
    this.relatarFalha = relatarFalha;
    barramento.assinar(
      (mensagem) => this.entregar({ ...mensagem, origem: 'remota' } as Evento),
      () => {
        for (const ouvinte of this.aoPerder) this.chamar(ouvinte);
      },
    );
  }

  /** Anuncia um evento: aos ouvintes deste servidor agora, e (alcance `todos`) aos dos outros servidores. */
  emitir<N extends NomeEvento>(tipo: N, dados: EventosDoDominio[N], alcance: AlcanceEvento = 'todos'): void {
    this.entregar({ ...dados, tipo, origem: 'local' } as Evento);
    if (alcance === 'todos') this.barramento.enviar({ ...dados, tipo });
  }

  /** A conexão LISTEN está de pé (prontidão, GET /api/saude/pronto); null no SQLite, onde não há barramento. */
  escutaDePe(): boolean | null {
    return this.barramento instanceof BarramentoPostgres ? this.barramento.ouvindo : null;
  }

  /** Escuta um ou mais eventos; devolve a função que encerra a assinatura. */
  assinar<N extends NomeEvento>(tipos: N | readonly N[], ouvinte: OuvinteEvento<N>): () => void {
    // Um invólucro por assinatura: a mesma função assinada duas vezes são duas assinaturas.
    const proprio = (evento: Evento) => ouvinte(evento as Evento<N>);
    const lista = typeof tipos === 'string' ? [tipos] : tipos;
    for (const tipo of lista) {
      const conjunto = this.ouvintes.get(tipo) ?? new Set();
      conjunto.add(proprio);
      this.ouvintes.set(tipo, conjunto);
    }
    return () => {
      for (const tipo of lista) this.ouvintes.get(tipo)?.delete(proprio);
    };
  }

  /**
   * Chamado quando eventos de outros servidores podem ter se perdido (a escuta caiu e voltou): quem guarda
   * cópias na memória as larga todas.
   */
  aoPerderEventos(ouvinte: () => void): () => void {
    const proprio = () => ouvinte();
    this.aoPerder.add(proprio);
    return () => {
      this.aoPerder.delete(proprio);
    };
  }

  fechar(): Promise<void> {
    return this.barramento.fechar();
  }

  private entregar(evento: Evento): void {
    const conjunto = this.ouvintes.get(evento.tipo);
    if (!conjunto) return;
    for (const ouvinte of conjunto) this.chamar(() => ouvinte(evento));
  }

  private chamar(fn: () => void): void {
    try {
      fn();
    } catch (erro) {
      this.relatarFalha(erro);
    }
  }
}
