import type {
  DadosContatoMp945,
  DadosTpaMp945,
  FormularioAcesso,
  SituacoesAfastamento,
} from '#common/api/declaracoes.ts';
import {
  dadosContatoMp945Schema,
  dadosTpaMp945Schema,
  formularioAcessoSchema,
  MENSAGEM_SEM_SITUACAO,
  situacoesAfastamentoSchema,
} from '#common/api/declaracoes.ts';
import { LIMITES, MASCARAS } from '#common/campos-pessoais.ts';
import { SITUACOES_AFASTAMENTO } from '#common/declaracoes.ts';
import { formatarCpf } from '#common/formato.ts';
import type { z } from '#common/zod-pt.ts';
import {
  CampoMascara,
  CampoSomenteLeitura,
  CamposContato,
  CamposRg,
  CampoTexto,
  CampoUf,
} from './campos.tsx';
import { CartaoPasso, FormularioPasso } from './etapas.tsx';
import { useFormularioPasso } from './use-formulario-passo.ts';

/** The forms of the MP 945 flow (docs/produto/minha-conta.md §2, §5), each validated by its wire schema. */

export function FormularioAcessoMp945({
  iniciais,
  aoConfirmar,
}: {
  iniciais: FormularioAcesso;
  aoConfirmar: (dados: FormularioAcesso) => void;
}) {
  const {
    control,
    handleSubmit,
    formState: { isValid },
  } = useFormularioPasso(formularioAcessoSchema, iniciais, false);
  return (
    <FormularioPasso
      titulo="Informe os dados abaixo para prosseguir:"
      aoEnviar={handleSubmit(aoConfirmar)}
      valido={isValid}
      estreito
    >
      <CampoMascara
        controle={control}
        nome="cpf"
        rotulo="CPF"
        mascara={MASCARAS.cpf}
        semMascaraNoValor
        placeholder="000.000.000-00"
      />
      <CampoMascara
        controle={control}
        nome="dataNascimento"
        rotulo="Data de Nascimento"
        mascara={MASCARAS.data}
        placeholder="dd/mm/aaaa"
        autoComplete="bday"
      />
    </FormularioPasso>
  );
}

export type EntradaDadosMp945 = z.input<typeof dadosTpaMp945Schema>;

export function FormularioDadosPessoaisMp945({
  iniciais,
  aoConfirmar,
}: {
  iniciais: EntradaDadosMp945;
  aoConfirmar: (dados: DadosTpaMp945) => void;
}) {
  const {
    control,
    handleSubmit,
    formState: { isValid },
  } = useFormularioPasso(dadosTpaMp945Schema, iniciais);
  return (
    <FormularioPasso
      titulo="Confira os seus dados pessoais, corrija o que estiver incorreto e complete o que faltar:"
      aoEnviar={handleSubmit(aoConfirmar)}
      valido={isValid}
    >
      <div className="grade-declaracao">
        <CampoTexto
          controle={control}
          nome="nome"
          rotulo="Nome"
          maximo={LIMITES.nome}
          autoComplete="name"
          className="d-12"
        />
        <div className="d-6">
          <CampoSomenteLeitura rotulo="CPF" valor={formatarCpf(iniciais.cpf ?? '')} />
        </div>
        <div className="d-6">
          <CampoSomenteLeitura rotulo="Data de nascimento" valor={iniciais.dataNascimento ?? ''} />
        </div>
        <CamposRg
          controle={control}
          rotulos={{ numero: 'RG nº', orgao: 'RG Órgão Emissor', uf: 'RG UF', emissao: 'RG Data Emissão' }}
          classes={{ numero: 'd-4', emissao: 'd-3' }}
        />
        <CampoMascara
          controle={control}
          nome="pis"
          rotulo="PIS"
          mascara={MASCARAS.pis}
          semMascaraNoValor
          dica="Os 11 dígitos do PIS/NIT, sem pontos."
          className="d-6"
        />
      </div>
    </FormularioPasso>
  );
}

export type EntradaSituacoes = z.input<typeof situacoesAfastamentoSchema>;

export function FormularioSituacoes({
  iniciais,
  aoConfirmar,
}: {
  iniciais: EntradaSituacoes;
  aoConfirmar: (dados: SituacoesAfastamento) => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { isValid },
  } = useFormularioPasso(situacoesAfastamentoSchema, iniciais, false);
  const marcadas = SITUACOES_AFASTAMENTO.filter(({ chave }) => watch(chave) === true).length;
  return (
    <CartaoPasso titulo="Marque as situações em que você se encontra:">
      <form onSubmit={handleSubmit(aoConfirmar)} noValidate className="formulario-declaracao">
        <fieldset className="lista-situacoes">
          <legend className="visualmente-oculto">Situações de afastamento (MP 945/2020, art. 2º)</legend>
          {SITUACOES_AFASTAMENTO.map(({ chave, texto }) => (
            <label key={chave} className="caixa-marcacao situacao">
              <input type="checkbox" {...register(chave)} />
              <span>{texto}</span>
            </label>
          ))}
        </fieldset>
        <p className={`contador-situacoes${marcadas === 0 ? ' vazio' : ''}`} aria-live="polite">
          {marcadas === 0
            ? MENSAGEM_SEM_SITUACAO
            : `${marcadas} ${marcadas === 1 ? 'situação marcada' : 'situações marcadas'}.`}
        </p>
        <div className="acoes-declaracao">
          <button type="submit" className="botao" disabled={!isValid || marcadas === 0}>
            Confirmar situações
          </button>
        </div>
      </form>
    </CartaoPasso>
  );
}

export type EntradaContato = z.input<typeof dadosContatoMp945Schema>;

export function FormularioContatoMp945({
  iniciais,
  aoConfirmar,
}: {
  iniciais: EntradaContato;
  aoConfirmar: (dados: DadosContatoMp945) => void;
}) {
  const {
    control,
    handleSubmit,
    formState: { isValid },
  } = useFormularioPasso(dadosContatoMp945Schema, iniciais);
  return (
    <FormularioPasso
      titulo="Informe onde você está e como o OGMO pode falar com você:"
      aoEnviar={handleSubmit(aoConfirmar)}
      valido={isValid}
    >
      <div className="grade-declaracao">
        <CampoTexto
          controle={control}
          nome="cidade"
          rotulo="Cidade"
          maximo={LIMITES.cidade}
          autoComplete="address-level2"
          className="m-2 d-9"
        />
        <CampoUf controle={control} nome="uf" rotulo="UF" className="m-1 d-3" />
        <CamposContato controle={control} />
      </div>
    </FormularioPasso>
  );
}
