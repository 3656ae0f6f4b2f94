import type {
  AvulsosConfirmados,
  EscalaCarregada,
  PostVagasBody,
  PostVagasResposta,
} from '#common/api/escalacao.ts';
import { api } from '../../lib/api-client.ts';

/** GET /api/vagas?numEscalacao=N: the loaded call with the offers computed for this worker. */
export function buscarVagas(numEscalacao: number): Promise<EscalaCarregada> {
  return api<EscalaCarregada>('/api/vagas', { consulta: { numEscalacao } });
}

/** POST /api/vagas: the offers whose `escolhida` changed; answers their resulting state. */
export function enviarEscolhas(corpo: PostVagasBody): Promise<PostVagasResposta> {
  return api<PostVagasResposta>('/api/vagas', { metodo: 'POST', corpo });
}

/** GET /api/avulsosConfirmados: who already confirmed choices in a call and category. */
export function buscarAvulsosConfirmados(
  numEscalacao: number,
  codCategoria: number,
): Promise<AvulsosConfirmados> {
  return api<AvulsosConfirmados>('/api/avulsosConfirmados', { consulta: { numEscalacao, codCategoria } });
}
