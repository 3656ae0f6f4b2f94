import type { FormularioLockdown } from '#common/api/declaracoes.ts';
import { formularioLockdownSchema } from '#common/api/declaracoes.ts';
import { LIMITES } from '#common/campos-pessoais.ts';
import { formatarCpf } from '#common/formato.ts';
import type { z } from '#common/zod-pt.ts';
import { CampoSomenteLeitura, CamposContato, CamposRg, CampoTexto, CampoUf } from './campos.tsx';
import { FormularioPasso } from './etapas.tsx';
import { useFormularioPasso } from './use-formulario-passo.ts';

export type EntradaLockdown = z.input<typeof formularioLockdownSchema>;

/** Lockdown, step DadosPessoais (docs/produto/minha-conta.md §2, §5): the registry data, to confirm or correct. */
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
    formState: { isValid },
  } = useFormularioPasso(formularioLockdownSchema, iniciais);

  return (
    <FormularioPasso
      titulo="Confira os dados abaixo, corrija as informações que estiverem incorretas e complemente as que estiverem faltando:"
      aoEnviar={handleSubmit(aoConfirmar)}
      valido={isValid}
    >
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
          <CamposRg
            controle={control}
            rotulos={{
              numero: 'RG nº',
              orgao: 'Órgão emissor',
              uf: 'UF do RG',
              emissao: 'Data de emissão do RG',
            }}
            classes={{ numero: 'd-3', emissao: 'd-4' }}
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
          <CamposContato controle={control} />
        </div>
      </fieldset>
    </FormularioPasso>
  );
}
