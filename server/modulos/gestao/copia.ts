import { type RequisicaoBody, requisicaoBody } from '#common/api/gestao.ts';
import { somarDias } from '#common/tempo.ts';
import type { Banco } from '../../plataforma/banco/connection.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { detalharEscala } from './leitura.ts';
import { linhaEscala } from './repositorio.ts';
import { adicionarRequisicoes, type RegrasRequisicao } from './requisicoes.ts';

const DIA_MS = 86_400_000;

/** Whole days from one yyyy-mm-dd to another. */
function diasEntre(de: string, ate: string): number {
  const utc = (d: string) =>
    Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(ate) - utc(de)) / DIA_MS);
}

/**
 * Copies another call's requisitions into a draft (issue 27, "copying requisitions from an earlier call";
 * docs/decisions/0265): the same ships, shifts, holds, functions and vacancies, each operation date moved by the
 * distance between the two calls' dates, added all or nothing by the form's own rules.
 */
export async function copiarRequisicoes(
  banco: Banco,
  regras: RegrasRequisicao,
  numDestino: number,
  numOrigem: number,
): Promise<{ requisicoes: number[]; deslocamentoDias: number }> {
  if (numOrigem === numDestino) {
    throw new ErroApp('DadosInvalidos', 'Escolha outra escala para copiar as requisições.');
  }
  const [origem, destino] = await Promise.all([
    linhaEscala(banco.db, numOrigem),
    linhaEscala(banco.db, numDestino),
  ]);
  if (!destino) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (!origem) throw new ErroApp('NaoEncontrado', `A escala nº ${numOrigem} não existe.`);
  const { requisicoes } = await detalharEscala(banco.db, numOrigem);
  if (requisicoes.length === 0) {
    throw new ErroApp('DadosInvalidos', `A escala nº ${numOrigem} não tem requisições para copiar.`);
  }
  const deslocamentoDias = diasEntre(origem.data_chamada, destino.data_chamada);
  const corpos: RequisicaoBody[] = requisicoes.map((r) =>
    requisicaoBody.parse({
      codOperador: r.codOperador,
      codNavio: r.codNavio,
      dataOperacao: somarDias(r.dataOperacao, deslocamentoDias),
      codPeriodo: r.codPeriodo,
      horaInicio: r.horaInicio,
      horaFim: r.horaFim,
      codLocalAtrac: r.codLocalAtrac,
      poroes: r.poroes.map((p) => ({
        numPorao: p.numPorao,
        nomeMercadoria: p.nomeMercadoria,
        tonelagem: p.tonelagem,
        funcoes: p.funcoes.map((f) => ({ codFuncao: f.codFuncao, numVagas: f.numVagas })),
      })),
    }),
  );
  return { requisicoes: await adicionarRequisicoes(banco, regras, numDestino, corpos), deslocamentoDias };
}
