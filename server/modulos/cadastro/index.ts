/** The workers' record kept by the staff (issue 30): its history is what the other areas append to. */

export { moduloCadastro } from './plugin.ts';
export { emVigor, impedimentoEmVigor } from './repositorio.ts';
export {
  type Campos,
  historicoDasAcoes,
  historicoDoAvulso,
  registrarHistorico,
} from './repositorio-historico.ts';
