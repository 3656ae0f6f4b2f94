import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, UserPen } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { apiContas, dadosPessoaisSchema, mudarSenhaBody } from '#common/api/contas.ts';
import type { CodigoErro } from '#common/erros.ts';
import type { z } from '#common/zod-pt.ts';
import { Campo, CamposNovaSenha, confirmacaoDeSenha, senhasIguais } from '../../components/ui/campo.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { chamar, ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { CabecalhoPagina } from './componentes.tsx';
import './minha-conta.css';

/**
 * /minha-conta/mudar-senha and /minha-conta/mudar-dados-pessoais (issue 30). The server refuses both at the
 * kiosk; a password change ends the worker's other sessions and keeps this one with a new token.
 */

const mensagemDe = (e: unknown) => (e instanceof ErroApi ? e.message : 'Sem comunicação com o servidor!');

/**
 * Either form of this file: validated by its zod schema once a field is left, `pronto` once the server took it,
 * and a refusal shown under the field it is about (`camposDosErros`) or under the whole form.
 */
function useFormularioConta<Entrada extends FieldValues, Saida extends FieldValues>({
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
      const campo = e instanceof ErroApi ? camposDosErros[e.codigoErro] : undefined;
      setError(campo ?? 'root', { message: mensagemDe(e) });
    }
  });
  return { ...formulario, enviar, pronto };
}

/** The form around the fields: the refusal, the confirmation once saved, the button. */
function FormularioConta({
  formulario: { enviar, pronto, formState },
  sucesso,
  botao,
  children,
}: {
  formulario: {
    enviar: () => Promise<void>;
    pronto: boolean;
    formState: { errors: { root?: { message?: string } }; isSubmitting: boolean };
  };
  sucesso: string;
  botao: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={enviar} noValidate>
      {children}
      {formState.errors.root?.message ? <Alerta tipo="erro">{formState.errors.root.message}</Alerta> : null}
      {pronto ? <Alerta tipo="sucesso">{sucesso}</Alerta> : null}
      <button type="submit" className="botao botao-destaque" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Salvando...' : botao}
      </button>
    </form>
  );
}

const formularioSenha = mudarSenhaBody.extend(confirmacaoDeSenha).refine(...senhasIguais);

export function PaginaMudarSenha() {
  const formulario = useFormularioConta({
    schema: formularioSenha,
    iniciais: { senhaAtual: '', novaSenha: '', confirmacao: '' },
    salvar: async ({ confirmacao: _, ...corpo }) => {
      await chamar(apiContas.mudarSenha, { corpo });
      return undefined;
    },
    camposDosErros: { SenhaAtualIncorreta: 'senhaAtual' },
  });
  const { register, formState } = formulario;
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Mudar senha" icone={<KeyRound size={28} />} />
      <section className="cartao" aria-label="Nova senha">
        <FormularioConta
          formulario={formulario}
          sucesso="Senha alterada. As suas outras sessões foram encerradas."
          botao="Mudar senha"
        >
          <Campo
            rotulo="Senha atual"
            tipo="password"
            inputMode="numeric"
            autoComplete="current-password"
            registro={register('senhaAtual')}
            erro={formState.errors.senhaAtual}
          />
          <CamposNovaSenha registro={register} erros={formState.errors} />
        </FormularioConta>
      </section>
      <div>
        <BotaoVoltar para={caminhos.configuracoes} />
      </div>
    </div>
  );
}

type EntradaDados = z.input<typeof dadosPessoaisSchema>;

function FormularioDados({ iniciais }: { iniciais: EntradaDados }) {
  const formulario = useFormularioConta({
    schema: dadosPessoaisSchema,
    iniciais,
    salvar: (corpo) => chamar(apiContas.mudarDadosPessoais, { corpo }),
  });
  const { register, formState } = formulario;
  return (
    <FormularioConta
      formulario={formulario}
      sucesso="Dados salvos. O OGMO passa a usar estes contatos."
      botao="Salvar"
    >
      <Campo
        rotulo="Telefone"
        tipo="tel"
        opcional
        autoComplete="tel-national"
        registro={register('telefone')}
        erro={formState.errors.telefone}
        dica="Formato (00) 00000-0000."
      />
      <Campo
        rotulo="E-mail"
        tipo="email"
        opcional
        autoComplete="email"
        registro={register('email')}
        erro={formState.errors.email}
      />
    </FormularioConta>
  );
}

export function PaginaMudarDadosPessoais() {
  const consulta = useQuery({
    queryKey: ['minha-conta', 'dados-pessoais'],
    queryFn: () => chamar(apiContas.dadosPessoais),
    staleTime: 0,
  });
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Mudar dados pessoais" icone={<UserPen size={28} />} />
      <section className="cartao" aria-label="Telefone e e-mail">
        {consulta.isPending ? <Carregando texto="Carregando os seus dados..." /> : null}
        {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
        {consulta.data ? <FormularioDados iniciais={consulta.data} /> : null}
      </section>
      <div>
        <BotaoVoltar para={caminhos.configuracoes} />
      </div>
    </div>
  );
}
