import { useEffect, useRef, useState } from 'react';
import { type BlockerFunction, useBlocker, useSearchParams } from 'react-router';
import { QuadroInicio } from '../../components/inicio/quadro-inicio.tsx';
import { Alerta } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { CartaoEleicao } from './cartao-eleicao.tsx';
import { Cedula } from './cedula.tsx';
import { estadoEleicao, useEleicaoPendente } from './estado.ts';
import './eleicao.css';

/** Where a worker with a loaded election may still go: the ballot itself and the logout screens. */
const LIVRES: readonly string[] = [caminhos.eleicao, caminhos.login, caminhos.totem];

/** Leaving /eleicao is allowed only when no election is loaded (docs/produto/escalacao.md §2); logout clears it. */
const bloquearSaida: BlockerFunction = ({ nextLocation }) =>
  estadoEleicao.atual() !== null && !LIVRES.includes(nextLocation.pathname.replace(/\/+$/, ''));

/**
 * /eleicao: first the home's frame with its single card 'Eleição CPATP' (docs/produto/escalacao.md §2), then, with
 * 'Ver candidatos' (?candidatos), the ballot.
 */
export function PaginaEleicao() {
  const eleicao = useEleicaoPendente();
  // Kept while the page fades out after a vote clears the loaded election.
  const [ultima, setUltima] = useState(eleicao);
  if (eleicao && eleicao !== ultima) setUltima(eleicao);
  const [params] = useSearchParams();
  const blocker = useBlocker(bloquearSaida);
  const [tentativas, setTentativas] = useState(0);
  const aviso = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    setTentativas((n) => n + 1);
  }, [blocker]);

  useEffect(() => {
    if (tentativas > 0) aviso.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [tentativas]);

  const mostrada = eleicao ?? ultima;
  if (!mostrada) return null;
  return (
    <div className="pilha pagina-eleicao">
      <div ref={aviso} className="eleicao-aviso">
        {tentativas > 0 ? (
          <Alerta key={tentativas} tipo="aviso">
            <strong>Registre seu voto para continuar.</strong> Enquanto houver eleição pendente, o portal fica
            nesta página. Você pode votar em um candidato, em branco ou nulo.
          </Alerta>
        ) : null}
      </div>
      {params.has('candidatos') ? (
        <Cedula eleicao={mostrada} />
      ) : (
        <QuadroInicio>
          <CartaoEleicao />
        </QuadroInicio>
      )}
    </div>
  );
}
