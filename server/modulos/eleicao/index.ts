/** A eleição da CPATP (decisões 0060-0063, 0271): o que a composição usa dela. */
export { moduloEleicao } from './plugin.ts';
