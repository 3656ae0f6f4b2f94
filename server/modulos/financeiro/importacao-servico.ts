import { randomUUID } from 'node:crypto';
import type {
  CorpoJsonImportacao,
  RelatorioImportacao,
  TipoImportacao,
} from '#common/api/financeiro-importacao.ts';
import type { MensagemPush } from '#common/api/push.ts';
import { dataLocal } from '#common/tempo.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { Eventos } from '../../plataforma/eventos/index.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { type DocumentosDoAvulso, mensagemPushDocumentos, textoAviso } from './avisos.ts';
import { IndiceTrabalhos } from './conciliacao.ts';
import {
  type ContextoLeitura,
  type ContrachequeImportado,
  type DocumentosImportados,
  periodosDe,
} from './importacao-formatos.ts';
import { type ArquivoLido, lerCsv, lerJson } from './importacao-leitura.ts';
import {
  anteciparContracheques,
  avulsosExistentes,
  type ConciliacaoGravada,
  contrachequesExistentes,
  descartarPendentes,
  type Existente,
  fichasExistentes,
  guardarSubstituidos,
  importacaoComDigesto,
  informesExistentes,
  inserirFichas,
  inserirImportacao,
  inserirInformes,
  inserirMensagensServico,
  publicarContracheques,
  trabalhosEntre,
  travarImportacoes,
  ultimaImportacao,
} from './repositorio-importacao.ts';

/**
 * The payroll import (issue 25, docs/decisions/0240-0243): read and check the whole file first (every error,
 * by line and column, in one pass), then, only when it has none, write in one transaction what is new or
 * changed, keeping each replaced document; an identical document is left alone, so the same file twice
 * changes nothing. The workers whose documents arrived are told once per import: a home message written
 * with the documents, a notification after the commit (`avisar`, the one place that becomes a listener of
 * the event bus when it lands).
 */

export interface DependenciasImportacao {
  /** A transaction too (the demo seed's): then the import writes in it. */
  db: DbOuTrx;
  fuso: string;
  /** Where `documentos-importados` is announced after the commit (absent in the demo seed). */
  eventos?: Eventos;
}

/**
 * Documentos da folha importados (decisão 0200): para cada trabalhador avisado, o aviso no celular. Anunciado só
 * neste servidor (`alcance: 'este'`): o aviso sai de quem importou, e o NOTIFY não carregaria milhares de avisos.
 */
declare module '../../plataforma/eventos/catalogo.ts' {
  interface EventosDoDominio {
    'documentos-importados': { idImportacao: number; avisos: [codAvulso: string, MensagemPush][] };
  }
}

export interface PedidoImportacao {
  tipo: TipoImportacao;
  corpo: string | Uint8Array | CorpoJsonImportacao;
  simular: boolean;
  /** The staff member importing. */
  por: string;
  agora: Date;
  /** false: no home message nor notification (the demo seed's own files). */
  avisar?: boolean;
}

/** Imports under way in this process: one at a time (a month is hundreds of MB while it is read). */
const emAndamento = new WeakSet<DbOuTrx>();

interface Classificados<D> {
  novos: D[];
  substituir: { doc: D; existente: Existente }[];
  inalterados: number;
}

function classificar<D extends { conteudo_hash: string }>(
  docs: readonly D[],
  existentes: ReadonlyMap<string, Existente>,
  chave: (d: D) => string,
): Classificados<D> {
  const c: Classificados<D> = { novos: [], substituir: [], inalterados: 0 };
  for (const doc of docs) {
    const existente = existentes.get(chave(doc));
    if (!existente) c.novos.push(doc);
    else if (existente.conteudo_hash === doc.conteudo_hash) c.inalterados++;
    else c.substituir.push({ doc, existente });
  }
  return c;
}

const chaveContracheque = (d: { cod_avulso: string; numero: number }) => `${d.cod_avulso}|${d.numero}`;
const chaveFicha = (d: { cod_avulso: string; ano: number; mes: number }) =>
  `${d.cod_avulso}|${d.ano}-${d.mes}`;
const chaveInforme = (d: { cod_avulso: string; ano_calendario: number }) =>
  `${d.cod_avulso}|${d.ano_calendario}`;

