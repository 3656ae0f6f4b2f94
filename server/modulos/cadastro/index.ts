/** The workers' record kept by the staff (issue 30): its history is what the other areas append to. */
export { type Campos, historicoDasAcoes, historicoDoAvulso, registrarHistorico } from './historico.ts';
export { emVigor, impedimentoEmVigor } from './repositorio.ts';
export { mensagemSituacao } from './servico.ts';
