import { ArrowRight, Vote } from 'lucide-react';
import { Link } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';
import { useEleicaoPendente } from './estado.ts';
import './eleicao.css';

/** Opens the ballot: /eleicao with the candidates shown. */
export const caminhoCandidatos = `${caminhos.eleicao}?candidatos`;

/**
 * The home's single card while an election is loaded (docs/produto/escalacao.md §2: 'Eleição CPATP', button
 * 'Ver candidatos'), in place of the three call-to-action cards.
 */
export function CartaoEleicao() {
  const eleicao = useEleicaoPendente();
  return (
    <article className="cartao cartao-eleicao" aria-labelledby="titulo-cartao-eleicao">
      <span className="cartao-eleicao-icone" aria-hidden>
        <Vote />
      </span>
      <div className="cartao-eleicao-corpo">
        <h2 id="titulo-cartao-eleicao" className="cartao-eleicao-titulo">
          Eleição CPATP
        </h2>
        {eleicao?.eleicao.descricao ? (
          <p className="cartao-eleicao-descricao">{eleicao.eleicao.descricao}</p>
        ) : null}
        <p className="cartao-eleicao-texto">
          Escolha quem vai representar os trabalhadores na Comissão de Prevenção de Acidentes no Trabalho
          Portuário. O voto é secreto: você pode votar em um candidato, em branco ou nulo.
        </p>
        <Link to={caminhoCandidatos} className="botao botao-destaque cartao-eleicao-botao">
          Ver candidatos
          <ArrowRight aria-hidden size={20} />
        </Link>
      </div>
    </article>
  );
}
