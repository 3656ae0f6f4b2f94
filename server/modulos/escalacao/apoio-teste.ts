import type {
  EscalaCarregada,
  Escolha,
  FuncaoOferta,
  Porao,
  Requisicao,
  VagasResposta,
} from '#common/api/escalacao.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import { escolhaDaOferta } from '#common/escolha.ts';
import type { Db } from '../../plataforma/banco/schema.ts';
import type { ClienteTeste } from '../../test/ambiente.ts';
import { Navegador } from '../../test/servidor-real.ts';

/** Helpers of the call's API tests. */

export interface OfertaNaEscala {
  codCategoria: number;
  requisicao: Requisicao;
  porao: Porao;
  funcao: FuncaoOferta;
}

export function ofertasDe(escala: EscalaCarregada, codCategoria?: number): OfertaNaEscala[] {
  const lista: OfertaNaEscala[] = [];
  for (const categoria of Object.values(escala.categorias)) {
    if (codCategoria !== undefined && categoria.codCategoria !== codCategoria) continue;
    for (const requisicao of categoria.requisicoes)
      for (const porao of requisicao.poroes)
        for (const funcao of porao.funcoes)
          lista.push({ codCategoria: categoria.codCategoria, requisicao, porao, funcao });
  }
  return lista;
}

/** The element of POST /api/vagas for an offer as GET showed it (common/escolha.ts, as the screen builds it). */
export function escolha(o: OfertaNaEscala, escolhida: boolean): Escolha {
  return escolhaDaOferta(
    { req: o.requisicao, porao: o.porao, funcao: o.funcao },
    { escolhida, preferencia: null },
  );
}

export async function carregar(c: ClienteTeste, numEscalacao = 4521): Promise<EscalaCarregada> {
  const r = await c.get('/api/vagas', { numEscalacao: String(numEscalacao) });
  if (r.status !== 200) throw new Error(`GET /api/vagas ${r.status}: ${JSON.stringify(r.corpo)}`);
  return montarEscalaCarregada(r.corpo.dados as VagasResposta);
}

export async function escolhasNoBanco(db: Db, codAvulso: string) {
  return db
    .selectFrom('escolha')
    .select(['id', 'seq_categoria', 'cod_categoria', 'preferencia', 'hora_digitacao', 'num_escalacao'])
    .where('cod_avulso', '=', codAvulso)
    .orderBy('id')
    .execute();
}

export async function contarEscolhas(db: Db): Promise<number> {
  const r = await db
    .selectFrom('escolha')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Engagements inserted by tests carry this faina, so they can be removed. */
export const FAINA_TESTE = 'Teste';

/** An engagement of `codAvulso` between two instants (epoch ms). */
export async function inserirTrabalho(db: Db, codAvulso: string, inicio: number, fim: number) {
  await db
    .insertInto('trabalho')
    .values({
      cod_avulso: codAvulso,
      data_operacao: new Date(inicio).toISOString().slice(0, 10).replaceAll('-', ''),
      hora_inicio: 0,
      hora_fim: 0,
      inicio: new Date(inicio).toISOString(),
      fim: new Date(fim).toISOString(),
      operador: 'Tecon Suape',
      navio: 'MSC AURORA',
      local_atracacao: 'Cais 4',
      mercadoria: 'Carga geral',
      faina: FAINA_TESTE,
      cod_funcao: 101,
      funcao: 'Estivador',
    })
    .execute();
}

/** The workers of the burst tests against a real server (server/test/servidor-real.ts). */
export const TRABALHADORES_DA_RAJADA = [
  '100001',
  '100002',
  '100003',
  '100004',
  '100005',
  '100006',
  '100007',
  '100008',
];

/** The offers of 4521 a worker may choose; none for one the call refuses (impeded, another category). */
export async function ofertasLivres(nav: Navegador): Promise<OfertaNaEscala[]> {
  const r = await nav.pedir('GET', '/api/vagas?numEscalacao=4521');
  if (r.status !== 200) return [];
  return ofertasDe(montarEscalaCarregada(r.corpo.dados as VagasResposta)).filter(
    (o) => o.funcao.habilitado && o.funcao.comDescanso,
  );
}

/**
 * Each worker of the burst logged in to the real server at `base`, kept with its free offers if it has any:
 * the browsers that take part in a burst of choices.
 */
export async function navegadoresComOfertas(base: string) {
  const navegadores = new Map<string, Navegador>();
  const livres = new Map<string, OfertaNaEscala[]>();
  for (const cod of TRABALHADORES_DA_RAJADA) {
    const nav = new Navegador(base);
    await nav.entrar(cod);
    const suas = await ofertasLivres(nav);
    if (suas.length === 0) continue;
    navegadores.set(cod, nav);
    livres.set(cod, suas);
  }
  return { navegadores, livres };
}
