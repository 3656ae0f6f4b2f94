import type { Trabalho, UltimosTrabalhos } from '#common/api/avulso.ts';
import { nomeMes } from '#common/formato.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { TrabalhoTable } from './tabelas.ts';

type LinhaTrabalho = Omit<TrabalhoTable, 'id' | 'cod_avulso' | 'cod_funcao' | 'inicio' | 'fim'>;

/** The payslips that pay each job, by `trabalho.id` (the pay documents' module answers it). */
export type PagamentosDosTrabalhos = (
  ids: readonly number[],
) => Promise<ReadonlyMap<number, NonNullable<Trabalho['contracheques']>>>;

function paraTrabalho(t: LinhaTrabalho): Trabalho {
  return {
    dataOperacao: t.data_operacao,
    dataNumerica: Number(t.data_operacao),
    horaInicio: t.hora_inicio,
    horaFim: t.hora_fim,
    operador: t.operador,
    navio: t.navio,
    localAtracacao: t.local_atracacao,
    mercadoria: t.mercadoria,
    faina: t.faina,
    funcao: t.funcao,
  };
}

const COLUNAS = [
  'data_operacao',
  'hora_inicio',
  'hora_fim',
  'operador',
  'navio',
  'local_atracacao',
  'mercadoria',
  'faina',
  'funcao',
] as const;

/**
 * The history (engagements already started, newest first, grouped by year then month) and the current job:
 * the engagement in progress, or else the next one scheduled (docs/decisions/0004-trabalho-corrente.md).
 */
export async function ultimosTrabalhos(
  db: DbOuTrx,
  codAvulso: string,
  agora: Date,
  pagamentos?: PagamentosDosTrabalhos,
): Promise<UltimosTrabalhos> {
  const agoraIso = agora.toISOString();
  const [historico, corrente] = await Promise.all([
    db
      .selectFrom('trabalho')
      .select([...COLUNAS, 'id'])
      .where('cod_avulso', '=', codAvulso)
      .where('inicio', '<=', agoraIso)
      .orderBy('inicio', 'desc')
      // Two jobs of one shift (the demo has some): the same order on every request and on both databases.
      .orderBy('id', 'desc')
      .limit(2000)
      .execute(),
    db
      .selectFrom('trabalho')
      .select(COLUNAS)
      .where('cod_avulso', '=', codAvulso)
      .where('fim', '>', agoraIso)
      .orderBy('inicio', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);

  const pagos = pagamentos ? await pagamentos(historico.map((t) => t.id)) : undefined;
  const anos: UltimosTrabalhos['ultimosTrabalhos'] = [];
  for (const linha of historico) {
    const ano = Number(linha.data_operacao.slice(0, 4));
    const mes = Number(linha.data_operacao.slice(4, 6));
    let grupoAno = anos.at(-1);
    if (grupoAno?.ano !== ano) {
      grupoAno = { ano, meses: [] };
      anos.push(grupoAno);
    }
    let grupoMes = grupoAno.meses.at(-1);
    if (grupoMes?.mes !== mes) {
      grupoMes = { mes, nomeMes: nomeMes(mes), trabalhos: [] };
      grupoAno.meses.push(grupoMes);
    }
    grupoMes.trabalhos.push(
      pagos ? { ...paraTrabalho(linha), contracheques: pagos.get(linha.id) ?? [] } : paraTrabalho(linha),
    );
  }
  return { ultimosTrabalhos: anos, trabalhoCorrente: corrente ? paraTrabalho(corrente) : null };
}
