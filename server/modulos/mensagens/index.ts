/** The service messages (issue 30, docs/decisions/0270): what other modules may use. */
export { moduloMensagens } from './plugin.ts';
export { filaDoAvulso, marcarMensagemLida } from './servico.ts';
