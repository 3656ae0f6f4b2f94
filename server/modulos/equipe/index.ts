/** The OGMO staff's roles (issue 30): the one check every staff area's routes use. */
export { exigirPapel, temPapel } from './acesso.ts';
export { ESCALADOR_DEMO, FINANCEIRO_DEMO, semearEquipe } from './seed.ts';
