/** O ciclo da chamada pela equipe (decisões 0150-0156, 0210-0218, 0261-0266): o que a composição usa dele. */
export { moduloGestao } from './plugin.ts';
