import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  CadastroMp945,
  DadosContatoMp945,
  DadosTpaMp945,
  FormularioAcesso,
  SituacoesAfastamento,
} from '#common/api/declaracoes.ts';
import {
  MENSAGEM_ERRO_CONSULTA,
  MENSAGENS_DECLARACAO,
  TITULOS_DECLARACAO,
  textoDeclaracaoMp945,
} from '#common/declaracoes.ts';
import { acessarMp945Query, configDeclaracaoQuery, consultarDadosAcesso, enviarMp945 } from './api.ts';
import { PassoDeclaracao, QuadroDeclaracao } from './etapas.tsx';
import type { EntradaContato, EntradaDadosMp945, EntradaSituacoes } from './formularios-mp945.tsx';
import {
  FormularioAcessoMp945,
  FormularioContatoMp945,
  FormularioDadosPessoaisMp945,
  FormularioSituacoes,
} from './formularios-mp945.tsx';
import { type PassoComum, useFluxoDeclaracao, useInicioDoFluxo } from './use-fluxo-declaracao.ts';
import './declaracoes.css';
import { formatarNoFuso } from '#common/tempo.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';

type Passo = 'FormularioAcesso' | 'DadosPessoais' | 'SituacoesAfastamento' | 'DadosContato';

const ETAPAS: readonly { passo: Passo | PassoComum; nome: string }[] = [
  { passo: 'FormularioAcesso', nome: 'Identificação' },
  { passo: 'DadosPessoais', nome: 'Dados pessoais' },
  { passo: 'SituacoesAfastamento', nome: 'Situações' },
  { passo: 'DadosContato', nome: 'Contato' },
  { passo: 'Declaracao', nome: 'Declaração' },
];
const MENSAGENS = MENSAGENS_DECLARACAO.mp945;

function valoresDoCadastro(c: CadastroMp945): EntradaDadosMp945 {
  return {
    nome: c.nome,
    cpf: c.cpf,
    dataNascimento: c.dataNascimento,
    rgNumero: c.rgNumero ?? '',
    rgOrgaoExp: c.rgOrgaoExp ?? '',
    rgUF: c.rgUF ?? '',
    rgEmissao: c.rgEmissao ?? '',
    pis: c.pis ?? '',
  };
}

const SEM_SITUACOES: EntradaSituacoes = {
  sintomas: false,
  covid19: false,
  cuidado: false,
  gestante: false,
  doenca: false,
};

/** /minha-conta/declaracao-mp945 (docs/produto/minha-conta.md §2, §4): the leave declaration of MP 945/2020. */
export function PaginaDeclaracaoMp945() {
  const fluxo = useFluxoDeclaracao<Passo>(MENSAGENS);
  const { passo, irPara } = fluxo;
  const acesso = useQuery(acessarMp945Query);
  const config = useQuery(configDeclaracaoQuery);
  const consulta = useMutation({ mutationFn: consultarDadosAcesso });
  const envio = useMutation({ mutationFn: enviarMp945 });
  const [dataHoraInicio, setDataHoraInicio] = useState('');
  const fuso = useFusoPorto();
  const [formAcesso, setFormAcesso] = useState<FormularioAcesso>({ cpf: '', dataNascimento: '' });
  const [formDados, setFormDados] = useState<EntradaDadosMp945 | null>(null);
  const [formSituacoes, setFormSituacoes] = useState<EntradaSituacoes>(SEM_SITUACOES);
  const [formContato, setFormContato] = useState<EntradaContato>({
    cidade: '',
    uf: '',
    email: '',
    telefone: '',
  });
  const [dados, setDados] = useState<DadosTpaMp945 | null>(null);
  const [situacoes, setSituacoes] = useState<SituacoesAfastamento | null>(null);
  const [contato, setContato] = useState<DadosContatoMp945 | null>(null);

  // Where the flow starts (docs/produto/minha-conta.md §4, Leave).
  useInicioDoFluxo(fluxo, acesso, config, (d) => {
    if (d.habilitacao?.habilitado) {
      setDataHoraInicio(d.habilitacao.dataHoraCorrente);
      irPara('FormularioAcesso');
    } else {
      irPara('NaoHabilitado');
    }
  });

  function confirmarAcesso(valores: FormularioAcesso) {
    setFormAcesso(valores);
    irPara('Carregando');
    consulta.mutate(valores, {
      onSuccess: (cadastro) => {
        setFormDados(valoresDoCadastro(cadastro));
        irPara('DadosPessoais');
      },
      onError: (e) => fluxo.falhar(e, MENSAGEM_ERRO_CONSULTA),
    });
  }

  function enviar() {
    if (!dados || !situacoes || !contato) return;
    irPara('Carregando');
    envio.mutate(
      { dadosTPA: dados, situacoesAfastamento: situacoes, dadosContato: contato, dataHoraInicio },
      {
        onSuccess: ({ url }) => fluxo.confirmar(MENSAGENS.emitida, url),
        onError: (e) => fluxo.falhar(e, MENSAGENS.erroEnvio),
      },
    );
  }

  const organizacao = config.data?.organizacao;
  const texto =
    dados && situacoes && contato && organizacao
      ? textoDeclaracaoMp945({
          dadosTPA: dados,
          situacoesAfastamento: situacoes,
          dadosContato: contato,
          organizacao,
          // The day on the port's calendar (decision 0121).
          data: formatarNoFuso(dataHoraInicio || new Date(), fuso, 'yyyy-MM-dd'),
        })
      : null;

  return (
    <QuadroDeclaracao
      fluxo={fluxo}
      titulo={TITULOS_DECLARACAO.mp945}
      etapas={ETAPAS}
      voltarDesabilitado={passo === 'Carregando' || consulta.isPending || envio.isPending}
    >
      {passo === 'FormularioAcesso' ? (
        <FormularioAcessoMp945 iniciais={formAcesso} aoConfirmar={confirmarAcesso} />
      ) : null}
      {passo === 'DadosPessoais' && formDados ? (
        <FormularioDadosPessoaisMp945
          iniciais={formDados}
          aoConfirmar={(d) => {
            setDados(d);
            setFormDados(d);
            irPara('SituacoesAfastamento');
          }}
        />
      ) : null}
      {passo === 'SituacoesAfastamento' ? (
        <FormularioSituacoes
          iniciais={formSituacoes}
          aoConfirmar={(s) => {
            setSituacoes(s);
            setFormSituacoes(s);
            irPara('DadosContato');
          }}
        />
      ) : null}
      {passo === 'DadosContato' ? (
        <FormularioContatoMp945
          iniciais={formContato}
          aoConfirmar={(c) => {
            setContato(c);
            setFormContato(c);
            irPara('Declaracao');
          }}
        />
      ) : null}
      {passo === 'Declaracao' && texto ? (
        <PassoDeclaracao
          texto={texto}
          aviso={
            <>
              Confira o texto da declaração. Se estiver tudo certo, toque em{' '}
              <strong>enviar declaração</strong>. Para corrigir algo, use o botão Voltar.
            </>
          }
          rotulo="Enviar declaração"
          aoConfirmar={enviar}
          desabilitado={envio.isPending}
        />
      ) : null}
    </QuadroDeclaracao>
  );
}
