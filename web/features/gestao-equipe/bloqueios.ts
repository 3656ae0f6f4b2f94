import type { RegistroBloqueio } from '#common/api/seguranca.ts';

/**
 * The locks still in force, from the throttle's log (GET /api/seguranca/bloqueios, newest first): per policy
 * and subject, the latest event is a lock whose end is still ahead. A later unlock (the owner got in) or a
 * lock already past ends it. Newest first, as the log.
 */
export function bloqueiosVigentes(registros: readonly RegistroBloqueio[], agora: Date): RegistroBloqueio[] {
  const vistos = new Set<string>();
  const vigentes: RegistroBloqueio[] = [];
  for (const r of registros) {
    const chave = `${r.politica}:${r.sujeito}`;
    if (vistos.has(chave)) continue;
    vistos.add(chave);
    if (r.evento === 'bloqueio' && r.ate !== null && Date.parse(r.ate) > agora.getTime()) vigentes.push(r);
  }
  return vigentes;
}
