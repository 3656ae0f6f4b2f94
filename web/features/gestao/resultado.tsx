import { useMutation, useQuery } from '@tanstack/react-query';
import { Search, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { auditoriaQuery } from '#common/api/gestao.ts';
import { preencher, turno } from '#common/formato.ts';
import { nomePorao } from '#common/porao.ts';
import { Alerta, Carregando } from '../../components/ui/estados.tsx';
import { buscarAuditoria, resultadoQuery } from './api.ts';
import { contar, dataOperacao, mensagemDe } from './comum.tsx';

/** The rotation's result by ship, hold and function, unfilled vacancies highlighted; the pointers. */
export function ResultadoRodizio({ numEscalacao }: { numEscalacao: number }) {
  const consulta = useQuery(resultadoQuery(numEscalacao));
  if (consulta.isPending) return <Carregando texto="Carregando o resultado..." />;
  if (consulta.isError) return <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta>;
  const r = consulta.data;
  return (
    <section className="pilha" aria-labelledby="titulo-resultado">
      <h2 id="titulo-resultado" className="gestao-secao">
        <Users aria-hidden size={22} />
        Resultado do rodízio
      </h2>
      {r.requisicoes.map((q) => (
        <article
          className="cartao gestao-resultado"
          key={q.numRequisicao}
          aria-label={`${q.nomeNavio}, ${q.nomeOperador}`}
        >
          <h3 className="cartao-titulo">
            {q.nomeNavio} <span className="texto-suave">· {q.nomeOperador}</span>
          </h3>
          <p className="texto-suave gestao-subtitulo">
            {dataOperacao(q.dataOperacao)} · {turno(q.horaInicio, q.horaFim)} · {q.nomeLocalAtrac}
          </p>
          {q.poroes.map((p) => (
            <div key={p.numPorao} className="gestao-resultado-porao">
              <h4>
                {nomePorao(p.numPorao)} <span className="texto-suave">· {p.nomeMercadoria}</span>
              </h4>
              <ul className="gestao-resultado-funcoes">
                {p.funcoes.map((f) => {
                  const faltam = f.numVagas - f.escalados.length;
                  return (
                    <li key={f.seqCategoria} className={faltam > 0 ? 'gestao-incompleta' : undefined}>
                      <div className="gestao-resultado-funcao">
                        <strong>{f.nomeFuncao}</strong>
                        <span>
                          {f.escalados.length} de {contar(f.numVagas, 'vaga', 'vagas')}
                          {faltam > 0 ? (
                            <span className="gestao-faltam">
                              {' '}
                              · {contar(faltam, 'não preenchida', 'não preenchidas')}
                            </span>
                          ) : null}
                        </span>
                      </div>
                      {f.escalados.length > 0 ? (
                        <ol className="gestao-escalados">
                          {f.escalados.map((w) => (
                            <li key={w.codAvulso}>
                              <span className="gestao-num">nº {preencher(w.numChamada, 4)}</span>
                              <span>{w.nome}</span>
                              <span className="texto-suave">
                                {w.codAvulso} · {w.preferencia}ª preferência
                              </span>
                            </li>
                          ))}
                        </ol>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </article>
      ))}
      <article className="cartao">
        <h3 className="cartao-titulo">Ponteiros do rodízio</h3>
        <div className="tabela-rolagem">
          <table className="tabela gestao-empilhada">
            <thead>
              <tr>
                <th scope="col">Função</th>
                <th scope="col">Registro: antes</th>
                <th scope="col">Registro: depois</th>
                <th scope="col">Cadastro: antes</th>
                <th scope="col">Cadastro: depois</th>
              </tr>
            </thead>
            <tbody>
              {r.ponteiros.map((p) => (
                <tr key={p.codFuncao}>
                  <td data-rotulo="Função">
                    {p.codFuncao} · {p.nomeFuncao}
                  </td>
                  <td data-rotulo="Registro: antes">
                    {p.ponteiroInicial === null ? '—' : `nº ${preencher(p.ponteiroInicial, 4)}`}
                  </td>
                  <td data-rotulo="Registro: depois">
                    {p.ponteiroFinal === null ? '—' : `nº ${preencher(p.ponteiroFinal, 4)}`}
                  </td>
                  <td data-rotulo="Cadastro: antes">
                    {p.cadastroInicial === null ? '—' : `nº ${preencher(p.cadastroInicial, 4)}`}
                  </td>
                  <td data-rotulo="Cadastro: depois">
                    {p.cadastroFinal === null ? '—' : `nº ${preencher(p.cadastroFinal, 4)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </article>
    </section>
  );
}

/** Search a worker and read every decision about them in this call, with its reason. */
export function BuscaAuditoria({ numEscalacao }: { numEscalacao: number }) {
  const [codAvulso, setCod] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const buscar = useMutation({ mutationFn: (cod: string) => buscarAuditoria(numEscalacao, cod) });

  function enviar(e: FormEvent) {
    e.preventDefault();
    const r = auditoriaQuery.safeParse({ codAvulso: codAvulso.trim() });
    if (!r.success) {
      setErro(r.error.issues[0]?.message ?? 'Matrícula inválida.');
      return;
    }
    setErro(null);
    buscar.mutate(r.data.codAvulso);
  }

  const a = buscar.data;
  return (
    <section className="cartao" aria-labelledby="titulo-auditoria">
      <h2 id="titulo-auditoria" className="cartao-titulo">
        <Search aria-hidden size={22} />
        Auditoria por trabalhador
      </h2>
      <form className="gestao-busca" onSubmit={enviar} noValidate>
        <div className="campo">
          <label htmlFor="auditoria-cod">Matrícula</label>
          <input
            id="auditoria-cod"
            inputMode="numeric"
            maxLength={6}
            value={codAvulso}
            onChange={(e) => setCod(e.target.value)}
            aria-invalid={erro ? true : undefined}
            aria-describedby={erro ? 'auditoria-erro' : undefined}
          />
          {erro ? (
            <span id="auditoria-erro" className="campo-erro">
              {erro}
            </span>
          ) : null}
        </div>
        <button type="submit" className="botao" disabled={buscar.isPending}>
          Buscar
        </button>
      </form>
      {buscar.isError ? <Alerta tipo="erro">{mensagemDe(buscar.error)}</Alerta> : null}
      {a ? (
        <div className="gestao-auditoria" aria-live="polite">
          <p>
            <strong>{a.nome}</strong> · matrícula {a.codAvulso} · nº {preencher(a.numChamada, 4)}
          </p>
          <Alerta tipo={a.escalado ? 'sucesso' : a.escolheu ? 'aviso' : 'info'}>{a.motivo}</Alerta>
          {/* One choice: its sentence is the paragraph already. */}
          {a.escolhas.length > 1 ? (
            <ol className="gestao-decisoes">
              {a.escolhas.map((e) => (
                <li key={e.ordem}>{e.texto}</li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
