import { Anchor, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { nomeProprio, preencher } from '#common/texto.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useDadosLogin } from '../../lib/sessao.ts';
import { FotoAvulso } from './foto-avulso.tsx';

/**
 * Top bar (docs/produto/escalacao.md §2): the product name linking to /; when logged in, the worker (name, union,
 * code and call number padded to 3 digits) linking to /minha-conta, the photo and 'Sair'.
 */
export function BarraSuperior({ aoSair, saindo }: { aoSair: () => void; saindo: boolean }) {
  const avulso = useDadosLogin();
  return (
    <header className="barra-superior">
      <div className="barra-superior-interna">
        <Link to="/" className="marca">
          <span className="marca-icone" aria-hidden>
            <Anchor size={22} />
          </span>
          <span className="marca-nome">Portal do TPA</span>
        </Link>
        {avulso ? (
          <>
            {/* Named by what it shows, after a hidden 'Minha conta:' (axe's label-content-name-mismatch). */}
            <Link to={caminhos.minhaConta} className="barra-avulso">
              <span className="visualmente-oculto">Minha conta: </span>
              <FotoAvulso
                fotoUrl={avulso.fotoUrl}
                nome={avulso.nome}
                className="barra-avulso-foto"
                decorativa
              />
              <span className="barra-avulso-texto">
                <span className="barra-avulso-nome">{nomeProprio(avulso.nome)}</span>
                <span className="barra-avulso-detalhe">
                  <span>{avulso.sindicato}</span>
                  <span>Mat. {avulso.codAvulso}</span>
                  <span>Chamada {preencher(avulso.numChamada, 3)}</span>
                </span>
              </span>
            </Link>
            <button type="button" className="barra-sair" onClick={aoSair} disabled={saindo}>
              <LogOut aria-hidden size={20} />
              <span>Sair</span>
            </button>
          </>
        ) : null}
      </div>
    </header>
  );
}
