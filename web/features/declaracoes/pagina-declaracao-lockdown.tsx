import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AcessarDeclaracaoLockdown, FormularioLockdown } from '#common/api/declaracoes.ts';
import {
  MENSAGEM_ERRO_CONSULTA,
  MENSAGEM_ERRO_DADOS_PESSOAIS,
  MENSAGENS_DECLARACAO,
  TITULOS_DECLARACAO,
  textoDeclaracaoLockdown,
} from '#common/declaracoes.ts';
import { Alerta } from '../../components/ui/estados.tsx';
import { useAvulso } from '../../lib/sessao.ts';
import { acessarLockdownQuery, configDeclaracaoQuery, emitirLockdown } from './api.ts';
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
import type { EntradaLockdown } from './formulario-lockdown.tsx';
import { FormularioDadosLockdown } from './formulario-lockdown.tsx';
import { TextoDeclaracaoFolha } from './texto-declaracao.tsx';
import { usePassos } from './use-passos.ts';
import './declaracoes.css';

type Passo =
  | 'Carregando'
  | 'ErroGenerico'
  | 'NaoHabilitado'
  | 'DadosPessoais'
  | 'Declaracao'
  | 'ConfirmacaoEnvio';

const ETAPAS = ['Seus dados', 'Declaração'] as const;
const MENSAGENS = MENSAGENS_DECLARACAO.lockdown;

/** The registry data as the form's first values; missing fields start empty. */
function valoresDoCadastro(d: AcessarDeclaracaoLockdown): EntradaLockdown {
  const t = d.dadosTPA;
  return {
    nome: t?.nome ?? '',
    cpf: t?.cpf ?? '',
    rgNumero: t?.rgNumero ?? '',
    rgOrgaoExp: t?.rgOrgaoExp ?? '',
    rgUF: t?.rgUF ?? '',
    rgEmissao: t?.rgEmissao ?? '',
    endLogradouro: t?.endLogradouro ?? '',
    endBairro: t?.endBairro ?? '',
    endCidade: t?.endCidade ?? '',
    endUF: t?.endUF ?? '',
    email: d.dadosContato?.email ?? '',
    telefone: d.dadosContato?.telefone ?? '',
  };
}

function separar({ email, telefone, ...dadosTPA }: FormularioLockdown) {
  return { dadosTPA, dadosContato: { email, telefone } };
}

/** /minha-conta/declaracao-lockdown (minha-conta.md §2, §4). */
export function PaginaDeclaracaoLockdown() {
  const avulso = useAvulso();
  const { passo, irPara, voltar } = usePassos<Passo>('Carregando');
  const acesso = useQuery(acessarLockdownQuery);
  const config = useQuery(configDeclaracaoQuery);
  const emissao = useMutation({ mutationFn: emitirLockdown });
  const [erro, setErro] = useState('');
  const [inicio, setInicio] = useState({ dataHoraInicio: '', dataCorrente: '' });
  const [valores, setValores] = useState<EntradaLockdown | null>(null);
  const [confirmados, setConfirmados] = useState<FormularioLockdown | null>(null);
  const [confirmacao, setConfirmacao] = useState({ mensagem: '', url: '' });
  const decidido = useRef(false);

  // The first answer decides where the flow starts (minha-conta.md §4, Lockdown).
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
    } else if (d.habilitacao?.habilitado && !d.dadosTPA) {
      setErro(MENSAGEM_ERRO_DADOS_PESSOAIS);
      irPara('ErroGenerico');
    } else if (d.habilitacao && !d.habilitacao.habilitado) {
      irPara('NaoHabilitado');
    } else if (d.dadosTPA) {
      setInicio({ dataHoraInicio: d.dataHoraCorrente, dataCorrente: d.dataCorrente });
      setValores(valoresDoCadastro(d));
      irPara('DadosPessoais');
    } else {
      setErro(MENSAGEM_ERRO_CONSULTA);
      irPara('ErroGenerico');
    }
  }, [acesso.data, acesso.error, config.data, config.error, irPara]);

  function confirmarDados(dados: FormularioLockdown) {
    setConfirmados(dados);
    setValores(dados);
    irPara('Declaracao');
  }

  function emitir() {
    if (!confirmados) return;
    irPara('Carregando');
    emissao.mutate(
      { ...separar(confirmados), dataHoraInicio: inicio.dataHoraInicio },
      {
        onSuccess: ({ url }) => {
          setConfirmacao({ mensagem: MENSAGENS.emitida, url });
          irPara('ConfirmacaoEnvio');
        },
        onError: (e) => {
          const existente = urlDaDeclaracaoExistente(e);
          if (existente) {
            setConfirmacao({ mensagem: MENSAGENS.jaEmitida, url: existente });
            irPara('ConfirmacaoEnvio');
            return;
          }
          setErro(mensagemDoErro(e, MENSAGENS.erroEnvio));
          irPara('ErroGenerico');
        },
      },
    );
  }

  const organizacao = config.data?.organizacao;
  const texto =
    confirmados && organizacao
      ? textoDeclaracaoLockdown({
          dadosTPA: separar(confirmados).dadosTPA,
          codSindicato: avulso.codSindicato,
          organizacao,
          data: inicio.dataCorrente,
        })
      : null;

  return (
    <div className="pilha pagina-declaracao">
      <div className="pagina-cabecalho">
        <h1>{TITULOS_DECLARACAO.lockdown}</h1>
      </div>
      {passo === 'DadosPessoais' || passo === 'Declaracao' ? (
        <Progresso etapas={ETAPAS} atual={passo === 'DadosPessoais' ? 0 : 1} />
      ) : null}

      {passo === 'Carregando' ? <PassoCarregando /> : null}
      {passo === 'ErroGenerico' ? <PassoErro mensagem={erro} /> : null}
      {passo === 'NaoHabilitado' ? <PassoNaoHabilitado mensagem={MENSAGENS.naoHabilitado} /> : null}
      {passo === 'DadosPessoais' && valores ? (
        <FormularioDadosLockdown iniciais={valores} aoConfirmar={confirmarDados} />
      ) : null}
      {passo === 'Declaracao' && texto ? (
        <CartaoPasso titulo="Confira a sua declaração">
          <Alerta tipo="aviso">
            Leia a declaração com atenção. Se estiver tudo certo, toque em <strong>emitir declaração</strong>.
            Para corrigir algum dado, use o botão Voltar.
          </Alerta>
          <TextoDeclaracaoFolha texto={texto} />
          <div className="acoes-declaracao">
            <button type="button" className="botao" onClick={emitir} disabled={emissao.isPending}>
              Emitir declaração
            </button>
          </div>
        </CartaoPasso>
      ) : null}
      {passo === 'ConfirmacaoEnvio' ? <PassoConfirmacao {...confirmacao} /> : null}

      <BotaoVoltarPasso aoVoltar={voltar} desabilitado={passo === 'Carregando' || emissao.isPending} />
    </div>
  );
}
