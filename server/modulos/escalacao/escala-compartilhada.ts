import { categoriasEscala } from '#common/dominio.ts';
import { aparenciaFuncao } from '#common/funcoes.ts';
import type { Clock } from '../../clock.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { CacheCurto } from '../../plataforma/cache-curto.ts';
import type { CorpoCompartilhado } from '../../plataforma/http/corpo-composto.ts';
import { buscarEscala, estruturaEscala } from './repositorio.ts';

/**
 * The shared, non-personal part of a call (requisitions, holds, offers), read once and kept in memory for a
 * few seconds per numEscalacao (docs/decisions/0022-escalacao-desempenho.md). Nothing in it depends on who
 * asks or on anyone's choices, so choices never invalidate it. Each offer, hold and requisition keeps its
 * JSON already written, so the body of GET /api/vagas is written by concatenation, once per pointer variant
 * (escala-carregada.ts, docs/decisions/0134-vagas-compartilhada-e-pessoal.md).
 */

export interface OfertaCompartilhada {
  seqCategoria: number;
  codCategoria: number;
  numRequisicao: number;
  codOperador: number;
  codNavio: number;
  dataOperacao: string;
  codPeriodo: number;
  numPorao: string;
  codFuncao: number;
  nomeFuncao: string;
  numVagas: number;
  /** Shift start and end, epoch ms. */
  inicio: number;
  fim: number;
  /** The offer as everyone sees it (`{"codFuncao":…,…,"icone":…}`), without and with the pointer fields. */
  json: Buffer;
  jsonComPonteiro: Buffer;
}

export interface PoraoCompartilhado {
  /** `{"numPorao":…,"nomeMercadoria":…,"tonelagem":…,"funcoes":[` */
  jsonInicio: Buffer;
  ofertas: OfertaCompartilhada[];
}

export interface RequisicaoCompartilhada {
  numRequisicao: number;
  inicio: number;
  fim: number;
  /** `{"numRequisicao":…,…,"qtdOfertas":N,"poroes":[` */
  jsonInicio: Buffer;
  poroes: PoraoCompartilhado[];
}

export interface CategoriaCompartilhada {
  codCategoria: number;
  qtdOfertas: number;
  requisicoes: RequisicaoCompartilhada[];
}

export interface EscalaCompartilhada {
  numEscalacao: number;
  /** Always the four categories of the call, in code order (1, 2, 4, 6), even without offers. */
  categorias: CategoriaCompartilhada[];
  ofertas: Map<number, OfertaCompartilhada>;
  /** Earliest shift start and latest shift end of the call (epoch ms); 0 when it has no offers. */
  inicioMin: number;
  fimMax: number;
}

const j = JSON.stringify;

/** How long (app clock) a call, its parameters and its offers are served from memory. */
export const VALIDADE_CACHE_ESCALA_MS = 2_000;

