/** As declarações do lockdown e da MP 945 (decisões 0050-0053): o que a composição usa delas. */
export { moduloDeclaracoes } from './plugin.ts';
