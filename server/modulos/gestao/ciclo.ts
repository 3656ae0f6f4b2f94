import type { Banco } from '../../plataforma/banco/connection.ts';
import { ehViolacaoDeUnicidade } from '../../plataforma/banco/dialeto.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { Eventos } from '../../plataforma/eventos/index.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import type { FilaRodizio } from '../rodizio/index.ts';
import {
  copiarPonteiros,
  escalaAbertaAgora,
  inserirRascunho,
  linhaEscala,
  maiorNumeroEscala,
  moverEscala,
  umaRequisicao,
} from './repositorio.ts';

export { moverEscala };

/** Os eventos do ciclo da chamada (decisão 0200): anunciados depois do COMMIT; o ao vivo e os avisos escutam. */
declare module '../../plataforma/eventos/catalogo.ts' {
  interface EventosDoDominio {
    'escala-aberta': { numEscalacao: number; dataChamada: string; horaChamada: string; por: string };
    'escala-fechada': { numEscalacao: number; por: string };
    'escala-publicada': { numEscalacao: number; por: string };
  }
}

/**
 * The call's life (docs/decisions/0151): rascunho → aberta → fechada → apurada → publicada, or cancelada from
 * a draft. Each step is one conditional UPDATE (`where situacao in (...)`), so two staff members clicking at
 * once move the call once: the second finds it already moved and gets SituacaoEscalaInvalida. Each step
 * records its instant and staff member. Functions take the database and the instant (no HTTP), so the
 * benchmark drives them directly.
 */

export interface Passo {
  numEscalacao: number;
  agora: Date;
  /** The staff member (codAvulso) taking the step. */
  por: string;
}

/** Refusal for a call that exists but is not in a state the step starts from (or 404 when it does not exist). */
export async function recusarTransicao(db: DbOuTrx, numEscalacao: number): Promise<never> {
  const escala = await linhaEscala(db, numEscalacao);
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  throw new ErroApp(
    'SituacaoEscalaInvalida',
    `Esta ação não é possível: a escala nº ${numEscalacao} está ${escala.situacao}.`,
    { dados: { situacao: escala.situacao } },
  );
}

/** A new draft: the next number after the highest (a concurrent creation that takes it makes this retry). */
export async function criarEscala(
  db: DbOuTrx,
  dados: { dataChamada: string; horaChamada: string; agora: Date; por: string },
): Promise<number> {
  for (let tentativa = 0; ; tentativa++) {
    const numEscalacao = (await maiorNumeroEscala(db)) + 1;
    try {
      await inserirRascunho(db, numEscalacao, dados);
      return numEscalacao;
    } catch (erro) {
      if (!ehViolacaoDeUnicidade(erro) || tentativa >= 20) throw erro;
    }
  }
}

export async function cancelarEscala(db: DbOuTrx, passo: Passo): Promise<void> {
  if (!(await moverEscala(db, passo, ['rascunho'], 'cancelada', 'cancelada'))) {
    await recusarTransicao(db, passo.numEscalacao);
  }
}

/**
 * Opens a draft to the workers: it needs a requisition, and no other call open (the partial unique index
 * `escala_uma_aberta` makes that hold even when two drafts are opened at the same instant). The offers take
 * their function's rotation pointers as they are now (docs/decisions/0142): what the pointer fields show.
 */
export async function abrirEscala(
  db: DbOuTrx,
  executar: <T>(unidade: (trx: DbOuTrx) => Promise<T>) => Promise<T>,
  passo: Passo,
  fila: FilaRodizio,
  eventos: Eventos,
): Promise<void> {
  const escala = await linhaEscala(db, passo.numEscalacao);
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (escala.situacao !== 'rascunho') await recusarTransicao(db, passo.numEscalacao);
  const requisicao = await umaRequisicao(db, passo.numEscalacao);
  if (!requisicao) throw new ErroApp('EscalaSemRequisicoes');
  const outra = await escalaAbertaAgora(db);
  if (outra) throw outraAberta(outra.num_escalacao);
  let moveu: boolean;
  try {
    moveu = await executar(async (trx) => {
      if (!(await moverEscala(trx, passo, ['rascunho'], 'aberta', 'aberta'))) return false;
      await copiarPonteiros(trx, passo.numEscalacao, fila);
      return true;
    });
  } catch (erro) {
    if (!ehViolacaoDeUnicidade(erro)) throw erro;
    const aberta = await escalaAbertaAgora(db);
    throw outraAberta(aberta?.num_escalacao);
  }
  if (!moveu) await recusarTransicao(db, passo.numEscalacao);
  eventos.emitir('escala-aberta', {
    numEscalacao: passo.numEscalacao,
    dataChamada: escala.data_chamada,
    horaChamada: escala.hora_chamada,
    por: passo.por,
  });
}

function outraAberta(num: number | undefined): ErroApp {
  return new ErroApp(
    'OutraEscalaAberta',
    num === undefined ? undefined : `A escala nº ${num} está aberta. Feche-a antes de abrir outra.`,
    { dados: { numEscalacao: num ?? null } },
  );
}

/**
 * Closes an open call. On SQLite the UPDATE goes through the app's group commit, so it is ordered with the
 * choices being written: those committed before it are in the rotation; the choice units after it read the
 * call closed inside their own transaction (docs/decisions/0153).
 */
export async function fecharEscala(
  banco: Banco,
  executar: <T>(unidade: (trx: DbOuTrx) => Promise<T>) => Promise<T>,
  passo: Passo,
  eventos: Eventos,
): Promise<void> {
  const moveu = await executar((trx) => moverEscala(trx, passo, ['aberta'], 'fechada', 'fechada'));
  if (!moveu) await recusarTransicao(banco.db, passo.numEscalacao);
  eventos.emitir('escala-fechada', { numEscalacao: passo.numEscalacao, por: passo.por });
}
