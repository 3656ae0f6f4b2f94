/** O trabalhador (avulso): o que os outros módulos usam dele. */
export { urlFoto } from './fotos.ts';
export { moduloAvulso } from './plugin.ts';
export { buscarAvulso, carregarDadosLogin } from './repositorio.ts';
export { CONTAS_DEMO, ESCALA_ABERTA_DEMO, ESCALAS_FECHADAS_DEMO } from './seed.ts';
