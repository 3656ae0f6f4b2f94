import type { EscalaCarregada, PostVagasBody } from '#common/api/escalacao.ts';
import { apiEscalacao } from '#common/api/escalacao.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import { chamar } from '../../lib/api-client.ts';

/**
 * The loaded call with the offers computed for this worker: the server sends the call's offers and the
 * worker's part apart (docs/decisions/0134-vagas-compartilhada-e-pessoal.md); merged here.
 */
export async function buscarVagas(numEscalacao: number): Promise<EscalaCarregada> {
  return montarEscalaCarregada(await chamar(apiEscalacao.vagas, { query: { numEscalacao } }));
}

/** The offers whose `escolhida` changed; answers their resulting state. */
export function enviarEscolhas(corpo: PostVagasBody) {
  return chamar(apiEscalacao.escolher, { corpo });
}

/** Who already confirmed choices in a call and category. */
export function buscarAvulsosConfirmados(numEscalacao: number, codCategoria: number) {
  return chamar(apiEscalacao.avulsosConfirmados, { query: { numEscalacao, codCategoria } });
}
