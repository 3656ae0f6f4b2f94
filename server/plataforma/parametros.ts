import type { Clock } from '../clock.ts';
import type { DbOuTrx } from './banco/schema.ts';
import { CacheCurto } from './cache-curto.ts';

/** Every row of the parametro table, by name. */
export async function listarParametros(db: DbOuTrx) {
  return db.selectFrom('parametro').select(['nome', 'valor']).orderBy('nome').execute();
}

/** How long (app clock) the parametro table is served from memory. */
export const VALIDADE_CACHE_PARAMETROS_MS = 2_000;

interface Parametros {
  lista: { nome: string; valor: string }[];
  porNome: ReadonlyMap<string, string>;
}

/**
 * The parametro table (pointer rules, limits), read once per period for the whole app: every login answers it
 * and every load of the call reads its pointer rules. Staff changing one is seen within the period, or at once
 * when the call's module is told to invalidate everything.
 */
export class CacheParametros {
  private readonly cache: CacheCurto<'todos', Parametros>;
  private readonly db: DbOuTrx;

  constructor(db: DbOuTrx, clock: Clock, validadeMs = VALIDADE_CACHE_PARAMETROS_MS) {
    this.db = db;
    this.cache = new CacheCurto(clock, validadeMs, 1);
  }

  /** Every parameter, by name (dadosLogin's `parametros`). */
  async lista(): Promise<{ nome: string; valor: string }[]> {
    return (await this.carregar()).lista;
  }

  async porNome(): Promise<ReadonlyMap<string, string>> {
    return (await this.carregar()).porNome;
  }

  esquecer(): void {
    this.cache.limpar();
  }

  private carregar(): Promise<Parametros> {
    return this.cache.obter('todos', async () => {
      const lista = await listarParametros(this.db);
      return { lista, porNome: new Map(lista.map((p) => [p.nome, p.valor])) };
    });
  }
}
