import { queryOptions } from '@tanstack/react-query';
import { apiEquipe } from '#common/api/equipe.ts';
import { apiSeguranca } from '#common/api/seguranca.ts';
import type { Papel } from '#common/dominio.ts';
import { chamar } from '../../lib/api-client.ts';

/** The staff page's calls (/api/gestao/equipe, issue 30). */

export const equipeQuery = queryOptions({
  queryKey: ['gestao-equipe'],
  queryFn: () => chamar(apiEquipe.listar),
  staleTime: 0,
});

export function mudarPapel(codAvulso: string, papel: Papel, ter: boolean) {
  return ter
    ? chamar(apiEquipe.conceder, { params: { cod: codAvulso }, corpo: { papel } })
    : chamar(apiEquipe.retirar, { params: { cod: codAvulso, papel } });
}

/** The OGMO's kiosks and the throttle's locks (/api/seguranca, role `administrador`: docs/decisions/0228). */
export const totensQuery = queryOptions({
  queryKey: ['gestao-seguranca', 'totens'],
  queryFn: () => chamar(apiSeguranca.totens),
  staleTime: 0,
});

export const bloqueiosQuery = queryOptions({
  queryKey: ['gestao-seguranca', 'bloqueios'],
  queryFn: () => chamar(apiSeguranca.bloqueios),
  staleTime: 0,
});

export const revogarTotem = (id: string) => chamar(apiSeguranca.revogarTotem, { params: { id } });
