import type { AvulsosConfirmados } from '#common/api/escalacao.ts';
import { nomeSindicato } from '#common/dominio.ts';
import type { Clock } from '../clock.ts';
import { confirmadosDaCategoria } from '../db/repositorios/escalacao.ts';
import type { DbOuTrx } from '../db/schema.ts';

/**
 * avulsosConfirmados (decisions.md §3, docs/decisions/0020-escalacao-regras.md): the workers with at least one
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

export async function listarConfirmados(
  db: DbOuTrx,
  numEscalacao: number,
  codCategoria: number,
): Promise<AvulsosConfirmados> {
  const linhas = await confirmadosDaCategoria(db, numEscalacao, codCategoria);
  const grupos = new Map<number, AvulsosConfirmados['avulsosConfirmados'][number]>();
  for (const l of linhas) {
    const chave = NOMES_GRUPO[l.cod_sindicato] ? l.cod_sindicato : 0;
    let grupo = grupos.get(chave);
    if (!grupo) {
      grupo = { nome: nomeGrupo(chave), exibe: true, avulsos: [] };
      grupos.set(chave, grupo);
    }
    const sindicato = nomeSindicato(l.cod_sindicato, l.sexo);
    grupo.avulsos.push({
      numChamada: l.num_chamada,
      codAvulso: l.cod_avulso,
      nomeAvulso: l.cod_sindicato === SINDICATO_MULTIFUNCIONAL ? `${l.nome} (${sindicato})` : l.nome,
      sindicato,
      horaDigitacao: String(l.hora_digitacao),
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

/**
 * The confirmed list is the same for everyone: its JSON is kept per call and category until a choice in
 * that category changes it (or a few seconds pass), and one read serves all the requests waiting for it.
 */
export class CacheConfirmados {
  private readonly entradas = new Map<string, { expira: number; valor: Promise<Buffer> }>();
  private readonly db: DbOuTrx;
  private readonly clock: Clock;
  private readonly validadeMs: number;

  constructor(db: DbOuTrx, clock: Clock, validadeMs = 5_000) {
    this.db = db;
    this.clock = clock;
    this.validadeMs = validadeMs;
  }

  /** The list's JSON (the envelope's `dados`). */
  obterJson(numEscalacao: number, codCategoria: number): Promise<Buffer> {
    const chave = `${numEscalacao}/${codCategoria}`;
    const agora = this.clock.now().getTime();
    const entrada = this.entradas.get(chave);
    if (entrada && entrada.expira > agora && entrada.expira - agora <= this.validadeMs) return entrada.valor;
    const valor = listarConfirmados(this.db, numEscalacao, codCategoria).then((d) =>
      Buffer.from(JSON.stringify(d)),
    );
    if (this.entradas.size > 64) this.entradas.clear();
    this.entradas.set(chave, { expira: agora + this.validadeMs, valor });
    valor.catch(() => {
      if (this.entradas.get(chave)?.valor === valor) this.entradas.delete(chave);
    });
    return valor;
  }

  invalidar(numEscalacao: number, codCategoria: number): void {
    this.entradas.delete(`${numEscalacao}/${codCategoria}`);
  }
}
