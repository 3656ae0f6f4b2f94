/**
 * What the service worker keeps for reading without a network (docs/decisions/0132), shared by its
 * configuration (vite.config.ts) and the app (logout wipes the cache; the banner reads the header).
 */

/** Cache Storage name of the worker's own answers (badge, current job, qualifications, last jobs). */
export const CACHE_DADOS_PESSOAIS = 'portal-tpa-dados-pessoais';

/** Set by the service worker on an answer read from that cache: the `Date` of the original answer. */
export const CABECALHO_DADOS_DE = 'X-Portal-Dados-De';
