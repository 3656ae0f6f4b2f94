import { useQuery } from '@tanstack/react-query';
import { KeyRound, UserPen } from 'lucide-react';
import { apiContas, dadosPessoaisSchema, mudarSenhaBody } from '#common/api/contas.ts';
import type { z } from '#common/zod-pt.ts';
import { CamposNovaSenha, confirmacaoDeSenha, senhasIguais } from '../../components/campos-nova-senha.tsx';
import { Campo } from '../../components/ui/campo.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { chamar, ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useFormularioConta } from '../../lib/formulario-conta.ts';
import { CabecalhoPagina } from './componentes.tsx';
import './minha-conta.css';

/**
 * /minha-conta/mudar-senha and /minha-conta/mudar-dados-pessoais (issue 30). The server refuses both at the
 * kiosk; a password change ends the worker's other sessions and keeps this one with a new token.
 */

const mensagemDe = (e: unknown) => (e instanceof ErroApi ? e.message : 'Sem comunicação com o servidor!');

const formularioSenha = mudarSenhaBody.extend(confirmacaoDeSenha).refine(...senhasIguais);

export function PaginaMudarSenha() {
  const {
    register,
    enviar,
    pronto,
    formState: { errors, isSubmitting },
  } = useFormularioConta({
    schema: formularioSenha,
    iniciais: { senhaAtual: '', novaSenha: '', confirmacao: '' },
    salvar: async ({ confirmacao: _, ...corpo }) => {
      await chamar(apiContas.mudarSenha, { corpo });
      return undefined;
    },
    camposDosErros: { SenhaAtualIncorreta: 'senhaAtual' },
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
          <CamposNovaSenha registro={register} erros={errors} />
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
  const {
    register,
    enviar,
    pronto,
    formState: { errors, isSubmitting },
  } = useFormularioConta({
    schema: dadosPessoaisSchema,
    iniciais,
    salvar: (corpo) => chamar(apiContas.mudarDadosPessoais, { corpo }),
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
