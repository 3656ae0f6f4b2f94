import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type {
  LinhaContracheque,
  LinhaFicha,
  LinhaInforme,
  LinhaVerba,
  TipoContrachequeBanco,
} from './tabelas.ts';

/**
 * The pay documents of one worker, as rows (server/modulos/financeiro/apresentacao.ts shapes them). Every query filters
 * by the session's codAvulso: an `arquivo` of anyone else is simply not found.
 */

export const TIPOS_ENGAJAMENTO: TipoContrachequeBanco[] = ['ccNormal', 'ccComplementar'];
export const TIPOS_13_FERIAS: TipoContrachequeBanco[] = ['cc13', 'ccFerias'];

/** Payslips of engagements, newest first. */
export async function listarContracheques(db: DbOuTrx, codAvulso: string): Promise<LinhaContracheque[]> {
  return db
    .selectFrom('contracheque')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('tipo', 'in', TIPOS_ENGAJAMENTO)
    .orderBy('ano', 'desc')
    .orderBy('mes', 'desc')
    .orderBy('movimento', 'desc')
    .orderBy('numero', 'desc')
    .execute();
}

/** 13th-salary and holiday payslips, newest first. */
export async function listarContracheques13Ferias(
  db: DbOuTrx,
  codAvulso: string,
): Promise<LinhaContracheque[]> {
  return db
    .selectFrom('contracheque')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('tipo', 'in', TIPOS_13_FERIAS)
    .orderBy('ano', 'desc')
    .orderBy('mes', 'desc')
    .orderBy('numero', 'desc')
    .execute();
}

/** Financial records, newest first. */
export async function listarFichas(db: DbOuTrx, codAvulso: string): Promise<LinhaFicha[]> {
  return db
    .selectFrom('ficha_financeira')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .orderBy('ano', 'desc')
    .orderBy('mes', 'desc')
    .execute();
}

/** Income statements, newest first. */
export async function listarInformes(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('informe_rendimentos')
    .select(['arquivo', 'ano_exercicio', 'ano_calendario'])
    .where('cod_avulso', '=', codAvulso)
    .orderBy('ano_calendario', 'desc')
    .execute();
}

export interface ContrachequeCompleto {
  contracheque: LinhaContracheque;
  verbas: LinhaVerba[];
}

/** One payslip of the worker, of one of `tipos`, with its lines; undefined when not theirs. */
export async function buscarContracheque(
  db: DbOuTrx,
  codAvulso: string,
  arquivo: string,
  tipos: TipoContrachequeBanco[],
): Promise<ContrachequeCompleto | undefined> {
  const contracheque = await db
    .selectFrom('contracheque')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('arquivo', '=', arquivo)
    .where('tipo', 'in', tipos)
    .executeTakeFirst();
  if (!contracheque) return undefined;
  const verbas = await db
    .selectFrom('verba_contracheque')
    .selectAll()
    .where('id_contracheque', '=', contracheque.id)
    .orderBy('ordem')
    .execute();
  return { contracheque, verbas };
}

export interface FichaCompleta {
  ficha: LinhaFicha;
  /** The month's engagement payslips, oldest first. */
  contracheques: Pick<
    LinhaContracheque,
    'numero' | 'tipo' | 'movimento' | 'operacao' | 'navio' | 'liquido'
  >[];
}

export async function buscarFicha(
  db: DbOuTrx,
  codAvulso: string,
  arquivo: string,
): Promise<FichaCompleta | undefined> {
  const ficha = await db
    .selectFrom('ficha_financeira')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('arquivo', '=', arquivo)
    .executeTakeFirst();
  if (!ficha) return undefined;
  const contracheques = await db
    .selectFrom('contracheque')
    .select(['numero', 'tipo', 'movimento', 'operacao', 'navio', 'liquido'])
    .where('cod_avulso', '=', codAvulso)
    .where('ano', '=', ficha.ano)
    .where('mes', '=', ficha.mes)
    .where('tipo', 'in', TIPOS_ENGAJAMENTO)
    .orderBy('movimento')
    .orderBy('numero')
    .execute();
  return { ficha, contracheques };
}

export async function buscarInforme(
  db: DbOuTrx,
  codAvulso: string,
  arquivo: string,
): Promise<LinhaInforme | undefined> {
  return db
    .selectFrom('informe_rendimentos')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('arquivo', '=', arquivo)
    .executeTakeFirst();
}

/** The worker a PDF names (name, CPF, PIS, union). */
export async function trabalhadorDoDocumento(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('avulso')
    .select(['cod_avulso', 'nome', 'cpf', 'pis', 'cod_sindicato', 'sexo'])
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

/** The demo's accounts that get pay documents (seed.ts). */
export async function avulsosDaSemente(db: DbOuTrx, contas: readonly string[]) {
  return db
    .selectFrom('avulso')
    .select(['cod_avulso', 'sexo', 'cod_sindicato'])
    .where('cod_avulso', 'in', contas)
    .execute();
}

/** The finished engagements of the demo's accounts, oldest first (seed.ts pays each one). */
export async function trabalhosDaSemente(db: DbOuTrx, contas: readonly string[], agora: Date) {
  return db
    .selectFrom('trabalho')
    .select([
      'cod_avulso',
      'data_operacao',
      'hora_inicio',
      'hora_fim',
      'fim',
      'operador',
      'navio',
      'mercadoria',
      'faina',
      'cod_funcao',
      'funcao',
    ])
    .where('cod_avulso', 'in', contas)
    .where('fim', '<=', agora.toISOString())
    .orderBy('cod_avulso')
    .orderBy('inicio')
    .execute();
}
