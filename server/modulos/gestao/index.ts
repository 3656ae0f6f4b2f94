/** O ciclo da chamada pela equipe: o que os outros módulos usam dele. */
export { linhaEscala } from './repositorio.ts';
