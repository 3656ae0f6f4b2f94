import type { CSSProperties } from 'react';
import { categoriasFuncoes } from '#common/funcoes.ts';
import { IconeFuncao } from '../../components/icone-funcao.tsx';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { useDadosLogin } from '../../lib/sessao.ts';
import './inicio.css';

/** /funcoes (docs/produto/escalacao.md §2-3, public): the function categories, each function with its colour and icon. */
export function PaginaFuncoes() {
  const logado = useDadosLogin() !== null;
  return (
    <div className="pilha">
      <div className="pagina-cabecalho">
        <h1>Funções</h1>
      </div>
      <p className="texto-suave funcoes-intro">
        As funções do trabalho portuário avulso, por categoria, com a cor e o ícone que aparecem nas ofertas
        da escalação.
      </p>
      {categoriasFuncoes.map((categoria, i) => (
        <section
          key={categoria.tipo + categoria.nome}
          className="cartao"
          // Two categories share a type ('Veículos' of Estiva and of Capatazia): the id is the position.
          aria-labelledby={`cat-${i}`}
        >
          <div className="funcoes-categoria">
            <h2 id={`cat-${i}`} className="cartao-titulo">
              {categoria.nome}
            </h2>
            <span className="funcoes-contagem">
              {categoria.funcoes.length} {categoria.funcoes.length === 1 ? 'função' : 'funções'}
            </span>
          </div>
          <ul className="funcoes-grade">
            {categoria.funcoes.map((funcao) => {
              const cor = categoria.tipo === 'vigia-majorado' ? funcao.corMajorado : funcao.cor;
              return (
                <li
                  key={funcao.codigo}
                  className="funcao-chip"
                  style={{ '--cor-funcao': cor.fundo, '--texto-funcao': cor.texto } as CSSProperties}
                >
                  <span className="funcao-chip-icone">
                    <IconeFuncao icone={funcao.icone} size={22} />
                  </span>
                  <span className="funcao-chip-nome">{funcao.nome}</span>
                  <span className="funcao-chip-codigo">{funcao.codigo}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <div>
        <BotaoVoltar para={logado ? caminhos.inicio : caminhos.login} />
      </div>
    </div>
  );
}
