/** A chamada eletrônica (decisão 0100): o que os outros módulos e a composição usam dela. */
export type { AvisoEscalacao, MudancaContagens } from './avisos.ts';
export { moduloEscalacao } from './plugin.ts';
export { engajamentosDosAvulsos, estruturaEscala } from './repositorio.ts';
export type { ContagemOferta } from './servico.ts';
