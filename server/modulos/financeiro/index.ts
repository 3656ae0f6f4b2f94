/** The pay documents (issue 25): what other modules may use. */
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { contrachequesDosTrabalhos } from './repositorio-importacao.ts';

export { moduloFinanceiro } from './plugin.ts';

export interface PagamentoDeTrabalho {
  numero: number;
  arquivo: string;
  tipo: 'ccNormal' | 'ccComplementar';
}

/** The payslips that pay each of a worker's jobs (by `trabalho.id`), matched at import. */
export async function pagamentosDosTrabalhos(
  db: DbOuTrx,
  codAvulso: string,
  idsTrabalho: readonly number[],
): Promise<Map<number, PagamentoDeTrabalho[]>> {
  const mapa = new Map<number, PagamentoDeTrabalho[]>();
  for (const c of await contrachequesDosTrabalhos(db, codAvulso, idsTrabalho)) {
    if (c.id_trabalho === null || (c.tipo !== 'ccNormal' && c.tipo !== 'ccComplementar')) continue;
    const lista = mapa.get(c.id_trabalho) ?? [];
    lista.push({ numero: c.numero, arquivo: c.arquivo, tipo: c.tipo });
    mapa.set(c.id_trabalho, lista);
  }
  return mapa;
}
