import type { ReactNode } from 'react';
import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** A labelled field of the record's forms, bound by `register`, with its own message below it. */
export function Campo({
  rotulo,
  registro,
  erro,
  opcional,
  tipo = 'text',
  inputMode,
  autoComplete = 'off',
  children,
  dica,
}: {
  rotulo: string;
  registro: UseFormRegisterReturn;
  erro?: FieldError;
  opcional?: boolean;
  tipo?: 'text' | 'date' | 'number';
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  /** Options: the field is a select. */
  children?: ReactNode;
  dica?: string;
}) {
  const id = useId();
  const descrito =
    [dica ? `${id}-dica` : '', erro ? `${id}-erro` : ''].filter(Boolean).join(' ') || undefined;
  const comum = {
    id,
    'aria-invalid': erro ? true : undefined,
    'aria-describedby': descrito,
    ...registro,
  } as const;
  return (
    <div className="campo">
      <label htmlFor={id}>
        {rotulo}
        {opcional ? <span className="campo-opcional"> (opcional)</span> : null}
      </label>
      {children ? (
        <select {...comum}>{children}</select>
      ) : (
        <input {...comum} type={tipo} inputMode={inputMode} autoComplete={autoComplete} />
      )}
      {dica ? (
        <span id={`${id}-dica`} className="campo-dica">
          {dica}
        </span>
      ) : null}
      {erro?.message ? (
        <span id={`${id}-erro`} className="campo-erro" role="alert">
          {erro.message}
        </span>
      ) : null}
    </div>
  );
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
export function dataBr(iso: string | null | undefined): string {
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
}

/** Integer select/inputs: '' is absent. */
export const comoNumero = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
