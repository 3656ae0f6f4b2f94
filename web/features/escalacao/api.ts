import type { PostVagasBody } from '#common/api/escalacao.ts';
import { apiEscalacao } from '#common/api/escalacao.ts';
import { chamar } from '../../lib/api-client.ts';

/** The loaded call with the offers computed for this worker. */
export function buscarVagas(numEscalacao: number) {
  return chamar(apiEscalacao.vagas, { query: { numEscalacao } });
}

/** The offers whose `escolhida` changed; answers their resulting state. */
export function enviarEscolhas(corpo: PostVagasBody) {
  return chamar(apiEscalacao.escolher, { corpo });
}

/** Who already confirmed choices in a call and category. */
export function buscarAvulsosConfirmados(numEscalacao: number, codCategoria: number) {
  return chamar(apiEscalacao.avulsosConfirmados, { query: { numEscalacao, codCategoria } });
}
