import type { AvulsosConfirmados } from '#common/api/escalacao.ts';
import { nomeSindicato } from '#common/dominio.ts';
import type { Clock } from '../../clock.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { CacheCurto } from '../../plataforma/cache-curto.ts';
import { confirmadosDaCategoria, escaladosSePublicada } from './repositorio.ts';

/**
 * avulsosConfirmados (docs/produto/decisoes.md §3, docs/decisions/0020-escalacao-regras.md): the workers with at least one
 * chosen offer in a call and category, grouped by union in union-code order, each group ordered by the
 * worker's horaDigitacao (their latest choice), then by numChamada. Union 8 is the group 'Multifuncionais'
 * whose names carry the union in brackets: 'FRANCISCO DE ASSIS MOURA (Multifuncional)'.
 */

export const SINDICATO_MULTIFUNCIONAL = 8;

const NOMES_GRUPO: Record<number, string> = {
  1: 'Estivadores',
  2: 'Conferentes',
  3: 'Consertadores',
  4: 'Vigias',
  5: 'Bloco',
  6: 'Arrumadores',
  7: 'Portuários',
  8: 'Multifuncionais',
  9: 'OGMO',
};

export function nomeGrupo(codSindicato: number): string {
  return NOMES_GRUPO[codSindicato] ?? 'Outros';
}

/** What the list shows of a worker with at least one chosen offer in the category. */
export interface LinhaConfirmado {
  codAvulso: string;
  numChamada: number;
  nome: string;
  sexo: 'F' | 'M';
  codSindicato: number;
  /** Their latest choice's time (ISO): the list's order. */
  horaDigitacao: string;
  /** Engaged by the call's published rotation (docs/decisions/0155); absent before publishing. */
  escalado?: boolean;
}

async function carregarLinhas(
  db: DbOuTrx,
  numEscalacao: number,
  codCategoria: number,
): Promise<Map<string, LinhaConfirmado>> {
  const [linhas, escalados] = await Promise.all([
    confirmadosDaCategoria(db, numEscalacao, codCategoria),
    escaladosSePublicada(db, numEscalacao, codCategoria),
  ]);
  return new Map(
    linhas.map((l) => [
      l.cod_avulso,
      {
        codAvulso: l.cod_avulso,
        numChamada: l.num_chamada,
        nome: l.nome,
        sexo: l.sexo,
        codSindicato: l.cod_sindicato,
        horaDigitacao: String(l.hora_digitacao),
        ...(escalados.has(l.cod_avulso) ? { escalado: true } : {}),
      },
    ]),
  );
}

/** Groups by union (union-code order, unknown unions last), each by horaDigitacao then numChamada. */
export function montarLista(
  numEscalacao: number,
  codCategoria: number,
  linhas: Iterable<LinhaConfirmado>,
): AvulsosConfirmados {
  const ordenadas = [...linhas].sort((a, b) =>
    a.horaDigitacao < b.horaDigitacao
      ? -1
      : a.horaDigitacao > b.horaDigitacao
        ? 1
        : a.numChamada - b.numChamada,
  );
  const grupos = new Map<number, AvulsosConfirmados['avulsosConfirmados'][number]>();
  for (const l of ordenadas) {
    const chave = NOMES_GRUPO[l.codSindicato] ? l.codSindicato : 0;
    let grupo = grupos.get(chave);
    if (!grupo) {
      grupo = { nome: nomeGrupo(chave), exibe: true, avulsos: [] };
      grupos.set(chave, grupo);
    }
    const sindicato = nomeSindicato(l.codSindicato, l.sexo);
    grupo.avulsos.push({
      numChamada: l.numChamada,
      codAvulso: l.codAvulso,
      nomeAvulso: l.codSindicato === SINDICATO_MULTIFUNCIONAL ? `${l.nome} (${sindicato})` : l.nome,
      sindicato,
      horaDigitacao: l.horaDigitacao,
      ...(l.escalado ? { escalado: true } : {}),
    });
  }
  return {
    numEscalacao,
    codCategoria,
    avulsosConfirmados: [...grupos.entries()]
      .sort(([a], [b]) => (a === 0 ? 99 : a) - (b === 0 ? 99 : b))
      .map(([, g]) => g),
  };
}

/** A worker's place in a list after their post: their latest choice's time, or null when none is left. */
export interface MudancaConfirmados {
  avulso: Omit<LinhaConfirmado, 'horaDigitacao'>;
  horaMax: string | null;
}

interface ListaEmCache {
  linhas: Map<string, LinhaConfirmado>;
  /** Written once per change, on the next read. */
  json?: Buffer;
}

function aplicarMudanca(lista: ListaEmCache, { avulso, horaMax }: MudancaConfirmados): void {
  if (horaMax === null) lista.linhas.delete(avulso.codAvulso);
  else {
    const { codAvulso, numChamada, nome, sexo, codSindicato } = avulso;
    lista.linhas.set(codAvulso, { codAvulso, numChamada, nome, sexo, codSindicato, horaDigitacao: horaMax });
  }
  lista.json = undefined;
}

/** How long (app clock) a confirmed list read from the database is served; this server's posts update it. */
export const VALIDADE_CACHE_CONFIRMADOS_MS = 5_000;

/**
 * The confirmed list is the same for everyone. Per call and category its rows are read once and kept for a
 * few seconds; this server's own posts update them in place (`aplicar`, also while the rows are being read),
 * so a worker always sees their own choice and the rush never re-reads the list after each post. Posts
 * handled by another server are seen when the rows are read again (`validadeMs`) or when the module is told
 * (`esquecer`). The JSON is written once per change, on the next read.
 */
export class CacheConfirmados {
  private readonly cache: CacheCurto<string, ListaEmCache>;
  private readonly db: DbOuTrx;

  constructor(db: DbOuTrx, clock: Clock, validadeMs = VALIDADE_CACHE_CONFIRMADOS_MS, maximo = 64) {
    this.db = db;
    this.cache = new CacheCurto(clock, validadeMs, maximo);
  }

  /** The list's JSON (the envelope's `dados`). */
  async obterJson(numEscalacao: number, codCategoria: number): Promise<Buffer> {
    const lista = await this.cache.obter(chaveDe(numEscalacao, codCategoria), async () => ({
      linhas: await carregarLinhas(this.db, numEscalacao, codCategoria),
    }));
    if (!lista.json) {
      lista.json = Buffer.from(
        JSON.stringify(montarLista(numEscalacao, codCategoria, lista.linhas.values())),
      );
    }
    return lista.json;
  }

  /** A post of this server changed a worker's choices in the category. */
  aplicar(numEscalacao: number, codCategoria: number, mudanca: MudancaConfirmados): void {
    this.cache.alterar(chaveDe(numEscalacao, codCategoria), (lista) => aplicarMudanca(lista, mudanca));
  }

  /** The list of one category, of one call (every category), or of every call. */
  esquecer(numEscalacao?: number, codCategoria?: number): void {
    if (numEscalacao === undefined) this.cache.limpar();
    else if (codCategoria !== undefined) this.cache.esquecer(chaveDe(numEscalacao, codCategoria));
    else this.cache.esquecerSe((chave) => chave.startsWith(`${numEscalacao}/`));
  }
}

function chaveDe(numEscalacao: number, codCategoria: number): string {
  return `${numEscalacao}/${codCategoria}`;
}
