import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { apiContas, primeiroAcessoBody } from '#common/api/contas.ts';
import type { z } from '#common/zod-pt.ts';
import { Campo, CamposNovaSenha, confirmacaoDeSenha, senhasIguais } from '../../components/ui/campo.tsx';
import { Alerta } from '../../components/ui/estados.tsx';
import { chamar, ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import './sessao.css';

/**
 * /primeiro-acesso (issue 30): the worker creates their password with the code the OGMO's staff gave them, their
 * CPF and birth date. Opened from /login, never from the kiosk.
 */

const formulario = primeiroAcessoBody.extend(confirmacaoDeSenha).refine(...senhasIguais);
type Entrada = z.input<typeof formulario>;
type Saida = z.output<typeof formulario>;

export function PaginaPrimeiroAcesso() {
  const [pronto, setPronto] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Entrada, unknown, Saida>({
    resolver: zodResolver(formulario),
    mode: 'onTouched',
    defaultValues: { codAvulso: '', cpf: '', dataNascimento: '', codigo: '', novaSenha: '', confirmacao: '' },
  });
  const enviar = handleSubmit(async ({ confirmacao: _, ...corpo }) => {
    try {
      await chamar(apiContas.primeiroAcesso, { corpo });
      setPronto(true);
    } catch (e) {
      setError('root', { message: e instanceof ErroApi ? e.message : 'Sem comunicação com o servidor!' });
    }
  });
  return (
    <div className="login">
      <section className="cartao login-cartao" aria-labelledby="titulo-primeiro-acesso">
        <h1 id="titulo-primeiro-acesso" className="cartao-titulo">
          <KeyRound aria-hidden />
          Primeiro acesso
        </h1>
        {pronto ? (
          <>
            <Alerta tipo="sucesso">Senha criada! Entre com a sua matrícula e a nova senha.</Alerta>
            <Link to={caminhos.login} className="botao botao-destaque botao-bloco">
              Entrar
            </Link>
          </>
        ) : (
          <form onSubmit={enviar} noValidate>
            <p className="texto-suave">
              Use o código que a equipe do OGMO lhe entregou. Ele vale uma vez só e por poucos dias.
            </p>
            <Campo
              rotulo="Matrícula"
              registro={register('codAvulso')}
              erro={errors.codAvulso}
              inputMode="numeric"
            />
            <Campo rotulo="CPF" registro={register('cpf')} erro={errors.cpf} inputMode="numeric" />
            <Campo
              rotulo="Data de nascimento"
              tipo="date"
              registro={register('dataNascimento')}
              erro={errors.dataNascimento}
            />
            <Campo
              rotulo="Código de acesso"
              registro={register('codigo')}
              erro={errors.codigo}
              dica="8 letras e números, como ABCD-2345."
            />
            <CamposNovaSenha registro={register} erros={errors} />
            {errors.root?.message ? <Alerta tipo="erro">{errors.root.message}</Alerta> : null}
            <button type="submit" className="botao botao-destaque botao-bloco" disabled={isSubmitting}>
              {isSubmitting ? 'Enviando...' : 'Criar senha'}
            </button>
            <p className="login-rodape">
              <Link to={caminhos.login}>Voltar para o login</Link>
            </p>
          </form>
        )}
      </section>
    </div>
  );
}
