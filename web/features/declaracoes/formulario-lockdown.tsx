import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { FormularioLockdown } from '#common/api/declaracoes.ts';
import { formularioLockdownSchema } from '#common/api/declaracoes.ts';
import { LIMITES, MASCARAS } from '#common/campos-pessoais.ts';
import { formatarCpf } from '#common/formato.ts';
import type { z } from '#common/zod-pt.ts';
import { CampoMascara, CampoSomenteLeitura, CampoTexto, CampoUf } from './campos.tsx';
import { AcoesFormulario, CartaoPasso } from './etapas.tsx';

export type EntradaLockdown = z.input<typeof formularioLockdownSchema>;

/** Fields that came filled are checked at once, so wrong registry data shows its message straight away. */
export function useValidarPreenchidos(trigger: (campos: string[]) => Promise<boolean>, valores: object) {
  const feito = useRef(false);
  useEffect(() => {
    if (feito.current) return;
    feito.current = true;
    const preenchidos = Object.entries(valores)
      .filter(([, v]) => typeof v === 'string' && v !== '')
      .map(([k]) => k);
    if (preenchidos.length) void trigger(preenchidos);
  }, [trigger, valores]);
}

/** Lockdown, step DadosPessoais (minha-conta.md §2, §5): the registry data, to confirm or correct. */
export function FormularioDadosLockdown({
  iniciais,
  aoConfirmar,
}: {
  iniciais: EntradaLockdown;
  aoConfirmar: (dados: FormularioLockdown) => void;
}) {
  const {
    control,
    handleSubmit,
    trigger,
    formState: { isValid },
  } = useForm<EntradaLockdown, unknown, FormularioLockdown>({
    resolver: zodResolver(formularioLockdownSchema),
    mode: 'onChange',
    defaultValues: iniciais,
  });
  useValidarPreenchidos((c) => trigger(c as (keyof EntradaLockdown)[]), iniciais);

  return (
    <CartaoPasso titulo="Confira os dados abaixo, corrija as informações que estiverem incorretas e complemente as que estiverem faltando:">
      <form onSubmit={handleSubmit(aoConfirmar)} noValidate className="formulario-declaracao">
        <fieldset className="grupo-campos">
          <legend>Identificação</legend>
          <div className="grade-declaracao">
            <CampoTexto
              controle={control}
              nome="nome"
              rotulo="Nome completo"
              maximo={LIMITES.nome}
              autoComplete="name"
              className="d-8"
            />
            <div className="d-4">
              <CampoSomenteLeitura
                rotulo="CPF"
                valor={formatarCpf(iniciais.cpf ?? '')}
                dica="Para corrigir o CPF, procure o OGMO."
              />
            </div>
            <CampoMascara
              controle={control}
              nome="rgNumero"
              rotulo="RG nº"
              mascara={MASCARAS.rgNumero}
              semMascaraNoValor
              className="d-3"
            />
            <CampoTexto
              controle={control}
              nome="rgOrgaoExp"
              rotulo="Órgão emissor"
              maximo={LIMITES.rgOrgaoExp}
              placeholder="SDS"
              className="m-2 d-3"
            />
            <CampoUf controle={control} nome="rgUF" rotulo="UF do RG" className="m-1 d-2" />
            <CampoMascara
              controle={control}
              nome="rgEmissao"
              rotulo="Data de emissão do RG"
              mascara={MASCARAS.data}
              placeholder="dd/mm/aaaa"
              className="d-4"
            />
          </div>
        </fieldset>

        <fieldset className="grupo-campos">
          <legend>Endereço</legend>
          <div className="grade-declaracao">
            <CampoTexto
              controle={control}
              nome="endLogradouro"
              rotulo="Endereço (rua e número)"
              maximo={LIMITES.endLogradouro}
              autoComplete="street-address"
              className="d-12"
            />
            <CampoTexto
              controle={control}
              nome="endBairro"
              rotulo="Bairro"
              maximo={LIMITES.endBairro}
              className="d-5"
            />
            <CampoTexto
              controle={control}
              nome="endCidade"
              rotulo="Cidade"
              maximo={LIMITES.endCidade}
              autoComplete="address-level2"
              className="m-2 d-5"
            />
            <CampoUf controle={control} nome="endUF" rotulo="UF" className="m-1 d-2" />
          </div>
        </fieldset>

        <fieldset className="grupo-campos">
          <legend>Contato</legend>
          <div className="grade-declaracao">
            <CampoTexto
              controle={control}
              nome="email"
              rotulo="E-mail"
              opcional
              maximo={LIMITES.email}
              caixa="minusculas"
              inputMode="email"
              autoComplete="email"
              placeholder="nome@provedor.com.br"
              className="d-7"
            />
            <CampoMascara
              controle={control}
              nome="telefone"
              rotulo="Telefone"
              opcional
              mascara={MASCARAS.telefone}
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(81) 98765-4321"
              className="d-5"
            />
          </div>
        </fieldset>

        <AcoesFormulario rotulo="Confirmar dados" habilitado={isValid} />
      </form>
    </CartaoPasso>
  );
}