const ANUAIS = new Set(['cc13', 'ccFerias']);

/** Reads what exists of the file's documents and sorts them into new, changed and identical. */
async function classificarNoBanco(
  db: DbOuTrx,
  lido: DocumentosImportados,
): Promise<{
  classificados: Classificados<DocumentosImportados['documentos'][number]>;
  conflitos: ContrachequeImportado[];
}> {
  if (lido.tipo === 'ficha')
    return {
      classificados: classificar(lido.documentos, await fichasExistentes(db, lido.documentos), chaveFicha),
      conflitos: [],
    };
  if (lido.tipo === 'informe')
    return {
      classificados: classificar(
        lido.documentos,
        await informesExistentes(db, lido.documentos),
        chaveInforme,
      ),
      conflitos: [],
    };
  const existentes = await contrachequesExistentes(db, lido.documentos);
  // A payslip number is the worker's, whatever the kind: a 13th-salary payslip cannot take an engagement's.
  const anual = lido.tipo === '13ferias';
  const conflitos = lido.documentos.filter((d) => {
    const e = existentes.get(chaveContracheque(d));
    return e !== undefined && ANUAIS.has(e.tipo) !== anual;
  });
  return { classificados: classificar(lido.documentos, existentes, chaveContracheque), conflitos };
}

/** What each worker gets in this import, for the notice. */
function porTrabalhador(
  lido: DocumentosImportados,
  c: Classificados<DocumentosImportados['documentos'][number]>,
): Map<string, DocumentosDoAvulso> {
  const mapa = new Map<string, DocumentosDoAvulso>();
  const anotar = (doc: DocumentosImportados['documentos'][number], substituido: boolean) => {
    let d = mapa.get(doc.cod_avulso);
    if (!d) {
      d = { criados: 0, substituidos: 0, datas: [], periodos: [], anuais: [] };
      mapa.set(doc.cod_avulso, d);
    }
    if (substituido) d.substituidos++;
    else d.criados++;
    if ('movimento' in doc) {
      d.datas.push(doc.movimento);
      if (doc.tipo === 'cc13' || doc.tipo === 'ccFerias') d.anuais.push(doc.tipo);
    }
    if (lido.tipo === 'ficha' && 'mes' in doc)
      d.periodos.push(`${doc.ano}-${String(doc.mes).padStart(2, '0')}`);
    if ('ano_calendario' in doc) d.periodos.push(String(doc.ano_calendario));
  };
  for (const doc of c.novos) anotar(doc, false);
  for (const { doc } of c.substituir) anotar(doc, true);
  return mapa;
}

/** Each engagement payslip against the jobs of its days. */
async function conciliar(db: DbOuTrx, docs: readonly ContrachequeImportado[]) {
  const resultado = new Map<ContrachequeImportado, ConciliacaoGravada>();
  if (docs.length === 0) return resultado;
  const datas = docs.map((d) => d.movimento.replaceAll('-', '')).sort();
  const indice = new IndiceTrabalhos(await trabalhosEntre(db, datas[0] ?? '', datas.at(-1) ?? ''));
  for (const d of docs) {
    const r = indice.conciliar(d);
    resultado.set(d, { id_trabalho: r.idTrabalho, conciliacao: r.codigo, conciliacao_detalhe: r.detalhe });
  }
  return resultado;
}

function contarConciliacao(m: ReadonlyMap<unknown, ConciliacaoGravada>) {
  let conciliados = 0;
  for (const r of m.values()) if (r.id_trabalho !== null) conciliados++;
  return { conciliados, naoConciliados: m.size - conciliados };
}

export async function importarDocumentos(
  deps: DependenciasImportacao,
  pedido: PedidoImportacao,
): Promise<RelatorioImportacao> {
  if (emAndamento.has(deps.db)) throw new ErroApp('ImportacaoEmAndamento');
  emAndamento.add(deps.db);
  try {
    return await importar(deps, pedido);
  } finally {
    emAndamento.delete(deps.db);
  }
}

