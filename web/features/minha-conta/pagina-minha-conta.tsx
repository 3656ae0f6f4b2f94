import { BadgeCheck, FileHeart, FileLock2, History, Settings, UserRound, Wallet } from 'lucide-react';
import { tilesMinhaConta } from '#common/tiles.ts';
import { BotaoVoltar, Tile } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { useAvulso } from '../../lib/sessao.ts';
import { CabecalhoPagina } from './componentes.tsx';
import './minha-conta.css';

/** /minha-conta (docs/produto/minha-conta.md §2): the four tiles and the two declarations the parameters allow (§6). */
export function PaginaMinhaConta() {
  const avulso = useAvulso();
  const declaracoes = tilesMinhaConta(avulso.parametros, avulso.codCategoria);
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Minha conta" icone={<UserRound size={28} />}>
        {avulso.codAvulso} · {avulso.sindicato}
      </CabecalhoPagina>
      <nav aria-label="Minha conta" className="grade-tiles mc-tiles">
        <Tile para={caminhos.habilitacoes} icone={<BadgeCheck aria-hidden />} titulo="Habilitações" />
        <Tile para={caminhos.ultimosTrabalhos} icone={<History aria-hidden />} titulo="Últimas escalações" />
        <Tile para={caminhos.financeiro} icone={<Wallet aria-hidden />} titulo="Financeiro" />
        <Tile para={caminhos.configuracoes} icone={<Settings aria-hidden />} titulo="Configurações" />
        {declaracoes.declaracaoLockdown ? (
          <Tile
            para={caminhos.declaracaoLockdown}
            icone={<FileLock2 aria-hidden />}
            titulo="Declaração Lockdown"
          />
        ) : null}
        {declaracoes.declaracaoMp945 ? (
          <Tile
            para={caminhos.declaracaoMp945}
            icone={<FileHeart aria-hidden />}
            titulo="Declaração de Afastamento (MP 945)"
          />
        ) : null}
      </nav>
      <div>
        <BotaoVoltar para={caminhos.inicio} />
      </div>
    </div>
  );
}
