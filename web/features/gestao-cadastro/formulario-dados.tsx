import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  edicaoTrabalhadorBody,
  NOMES_SITUACAO_AVULSO,
  novoTrabalhadorBody,
  SITUACOES_AVULSO,
  type Trabalhador,
} from '#common/api/cadastro.ts';
import { nomeSindicato } from '#common/dominio.ts';
import type { z } from '#common/zod-pt.ts';
import { Campo } from '../../components/ui/campo.tsx';
import { Alerta } from '../../components/ui/estados.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { comoNumero } from './campos.tsx';

/**
 * The worker's data, one form for registering and editing (the wire's own zod schemas validate it here and on
 * the server). A refusal of the server on one field is shown on that field.
 */

type Novo = z.input<typeof novoTrabalhadorBody>;
type Edicao = z.input<typeof edicaoTrabalhadorBody>;
const SINDICATOS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export function FormularioDados({
  ficha,
  enviar,
  rotuloBotao,
}: {
  ficha?: Trabalhador;
  enviar: (dados: Edicao | Novo) => Promise<unknown>;
  rotuloBotao: string;
}) {
  const edicao = ficha !== undefined;
  const schema = edicao ? edicaoTrabalhadorBody : novoTrabalhadorBody;
  const form = useForm<Edicao, unknown, Edicao>({
    resolver: zodResolver(schema as typeof edicaoTrabalhadorBody),
    mode: 'onTouched',
    defaultValues: ficha
      ? {
          nome: ficha.nome,
          cpf: ficha.cpf,
          dataNascimento: ficha.dataNascimento,
          sexo: ficha.sexo,
          codSindicato: ficha.codSindicato,
          artigo: ficha.artigo as 54 | 55,
          numChamada: ficha.numChamada,
          situacao: ficha.situacao,
        }
      : { nome: '', cpf: '', dataNascimento: '', artigo: 55 },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const erroGeral = errors.root?.message;

  const submeter = handleSubmit(async (dados) => {
    try {
      await enviar(dados);
    } catch (e) {
      if (e instanceof ErroApi) {
        const campos = Array.isArray(e.dados) ? (e.dados as { campo: string; mensagem: string }[]) : [];
        const noCampo = campos.find((c) => c.campo in form.getValues());
        if (noCampo) setError(noCampo.campo as keyof Edicao, { message: noCampo.mensagem });
        else if (e.codigoErro === 'CpfEmUso') setError('cpf', { message: e.message });
        else if (e.codigoErro === 'NumChamadaEmUso') setError('numChamada', { message: e.message });
        else setError('root', { message: e.message });
      } else {
        setError('root', { message: 'Sem comunicação com o servidor!' });
      }
    }
  });

  return (
    <form onSubmit={submeter} noValidate className="cadastro-form">
      <div className="grade-campos">
        <Campo rotulo="Nome completo" registro={register('nome')} erro={errors.nome} autoComplete="off" />
        <Campo
          rotulo="CPF"
          registro={register('cpf')}
          erro={errors.cpf}
          inputMode="numeric"
          dica="Com ou sem pontos e traço."
        />
        <Campo
          rotulo="Data de nascimento"
          tipo="date"
          registro={register('dataNascimento')}
          erro={errors.dataNascimento}
        />
        <Campo rotulo="Sexo" registro={register('sexo')} erro={errors.sexo}>
          <option value="">Escolha</option>
          <option value="F">Feminino</option>
          <option value="M">Masculino</option>
        </Campo>
        <Campo
          rotulo="Sindicato"
          registro={register('codSindicato', { setValueAs: comoNumero })}
          erro={errors.codSindicato}
        >
          <option value="">Escolha</option>
          {SINDICATOS.map((s) => (
            <option key={s} value={s}>
              {s} — {nomeSindicato(s)}
            </option>
          ))}
        </Campo>
        <Campo rotulo="Artigo" registro={register('artigo', { setValueAs: comoNumero })} erro={errors.artigo}>
          <option value={55}>55 — registro</option>
          <option value={54}>54 — cadastro</option>
        </Campo>
        <Campo
          rotulo="Número de chamada"
          registro={register('numChamada', { setValueAs: comoNumero })}
          erro={errors.numChamada}
          inputMode="numeric"
          opcional={!edicao}
          dica={edicao ? undefined : 'Vazio: o próximo número livre.'}
        />
        {edicao ? (
          <Campo rotulo="Situação" registro={register('situacao')} erro={errors.situacao}>
            {SITUACOES_AVULSO.map((s) => (
              <option key={s} value={s}>
                {NOMES_SITUACAO_AVULSO[s]}
              </option>
            ))}
          </Campo>
        ) : null}
      </div>
      {erroGeral ? <Alerta tipo="erro">{erroGeral}</Alerta> : null}
      <button type="submit" className="botao botao-destaque" disabled={isSubmitting}>
        {isSubmitting ? 'Salvando...' : rotuloBotao}
      </button>
    </form>
  );
}
