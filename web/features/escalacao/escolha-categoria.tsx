import { ClipboardList, Eye, HardHat, Package, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CategoriaEscala } from '#common/api/escalacao.ts';
import { categoriasEscala, type SegmentoCategoria } from '#common/dominio.ts';
import { TrabalhoCorrente } from '../../components/inicio/trabalho-corrente.tsx';
import { Alerta, BotaoVoltar } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { useAvulso } from '../../lib/sessao.ts';
import { temVagas } from './estado-escala.ts';
import { garantirVagas, useEstadoEscala } from './loja-escala.ts';

const ICONES: Record<SegmentoCategoria, ReactNode> = {
  estivador: <HardHat aria-hidden />,
  conferente: <ClipboardList aria-hidden />,
  capatazia: <Package aria-hidden />,
  vigia: <Eye aria-hidden />,
};

/** Under each category: how many offers the worker may choose and has chosen. */
function resumoCategoria(categoria: CategoriaEscala | undefined): string {
  if (!categoria || categoria.qtdDisponiveis === 0) return 'Sem vagas';
  const disponiveis = `${categoria.qtdDisponiveis} ${categoria.qtdDisponiveis === 1 ? 'oferta' : 'ofertas'}`;
  if (categoria.qtdEscolhas === 0) return disponiveis;
  return `${disponiveis} · ${categoria.qtdEscolhas} ${categoria.qtdEscolhas === 1 ? 'escolhida' : 'escolhidas'}`;
}

/** The child area of /escalacao: the category chooser (docs/produto/escalacao.md §2 'Category chooser'). */
export function EscolhaCategoria() {
  const avulso = useAvulso();
  const { escalaCarregada, vagas } = useEstadoEscala();
  const carregando = vagas.status === 'carregando' && !escalaCarregada;

  return (
    <>
      <TrabalhoCorrente />
      <section
        className="cartao escolha-categoria"
        aria-labelledby="titulo-categorias"
        aria-busy={carregando}
      >
        <h1 id="titulo-categorias" className="escolha-categoria-titulo">
          Escolha uma categoria para se escalar
        </h1>
        <div className="escolha-categoria-situacao" aria-live="polite">
          {carregando ? (
            <span className="escolha-categoria-carregando">
              <span className="spinner" aria-hidden /> Carregando as vagas...
            </span>
          ) : null}
          {vagas.status === 'erro' && !escalaCarregada && !avulso.impedimento ? (
            <Alerta tipo="erro">
              <p className="escolha-categoria-erro">{vagas.mensagem}</p>
              <button type="button" className="botao botao-secundario" onClick={() => void garantirVagas()}>
                <RefreshCw aria-hidden size={18} /> Tentar novamente
              </button>
            </Alerta>
          ) : null}
        </div>
        <ul className="categorias">
          {categoriasEscala.map((categoria) => {
            const conteudo = (
              <>
                <span className="categoria-icone">{ICONES[categoria.segmento]}</span>
                <span className="categoria-nome">{categoria.nome}</span>
                <span className="categoria-resumo">
                  {resumoCategoria(escalaCarregada?.categorias[String(categoria.codigo)])}
                </span>
              </>
            );
            return (
              <li key={categoria.segmento}>
                {temVagas(escalaCarregada, categoria.codigo) ? (
                  <Link to={caminhos.ofertas(categoria.segmento)} className="categoria">
                    {conteudo}
                  </Link>
                ) : (
                  <button type="button" className="categoria" disabled>
                    {conteudo}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <BotaoVoltar para={caminhos.inicio} />
    </>
  );
}
