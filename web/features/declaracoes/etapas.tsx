import { FileText, ShieldCheck } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import type { TextoDeclaracao } from '#common/declaracoes.ts';
import { Alerta, Carregando } from '../../components/ui/estados.tsx';
import { TextoDeclaracaoFolha } from './texto-declaracao.tsx';
import type { FluxoDeclaracao, PassoComum } from './use-fluxo-declaracao.ts';

/** The steps both flows share (docs/produto/minha-conta.md §2). */

export function PassoCarregando() {
  return <Carregando texto="Carregando dados..." />;
}

export function PassoErro({ mensagem }: { mensagem: string }) {
  return <Alerta tipo="erro">{mensagem}</Alerta>;
}

export function PassoNaoHabilitado({ mensagem }: { mensagem: string }) {
  return <Alerta tipo="aviso">{mensagem}</Alerta>;
}

export function PassoConfirmacao({ mensagem, url }: { mensagem: string; url: string }) {
  return (
    <div className="pilha">
      <Alerta tipo="sucesso">
        <strong>{mensagem}</strong>
      </Alerta>
      <section className="cartao confirmacao-declaracao">
        <div className="confirmacao-icone" aria-hidden>
          <FileText size={28} />
        </div>
        <div className="confirmacao-texto">
          <p>
            A declaração abre em uma nova aba, em PDF. Você pode salvá-la no celular, imprimi-la ou enviá-la.
          </p>
          <p className="texto-suave confirmacao-verificacao">
            <ShieldCheck aria-hidden size={18} />
            <span>
              Ela traz um código de verificação e um QR code: quem a receber pode conferir a autenticidade no
              portal.
            </span>
          </p>
          <a className="botao" href={url} target="_blank" rel="noopener">
            <FileText aria-hidden size={20} />
            Ver declaração
          </a>
        </div>
      </section>
    </div>
  );
}

/** 'Passo 2 de 4 · Situações': where the worker is in a flow. */
export function Progresso({ etapas, atual }: { etapas: readonly string[]; atual: number }) {
  return (
    <nav className="progresso-declaracao" aria-label="Etapas da declaração">
      <p className="progresso-texto">
        Etapa {atual + 1} de {etapas.length} · <strong>{etapas[atual]}</strong>
      </p>
      <ol className="progresso-barra">
        {etapas.map((etapa, i) => (
          <li
            key={etapa}
            className={i < atual ? 'feita' : i === atual ? 'atual' : undefined}
            aria-current={i === atual ? 'step' : undefined}
          >
            <span className="visualmente-oculto">{etapa}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A step's form in its card, ending with 'Confirmar dados' (see AcoesFormulario). */
export function FormularioPasso({
  titulo,
  aoEnviar,
  valido,
  estreito = false,
  children,
}: {
  titulo: string;
  aoEnviar: FormEventHandler<HTMLFormElement>;
  valido: boolean;
  estreito?: boolean;
  children: ReactNode;
}) {
  return (
    <CartaoPasso titulo={titulo}>
      <form
        onSubmit={aoEnviar}
        noValidate
        className={estreito ? 'formulario-declaracao formulario-estreito' : 'formulario-declaracao'}
      >
        {children}
        <AcoesFormulario rotulo="Confirmar dados" habilitado={valido} />
      </form>
    </CartaoPasso>
  );
}

/** A step's card: heading, content, and the submit row. */
export function CartaoPasso({ titulo, children }: { titulo: ReactNode; children: ReactNode }) {
  return (
    <section className="cartao passo-declaracao">
      <h2 className="passo-titulo">{titulo}</h2>
      {children}
    </section>
  );
}

/** The submit button with, while the form is invalid, why it is disabled. */
function AcoesFormulario({ rotulo, habilitado }: { rotulo: string; habilitado: boolean }) {
  return (
    <div className="acoes-declaracao">
      <button type="submit" className="botao" disabled={!habilitado}>
        {rotulo}
      </button>
      {habilitado ? null : (
        <span className="texto-suave acoes-dica">
          Preencha corretamente os campos indicados para continuar.
        </span>
      )}
    </div>
  );
}

export function BotaoVoltarPasso({
  aoVoltar,
  desabilitado,
}: {
  aoVoltar: () => void;
  desabilitado: boolean;
}) {
  return (
    <div>
      <button
        type="button"
        className="botao botao-secundario botao-voltar"
        onClick={aoVoltar}
        disabled={desabilitado}
      >
        Voltar
      </button>
    </div>
  );
}

/**
 * The frame of a declaration flow: its title, the progress over its form steps, the steps both flows
 * share around the flow's own (`children`), and 'Voltar'.
 */
export function QuadroDeclaracao<P extends string>({
  fluxo,
  titulo,
  etapas,
  voltarDesabilitado,
  children,
}: {
  fluxo: FluxoDeclaracao<P>;
  titulo: string;
  etapas: readonly { passo: P | PassoComum; nome: string }[];
  voltarDesabilitado: boolean;
  children: ReactNode;
}) {
  const { passo } = fluxo;
  const etapa = etapas.findIndex((e) => e.passo === passo);
  return (
    <div className="pilha pagina-declaracao">
      <div className="pagina-cabecalho">
        <h1>{titulo}</h1>
      </div>
      {etapa >= 0 ? <Progresso etapas={etapas.map((e) => e.nome)} atual={etapa} /> : null}

      {passo === 'Carregando' ? <PassoCarregando /> : null}
      {passo === 'ErroGenerico' ? <PassoErro mensagem={fluxo.erro} /> : null}
      {passo === 'NaoHabilitado' ? <PassoNaoHabilitado mensagem={fluxo.mensagens.naoHabilitado} /> : null}
      {children}
      {passo === 'ConfirmacaoEnvio' ? <PassoConfirmacao {...fluxo.confirmacao} /> : null}

      <BotaoVoltarPasso aoVoltar={fluxo.voltar} desabilitado={voltarDesabilitado} />
    </div>
  );
}

/** The Declaracao step: the text to read, a note on what to do, and the button that issues it. */
export function PassoDeclaracao({
  texto,
  aviso,
  rotulo,
  aoConfirmar,
  desabilitado,
}: {
  texto: TextoDeclaracao;
  aviso: ReactNode;
  rotulo: string;
  aoConfirmar: () => void;
  desabilitado: boolean;
}) {
  return (
    <CartaoPasso titulo="Confira a sua declaração">
      <Alerta tipo="aviso">{aviso}</Alerta>
      <TextoDeclaracaoFolha texto={texto} />
      <div className="acoes-declaracao">
        <button type="button" className="botao" onClick={aoConfirmar} disabled={desabilitado}>
          {rotulo}
        </button>
      </div>
    </CartaoPasso>
  );
}
