import { Smartphone } from 'lucide-react';
import { useInstalacao } from '../lib/instalacao.ts';
import { ehQuiosque } from '../lib/token.ts';
import './instalar-app.css';

/**
 * "Instalar o aplicativo" (issue 29): the browser's own install prompt where it offers one (Chrome on Android),
 * the steps on the iPhone (Safari has no prompt), nothing elsewhere (installed already, the kiosk, a desktop
 * browser that offers nothing).
 */
export function InstalarApp() {
  const instalacao = useInstalacao();
  // Never at the kiosk (a shared screen), even if it became one after the browser's offer.
  if (!instalacao || ehQuiosque()) return null;
  return (
    <section className="cartao instalar-app" aria-labelledby="titulo-instalar-app">
      <h2 id="titulo-instalar-app" className="cartao-titulo">
        <Smartphone aria-hidden size={24} />
        Aplicativo no celular
      </h2>
      <p className="texto-suave">
        Com o Portal na tela inicial, o crachá e o seu trabalho abrem com um toque, mesmo sem internet.
      </p>
      {instalacao.tipo === 'botao' ? (
        <button type="button" className="botao botao-destaque" onClick={() => void instalacao.instalar()}>
          Instalar o aplicativo
        </button>
      ) : (
        <ol className="instalar-app-passos">
          <li>
            Abra o Portal no <strong>Safari</strong>.
          </li>
          <li>
            Toque em <strong>Compartilhar</strong> (o quadrado com a seta para cima).
          </li>
          <li>
            Escolha <strong>Adicionar à Tela de Início</strong> e toque em <strong>Adicionar</strong>.
          </li>
        </ol>
      )}
    </section>
  );
}
