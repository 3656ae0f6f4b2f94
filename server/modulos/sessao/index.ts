/** A sessão e as tentativas (decisão 0090): o que os outros módulos usam dela. */
export { exigirSemEspera, reservarTentativa } from './tentativas.ts';
