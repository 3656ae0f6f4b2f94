import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NOMES_SITUACAO_AVULSO } from '#common/api/cadastro.ts';
import { formatarCpf } from '#common/texto.ts';
import { MenuGestao } from '../../components/layout/menu-gestao.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { buscaQuery } from './api.ts';
import './gestao-cadastro.css';

/** /gestao/trabalhadores (issue 30): the search (name, code, CPF or call number) in pages, and "Cadastrar". */

const mensagemDe = (erro: unknown) => (erro instanceof ErroApi ? erro.message : 'Erro inesperado.');

export function PaginaTrabalhadores() {
  const [parametros, setParametros] = useSearchParams();
  const busca = parametros.get('busca') ?? '';
  const pagina = Math.max(1, Number(parametros.get('pagina') ?? '1') || 1);
  const [texto, setTexto] = useState(busca);
  const consulta = useQuery({ ...buscaQuery(busca, pagina), placeholderData: keepPreviousData });
  const dados = consulta.data;
  const paginas = dados ? Math.max(1, Math.ceil(dados.total / dados.porPagina)) : 1;

  function ir(novaBusca: string, novaPagina: number) {
    const p = new URLSearchParams();
    if (novaBusca) p.set('busca', novaBusca);
    if (novaPagina > 1) p.set('pagina', String(novaPagina));
    setParametros(p);
  }
  function enviar(e: FormEvent) {
    e.preventDefault();
    ir(texto.trim(), 1);
  }

  return (
    <div className="pilha gestao-cadastro">
      <MenuGestao />
      <div className="pagina-cabecalho">
        <Users aria-hidden size={28} />
        <h1>Trabalhadores</h1>
      </div>
      <section className="cartao" aria-labelledby="titulo-busca">
        <h2 id="titulo-busca" className="cartao-titulo">
          <Search aria-hidden size={22} />
          Buscar
        </h2>
        <form className="cadastro-busca" onSubmit={enviar}>
          <div className="campo">
            <label htmlFor="busca-trabalhador">Nome, matrícula, CPF ou número de chamada</label>
            <input
              id="busca-trabalhador"
              type="search"
              value={texto}
              maxLength={80}
              onChange={(e) => setTexto(e.target.value)}
              autoComplete="off"
            />
          </div>
          <button type="submit" className="botao">
            Buscar
          </button>
          <Link to={caminhos.novoTrabalhador} className="botao botao-destaque">
            <UserPlus aria-hidden size={20} />
            Cadastrar trabalhador
          </Link>
        </form>
      </section>
      <section className="cartao" aria-labelledby="titulo-resultado" aria-busy={consulta.isFetching}>
        <h2 id="titulo-resultado" className="cartao-titulo">
          {dados
            ? `${dados.total.toLocaleString('pt-BR')} ${dados.total === 1 ? 'trabalhador' : 'trabalhadores'}`
            : 'Resultado'}
        </h2>
        {consulta.isPending ? <Carregando texto="Buscando..." /> : null}
        {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
        {dados?.total === 0 ? <Alerta tipo="info">Nenhum trabalhador encontrado.</Alerta> : null}
        {dados && dados.itens.length > 0 ? (
          <div className="tabela-rolagem">
            <table className="tabela tabela-rotulada" aria-label="Trabalhadores encontrados">
              <thead>
                <tr>
                  <th scope="col">Matrícula</th>
                  <th scope="col">Nome</th>
                  <th scope="col">CPF</th>
                  <th scope="col">Nº chamada</th>
                  <th scope="col">Sindicato</th>
                  <th scope="col">Situação</th>
                </tr>
              </thead>
              <tbody>
                {dados.itens.map((t) => (
                  <tr key={t.codAvulso}>
                    <td data-rotulo="Matrícula">{t.codAvulso}</td>
                    <td data-rotulo="Nome">
                      <Link to={caminhos.trabalhadorGestao(t.codAvulso)} className="cadastro-link">
                        {t.nome}
                      </Link>
                    </td>
                    <td data-rotulo="CPF">{formatarCpf(t.cpf)}</td>
                    <td data-rotulo="Nº chamada">{t.numChamada}</td>
                    <td data-rotulo="Sindicato">{t.sindicato}</td>
                    <td data-rotulo="Situação">{NOMES_SITUACAO_AVULSO[t.situacao]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {dados && paginas > 1 ? (
          <nav className="cadastro-paginas" aria-label="Páginas do resultado">
            <button
              type="button"
              className="botao botao-secundario"
              disabled={pagina <= 1}
              onClick={() => ir(busca, pagina - 1)}
            >
              Anterior
            </button>
            <span>
              Página {pagina} de {paginas}
            </span>
            <button
              type="button"
              className="botao botao-secundario"
              disabled={pagina >= paginas}
              onClick={() => ir(busca, pagina + 1)}
            >
              Próxima
            </button>
          </nav>
        ) : null}
      </section>
      <BotaoVoltar para={caminhos.inicio} />
    </div>
  );
}