async function importar(
  deps: DependenciasImportacao,
  pedido: PedidoImportacao,
): Promise<RelatorioImportacao> {
  const inicio = performance.now();
  const { db, fuso } = deps;
  const { tipo, agora } = pedido;
  const ctx: ContextoLeitura = {
    fuso,
    agora,
    mesCorrente: `${dataLocal(agora, fuso).slice(0, 4)}-${dataLocal(agora, fuso).slice(4, 6)}`,
  };
  const lido: ArquivoLido =
    typeof pedido.corpo === 'string' || pedido.corpo instanceof Uint8Array
      ? await lerCsv(
          typeof pedido.corpo === 'string' ? Buffer.from(pedido.corpo, 'utf8') : pedido.corpo,
          tipo,
          ctx,
        )
      : await lerJson(pedido.corpo, tipo, ctx);
  const { documentos, erros } = lido;

  const docs = documentos.documentos as readonly DocumentosImportados['documentos'][number][];

  // The checks that need the database, still before anything is written.
  const cods = [...new Set(docs.map((d) => d.cod_avulso))];
  const existentes = await avulsosExistentes(db, cods);
  for (const d of docs)
    if (!existentes.has(d.cod_avulso))
      erros.add(d.linha, 'matricula', `Matrícula ${d.cod_avulso} não cadastrada no portal.`);
  // The imports written so far: when none is added before the lock below, this classification still holds.
  const ultimaAntes = await ultimaImportacao(db);
  const previa = await classificarNoBanco(db, documentos);
  for (const d of previa.conflitos)
    erros.add(
      d.linha,
      'numero',
      `O número ${d.numero} da matrícula ${d.cod_avulso} já é de um contracheque ${documentos.tipo === '13ferias' ? 'de engajamento' : 'de 13º ou férias'}.`,
    );

  const anterior = await importacaoComDigesto(db, tipo, lido.digesto);
  const relatorio = (
    c: Classificados<unknown>,
    extra: Partial<RelatorioImportacao>,
  ): RelatorioImportacao => ({
    tipo,
    simulado: pedido.simular,
    formato: lido.formato,
    codificacao: lido.codificacao,
    digesto: lido.digesto,
    bytes: lido.bytes,
    periodos: periodosDe(documentos),
    linhas: lido.linhas,
    documentos: docs.length,
    trabalhadores: cods.length,
    criados: c.novos.length,
    substituidos: c.substituir.length,
    inalterados: c.inalterados,
    conciliados: 0,
    naoConciliados: 0,
    avisados: 0,
    erros: erros.ordenados(),
    totalErros: erros.total,
    idImportacao: null,
    importadoAntes: anterior ? { id: anterior.id, em: anterior.em, por: anterior.por } : null,
    duracaoMs: Math.round(performance.now() - inicio),
    ...extra,
  });

  if (erros.total > 0) {
    throw new ErroApp(
      'DadosInvalidos',
      `O arquivo tem ${erros.total} ${erros.total === 1 ? 'erro' : 'erros'}: nada foi importado.`,
      { dados: relatorio({ novos: [], substituir: [], inalterados: 0 }, {}) },
    );
  }

  const engajamentos = (c: Classificados<DocumentosImportados['documentos'][number]>) =>
    documentos.tipo === 'contracheque'
      ? ([...c.novos, ...c.substituir.map((s) => s.doc)] as ContrachequeImportado[])
      : [];

  if (pedido.simular) {
    const conciliacao = contarConciliacao(await conciliar(db, engajamentos(previa.classificados)));
    const avisados = pedido.avisar === false ? 0 : porTrabalhador(documentos, previa.classificados).size;
    return relatorio(previa.classificados, { ...conciliacao, avisados });
  }

  // The reads (what exists, the jobs to match) before the transaction: on SQLite its one connection is held
  // only for the writes (docs/decisions/0242).
  const conciliacaoPrevia = await conciliar(db, engajamentos(previa.classificados));
  // Payslips (hundreds of thousands of lines) are written ahead in short transactions; the import's own
  // transaction then only copies them inside the database (docs/decisions/0242).
  const pagamentos = documentos.tipo === 'contracheque' || documentos.tipo === '13ferias';
  const lote = randomUUID();
  if (pagamentos) {
    const semConciliacao = { id_trabalho: null, conciliacao: null, conciliacao_detalhe: null };
    const gravar = [...previa.classificados.novos, ...previa.classificados.substituir.map((s) => s.doc)];
    await anteciparContracheques(
      db,
      lote,
      (gravar as ContrachequeImportado[]).map((d) => ({
        ...d,
        ...(conciliacaoPrevia.get(d) ?? semConciliacao),
      })),
      agora,
    );
  }
  const naTransacao = <T>(fazer: (trx: DbOuTrx) => Promise<T>): Promise<T> =>
    db.isTransaction ? fazer(db) : db.transaction().execute(fazer);
  const escrever = () =>
    naTransacao(async (trx) => {
      await travarImportacoes(trx, agora);
      // Another import (of another server) written since the reads above: read again, under the lock; the
      // payslips written ahead from those reads no longer hold, so that import is refused (try again).
      const outra = (await ultimaImportacao(trx)) !== ultimaAntes;
      if (outra && pagamentos) throw new ErroApp('ImportacaoEmAndamento');
      const { classificados: c, conflitos } = outra ? await classificarNoBanco(trx, documentos) : previa;
      if (conflitos.length > 0) throw new ErroApp('ImportacaoEmAndamento');
      if (c.novos.length === 0 && c.substituir.length === 0)
        return { c, id: null, conciliacao: new Map(), avisos: new Map() };
      const conciliacao = outra ? await conciliar(trx, engajamentos(c)) : conciliacaoPrevia;
      const avisos =
        pedido.avisar === false ? new Map<string, DocumentosDoAvulso>() : porTrabalhador(documentos, c);
      const contagem = contarConciliacao(conciliacao);
      const id = await inserirImportacao(trx, {
        tipo,
        por: pedido.por,
        em: agora.toISOString(),
        digesto: lido.digesto,
        formato: lido.formato,
        codificacao: lido.codificacao,
        bytes: lido.bytes,
        linhas: lido.linhas,
        documentos: docs.length,
        trabalhadores: cods.length,
        criados: c.novos.length,
        substituidos: c.substituir.length,
        inalterados: c.inalterados,
        conciliados: contagem.conciliados,
        nao_conciliados: contagem.naoConciliados,
        periodos: periodosDe(documentos).join(','),
        avisados: avisos.size,
      });
      const tabela =
        documentos.tipo === 'ficha'
          ? 'ficha_financeira'
          : documentos.tipo === 'informe'
            ? 'informe_rendimentos'
            : 'contracheque';
      await guardarSubstituidos(
        trx,
        tabela,
        c.substituir.map((s) => s.existente.id),
        id,
        agora,
      );
      const gravar = [...c.novos, ...c.substituir.map((s) => s.doc)];
      if (documentos.tipo === 'ficha') await inserirFichas(trx, gravar as typeof documentos.documentos, id);
      else if (documentos.tipo === 'informe')
        await inserirInformes(trx, gravar as typeof documentos.documentos, id);
      else await publicarContracheques(trx, lote, id);
      const mensagens = new Map<string, MensagemPush>();
      for (const [cod, d] of avisos)
        mensagens.set(cod, mensagemPushDocumentos(tipo, id, textoAviso(tipo, d)));
      await inserirMensagensServico(
        trx,
        [...mensagens].map(([cod_avulso, m]) => ({ cod_avulso, titulo: m.titulo, corpo: m.corpo })),
        agora,
      );
      return { c, id, conciliacao, avisos: mensagens };
    });
  let escrito: Awaited<ReturnType<typeof escrever>>;
  try {
    escrito = await escrever();
  } finally {
    if (pagamentos) await descartarPendentes(db, lote, new Date(agora.getTime() - 86_400_000));
  }

  if (escrito.id !== null) avisar(deps, escrito.id, escrito.avisos);
  return relatorio(escrito.c, {
    ...contarConciliacao(escrito.conciliacao),
    avisados: escrito.avisos.size,
    idImportacao: escrito.id,
  });
}

/** After the commit: the workers told are announced (the push module sends their notifications). */
function avisar(
  deps: DependenciasImportacao,
  idImportacao: number,
  avisos: ReadonlyMap<string, MensagemPush>,
) {
  if (avisos.size === 0) return;
  deps.eventos?.emitir('documentos-importados', { idImportacao, avisos: [...avisos] }, 'este');
}
