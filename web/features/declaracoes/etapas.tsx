import { FileText, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alerta, Carregando } from '../../components/ui/estados.tsx';

/** The steps both flows share (minha-conta.md §2). */

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
export function AcoesFormulario({ rotulo, habilitado }: { rotulo: string; habilitado: boolean }) {
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
