/** O motor do rodízio, puro (decisões 0140-0144): a sua face pública. */
export { descreverOferta, textoEscolha, textoEscolhaV1, textoMotivo, textoMotivoV1 } from './auditoria.ts';
export { executarRodizio } from './motor.ts';
export { estadoAposPublicar } from './ponteiros.ts';
export type {
  AvulsoRodizio,
  DecisaoAvulso,
  EntradaRodizio,
  EscolhaRodizio,
  FilaRodizio,
  OfertaRodizio,
  PonteiroLista,
  ResultadoRodizio,
  SituacaoEscolha,
} from './tipos.ts';
