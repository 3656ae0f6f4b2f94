/** The session module's public face for other modules (docs/ARCHITECTURE.md). */
export type { AcessosEsquecidos, OpcoesEsquecer } from './acessos.ts';
export { anunciarAcessosEsquecidos, esquecerAcessos } from './acessos.ts';
