import { useSyncExternalStore } from 'react';
import { nomeProprio } from '#common/texto.ts';
import './layout.css';

interface FotoAvulsoProps {
  fotoUrl: string;
  nome: string;
  className?: string;
  /** Beside the worker's name (the top bar): the photo adds nothing to what a screen reader says. */
  decorativa?: boolean;
}

function iniciais(nome: string): string {
  const partes = nomeProprio(nome)
    .split(' ')
    .filter((p) => p.length > 2 || /^[A-ZÀ-Ú]/.test(p));
  const primeira = partes[0]?.charAt(0) ?? '';
  const ultima = partes.length > 1 ? (partes[partes.length - 1]?.charAt(0) ?? '') : '';
  return (primeira + ultima).toUpperCase() || '?';
}

/**
 * The photos that failed to load in this page: each is asked once, not once per picture of it (the top bar,
 * the badge), and every picture of it shows the initials (issue 29: three 404s per page).
 */
const falharam = new Set<string>();
const avisar = new Set<() => void>();

function assinar(fn: () => void) {
  avisar.add(fn);
  return () => avisar.delete(fn);
}

function marcarFalha(fotoUrl: string) {
  falharam.add(fotoUrl);
  for (const fn of avisar) fn();
}

/** Whether the photo can be shown: an address (the server sends none when it keeps no photo) that has not failed. */
export function useFotoDisponivel(fotoUrl: string): boolean {
  const falhou = useSyncExternalStore(
    assinar,
    () => falharam.has(fotoUrl),
    () => false,
  );
  return fotoUrl !== '' && !falhou;
}

/**
 * The worker's photo (a signed URL from the server) with an avatar of initials when there is none or it fails
 * to load (docs/produto/escalacao.md §2: "photos load by registration number with an avatar fallback").
 */
export function FotoAvulso({ fotoUrl, nome, className, decorativa = false }: FotoAvulsoProps) {
  const disponivel = useFotoDisponivel(fotoUrl);
  const classes = ['foto-avulso', className].filter(Boolean).join(' ');
  if (!disponivel) {
    return (
      <span
        className={`${classes} foto-avulso-avatar`}
        {...(decorativa
          ? { 'aria-hidden': true }
          : { role: 'img', 'aria-label': `Foto de ${nomeProprio(nome)}` })}
      >
        {iniciais(nome)}
      </span>
    );
  }
  return (
    <img
      className={classes}
      src={fotoUrl}
      alt={decorativa ? '' : `Foto de ${nomeProprio(nome)}`}
      onError={() => marcarFalha(fotoUrl)}
      decoding="async"
    />
  );
}
