import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, UserPen } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiContas, dadosPessoaisSchema, mudarSenhaBody } from '#common/api/contas.ts';
import { z } from '#common/zod-pt.ts';
import { Campo } from '../../components/ui/campo.tsx';
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

const formularioSenha = mudarSenhaBody
  .extend({ confirmacao: z.string({ error: 'Repita a nova senha.' }).min(1, 'Repita a nova senha.') })
  .refine((v) => v.confirmacao === v.novaSenha, {
    path: ['confirmacao'],
    message: 'As duas senhas não são iguais.',
  });
type EntradaSenha = z.input<typeof formularioSenha>;

export function PaginaMudarSenha() {
  const [pronto, setPronto] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EntradaSenha, unknown, z.output<typeof formularioSenha>>({
    resolver: zodResolver(formularioSenha),
    mode: 'onTouched',
    defaultValues: { senhaAtual: '', novaSenha: '', confirmacao: '' },
  });
  const enviar = handleSubmit(async ({ confirmacao: _, ...corpo }) => {
    setPronto(false);
    try {
      await chamar(apiContas.mudarSenha, { corpo });
      reset();
      setPronto(true);
    } catch (e) {
      if (e instanceof ErroApi && e.codigoErro === 'SenhaAtualIncorreta')
        setError('senhaAtual', { message: e.message });
      else setError('root', { message: mensagemDe(e) });
    }
  });
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Mudar senha" icone={<KeyRound size={28} />} />
      <section className="cartao" aria-label="Nova senha">
        <form onSubmit={enviar} noValidate>
          <Campo
            rotulo="Senha atual"
            tipo="password"
            inputMode="numeric"
            autoComplete="current-password"
            registro={register('senhaAtual')}
            erro={errors.senhaAtual}
          />
          <Campo
            rotulo="Nova senha"
            tipo="password"
            inputMode="numeric"
            autoComplete="new-password"
            registro={register('novaSenha')}
            erro={errors.novaSenha}
            dica="De 6 a 8 dígitos."
          />
          <Campo
            rotulo="Repita a nova senha"
            tipo="password"
            inputMode="numeric"
            autoComplete="new-password"
            registro={register('confirmacao')}
            erro={errors.confirmacao}
          />
          {errors.root?.message ? <Alerta tipo="erro">{errors.root.message}</Alerta> : null}
          {pronto ? (
            <Alerta tipo="sucesso">Senha alterada. As suas outras sessões foram encerradas.</Alerta>
          ) : null}
          <button type="submit" className="botao botao-destaque" disabled={isSubmitting}>
            {isSubmitting ? 'Salvando...' : 'Mudar senha'}
          </button>
        </form>
      </section>
      <div>
        <BotaoVoltar para={caminhos.configuracoes} />
      </div>
    </div>
  );
}

type EntradaDados = z.input<typeof dadosPessoaisSchema>;

function FormularioDados({ iniciais }: { iniciais: EntradaDados }) {
  const [pronto, setPronto] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EntradaDados, unknown, z.output<typeof dadosPessoaisSchema>>({
    resolver: zodResolver(dadosPessoaisSchema),
    mode: 'onTouched',
    defaultValues: iniciais,
  });
  const enviar = handleSubmit(async (corpo) => {
    setPronto(false);
    try {
      reset(await chamar(apiContas.mudarDadosPessoais, { corpo }));
      setPronto(true);
    } catch (e) {
      setError('root', { message: mensagemDe(e) });
    }
  });
  return (
    <form onSubmit={enviar} noValidate>
      <Campo
        rotulo="Telefone"
        tipo="tel"
        opcional
        autoComplete="tel-national"
        registro={register('telefone')}
        erro={errors.telefone}
        dica="Formato (00) 00000-0000."
      />
      <Campo
        rotulo="E-mail"
        tipo="email"
        opcional
        autoComplete="email"
        registro={register('email')}
        erro={errors.email}
      />
      {errors.root?.message ? <Alerta tipo="erro">{errors.root.message}</Alerta> : null}
      {pronto ? <Alerta tipo="sucesso">Dados salvos. O OGMO passa a usar estes contatos.</Alerta> : null}
      <button type="submit" className="botao botao-destaque" disabled={isSubmitting}>
        {isSubmitting ? 'Salvando...' : 'Salvar'}
      </button>
    </form>
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
