import { PAPEL_ESCALADOR } from '#common/dominio.ts';
import { exigirPapel } from '../equipe/index.ts';

/** onRequest hook of every /api/gestao route of the call's cycle: the role `escalador` (docs/decisions/0150). */
export const exigirEscalador = exigirPapel(
  PAPEL_ESCALADOR,
  'Somente a equipe de escalação do OGMO acessa a gestão das escalas.',
);
