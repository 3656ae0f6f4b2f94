import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { z } from '#common/zod-pt.ts';
import { Campo } from './ui/campo.tsx';

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

/** 'Nova senha' and 'Repita a nova senha', numeric keyboards, the manager's new-password hint. */
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
