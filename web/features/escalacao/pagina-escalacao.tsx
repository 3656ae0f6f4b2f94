import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { CaixaChamada } from '../../components/inicio/caixa-chamada.tsx';
import { ResultadoEscala } from '../../components/resultado-escala.tsx';
import { useAvulso } from '../../lib/sessao.ts';
import { FormCarregarEscala } from './form-carregar-escala.tsx';
import { garantirVagas } from './loja-escala.ts';
import './escalacao.css';

/**
 * /escalacao and its children (docs/produto/escalacao.md §2): the call box and, for test users, the 'Carregar Escala nº'
 * form stay on top; the child area is the category chooser or the offers of one category.
 */
export function PaginaEscalacao() {
  const avulso = useAvulso();
  useEffect(() => {
    void garantirVagas();
  }, []);

  return (
    <div className="pilha escalacao">
      <CaixaChamada />
      <ResultadoEscala semEscolhas />
      {avulso.usuarioTeste ? <FormCarregarEscala /> : null}
      <Outlet />
    </div>
  );
}
