import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { assinarAoVivo, useAoVivo } from '../../lib/ao-vivo.ts';

/**
 * The open call's counts on the staff page follow the live stream (/api/eventos, docs/decisions/0263): the
 * stream says when this call's choices changed (per-offer counts, at most once a second per category), and the
 * page reads its summary again then; an idle call costs no request at all. While the stream is down the page
 * asks every INTERVALO_SEM_FLUXO_MS instead, and a reconnection (the stream's `estado`) reads it again at once.
 */

/** At most one read per this long, however many events arrive. */
export const INTERVALO_MINIMO_MS = 1_000;
/** The fallback while the stream is not connected. */
export const INTERVALO_SEM_FLUXO_MS = 10_000;

/** Follows the call `num` while `aberta`; answers whether the stream is connected. */
export function useContagensAoVivo(num: number, aberta: boolean): boolean {
  const queryClient = useQueryClient();
  const { conectado } = useAoVivo();
  useEffect(() => {
    if (!aberta) return;
    let ultima = 0;
    let agendada: ReturnType<typeof setTimeout> | undefined;
    const ler = () => {
      agendada = undefined;
      ultima = Date.now();
      void queryClient.invalidateQueries({ queryKey: ['gestao', 'escala', num], exact: true });
    };
    const pedir = (numEscalacao: number | null) => {
      if (numEscalacao !== num || agendada !== undefined) return;
      agendada = setTimeout(ler, Math.max(0, ultima + INTERVALO_MINIMO_MS - Date.now()));
    };
    const cancelar = [
      assinarAoVivo('contagens', (e) => pedir(e.numEscalacao)),
      assinarAoVivo('confirmados', (e) => pedir(e.numEscalacao)),
      // Closed elsewhere (another staff member's tab), or a reconnection that may have missed changes.
      assinarAoVivo('escala', (e) => pedir(e.numEscalacao)),
      assinarAoVivo('estado', () => pedir(num)),
    ];
    return () => {
      for (const c of cancelar) c();
      clearTimeout(agendada);
    };
  }, [num, aberta, queryClient]);
  return conectado;
}
