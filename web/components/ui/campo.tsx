import type { ReactNode } from 'react';
import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * A labelled field bound by react-hook-form's `register`, with its hint and its own message below it (the staff's
 * record and the worker's account forms, issue 30). A select when it has options.
 */
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
  tipo?: 'text' | 'date' | 'number' | 'password' | 'tel' | 'email';
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
