import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, ClipboardList } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { novaEscalaBody } from '#common/api/gestao.ts';
import { formatarDataIso } from '#common/formato.ts';
import { MenuGestao } from '../../components/layout/menu-gestao.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { criarEscala, escalasQuery } from './api.ts';
import { mensagemDe, SeloSituacao } from './comum.tsx';
import './gestao.css';

/** The new draft's form: date and time of the call (the requisitions come on the call's page). */
function NovaEscala() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dataChamada, setData] = useState('');
  const [horaChamada, setHora] = useState('07:00');
  const [erros, setErros] = useState<Record<string, string>>({});
  const criar = useMutation({
    mutationFn: criarEscala,
    onSuccess: async ({ numEscalacao }) => {
      await queryClient.invalidateQueries({ queryKey: escalasQuery.queryKey });
      navigate(caminhos.escalaGestao(numEscalacao));
    },
  });

  function enviar(e: FormEvent) {
    e.preventDefault();
    const r = novaEscalaBody.safeParse({ dataChamada, horaChamada });
    if (!r.success) {
      setErros(Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErros({});
    criar.mutate(r.data);
  }

  return (
    <section className="cartao" aria-labelledby="titulo-nova-escala">
      <h2 id="titulo-nova-escala" className="cartao-titulo">
        <CalendarPlus aria-hidden size={22} />
        Nova escala
      </h2>
      <form className="gestao-nova" onSubmit={enviar} noValidate>
        <div className="campo">
          <label htmlFor="nova-data">Data da chamada</label>
          <input
            id="nova-data"
            type="date"
            value={dataChamada}
            onChange={(e) => setData(e.target.value)}
            aria-invalid={erros.dataChamada ? true : undefined}
            aria-describedby={erros.dataChamada ? 'nova-data-erro' : undefined}
          />
          {erros.dataChamada ? (
            <span id="nova-data-erro" className="campo-erro">
              {erros.dataChamada}
            </span>
          ) : null}
        </div>
        <div className="campo">
          <label htmlFor="nova-hora">Hora da chamada</label>
          <input
            id="nova-hora"
            type="time"
            value={horaChamada}
            onChange={(e) => setHora(e.target.value)}
            aria-invalid={erros.horaChamada ? true : undefined}
          />
          {erros.horaChamada ? <span className="campo-erro">{erros.horaChamada}</span> : null}
        </div>
        <button type="submit" className="botao botao-destaque" disabled={criar.isPending}>
          {criar.isPending ? 'Criando...' : 'Criar rascunho'}
        </button>
      </form>
      {criar.isError ? <Alerta tipo="erro">{mensagemDe(criar.error)}</Alerta> : null}
    </section>
  );
}

/** /gestao: every call, newest first, with its state and counts; a new draft. */
export function PaginaEscalas() {
  const consulta = useQuery(escalasQuery);
  return (
    <div className="pilha gestao">
      <MenuGestao />
      <div className="pagina-cabecalho">
        <ClipboardList aria-hidden size={28} />
        <h1>Gestão das escalas</h1>
      </div>
      <NovaEscala />
      <section className="cartao" aria-labelledby="titulo-escalas">
        <h2 id="titulo-escalas" className="cartao-titulo">
          Escalas
        </h2>
        {consulta.isPending ? <Carregando texto="Carregando escalas..." /> : null}
        {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
        {consulta.data?.length === 0 ? <Alerta tipo="info">Nenhuma escala cadastrada.</Alerta> : null}
        {consulta.data && consulta.data.length > 0 ? (
          <div className="tabela-rolagem">
            <table className="tabela tabela-rotulada gestao-tabela gestao-empilhada">
              <thead>
                <tr>
                  <th scope="col">Escala</th>
                  <th scope="col">Chamada</th>
                  <th scope="col">Situação</th>
                  <th scope="col" className="numero">
                    Requisições
                  </th>
                  <th scope="col" className="numero">
                    Vagas
                  </th>
                  <th scope="col" className="numero oculto-estreito">
                    Trabalhadores
                  </th>
                  <th scope="col" className="numero oculto-estreito">
                    Escalados
                  </th>
                </tr>
              </thead>
              <tbody>
                {consulta.data.map((e) => (
                  <tr key={e.numEscalacao}>
                    <td data-rotulo="Escala">
                      <Link to={caminhos.escalaGestao(e.numEscalacao)} className="gestao-link">
                        Nº {e.numEscalacao}
                      </Link>
                    </td>
                    <td data-rotulo="Chamada">
                      {formatarDataIso(e.dataChamada)} {e.horaChamada}
                    </td>
                    <td data-rotulo="Situação">
                      <SeloSituacao situacao={e.situacao} />
                    </td>
                    <td className="numero" data-rotulo="Requisições">
                      {e.contagens.requisicoes}
                    </td>
                    <td className="numero" data-rotulo="Vagas">
                      {e.contagens.vagas}
                    </td>
                    <td className="numero oculto-estreito" data-rotulo="Trabalhadores">
                      {e.contagens.avulsos}
                    </td>
                    <td className="numero oculto-estreito" data-rotulo="Escalados">
                      {e.contagens.escalados}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <BotaoVoltar para={caminhos.inicio} />
    </div>
  );
}
