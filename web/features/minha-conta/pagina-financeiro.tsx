import { CalendarHeart, FileSpreadsheet, Landmark, Receipt, Wallet } from 'lucide-react';
import { tilesFinanceiro } from '#common/tiles.ts';
import { BotaoVoltar, Tile } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { useAvulso } from '../../lib/sessao.ts';
import { CabecalhoPagina } from './componentes.tsx';
import './minha-conta.css';

/**
 * /minha-conta/financeiro: the four pay-document pages. The last three tiles can each be hidden by a
 * parameter (docs/decisions/0040-tiles-minha-conta.md); all show when it is absent.
 */
export function PaginaFinanceiro() {
  const avulso = useAvulso();
  const tiles = tilesFinanceiro(avulso.parametros, avulso.codCategoria);
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Financeiro" icone={<Wallet size={28} />}>
        Contracheques, fichas financeiras e informes de rendimentos, em PDF.
      </CabecalhoPagina>
      <nav aria-label="Financeiro" className="grade-tiles mc-tiles">
        <Tile para={caminhos.contracheques} icone={<Receipt aria-hidden />} titulo="Contracheques" />
        {tiles.contracheques13Ferias ? (
          <Tile
            para={caminhos.contracheques13Ferias}
            icone={<CalendarHeart aria-hidden />}
            titulo="Contracheques de 13º e Férias"
          />
        ) : null}
        {tiles.fichasFinanceiras ? (
          <Tile
            para={caminhos.fichasFinanceiras}
            icone={<FileSpreadsheet aria-hidden />}
            titulo="Fichas financeiras"
          />
        ) : null}
        {tiles.informesRendimentos ? (
          <Tile
            para={caminhos.informesRendimentos}
            icone={<Landmark aria-hidden />}
            titulo="Informes de rendimentos"
          />
        ) : null}
      </nav>
      <div>
        <BotaoVoltar para={caminhos.minhaConta} />
      </div>
    </div>
  );
}
