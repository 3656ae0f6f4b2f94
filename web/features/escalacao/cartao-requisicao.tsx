import { CalendarDays, Clock, MapPin, Moon, Ship, TriangleAlert } from 'lucide-react';
import { memo } from 'react';
import type { FuncaoOferta, Porao, Requisicao } from '#common/api/escalacao.ts';
import { CATEGORIA, ehCaisCmu } from '#common/dominio.ts';
import { diaMesAbreviado, formatarMilhar, turno } from '#common/formato.ts';
import { nomePorao } from '#common/porao.ts';
import { BotaoOferta } from './botao-oferta.tsx';

export const AVISO_CMU =
  'No cais CMU é obrigatório acessar e transitar utilizando a área isolada para pedestre';

interface CartaoRequisicaoProps {
  requisicao: Requisicao;
  codCategoria: number;
  /** Estivador with escolhaPoraoEstiva: functions listed flat, without hold headings. */
  semPoroes: boolean;
  aoTocar: (requisicao: Requisicao, porao: Porao, funcao: FuncaoOferta) => void;
}

/** Only the functions the worker is qualified for are shown (docs/produto/escalacao.md §2). */
function visiveis(porao: Porao): FuncaoOferta[] {
  return porao.funcoes.filter((f) => f.habilitado);
}

function Carga({ porao, vigia }: { porao: Porao; vigia: boolean }) {
  return (
    <span className="porao-carga">
      {porao.nomeMercadoria}
      {vigia ? null : <span className="porao-tonelagem"> · {formatarMilhar(porao.tonelagem)} t</span>}
    </span>
  );
}

/**
 * One card per ship/requisition with its function buttons, per hold or flat. Memoised: a choice changes
 * one requisition object (estado-escala.ts keeps the others), so only that card is drawn again.
 */
export const CartaoRequisicao = memo(function CartaoRequisicao({
  requisicao: req,
  codCategoria,
  semPoroes,
  aoTocar,
}: CartaoRequisicaoProps) {
  const vigia = codCategoria === CATEGORIA.vigia;
  const poroes = req.poroes.filter((p) => visiveis(p).length > 0);
  if (poroes.length === 0) return null;
  const idTitulo = `navio-${req.numRequisicao}`;
  // Rest depends on the shift, so usually a whole requisition lacks it: said once, in the card.
  const semDescanso = poroes.every((p) => visiveis(p).every((f) => !f.comDescanso));

  return (
    <article className="cartao requisicao" aria-labelledby={idTitulo} data-requisicao={req.numRequisicao}>
      <header className="requisicao-cabecalho">
        <h2 id={idTitulo} className="requisicao-navio">
          <Ship aria-hidden size={22} />
          {req.nomeNavio}
        </h2>
        <p className="requisicao-operador">{req.nomeOperador}</p>
        <ul className="requisicao-dados">
          <li>
            <CalendarDays aria-hidden size={16} />
            <span className="visualmente-oculto">Data: </span>
            {diaMesAbreviado(req.dataOperacao)}
          </li>
          <li id={`${idTitulo}-turno`}>
            <Clock aria-hidden size={16} />
            <span className="visualmente-oculto">Horário: </span>
            {turno(req.horaInicio, req.horaFim)}
          </li>
          <li>
            <MapPin aria-hidden size={16} />
            <span className="visualmente-oculto">Cais: </span>
            {req.nomeLocalAtrac}
          </li>
        </ul>
      </header>

      {ehCaisCmu(req.codLocalAtrac) ? (
        <p className="requisicao-cmu" role="note">
          <TriangleAlert aria-hidden size={18} />
          {AVISO_CMU}
        </p>
      ) : null}

      {semDescanso ? (
        <p className="requisicao-sem-descanso">
          <Moon aria-hidden size={18} />
          Você não tem descanso suficiente para este turno.
        </p>
      ) : null}

      {semPoroes ? (
        <>
          {/* No hold headings, but each hold's cargo is named by its hold, one per line. */}
          <ul className="requisicao-cargas">
            {poroes.map((porao) => (
              <li key={porao.numPorao}>
                <span className="porao-nome">{nomePorao(porao.numPorao)}:</span>{' '}
                <Carga porao={porao} vigia={vigia} />
              </li>
            ))}
          </ul>
          <div className="ofertas-grade">
            {poroes.flatMap((porao) =>
              visiveis(porao).map((funcao) => (
                <BotaoOferta
                  key={`${porao.numPorao}-${funcao.seqCategoria}-${funcao.codFuncao}`}
                  funcao={funcao}
                  codCategoria={codCategoria}
                  avisoDescanso={!semDescanso}
                  comPorao
                  aoTocar={() => aoTocar(req, porao, funcao)}
                />
              )),
            )}
          </div>
        </>
      ) : (
        poroes.map((porao) => (
          // Named 'Porão n', the ship and the shift: every card has a 'Porão 1', one ship may come in two
          // shifts, and landmarks must differ (axe's landmark-unique).
          <section
            key={porao.numPorao}
            className="porao"
            aria-labelledby={`${idTitulo}-${porao.numPorao} ${idTitulo} ${idTitulo}-turno`}
          >
            <h3 className="porao-titulo">
              <span className="porao-nome" id={`${idTitulo}-${porao.numPorao}`}>
                {nomePorao(porao.numPorao)}
              </span>
              <Carga porao={porao} vigia={vigia} />
            </h3>
            <div className="ofertas-grade">
              {visiveis(porao).map((funcao) => (
                <BotaoOferta
                  key={`${funcao.seqCategoria}-${funcao.codFuncao}`}
                  funcao={funcao}
                  codCategoria={codCategoria}
                  avisoDescanso={!semDescanso}
                  aoTocar={() => aoTocar(req, porao, funcao)}
                />
              ))}
            </div>
          </section>
        ))
      )}
    </article>
  );
});
