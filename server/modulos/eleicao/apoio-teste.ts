import type { Db } from '../../plataforma/banco/schema.ts';
import { novaUrna } from './urna.ts';

/** The commission's code of every election the tests create. */
export const CHAVE_APURACAO_TESTE = 'TEST-ECHA-VEDA-APUR-ACAO-2026';

/** Test helpers of the election: a fresh open election with the given candidates, straight in the DB. */
export interface CandidatoTeste {
  matricula: number;
  nome: string;
  sexo?: 'F' | 'M';
  sindicato?: number;
}

export async function criarEleicaoTeste(
  db: Db,
  agora: Date,
  candidatos: CandidatoTeste[],
  descricao: string | null = 'Eleição de teste',
): Promise<number> {
  const urna = await novaUrna(CHAVE_APURACAO_TESTE);
  const { id } = await db
    .insertInto('eleicao')
    .values({
      descricao,
      abertura: agora.toISOString(),
      encerramento: null,
      situacao: 'aberta',
      eleitores: null,
      chave_publica: urna.chavePublica,
      sal_chave: urna.sal,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('candidato')
    .values(
      candidatos.map((c) => ({
        eleicao_id: id,
        matricula: c.matricula,
        nome_exibicao: c.nome,
        sexo: c.sexo ?? 'M',
        cod_sindicato: c.sindicato ?? 1,
      })),
    )
    .execute();
  return id;
}

export async function contar(db: Db, tabela: 'cedula' | 'votante', idEleicao: number): Promise<number> {
  const r = await db
    .selectFrom(tabela)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('eleicao_id', '=', idEleicao)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function idEleicaoDemo(db: Db, situacao: 'aberta' | 'encerrada'): Promise<number> {
  const r = await db
    .selectFrom('eleicao')
    .select('id')
    .where('situacao', '=', situacao)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
