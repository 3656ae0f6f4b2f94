import { useQuery } from '@tanstack/react-query';
import { MapPin, Phone } from 'lucide-react';
import { ANO_COPYRIGHT } from '#common/dominio.ts';
import { VERSAO_CLIENTE } from '../../lib/api-client.ts';
import { configPublicaQuery } from '../../lib/api-sessao.ts';

function telefoneHref(telefone: string): string {
  return `tel:+55${telefone.replace(/\D/g, '')}`;
}

/** Footer (docs/produto/escalacao.md §2): address, the three phones, version, copyright 2017, test-environment flag. */
export function Rodape() {
  const { data: config } = useQuery(configPublicaQuery);
  const org = config?.organizacao;
  const telefones = org
    ? [
        ['Sede', org.telefoneSede],
        ['Escalação', org.telefoneEscalacao],
        ['Fiscalização', org.telefoneFiscalizacao],
      ]
    : [];
  return (
    <footer className="rodape">
      <div className="rodape-interno">
        {org ? (
          <div className="rodape-org">
            <strong>{org.nome}</strong>
            <span className="rodape-nome-completo">{org.nomeCompleto}</span>
            <address>
              <MapPin aria-hidden size={16} />
              {org.endereco}
            </address>
          </div>
        ) : null}
        {org ? (
          <ul className="rodape-telefones" aria-label="Telefones">
            {telefones.map(([rotulo, numero]) => (
              <li key={rotulo}>
                <Phone aria-hidden size={16} />
                <span>{rotulo}:</span> <a href={telefoneHref(numero ?? '')}>{numero}</a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="rodape-linha">
          <span>Versão {VERSAO_CLIENTE}</span>
          <span>
            © {ANO_COPYRIGHT} {org?.nome ?? 'OGMO'}
          </span>
          {config?.ambienteTestes ? <span className="selo-testes">AMBIENTE DE TESTES</span> : null}
        </div>
      </div>
    </footer>
  );
}
