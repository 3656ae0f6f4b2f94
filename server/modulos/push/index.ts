/** Web Push (docs/decisions/0162): what the composition and the other modules use. */
export type { EnviadorPush } from './envio.ts';
export { moduloPush, type OpcoesModuloPush } from './plugin.ts';
export { avisosEnviadosDaEscala, removerAssinaturasDaSessao } from './repositorio.ts';
