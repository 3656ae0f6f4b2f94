/** The OGMO staff's roles (issue 30): the one check every staff area's routes use. */
export { exigirPapel, temPapel } from './acesso.ts';
export { FINANCEIRO_DEMO } from './seed.ts';
