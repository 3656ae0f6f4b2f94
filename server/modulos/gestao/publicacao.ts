import { temDescanso } from '#common/descanso.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import type { Banco } from '../../plataforma/banco/connection.ts';
import { dialetoDe } from '../../plataforma/banco/dialeto.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { Eventos } from '../../plataforma/eventos/index.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { digestoEngajamentos, engajamentosDosQueEscolheram } from './apuracao.ts';
import { moverEscala, type Passo, recusarTransicao } from './ciclo.ts';
import {
  baseDaEscala,
  engajamentosDaEscala,
  inserirTrabalhos,
  moverPonteiros,
  ofertasDaEscala,
  ponteirosAtuais,
  ponteirosDaEscala,
  travarPublicacoes,
} from './repositorio-rodizio.ts';

/**
 * Publishing (docs/decisions/0155, 0211): the stored rotation becomes real in one transaction. Each engagement
 * is a row of `trabalho` (the current job, the badge and the history read it; the rest rule of later calls
 * too), tagged with the call; each queue's pointers move to where this call left them (docs/decisions/0142).
 *
 * Safe in any order (0211): publications run one at a time (an advisory lock on PostgreSQL), the state moves
 * first (a second click finds the call published: 409, nothing written twice), and a result is published only
 * if what it was computed from still holds: the pointers it started from are still the current ones (so a
 * pointer never moves backward nor skips a call), the engagements of its workers near its shifts are the ones
 * it read (its base digest), none of its workers would hold two engagements without the rest between them,
 * and no shift it engages has ended. Otherwise 409 `RodizioDesatualizado`, nothing written: staff run the
 * rotation again and publish what they then see.
 */

export interface ResumoPublicacao {
  numEscalacao: number;
  trabalhos: number;
  funcoes: number;
  duracaoMs: number;
}

export interface PassoPublicacao extends Passo {
  horasDescanso: number;
  /** The port's time zone, for the refusal's words about a shift that ended. */
  fusoHorario: string;
}

function desatualizado(mensagem: string): ErroApp {
  return new ErroApp('RodizioDesatualizado', mensagem);
}

/**
 * Publishes, then announces `escala-publicada` (decision 0200): the call's module drops what it holds of the
 * call on every server, and this server's push sends each worker who chose their outcome.
 */
export async function publicarEscala(
  banco: Banco,
  passo: PassoPublicacao,
  eventos: Eventos,
): Promise<ResumoPublicacao> {
  const resumo = await banco.db.transaction().execute((trx) => publicarNaTransacao(trx, passo));
  eventos.emitir('escala-publicada', { numEscalacao: passo.numEscalacao, por: passo.por });
  return resumo;
}

/** Refuses a result whose pointers, engagements or shifts changed since the rotation ran (0211, 0213). */
async function exigirResultadoAtual(trx: DbOuTrx, passo: PassoPublicacao) {
  const num = passo.numEscalacao;
  const ponteiros = await ponteirosDaEscala(trx, num);
  const atuais = new Map(
    (
      await ponteirosAtuais(
        trx,
        ponteiros.map((p) => p.cod_funcao),
      )
    ).map((p) => [p.cod_funcao, p]),
  );
  for (const p of ponteiros) {
    const a = atuais.get(p.cod_funcao);
    const mesmo =
      (a?.registro ?? null) === p.registro_inicial &&
      (a?.registro_avulso ?? null) === p.registro_inicial_avulso &&
      (a?.cadastro ?? null) === p.cadastro_inicial &&
      (a?.cadastro_avulso ?? null) === p.cadastro_inicial_avulso;
    if (!mesmo) {
      throw desatualizado(
        `Os ponteiros do rodízio mudaram depois que a escala nº ${num} foi apurada (outra escala foi publicada). ` +
          'Apure o rodízio de novo antes de publicar.',
      );
    }
  }

  const engajamentos = await engajamentosDaEscala(trx, num);
  const agora = passo.agora.getTime();
  const encerrado = engajamentos.find((e) => e.fim !== null && Date.parse(e.fim) <= agora);
  if (encerrado?.inicio) {
    throw desatualizado(
      `O turno de ${formatarNoFuso(encerrado.inicio, passo.fusoHorario, "dd/MM 'das' HH'h'")} já terminou: ` +
        `apure o rodízio da escala nº ${num} de novo (um turno encerrado não é escalado) antes de publicar.`,
    );
  }

  // The same read as the rotation's (the choosers' engagements around the span of the call's shifts).
  const turnos = (await ofertasDaEscala(trx, num)).map((o) => ({
    inicio: Date.parse(o.inicio),
    fim: Date.parse(o.fim),
  }));
  const outros = await engajamentosDosQueEscolheram(trx, num, turnos, passo.horasDescanso);
  if (digestoEngajamentos(outros) !== (await baseDaEscala(trx, num))) {
    throw desatualizado(
      `Os engajamentos dos trabalhadores desta escala mudaram depois que a escala nº ${num} foi apurada ` +
        '(outra escala foi apurada ou publicada). Apure o rodízio de novo antes de publicar.',
    );
  }
  // Never two engagements without the rest between them, whatever the base says.
  for (const e of engajamentos) {
    if (!e.inicio || !e.fim) continue;
    const turno = { inicio: Date.parse(e.inicio), fim: Date.parse(e.fim) };
    if (!temDescanso(turno, outros.get(e.cod_avulso) ?? [], passo.horasDescanso)) {
      throw desatualizado(
        `O trabalhador ${e.cod_avulso} já tem outro engajamento sem o descanso mínimo de ${passo.horasDescanso} ` +
          `horas para o turno desta escala. Apure o rodízio da escala nº ${num} de novo antes de publicar.`,
      );
    }
  }
  return ponteiros;
}

/** The publish inside the caller's transaction (the demo seed publishes its past calls this way). */
export async function publicarNaTransacao(trx: DbOuTrx, passo: PassoPublicacao): Promise<ResumoPublicacao> {
  const inicio = performance.now();
  await travarPublicacoes(trx, dialetoDe(trx));
  if (!(await moverEscala(trx, passo, ['apurada'], 'publicada', 'publicada'))) {
    await recusarTransicao(trx, passo.numEscalacao);
  }
  const ponteiros = await exigirResultadoAtual(trx, passo);
  const trabalhos = await inserirTrabalhos(trx, passo.numEscalacao);
  await moverPonteiros(trx, passo.numEscalacao, ponteiros);
  return {
    numEscalacao: passo.numEscalacao,
    trabalhos,
    funcoes: ponteiros.length,
    duracaoMs: Math.round(performance.now() - inicio),
  };
}
