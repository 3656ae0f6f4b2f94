import { useState } from 'react';
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
 * The worker's photo (a signed URL from the server) with an avatar of initials when it fails to load
 * (docs/produto/escalacao.md §2: "photos load by registration number with an avatar fallback").
 */
export function FotoAvulso({ fotoUrl, nome, className, decorativa = false }: FotoAvulsoProps) {
  const [falhou, setFalhou] = useState<string | null>(null);
  const classes = ['foto-avulso', className].filter(Boolean).join(' ');
  if (falhou === fotoUrl || !fotoUrl) {
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
      onError={() => setFalhou(fotoUrl)}
      decoding="async"
    />
  );
}
