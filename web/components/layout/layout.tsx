import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { quandoSessaoExpirar } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { encerrarSessao, limparSessaoLocal } from '../../lib/encerrar.ts';
import { useDepoisDaHidratacao } from '../../lib/hidratacao.ts';
import { useDadosLogin } from '../../lib/sessao.ts';
import { ehQuiosque } from '../../lib/token.ts';
import { AvisoSemConexao } from './aviso-sem-conexao.tsx';
import { BarraSuperior } from './barra-superior.tsx';
import { Rodape } from './rodape.tsx';
import './layout.css';

/** Service messages need a logged-in worker, so their dialog code is not part of the login page's load. */
const FilaMensagens = lazy(async () => ({ default: (await import('./fila-mensagens.tsx')).FilaMensagens }));

/** The page body carries the id `inicio` on /login and /inicio only (docs/produto/escalacao.md §2). */
const CAMINHOS_COM_ID_INICIO: readonly string[] = [caminhos.login, caminhos.inicio];

/** At the kiosk a session ends after this long without a touch (the server's kiosk idle limit is 2 min). */
export const OCIOSIDADE_QUIOSQUE_MS = 90_000;

/**
 * What a logged-in page adds once React has taken the page over: the service messages' dialog (never in the
 * server's HTML) and the live call. A leaf of its own, so the render after the hydration is this component's
 * alone, not the whole frame's again (docs/decisions/0194-react-no-navegador.md).
 */
function DepoisDaHidratacao() {
  const hidratada = useDepoisDaHidratacao();
  // The call as it happens (docs/decisions/0160); its code is imported now, not with the login page (0135).
  useEffect(() => {
    if (!hidratada) return;
    let fechar: (() => void) | undefined;
    let ativo = true;
    void import('../../lib/ao-vivo.ts').then(({ abrirFluxoAoVivo }) => {
      if (ativo) fechar = abrirFluxoAoVivo();
    });
    return () => {
      ativo = false;
      fechar?.();
    };
  }, [hidratada]);
  if (!hidratada) return null;
  return (
    <Suspense fallback={null}>
      <FilaMensagens />
    </Suspense>
  );
}

/** The frame of every page: top bar, content, footer, service messages; session expiry and kiosk idling. */
export function Layout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const avulso = useDadosLogin();
  const [saindo, setSaindo] = useState(false);

  useEffect(() => {
    document.body.id = CAMINHOS_COM_ID_INICIO.includes(pathname.replace(/\/+$/, '')) ? 'inicio' : '';
  }, [pathname]);

  // The server said the session is over (idle, expired, revoked): clean up and log in again.
  useEffect(
    () =>
      quandoSessaoExpirar(() => {
        navigate(limparSessaoLocal(), { replace: true });
      }),
    [navigate],
  );

  // Kiosk: nobody may find the previous worker's session open.
  const logado = avulso !== null;
  useEffect(() => {
    if (!logado || !ehQuiosque()) return;
    let relogio: number | undefined;
    const reiniciar = () => {
      window.clearTimeout(relogio);
      relogio = window.setTimeout(async () => {
        navigate(await encerrarSessao(), { replace: true });
      }, OCIOSIDADE_QUIOSQUE_MS);
    };
    const eventos = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
    reiniciar();
    for (const e of eventos) window.addEventListener(e, reiniciar, { passive: true });
    return () => {
      window.clearTimeout(relogio);
      for (const e of eventos) window.removeEventListener(e, reiniciar);
    };
  }, [logado, navigate]);

  async function sair() {
    setSaindo(true);
    try {
      navigate(await encerrarSessao(), { replace: true });
    } finally {
      setSaindo(false);
    }
  }

  return (
    <div className="app">
      <a href="#conteudo" className="pular-para-conteudo">
        Pular para o conteúdo
      </a>
      {/* Each Suspense is a part React hydrates on its own, after the frame, and first where a finger lands
          (selective hydration, docs/decisions/0194-react-no-navegador.md). Nothing inside suspends. */}
      <Suspense fallback={null}>
        <BarraSuperior aoSair={sair} saindo={saindo} />
      </Suspense>
      <main id="conteudo" className="conteudo" tabIndex={-1}>
        <AvisoSemConexao />
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Rodape />
      </Suspense>
      {logado ? <DepoisDaHidratacao /> : null}
      <ScrollRestoration />
    </div>
  );
}
