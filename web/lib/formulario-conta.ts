import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { CodigoErro } from '#common/erros.ts';
import { MENSAGEM_SEM_COMUNICACAO } from '#common/erros.ts';
import type { z } from '#common/zod-pt.ts';
import { ErroApi } from './api-client.ts';

/**
 * A form of the worker's own account (the first access, the password and the contacts in Minha conta: issue 30):
 * validated by its zod schema once a field is left, `pronto` once the server took it, and a refusal shown under
 * the field it is about (`camposDosErros`) or under the whole form.
 */
export function useFormularioConta<Entrada extends FieldValues, Saida extends FieldValues>({
  schema,
  iniciais,
  salvar,
  camposDosErros = {},
}: {
  schema: z.ZodType<Saida, Entrada>;
  iniciais: DefaultValues<Entrada>;
  /** Sends the form; what it answers, if anything, is the form's new start (else it starts empty again). */
  salvar: (valores: Saida) => Promise<Entrada | undefined>;
  camposDosErros?: Partial<Record<CodigoErro, Path<Entrada>>>;
}) {
  const [pronto, setPronto] = useState(false);
  const formulario = useForm<Entrada, unknown, Saida>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: iniciais,
  });
  const { handleSubmit, reset, setError } = formulario;
  const enviar = handleSubmit(async (valores) => {
    setPronto(false);
    try {
      reset(await salvar(valores));
      setPronto(true);
    } catch (e) {
      if (!(e instanceof ErroApi)) setError('root', { message: MENSAGEM_SEM_COMUNICACAO });
      else setError(camposDosErros[e.codigoErro] ?? 'root', { message: e.message });
    }
  });
  return { ...formulario, enviar, pronto };
}
