import { ADMINISTRADOR_DEMO, ESCALADOR_DEMO, FINANCEIRO_DEMO } from '../modulos/equipe/seed.ts';

/**
 * Which demo staff member holds the role of a staff route (issue 30: each area checks its own role before it reads
 * anything): the payroll's, 900004 (`financeiro`); the roles', workers', messages', elections' and security's,
 * 900003 (`administrador`, `cadastro`, `comunicacao`, `eleicao`); the call's, 900002 (`escalador`). The tests
 * that send every route of the catalog use it to reach past the role check.
 */
const DO_ADMINISTRADOR = [
  '/api/gestao/equipe',
  '/api/gestao/trabalhadores',
  '/api/eleicoes',
  '/api/seguranca',
  '/api/gestao/mensagens',
  '/api/gestao/eleicoes',
];

export type DonoDaRota = 'financeiro' | 'administrador' | 'escalador';

export function donoDaRota(caminho: string): DonoDaRota {
  if (caminho.startsWith('/api/gestao/financeiro')) return 'financeiro';
  if (DO_ADMINISTRADOR.some((p) => caminho.startsWith(p))) return 'administrador';
  return 'escalador';
}

export const COD_DO_DONO: Record<DonoDaRota, string> = {
  financeiro: FINANCEIRO_DEMO,
  administrador: ADMINISTRADOR_DEMO,
  escalador: ESCALADOR_DEMO,
};
