/**
 * What the service worker keeps for reading without a network (docs/decisions/0132), shared by its
 * configuration (vite.config.ts) and the app (logout wipes the cache; the banner reads the header).
 */

/** Cache Storage name of the worker's own answers (badge, current job, qualifications, last jobs). */
export const CACHE_DADOS_PESSOAIS = 'portal-tpa-dados-pessoais';

/** Set by the service worker on an answer read from that cache: the `Date` of the original answer. */
export const CABECALHO_DADOS_DE = 'X-Portal-Dados-De';

/**
 * How old an offline copy of the worker's own answers may be and still be shown (issue 28 item 9, docs/decisions/
 * 0226): the badge works offline over a long weekend without signal; a phone left somewhere does not keep a
 * worker's name, CPF and jobs readable for months. Past it the service worker drops the copy (Workbox's
 * expiration, by the answer's Date).
 */
export const IDADE_MAXIMA_DADOS_OFFLINE_S = 3 * 24 * 60 * 60;
