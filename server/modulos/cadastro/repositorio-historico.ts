import type { LinhaHistorico } from '#common/api/equipe.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/** A change as the history keeps it: field → text, before and after. */
export type Campos = Record<string, string | null>;

/** What each action reads as on the staff's screens. */
const DESCRICOES: Record<string, string> = {
  'papel.concedido': 'Papel concedido',
  'papel.retirado': 'Papel retirado',
  'cadastro.criado': 'Trabalhador cadastrado',
  'cadastro.alterado': 'Cadastro alterado',
  'cadastro.importado': 'Cadastro importado',
  'habilitacao.concedida': 'Habilitação concedida',
  'habilitacao.alterada': 'Validade da habilitação alterada',
  'habilitacao.retirada': 'Habilitação retirada',
  'impedimento.criado': 'Impedimento registrado',
  'impedimento.encerrado': 'Impedimento encerrado',
  'foto.alterada': 'Foto do crachá trocada',
  'acesso.codigo-emitido': 'Código de acesso emitido',
  'acesso.primeiro-acesso': 'Primeiro acesso (senha criada)',
  'acesso.senha-alterada': 'Senha alterada pelo trabalhador',
  'acesso.passkey-revogada': 'Passkey revogada pela equipe',
  'dados-pessoais.alterados': 'Dados pessoais alterados pelo trabalhador',
};

export function descreverAcao(acao: string): string {
  return DESCRICOES[acao] ?? acao;
}

/** Appends one line to the worker's history; the caller owns the transaction of the change it records. */
export async function registrarHistorico(
  db: DbOuTrx,
  linha: {
    codAvulso: string;
    por: string;
    em: Date;
    acao: string;
    antes: Campos | null;
    depois: Campos | null;
  },
): Promise<void> {
  await db
    .insertInto('historico_avulso')
    .values({
      cod_avulso: linha.codAvulso,
      por: linha.por,
      em: linha.em.toISOString(),
      acao: linha.acao,
      antes: linha.antes === null ? null : JSON.stringify(linha.antes),
      depois: linha.depois === null ? null : JSON.stringify(linha.depois),
    })
    .execute();
}

function lerCampos(texto: string | null): Campos | null {
  return texto === null ? null : (JSON.parse(texto) as Campos);
}

function consultaHistorico(db: DbOuTrx) {
  return db
    .selectFrom('historico_avulso as h')
    .leftJoin('avulso as p', 'p.cod_avulso', 'h.por')
    .innerJoin('avulso as a', 'a.cod_avulso', 'h.cod_avulso')
    .select([
      'h.id',
      'h.cod_avulso',
      'a.nome',
      'h.em',
      'h.por',
      'p.nome as por_nome',
      'h.acao',
      'h.antes',
      'h.depois',
    ]);
}

type LinhaLida = Awaited<ReturnType<ReturnType<typeof consultaHistorico>['execute']>>[number];

function apresentar(l: LinhaLida): LinhaHistorico & { codAvulso: string; nome: string } {
  return {
    id: Number(l.id),
    codAvulso: l.cod_avulso,
    nome: l.nome,
    em: l.em,
    por: l.por,
    porNome: l.por_nome ?? l.por,
    acao: l.acao,
    descricao: descreverAcao(l.acao),
    antes: lerCampos(l.antes),
    depois: lerCampos(l.depois),
  };
}

/** A worker's whole history, oldest first. */
export async function historicoDoAvulso(db: DbOuTrx, codAvulso: string) {
  const linhas = await consultaHistorico(db).where('h.cod_avulso', '=', codAvulso).orderBy('h.id').execute();
  return linhas.map(apresentar);
}

/** The latest lines of some actions (e.g. every role grant and removal), newest first. */
export async function historicoDasAcoes(db: DbOuTrx, acoes: readonly string[], limite: number) {
  const linhas = await consultaHistorico(db)
    .where('h.acao', 'in', acoes)
    .orderBy('h.id', 'desc')
    .limit(limite)
    .execute();
  return linhas.map(apresentar);
}
