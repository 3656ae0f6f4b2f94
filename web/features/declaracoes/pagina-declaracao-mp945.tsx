import { useMutation, useQuery } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { useEffect, useRef, useState } from 'react';
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
import { Alerta } from '../../components/ui/estados.tsx';
import { acessarMp945Query, configDeclaracaoQuery, consultarDadosAcesso, enviarMp945 } from './api.ts';
import { mensagemDoErro, urlDaDeclaracaoExistente } from './erros.ts';
import {
  BotaoVoltarPasso,
  CartaoPasso,
  PassoCarregando,
  PassoConfirmacao,
  PassoErro,
  PassoNaoHabilitado,
  Progresso,
} from './etapas.tsx';
import type { EntradaContato, EntradaDadosMp945, EntradaSituacoes } from './formularios-mp945.tsx';
import {
  FormularioAcessoMp945,
  FormularioContatoMp945,
  FormularioDadosPessoaisMp945,
  FormularioSituacoes,
} from './formularios-mp945.tsx';
import { TextoDeclaracaoFolha } from './texto-declaracao.tsx';
import { usePassos } from './use-passos.ts';
import './declaracoes.css';

type Passo =
  | 'Carregando'
  | 'ErroGenerico'
  | 'NaoHabilitado'
  | 'FormularioAcesso'
  | 'DadosPessoais'
  | 'SituacoesAfastamento'
  | 'DadosContato'
  | 'Declaracao'
  | 'ConfirmacaoEnvio';

const ETAPAS: readonly { passo: Passo; nome: string }[] = [
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

/** /minha-conta/declaracao-mp945 (minha-conta.md §2, §4): the leave declaration of MP 945/2020. */
export function PaginaDeclaracaoMp945() {
  const { passo, irPara, voltar } = usePassos<Passo>('Carregando');
  const acesso = useQuery(acessarMp945Query);
  const config = useQuery(configDeclaracaoQuery);
  const consulta = useMutation({ mutationFn: consultarDadosAcesso });
  const envio = useMutation({ mutationFn: enviarMp945 });
  const [erro, setErro] = useState('');
  const [dataHoraInicio, setDataHoraInicio] = useState('');
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
  const [confirmacao, setConfirmacao] = useState({ mensagem: '', url: '' });
  const decidido = useRef(false);

  function falhar(e: unknown, padrao: string) {
    const existente = urlDaDeclaracaoExistente(e);
    if (existente) {
      setConfirmacao({ mensagem: MENSAGENS.jaEmitida, url: existente });
      irPara('ConfirmacaoEnvio');
      return;
    }
    setErro(mensagemDoErro(e, padrao));
    irPara('ErroGenerico');
  }

  // The first answer decides where the flow starts (minha-conta.md §4, Leave).
  useEffect(() => {
    if (decidido.current) return;
    const falha = acesso.error ?? config.error;
    if (falha) {
      decidido.current = true;
      setErro(mensagemDoErro(falha, MENSAGEM_ERRO_CONSULTA));
      irPara('ErroGenerico');
      return;
    }
    const d = acesso.data;
    if (!d || !config.data) return;
    decidido.current = true;
    if (d.declaracao) {
      setConfirmacao({ mensagem: MENSAGENS.jaEmitida, url: d.declaracao.url });
      irPara('ConfirmacaoEnvio');
    } else if (d.habilitacao?.habilitado) {
      setDataHoraInicio(d.habilitacao.dataHoraCorrente);
      irPara('FormularioAcesso');
    } else {
      irPara('NaoHabilitado');
    }
  }, [acesso.data, acesso.error, config.data, config.error, irPara]);

  function confirmarAcesso(valores: FormularioAcesso) {
    setFormAcesso(valores);
    irPara('Carregando');
    consulta.mutate(valores, {
      onSuccess: (cadastro) => {
        setFormDados(valoresDoCadastro(cadastro));
        irPara('DadosPessoais');
      },
      onError: (e) => falhar(e, MENSAGEM_ERRO_CONSULTA),
    });
  }

  function enviar() {
    if (!dados || !situacoes || !contato) return;
    irPara('Carregando');
    envio.mutate(
      { dadosTPA: dados, situacoesAfastamento: situacoes, dadosContato: contato, dataHoraInicio },
      {
        onSuccess: ({ url }) => {
          setConfirmacao({ mensagem: MENSAGENS.emitida, url });
          irPara('ConfirmacaoEnvio');
        },
        onError: (e) => falhar(e, MENSAGENS.erroEnvio),
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
          data: format(dataHoraInicio ? new Date(dataHoraInicio) : new Date(), 'yyyy-MM-dd'),
        })
      : null;
  const etapa = ETAPAS.findIndex((e) => e.passo === passo);
  const carregando = passo === 'Carregando' || consulta.isPending || envio.isPending;

  return (
    <div className="pilha pagina-declaracao">
      <div className="pagina-cabecalho">
        <h1>{TITULOS_DECLARACAO.mp945}</h1>
      </div>
      {etapa >= 0 ? <Progresso etapas={ETAPAS.map((e) => e.nome)} atual={etapa} /> : null}

      {passo === 'Carregando' ? <PassoCarregando /> : null}
      {passo === 'ErroGenerico' ? <PassoErro mensagem={erro} /> : null}
      {passo === 'NaoHabilitado' ? <PassoNaoHabilitado mensagem={MENSAGENS.naoHabilitado} /> : null}
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
        <CartaoPasso titulo="Confira a sua declaração">
          <Alerta tipo="aviso">
            Confira o texto da declaração. Se estiver tudo certo, toque em <strong>enviar declaração</strong>.
            Para corrigir algo, use o botão Voltar.
          </Alerta>
          <TextoDeclaracaoFolha texto={texto} />
          <div className="acoes-declaracao">
            <button type="button" className="botao" onClick={enviar} disabled={envio.isPending}>
              Enviar declaração
            </button>
          </div>
        </CartaoPasso>
      ) : null}
      {passo === 'ConfirmacaoEnvio' ? <PassoConfirmacao {...confirmacao} /> : null}

      <BotaoVoltarPasso aoVoltar={voltar} desabilitado={carregando} />
    </div>
  );
}
