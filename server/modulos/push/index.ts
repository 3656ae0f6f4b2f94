/** Web Push (docs/decisions/0162): what other modules may use. */
export type { EnviadorPush } from './envio.ts';
export { avisosEnviadosDaEscala, removerAssinaturasDaSessao } from './repositorio.ts';
