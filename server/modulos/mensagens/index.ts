/** The service messages (issue 30, docs/decisions/0270): what other modules may use. */
export { rotasMensagensGestao } from './rotas.ts';
export { filaDoAvulso, marcarMensagemLida } from './servico.ts';
