import type { ReactNode } from 'react';
import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { z } from '#common/zod-pt.ts';

/**
 * A labelled field bound by react-hook-form's `register`, with its hint and its own message below it (the staff's
 * record, notices and elections, the worker's account forms). A select when it has options, a text area when it
 * has `linhas`.
 */
export function Campo({
  rotulo,
  registro,
  erro,
  opcional,
  tipo = 'text',
  inputMode,
  autoComplete = 'off',
  maxLength,
  linhas,
  children,
  dica,
}: {
  rotulo: string;
  registro: UseFormRegisterReturn;
  erro?: FieldError;
  opcional?: boolean;
  tipo?: 'text' | 'date' | 'datetime-local' | 'number' | 'password' | 'tel' | 'email';
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  maxLength?: number;
  /** Rows: the field is a text area. */
  linhas?: number;
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
    maxLength,
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
      ) : linhas ? (
        <textarea {...comum} rows={linhas} inputMode={inputMode} />
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

/**
 * What turns a request body that carries `novaSenha` (the first access, the change in Minha conta:
 * common/api/contas.ts) into the worker's form: the new password typed twice, the second checked against the first
 * before anything is sent: `corpo.extend(confirmacaoDeSenha).refine(...senhasIguais)`.
 */
export const confirmacaoDeSenha = {
  confirmacao: z.string({ error: 'Repita a nova senha.' }).min(1, 'Repita a nova senha.'),
};

export const senhasIguais: [
  (v: { novaSenha: string; confirmacao: string }) => boolean,
  { path: string[]; message: string },
] = [
  (v) => v.confirmacao === v.novaSenha,
  { path: ['confirmacao'], message: 'As duas senhas não são iguais.' },
];

/** 'Nova senha' and 'Repita a nova senha' (the first access, Minha conta): numeric keyboards, the rule as a hint. */
export function CamposNovaSenha({
  registro,
  erros,
}: {
  registro: (campo: 'novaSenha' | 'confirmacao') => UseFormRegisterReturn;
  erros: { novaSenha?: FieldError; confirmacao?: FieldError };
}) {
  return (
    <>
      <Campo
        rotulo="Nova senha"
        tipo="password"
        inputMode="numeric"
        autoComplete="new-password"
        registro={registro('novaSenha')}
        erro={erros.novaSenha}
        dica="De 6 a 8 dígitos."
      />
      <Campo
        rotulo="Repita a nova senha"
        tipo="password"
        inputMode="numeric"
        autoComplete="new-password"
        registro={registro('confirmacao')}
        erro={erros.confirmacao}
      />
    </>
  );
}

/** A period's start and end, side by side on a wide screen (a notice's, an election's voting). */
export function CamposPeriodo({
  rotulos,
  registro,
  erros,
}: {
  rotulos: { inicio: string; fim: string };
  registro: (campo: 'inicio' | 'fim') => UseFormRegisterReturn;
  erros: { inicio?: FieldError; fim?: FieldError };
}) {
  return (
    <div className="grade-campos">
      <Campo
        rotulo={rotulos.inicio}
        tipo="datetime-local"
        registro={registro('inicio')}
        erro={erros.inicio}
      />
      <Campo rotulo={rotulos.fim} tipo="datetime-local" registro={registro('fim')} erro={erros.fim} />
    </div>
  );
}
