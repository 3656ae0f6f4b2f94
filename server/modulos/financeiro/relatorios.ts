import type {
  Conciliacao,
  ContrachequeNaoConciliado,
  DetalheImportacao,
  Importacao,
} from '#common/api/financeiro-importacao.ts';
import { dataLocal } from '#common/tempo.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import {
  buscarImportacao,
  contarConciliados,
  contrachequesNaoConciliados,
  type ImportacaoComNome,
  listarImportacoes,
  substituidosDaImportacao,
  trabalhosSemContracheque,
} from './repositorio-importacao.ts';

/**
 * What staff read of the imports (issue 25): the history, one import's report, and a competência's
 * reconciliation (docs/decisions/0243): the portal's jobs with no payslip after N days and the payslips that
 * matched no job, each with its reason. Lists are capped; their totals are not.
 */

const LIMITE_LISTA = 500;
const dois = (n: number) => String(n).padStart(2, '0');

function apresentarImportacao(i: ImportacaoComNome): Importacao {
  return {
    id: i.id,
    tipo: i.tipo,
    em: i.em,
    por: i.por,
    porNome: i.por_nome ?? '',
    digesto: i.digesto,
    formato: i.formato,
    codificacao: i.codificacao,
    bytes: i.bytes,
    periodos: i.periodos ? i.periodos.split(',') : [],
    linhas: i.linhas,
    documentos: i.documentos,
    trabalhadores: i.trabalhadores,
    criados: i.criados,
    substituidos: i.substituidos,
    inalterados: i.inalterados,
    conciliados: i.conciliados,
    naoConciliados: i.nao_conciliados,
    avisados: i.avisados,
  };
}

type LinhaNaoConciliada = Awaited<ReturnType<typeof contrachequesNaoConciliados>>['linhas'][number];

function apresentarNaoConciliado(l: LinhaNaoConciliada): ContrachequeNaoConciliado {
  return {
    codAvulso: l.cod_avulso,
    nome: l.nome,
    numero: l.numero,
    arquivo: l.arquivo,
    movimento: l.movimento,
    turno: l.turno ?? '',
    navio: l.navio ?? '',
    funcao: l.funcao ?? '',
    motivo: l.conciliacao_detalhe ?? 'Sem engajamento correspondente no portal.',
  };
}

export async function historicoImportacoes(db: DbOuTrx): Promise<Importacao[]> {
  return (await listarImportacoes(db)).map(apresentarImportacao);
}

export async function detalharImportacao(db: DbOuTrx, id: number): Promise<DetalheImportacao | undefined> {
  const importacao = await buscarImportacao(db, id);
  if (!importacao) return undefined;
  const [substituidos, naoConciliados] = await Promise.all([
    substituidosDaImportacao(db, id, LIMITE_LISTA),
    contrachequesNaoConciliados(db, { idImportacao: id }, LIMITE_LISTA),
  ]);
  return {
    importacao: apresentarImportacao(importacao),
    substituidos: substituidos.linhas.map((s) => ({
      codAvulso: s.cod_avulso,
      arquivo: s.arquivo,
      idImportacaoAnterior: s.id_importacao_anterior,
    })),
    totalSubstituidos: substituidos.total,
    naoConciliados: naoConciliados.linhas.map(apresentarNaoConciliado),
    totalNaoConciliados: naoConciliados.total,
  };
}

export async function conciliarCompetencia(
  db: DbOuTrx,
  pedido: { competencia: string; dias: number; agora: Date; fuso: string },
): Promise<Conciliacao> {
  const [ano, mes] = pedido.competencia.split('-').map(Number) as [number, number];
  const de = `${ano}${dois(mes)}01`;
  const ate = `${ano}${dois(mes)}31`;
  const fimAte = new Date(pedido.agora.getTime() - pedido.dias * 86_400_000);
  const [semContracheque, naoConciliados, conciliados] = await Promise.all([
    trabalhosSemContracheque(db, de, ate, fimAte.toISOString(), LIMITE_LISTA),
    contrachequesNaoConciliados(db, { ano, mes }, LIMITE_LISTA),
    contarConciliados(db, ano, mes),
  ]);
  const limite = dataLocal(fimAte, pedido.fuso);
  return {
    competencia: pedido.competencia,
    dias: pedido.dias,
    limite: `${limite.slice(0, 4)}-${limite.slice(4, 6)}-${limite.slice(6, 8)}`,
    conciliados,
    trabalhosSemContracheque: semContracheque.linhas.map((t) => {
      const dias = Math.floor((pedido.agora.getTime() - Date.parse(t.fim)) / 86_400_000);
      return {
        codAvulso: t.cod_avulso,
        nome: t.nome,
        dataOperacao: t.data_operacao,
        turno: `${dois(t.hora_inicio)}-${dois(t.hora_fim)}`,
        navio: t.navio,
        funcao: t.funcao,
        numEscalacao: t.num_escalacao ?? null,
        motivo: `Engajado pela escala nº ${t.num_escalacao}; nenhum contracheque ${dias} ${dias === 1 ? 'dia' : 'dias'} depois do fim do turno.`,
      };
    }),
    totalTrabalhosSemContracheque: semContracheque.total,
    contrachequesSemTrabalho: naoConciliados.linhas.map(apresentarNaoConciliado),
    totalContrachequesSemTrabalho: naoConciliados.total,
  };
}
