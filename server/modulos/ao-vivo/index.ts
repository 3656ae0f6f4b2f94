/** O ao vivo (decisões 0160-0173, 0200): o que a composição e os outros módulos usam dele. */
export { moduloAoVivo, RETRY_AO_ENCERRAR_MS } from './plugin.ts';
