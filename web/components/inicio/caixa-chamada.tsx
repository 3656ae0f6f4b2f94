import { useQuery } from '@tanstack/react-query';
import { CalendarClock, OctagonAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatarDataIso } from '#common/texto.ts';
import { configPublicaQuery, escalaAbertaQuery } from '../../lib/api-sessao.ts';
import { useAvulso } from '../../lib/sessao.ts';
import './inicio.css';

/**
 * The call information box of docs/produto/escalacao.md §2, used on /inicio and /escalacao. Order of precedence:
 * impeded worker (red, its messages or 'TPA IMPEDIDO'), else the open call, else 'NÃO TEM CHAMADA
 * ABERTA!' (or the loading text). 'AMBIENTE DE TESTES!' is added in the test environment.
 */
export function CaixaChamada() {
  const avulso = useAvulso();
  const escala = useQuery(escalaAbertaQuery);
  const config = useQuery(configPublicaQuery);
  const testes = config.data?.ambienteTestes === true;

  let conteudo: ReactNode;
  if (avulso.impedimento) {
    conteudo = (
      <div className="caixa-chamada-impedido" role="alert">
        <OctagonAlert aria-hidden size={28} />
        {avulso.mensagensImpedimento.length > 0 ? (
          <ul>
            {avulso.mensagensImpedimento.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : (
          <strong>TPA IMPEDIDO</strong>
        )}
      </div>
    );
  } else if (escala.data) {
    conteudo = (
      <div className="caixa-chamada-aberta">
        <CalendarClock aria-hidden size={28} />
        <div>
          <span className="caixa-chamada-rotulo">Chamada aberta</span>
          <strong className="caixa-chamada-numero">Escala nº {escala.data.numEscalacao}</strong>
          <span>
            {formatarDataIso(escala.data.dataChamada)} às {escala.data.horaChamada}
          </span>
        </div>
      </div>
    );
  } else if (escala.isPending) {
    conteudo = (
      <div className="caixa-chamada-carregando">
        <span className="spinner" aria-hidden />
        <span>Carregando Informações Sobre a Escala...</span>
      </div>
    );
  } else {
    conteudo = (
      <div className="caixa-chamada-fechada">
        <CalendarClock aria-hidden size={28} />
        <strong>NÃO TEM CHAMADA ABERTA!</strong>
      </div>
    );
  }

  return (
    <section
      className={avulso.impedimento ? 'caixa-chamada caixa-chamada-vermelha' : 'caixa-chamada'}
      aria-label="Informações sobre a escala"
      aria-live="polite"
      data-testid="caixa-chamada"
    >
      {conteudo}
      {testes ? <p className="caixa-chamada-testes">AMBIENTE DE TESTES!</p> : null}
    </section>
  );
}
