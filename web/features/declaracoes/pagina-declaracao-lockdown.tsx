import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AcessarDeclaracaoLockdown, FormularioLockdown } from '#common/api/declaracoes.ts';
import {
  MENSAGEM_ERRO_CONSULTA,
  MENSAGEM_ERRO_DADOS_PESSOAIS,
  MENSAGENS_DECLARACAO,
  TITULOS_DECLARACAO,
  textoDeclaracaoLockdown,
} from '#common/declaracoes.ts';
import { useAvulso } from '../../lib/sessao.ts';
import { acessarLockdownQuery, configDeclaracaoQuery, emitirLockdown } from './api.ts';
import { PassoDeclaracao, QuadroDeclaracao } from './etapas.tsx';
import type { EntradaLockdown } from './formulario-lockdown.tsx';
import { FormularioDadosLockdown } from './formulario-lockdown.tsx';
import { useFluxoDeclaracao, useInicioDoFluxo } from './use-fluxo-declaracao.ts';
import './declaracoes.css';

type Passo = 'DadosPessoais';

const ETAPAS = [
  { passo: 'DadosPessoais', nome: 'Seus dados' },
  { passo: 'Declaracao', nome: 'Declaração' },
] as const;
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

/** /minha-conta/declaracao-lockdown (docs/produto/minha-conta.md §2, §4). */
export function PaginaDeclaracaoLockdown() {
  const avulso = useAvulso();
  const fluxo = useFluxoDeclaracao<Passo>(MENSAGENS);
  const { passo, irPara } = fluxo;
  const acesso = useQuery(acessarLockdownQuery);
  const config = useQuery(configDeclaracaoQuery);
  const emissao = useMutation({ mutationFn: emitirLockdown });
  const [inicio, setInicio] = useState({ dataHoraInicio: '', dataCorrente: '' });
  const [valores, setValores] = useState<EntradaLockdown | null>(null);
  const [confirmados, setConfirmados] = useState<FormularioLockdown | null>(null);

  // Where the flow starts (docs/produto/minha-conta.md §4, Lockdown).
  useInicioDoFluxo(fluxo, acesso, config, (d) => {
    if (d.habilitacao?.habilitado && !d.dadosTPA) {
      fluxo.mostrarErro(MENSAGEM_ERRO_DADOS_PESSOAIS);
    } else if (d.habilitacao && !d.habilitacao.habilitado) {
      irPara('NaoHabilitado');
    } else if (d.dadosTPA) {
      setInicio({ dataHoraInicio: d.dataHoraCorrente, dataCorrente: d.dataCorrente });
      setValores(valoresDoCadastro(d));
      irPara('DadosPessoais');
    } else {
      fluxo.mostrarErro(MENSAGEM_ERRO_CONSULTA);
    }
  });

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
        onSuccess: ({ url }) => fluxo.confirmar(MENSAGENS.emitida, url),
        onError: (e) => fluxo.falhar(e, MENSAGENS.erroEnvio),
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
    <QuadroDeclaracao
      fluxo={fluxo}
      titulo={TITULOS_DECLARACAO.lockdown}
      etapas={ETAPAS}
      voltarDesabilitado={passo === 'Carregando' || emissao.isPending}
    >
      {passo === 'DadosPessoais' && valores ? (
        <FormularioDadosLockdown iniciais={valores} aoConfirmar={confirmarDados} />
      ) : null}
      {passo === 'Declaracao' && texto ? (
        <PassoDeclaracao
          texto={texto}
          aviso={
            <>
              Leia a declaração com atenção. Se estiver tudo certo, toque em{' '}
              <strong>emitir declaração</strong>. Para corrigir algum dado, use o botão Voltar.
            </>
          }
          rotulo="Emitir declaração"
          aoConfirmar={emitir}
          desabilitado={emissao.isPending}
        />
      ) : null}
    </QuadroDeclaracao>
  );
}