export async function lerEscalaCompartilhada(
  db: DbOuTrx,
  numEscalacao: number,
): Promise<EscalaCompartilhada> {
  const { requisicoes, poroes, ofertas } = await estruturaEscala(db, numEscalacao);
  const codigos = categoriasEscala.map((c) => c.codigo).sort((a, b) => a - b);
  const categorias = new Map<number, CategoriaCompartilhada>(
    codigos.map((codCategoria) => [codCategoria, { codCategoria, qtdOfertas: 0, requisicoes: [] }]),
  );
  const ofertasPorPorao = new Map<string, typeof ofertas>();
  for (const o of ofertas) {
    const chave = `${o.num_requisicao}/${o.num_porao}`;
    const lista = ofertasPorPorao.get(chave);
    if (lista) lista.push(o);
    else ofertasPorPorao.set(chave, [o]);
  }
  const poroesPorRequisicao = new Map<number, typeof poroes>();
  for (const p of poroes) {
    const lista = poroesPorRequisicao.get(p.num_requisicao);
    if (lista) lista.push(p);
    else poroesPorRequisicao.set(p.num_requisicao, [p]);
  }

  const mapaOfertas = new Map<number, OfertaCompartilhada>();
  let inicioMin = Number.POSITIVE_INFINITY;
  let fimMax = 0;
  for (const r of requisicoes) {
    const categoria = categorias.get(r.cod_categoria);
    if (!categoria) continue;
    const inicio = Date.parse(r.inicio);
    const fim = Date.parse(r.fim);
    const poroesCompartilhados: PoraoCompartilhado[] = [];
    let qtdOfertas = 0;
    for (const p of poroesPorRequisicao.get(r.num_requisicao) ?? []) {
      const doPorao = ofertasPorPorao.get(`${r.num_requisicao}/${p.num_porao}`) ?? [];
      const compartilhadas = doPorao
        .filter((o) => o.cod_categoria === r.cod_categoria)
        .map((o): OfertaCompartilhada => {
          const { nome, cor, icone } = aparenciaFuncao(o.cod_funcao, r.cod_local_atrac);
          const json =
            `{"codFuncao":${o.cod_funcao},"nomeFuncao":${j(nome)},"numPorao":${j(o.num_porao)},` +
            `"seqCategoria":${o.seq_categoria},"numVagas":${o.num_vagas},"cor":${j(cor)},"icone":${j(icone)}`;
          let ponteiros = '';
          if (o.ponteiro !== null) ponteiros += `,"ponteiro":${o.ponteiro}`;
          if (o.ponteiro_a !== null) ponteiros += `,"ponteiroA":${o.ponteiro_a}`;
          if (o.ponteiro_p !== null) ponteiros += `,"ponteiroP":${o.ponteiro_p}`;
          if (o.grupo !== null) ponteiros += `,"grupo":${j(o.grupo)}`;
          const oferta: OfertaCompartilhada = {
            seqCategoria: o.seq_categoria,
            codCategoria: o.cod_categoria,
            numRequisicao: r.num_requisicao,
            codOperador: r.cod_operador,
            codNavio: r.cod_navio,
            dataOperacao: r.data_operacao,
            codPeriodo: r.cod_periodo,
            numPorao: o.num_porao,
            codFuncao: o.cod_funcao,
            nomeFuncao: nome,
            numVagas: o.num_vagas,
            inicio,
            fim,
            json: Buffer.from(`${json}}`),
            jsonComPonteiro: Buffer.from(`${json}${ponteiros}}`),
          };
          mapaOfertas.set(o.seq_categoria, oferta);
          return oferta;
        });
      qtdOfertas += compartilhadas.length;
      poroesCompartilhados.push({
        jsonInicio: Buffer.from(
          `{"numPorao":${j(p.num_porao)},"nomeMercadoria":${j(p.mercadoria)},"tonelagem":${p.tonelagem},"funcoes":[`,
        ),
        ofertas: compartilhadas,
      });
    }
    if (qtdOfertas === 0) continue;
    inicioMin = Math.min(inicioMin, inicio);
    fimMax = Math.max(fimMax, fim);
    categoria.qtdOfertas += qtdOfertas;
    categoria.requisicoes.push({
      numRequisicao: r.num_requisicao,
      inicio,
      fim,
      jsonInicio: Buffer.from(
        `{"numRequisicao":${r.num_requisicao},"codOperador":${r.cod_operador},"codNavio":${r.cod_navio},` +
          `"nomeNavio":${j(r.nome_navio)},"nomeOperador":${j(r.nome_operador)},"dataOperacao":${j(r.data_operacao)},` +
          `"codPeriodo":${r.cod_periodo},"horaInicio":${r.hora_inicio},"horaFim":${r.hora_fim},` +
          `"codLocalAtrac":${j(r.cod_local_atrac)},"nomeLocalAtrac":${j(r.nome_local_atrac)},` +
          `"qtdOfertas":${qtdOfertas},"poroes":[`,
      ),
      poroes: poroesCompartilhados.filter((p) => p.ofertas.length > 0),
    });
  }
  return {
    numEscalacao,
    categorias: [...categorias.values()],
    ofertas: mapaOfertas,
    inicioMin: Number.isFinite(inicioMin) ? inicioMin : 0,
    fimMax,
  };
}

export interface EscalaEmCache {
  /** The call's row; undefined when no call has that number. */
  escala:
    | {
        dataChamada: string;
        horaChamada: string;
        aberta: boolean;
        /** Its rotation published: its confirmed list marks who was engaged (docs/decisions/0155). */
        publicada: boolean;
      }
    | undefined;
  compartilhada: EscalaCompartilhada;
  /** GET /api/vagas' shared part by pointer variant, written on first use (servico.ts). */
  corpos?: Map<number, CorpoCompartilhado>;
}

async function lerEscalaEmCache(db: DbOuTrx, numEscalacao: number): Promise<EscalaEmCache> {
  const linha = await buscarEscala(db, numEscalacao);
  const compartilhada = linha
    ? await lerEscalaCompartilhada(db, numEscalacao)
    : { numEscalacao, categorias: [], ofertas: new Map(), inicioMin: 0, fimMax: 0 };
  return {
    escala: linha
      ? {
          dataChamada: linha.data_chamada,
          horaChamada: linha.hora_chamada,
          aberta: linha.aberta === 1,
          publicada: linha.situacao === 'publicada',
        }
      : undefined,
    compartilhada,
  };
}

/**
 * Per-app cache of calls: the row (open or not), the pointer parameters and the shared part, kept for a
 * couple of seconds of the app's clock (staff may close a call, change a parameter, the scheduling system
 * may change offers), one load at a time per call (a rush of 6,000 workers triggers one read, not 6,000),
 * and a bound on the number of calls kept (test users may load any number). POST /api/vagas still reads
 * the call's row itself: a choice is never accepted on a call closed a second ago.
 */
export class CacheEscalas {
  private readonly cache: CacheCurto<number, EscalaEmCache>;
  private readonly db: DbOuTrx;

  constructor(db: DbOuTrx, clock: Clock, validadeMs = VALIDADE_CACHE_ESCALA_MS, maximo = 32) {
    this.db = db;
    this.cache = new CacheCurto(clock, validadeMs, maximo);
  }

  obter(numEscalacao: number): Promise<EscalaEmCache> {
    return this.cache.obter(numEscalacao, (n) => lerEscalaEmCache(this.db, n));
  }

  /** One call, or every call, is read again on its next use. */
  esquecer(numEscalacao?: number): void {
    if (numEscalacao === undefined) this.cache.limpar();
    else this.cache.esquecer(numEscalacao);
  }
}
