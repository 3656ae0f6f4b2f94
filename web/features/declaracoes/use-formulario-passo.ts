import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from '#common/zod-pt.ts';

/**
 * A step's form (docs/decisions/0053): validated by its wire schema as the worker types, starting from
 * `iniciais`. With `validarPreenchidos`, the fields that came filled are checked at once, so wrong
 * registry data shows its message straight away.
 */
export function useFormularioPasso<Entrada extends FieldValues, Saida extends FieldValues>(
  schema: z.ZodType<Saida, Entrada>,
  iniciais: DefaultValues<Entrada>,
  validarPreenchidos = true,
) {
  const formulario = useForm<Entrada, unknown, Saida>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: iniciais,
  });
  const { trigger } = formulario;
  const feito = useRef(false);
  useEffect(() => {
    if (feito.current || !validarPreenchidos) return;
    feito.current = true;
    const preenchidos = Object.entries(iniciais)
      .filter(([, v]) => typeof v === 'string' && v !== '')
      .map(([k]) => k as Path<Entrada>);
    if (preenchidos.length) void trigger(preenchidos);
  }, [trigger, iniciais, validarPreenchidos]);
  return formulario;
}
