import { dataLocal, somarDias, TURNOS } from '#common/tempo.ts';
import type { Config } from '../../config.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { emLotes, linhaRequisicao } from '../../plataforma/semente/comum.ts';
import { CAIS, NAVIOS, OPERADORES } from '../../plataforma/semente/porto.ts';
import { ESCALAS_FECHADAS_DEMO } from '../avulso/index.ts';
import { ESCALADOR_DEMO, semearEquipe } from '../equipe/index.ts';
import { calcularRodizio, gravarRodizio } from './apuracao.ts';
import { publicarNaTransacao } from './publicacao.ts';

/** The draft 900002 finds ready to open (tomorrow's call). */
export const RASCUNHO_DEMO = 4522;

/**
 * The port's reference lists (a requisition names its operator, ship and quay by code) and the OGMO's staff
 * (server/modulos/equipe/seed.ts). Runs after the foundation: the staff take the next rotation numbers, so no
 * other worker's number moves.
 */
export async function semearGestao(db: DbOuTrx, senhaHash: string): Promise<void> {
  await db
    .insertInto('operador')
    .values(OPERADORES.map((o) => ({ cod_operador: o.codigo, nome: o.nome })))
    .execute();
  await db
    .insertInto('navio')
    .values(NAVIOS.map((n) => ({ cod_navio: n.codigo, nome: n.nome })))
    .execute();
  await emLotes([...CAIS], 50, (lote) =>
    db
      .insertInto('local_atracacao')
      .values(lote.map((c) => ({ cod_local_atrac: c.codigo, nome: c.nome })))
      .execute(),
  );
  await semearEquipe(db, senhaHash);
}

/**
 * The demo's past calls (4518-4520, closed with the generated workers' choices) run through the real
 * rotation and publish, oldest first, one hour after each call: their engagements join the job history and
 * the pointers start from them. Then tomorrow's draft, with one requisition per category, for 900002.
 */
export async function semearEscalasPublicadas(db: DbOuTrx, config: Config, agora: Date): Promise<void> {
  const fuso = config.fusoHorario;
  for (const [n, numEscalacao] of ESCALAS_FECHADAS_DEMO.entries()) {
    const dias = n - ESCALAS_FECHADAS_DEMO.length;
    const momento = new Date(agora.getTime() + dias * 86_400_000 + 3_600_000);
    const passo = { numEscalacao, agora: momento, por: ESCALADOR_DEMO };
    await db
      .updateTable('escala')
      .set({ fechada_em: momento.toISOString(), fechada_por: ESCALADOR_DEMO })
      .where('num_escalacao', '=', numEscalacao)
      .execute();
    const regras = {
      horasDescanso: config.horasDescanso,
      fila: config.rodizio.fila,
      dobraHorasDescanso: config.rodizio.dobraHorasDescanso,
      agora: momento,
    };
    await gravarRodizio(db, passo, await calcularRodizio(db, numEscalacao, regras));
    await publicarNaTransacao(db, { ...passo, horasDescanso: config.horasDescanso, fusoHorario: fuso });
  }

  const hoje = dataLocal(agora, fuso);
  const amanha = somarDias(hoje, 1);
  await db
    .insertInto('escala')
    .values({
      num_escalacao: RASCUNHO_DEMO,
      data_chamada: `${amanha.slice(0, 4)}-${amanha.slice(4, 6)}-${amanha.slice(6, 8)}`,
      hora_chamada: '06:30',
      aberta: 0,
      situacao: 'rascunho',
      criada_em: agora.toISOString(),
      criada_por: ESCALADOR_DEMO,
    })
    .execute();
  const operacao = somarDias(hoje, 2);
  const modelos: {
    categoria: number;
    operador: number;
    navio: number;
    cais: number;
    periodo: number;
    mercadoria: string;
    poroes: Record<string, [number, number][]>;
  }[] = [
    {
      categoria: 1,
      operador: 0,
      navio: 0,
      cais: 0,
      periodo: 1,
      mercadoria: 'Contêineres',
      poroes: {
        PR00: [[101, 1]],
        PR01: [
          [101, 3],
          [121, 1],
        ],
      },
    },
    {
      categoria: 2,
      operador: 0,
      navio: 2,
      cais: 1,
      periodo: 2,
      mercadoria: 'Contêineres',
      poroes: {
        PR00: [
          [201, 1],
          [204, 1],
        ],
      },
    },
    {
      categoria: 4,
      operador: 4,
      navio: 9,
      cais: 5,
      periodo: 1,
      mercadoria: 'Celulose',
      poroes: { PR00: [[401, 2]] },
    },
    {
      categoria: 6,
      operador: 1,
      navio: 3,
      cais: 1,
      periodo: 2,
      mercadoria: 'Carga geral',
      poroes: {
        BL00: [
          [601, 3],
          [610, 1],
        ],
      },
    },
  ];
  const maiorSeq = await db
    .selectFrom('oferta')
    .select((eb) => eb.fn.max('seq_categoria').as('n'))
    .executeTakeFirst();
  let seq = Number(maiorSeq?.n ?? 0);
  for (const [i, m] of modelos.entries()) {
    const numRequisicao = RASCUNHO_DEMO * 100 + i + 1;
    const turno = TURNOS.find((t) => t.codPeriodo === m.periodo) ?? TURNOS[0];
    await db
      .insertInto('requisicao')
      .values(
        linhaRequisicao({
          numRequisicao,
          numEscalacao: RASCUNHO_DEMO,
          codCategoria: m.categoria,
          operador: OPERADORES[m.operador] ?? OPERADORES[0],
          navio: NAVIOS[m.navio] ?? NAVIOS[0],
          cais: CAIS[m.cais] ?? CAIS[0],
          dataOperacao: operacao,
          turno,
          fuso,
        }),
      )
      .execute();
    for (const [numPorao, funcoes] of Object.entries(m.poroes)) {
      await db
        .insertInto('porao')
        .values({
          num_requisicao: numRequisicao,
          num_porao: numPorao,
          mercadoria: m.mercadoria,
          tonelagem: 12_000,
        })
        .execute();
      await db
        .insertInto('oferta')
        .values(
          funcoes.map(([codFuncao, numVagas]) => ({
            seq_categoria: ++seq,
            num_escalacao: RASCUNHO_DEMO,
            cod_categoria: m.categoria,
            num_requisicao: numRequisicao,
            num_porao: numPorao,
            cod_funcao: codFuncao,
            num_vagas: numVagas,
            ponteiro: null,
            ponteiro_a: null,
            ponteiro_p: null,
            grupo: null,
          })),
        )
        .execute();
    }
  }
}
