/** Running it in production (issue 26, docs/operacao.md): what the composition and server/main.ts use. */
export { moduloOperacao } from './plugin.ts';
export { servirMetricasEmPorta } from './rotas-metricas.ts';
