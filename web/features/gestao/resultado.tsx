import { useMutation, useQuery } from '@tanstack/react-query';
import { Search, Users } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import type { ResultadoEscala, TrabalhadorEncontrado } from '#common/api/gestao.ts';
import { lerBuscaTrabalhador } from '#common/busca-trabalhador.ts';
import { preencher, turno } from '#common/formato.ts';
import { nomePorao } from '#common/porao.ts';
import { Acordeao } from '../../components/ui/acordeao.tsx';
import { Alerta, Carregando } from '../../components/ui/estados.tsx';
import { buscarAuditoria, buscarTrabalhadores, naoEscaladosQuery, resultadoQuery } from './api.ts';
import { contar, dataOperacao, mensagemDe } from './comum.tsx';

/*
 * The result of a call at the size of a real morning (issue 27, docs/decisions/0261): a summary by function,
 * filters, one collapsed item per ship, the workers left without a job with their reasons, the pointers. The
 * demo's call of 299 vacancies was 25,283 px tall on a desktop and 58,897 px at 360 px with everything open.
 */

type Requisicao = ResultadoEscala['requisicoes'][number];
type Funcao = Requisicao['poroes'][number]['funcoes'][number];

interface Filtros {
  soNaoPreenchidas: boolean;
  navio: string;
  operador: string;
  codFuncao: string;
}

const SEM_FILTRO: Filtros = { soNaoPreenchidas: false, navio: '', operador: '', codFuncao: '' };

const faltam = (f: Funcao) => Math.max(0, f.numVagas - f.escalados.length);

/** The requisitions, holds and functions the filters keep; a requisition left with nothing goes. */
function filtrar(requisicoes: Requisicao[], filtros: Filtros): Requisicao[] {
  const saida: Requisicao[] = [];
  for (const r of requisicoes) {
    if (filtros.navio && r.nomeNavio !== filtros.navio) continue;
    if (filtros.operador && r.nomeOperador !== filtros.operador) continue;
    const poroes = r.poroes
      .map((p) => ({
        ...p,
        funcoes: p.funcoes.filter(
          (f) =>
            (!filtros.codFuncao || String(f.codFuncao) === filtros.codFuncao) &&
            (!filtros.soNaoPreenchidas || faltam(f) > 0),
        ),
      }))
      .filter((p) => p.funcoes.length > 0);
    if (poroes.length > 0) saida.push({ ...r, poroes });
  }
  return saida;
}

interface Totais {
  vagas: number;
  escalados: number;
  faltam: number;
}

function somar(funcoes: Funcao[]): Totais {
  const t = { vagas: 0, escalados: 0, faltam: 0 };
  for (const f of funcoes) {
    t.vagas += f.numVagas;
    t.escalados += f.escalados.length;
    t.faltam += faltam(f);
  }
  return t;
}

const funcoesDe = (requisicoes: Requisicao[]) =>
  requisicoes.flatMap((r) => r.poroes.flatMap((p) => p.funcoes));

const ordenados = (valores: Iterable<string>) =>
  [...new Set(valores)].sort((a, b) => a.localeCompare(b, 'pt-BR'));

/** How many functions the summary shows before 'Mostrar todas': the biggest gaps. */
const PRINCIPAIS = 10;

/** Vacancies and unfilled per function, over the whole call: what the morning lacks, biggest gaps first. */
function ResumoPorFuncao({ requisicoes }: { requisicoes: Requisicao[] }) {
  const linhas = useMemo(() => {
    const porFuncao = new Map<number, { nome: string; funcoes: Funcao[] }>();
    for (const f of funcoesDe(requisicoes)) {
      const l = porFuncao.get(f.codFuncao) ?? { nome: f.nomeFuncao, funcoes: [] };
      l.funcoes.push(f);
      porFuncao.set(f.codFuncao, l);
    }
    return [...porFuncao]
      .map(([cod, l]) => ({ cod, nome: l.nome, ...somar(l.funcoes) }))
      .sort((a, b) => b.faltam - a.faltam || a.cod - b.cod);
  }, [requisicoes]);
  const [todas, setTodas] = useState(false);
  const total = somar(funcoesDe(requisicoes));
  const incompletas = linhas.filter((l) => l.faltam > 0).length;
  const mostradas = todas ? linhas : linhas.filter((l) => l.faltam > 0).slice(0, PRINCIPAIS);
  return (
    <article className="cartao" aria-labelledby="titulo-resumo-funcao">
      <h3 id="titulo-resumo-funcao" className="cartao-titulo">
        Resumo por função
      </h3>
      <p className="texto-suave gestao-subtitulo">
        {total.escalados} de {contar(total.vagas, 'vaga preenchida', 'vagas preenchidas')}
        {total.faltam > 0
          ? `; ${contar(total.faltam, 'não preenchida', 'não preenchidas')} em ${contar(incompletas, 'função', 'funções')}`
          : ''}
        .{!todas && incompletas > PRINCIPAIS ? ` As ${PRINCIPAIS} com mais vagas não preenchidas:` : ''}
      </p>
      <ul className="gestao-resumo-funcoes">
        {mostradas.map((l) => (
          <li key={l.cod} className={l.faltam > 0 ? 'gestao-linha-incompleta' : undefined}>
            <span>{l.nome}</span>
            <span className="gestao-resumo-numeros">
              {l.faltam > 0 ? (
                <>
                  faltam <strong>{l.faltam}</strong> de {l.vagas}
                </>
              ) : (
                `${l.vagas} de ${l.vagas}`
              )}
            </span>
          </li>
        ))}
      </ul>
      {linhas.length > mostradas.length || todas ? (
        <button
          type="button"
          className="botao botao-secundario gestao-mostrar-todas"
          aria-expanded={todas}
          onClick={() => setTodas((t) => !t)}
        >
          {todas ? 'Só as que têm mais vagas não preenchidas' : `Mostrar todas as funções (${linhas.length})`}
        </button>
      ) : null}
    </article>
  );
}

function CampoFiltro({
  rotulo,
  valor,
  opcoes,
  aoMudar,
  todos,
}: {
  rotulo: string;
  valor: string;
  opcoes: { valor: string; nome: string }[];
  aoMudar: (v: string) => void;
  todos: string;
}) {
  const id = useId();
  return (
    <div className="campo">
      <label htmlFor={id}>{rotulo}</label>
      <select id={id} value={valor} onChange={(e) => aoMudar(e.target.value)}>
        <option value="">{todos}</option>
        {opcoes.map((o) => (
          <option key={o.valor} value={o.valor}>
            {o.nome}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One requisition's holds and functions, unfilled vacancies highlighted, engaged in rotation order. */
function RequisicaoResultado({ q }: { q: Requisicao }) {
  return (
    <article
      className="gestao-resultado"
      aria-label={`${q.nomeNavio}, ${q.nomeOperador}, requisição ${q.numRequisicao}`}
    >
      <p className="gestao-resultado-req">
        <strong>{q.nomeOperador}</strong> · {dataOperacao(q.dataOperacao)} · {turno(q.horaInicio, q.horaFim)}{' '}
        · {q.nomeLocalAtrac} <span className="texto-suave">· requisição {q.numRequisicao}</span>
      </p>
      {q.poroes.map((p) => (
        <div key={p.numPorao} className="gestao-resultado-porao">
          <h4>
            {nomePorao(p.numPorao)} <span className="texto-suave">· {p.nomeMercadoria}</span>
          </h4>
          <ul className="gestao-resultado-funcoes">
            {p.funcoes.map((f) => {
              const n = faltam(f);
              return (
                <li key={f.seqCategoria} className={n > 0 ? 'gestao-incompleta' : undefined}>
                  <div className="gestao-resultado-funcao">
                    <strong>{f.nomeFuncao}</strong>
                    <span>
                      {f.escalados.length} de {contar(f.numVagas, 'vaga', 'vagas')}
                      {n > 0 ? (
                        <span className="gestao-faltam">
                          {' '}
                          · {contar(n, 'não preenchida', 'não preenchidas')}
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
  );
}

/** The ships of the (filtered) result, each collapsed with its totals in the heading. */
function NaviosRecolhidos({ requisicoes, abertos }: { requisicoes: Requisicao[]; abertos: boolean }) {
  const porNavio = new Map<string, Requisicao[]>();
  for (const r of requisicoes) porNavio.set(r.nomeNavio, [...(porNavio.get(r.nomeNavio) ?? []), r]);
  const navios = ordenados(porNavio.keys());
  return (
    <Acordeao
      nivel={3}
      abertosInicialmente={abertos ? navios : []}
      itens={navios.map((navio) => {
        const lista = porNavio.get(navio) ?? [];
        const t = somar(funcoesDe(lista));
        return {
          valor: navio,
          titulo: (
            <span className="gestao-navio-titulo">
              <span>{navio}</span>
              <span className={t.faltam > 0 ? 'gestao-navio-totais gestao-faltam' : 'gestao-navio-totais'}>
                {t.escalados} de {contar(t.vagas, 'vaga', 'vagas')}
                {t.faltam > 0 ? ` · ${contar(t.faltam, 'não preenchida', 'não preenchidas')}` : ''}
              </span>
            </span>
          ),
          conteudo: (
            <div className="pilha">
              {lista.map((q) => (
                <RequisicaoResultado key={q.numRequisicao} q={q} />
              ))}
            </div>
          ),
        };
      })}
    />
  );
}

function TabelaPonteiros({ ponteiros }: { ponteiros: ResultadoEscala['ponteiros'] }) {
  const numero = (n: number | null) => (n === null ? '—' : `nº ${preencher(n, 4)}`);
  return (
    <div className="tabela-rolagem">
      <table className="tabela tabela-rotulada gestao-empilhada">
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
          {ponteiros.map((p) => (
            <tr key={p.codFuncao}>
              <td data-rotulo="Função">
                {p.codFuncao} · {p.nomeFuncao}
              </td>
              <td data-rotulo="Registro: antes">{numero(p.ponteiroInicial)}</td>
              <td data-rotulo="Registro: depois">{numero(p.ponteiroFinal)}</td>
              <td data-rotulo="Cadastro: antes">{numero(p.cadastroInicial)}</td>
              <td data-rotulo="Cadastro: depois">{numero(p.cadastroFinal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who chose and got no job, each with the audit's paragraph. */
function ListaNaoEscalados({ numEscalacao }: { numEscalacao: number }) {
  const consulta = useQuery(naoEscaladosQuery(numEscalacao));
  if (consulta.isPending) return <Carregando texto="Carregando..." />;
  if (consulta.isError) return <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta>;
  const lista = consulta.data.trabalhadores;
  if (lista.length === 0) return <p>Todos os que escolheram foram escalados.</p>;
  return (
    <ul className="gestao-nao-escalados">
      {lista.map((t) => (
        <li key={t.codAvulso} className="gestao-nao-escalado">
          <p>
            <span className="gestao-num">nº {preencher(t.numChamada, 4)}</span> <strong>{t.nome}</strong>{' '}
            <span className="texto-suave">· matrícula {t.codAvulso}</span>
          </p>
          <p>{t.motivo}</p>
        </li>
      ))}
    </ul>
  );
}

/** The rotation's result: summary by function, filters, ships collapsed, workers left out, pointers. */
export function ResultadoRodizio({ numEscalacao }: { numEscalacao: number }) {
  const consulta = useQuery(resultadoQuery(numEscalacao));
  const naoEscalados = useQuery(naoEscaladosQuery(numEscalacao));
  const [filtros, setFiltros] = useState<Filtros>(SEM_FILTRO);
  const requisicoes = consulta.data?.requisicoes;
  const filtradas = useMemo(() => (requisicoes ? filtrar(requisicoes, filtros) : []), [requisicoes, filtros]);
  if (consulta.isPending) return <Carregando texto="Carregando o resultado..." />;
  if (consulta.isError) return <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta>;
  const r = consulta.data;
  const funcoes = new Map(funcoesDe(r.requisicoes).map((f) => [String(f.codFuncao), f.nomeFuncao]));
  const filtrando = filtros !== SEM_FILTRO && JSON.stringify(filtros) !== JSON.stringify(SEM_FILTRO);
  const mudar = (parte: Partial<Filtros>) => setFiltros((f) => ({ ...f, ...parte }));
  const qtdNaoEscalados = naoEscalados.data?.trabalhadores.length;
  return (
    <section className="pilha" aria-labelledby="titulo-resultado">
      <h2 id="titulo-resultado" className="gestao-secao">
        <Users aria-hidden size={22} />
        Resultado do rodízio
      </h2>
      <ResumoPorFuncao requisicoes={r.requisicoes} />

      <form
        className="cartao gestao-filtros"
        aria-label="Filtros do resultado"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="gestao-marcar">
          <input
            type="checkbox"
            checked={filtros.soNaoPreenchidas}
            onChange={(e) => mudar({ soNaoPreenchidas: e.target.checked })}
          />
          Só vagas não preenchidas
        </label>
        <CampoFiltro
          rotulo="Navio"
          todos="Todos os navios"
          valor={filtros.navio}
          aoMudar={(navio) => mudar({ navio })}
          opcoes={ordenados(r.requisicoes.map((q) => q.nomeNavio)).map((n) => ({ valor: n, nome: n }))}
        />
        <CampoFiltro
          rotulo="Operador"
          todos="Todos os operadores"
          valor={filtros.operador}
          aoMudar={(operador) => mudar({ operador })}
          opcoes={ordenados(r.requisicoes.map((q) => q.nomeOperador)).map((n) => ({ valor: n, nome: n }))}
        />
        <CampoFiltro
          rotulo="Função"
          todos="Todas as funções"
          valor={filtros.codFuncao}
          aoMudar={(codFuncao) => mudar({ codFuncao })}
          opcoes={[...funcoes]
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([valor, nome]) => ({ valor, nome }))}
        />
        {filtrando ? (
          <button type="button" className="botao botao-secundario" onClick={() => setFiltros(SEM_FILTRO)}>
            Limpar filtros
          </button>
        ) : null}
      </form>
      <p className="texto-suave" aria-live="polite">
        {filtrando
          ? `${contar(filtradas.length, 'requisição', 'requisições')} de ${r.requisicoes.length} com o filtro.`
          : `${contar(r.requisicoes.length, 'requisição', 'requisições')}; toque num navio para ver os escalados.`}
      </p>
      {filtradas.length === 0 ? (
        <Alerta tipo="info">Nenhuma vaga com esses filtros.</Alerta>
      ) : (
        // A filter opens the ships it kept: what is left is what staff asked to see.
        <NaviosRecolhidos key={JSON.stringify(filtros)} requisicoes={filtradas} abertos={filtrando} />
      )}

      <Acordeao
        itens={[
          {
            valor: 'nao-escalados',
            titulo:
              qtdNaoEscalados === undefined
                ? 'Trabalhadores sem trabalho'
                : `Trabalhadores sem trabalho (${qtdNaoEscalados})`,
            conteudo: <ListaNaoEscalados numEscalacao={numEscalacao} />,
          },
          {
            valor: 'ponteiros',
            titulo: 'Ponteiros do rodízio',
            conteudo: <TabelaPonteiros ponteiros={r.ponteiros} />,
          },
        ]}
      />
    </section>
  );
}

/**
 * Search a worker by name, matrícula or número de chamada and read every decision about them in this call,
 * with its reason. A search that does not validate clears the answer before it: the page never shows one
 * worker's audit under another search's error.
 */
export function BuscaAuditoria({ numEscalacao }: { numEscalacao: number }) {
  const [termo, setTermo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const busca = useMutation({ mutationFn: (t: string) => buscarTrabalhadores(numEscalacao, t) });
  const auditoria = useMutation({ mutationFn: (cod: string) => buscarAuditoria(numEscalacao, cod) });

  function enviar(e: FormEvent) {
    e.preventDefault();
    busca.reset();
    auditoria.reset();
    const lida = lerBuscaTrabalhador(termo);
    if ('erro' in lida) {
      setErro(lida.erro);
      return;
    }
    setErro(null);
    busca.mutate(termo.trim(), {
      onSuccess: (r) => {
        const [unico] = r.trabalhadores;
        if (r.trabalhadores.length === 1 && unico) auditoria.mutate(unico.codAvulso);
      },
    });
  }

  const encontrados = busca.data?.trabalhadores ?? [];
  const a = auditoria.data;
  return (
    <section className="cartao" aria-labelledby="titulo-auditoria">
      <h2 id="titulo-auditoria" className="cartao-titulo">
        <Search aria-hidden size={22} />
        Auditoria por trabalhador
      </h2>
      <form className="gestao-busca" onSubmit={enviar} noValidate>
        <div className="campo">
          <label htmlFor="auditoria-termo">Nome, matrícula ou nº de chamada</label>
          <input
            id="auditoria-termo"
            type="search"
            autoComplete="off"
            maxLength={80}
            value={termo}
            onChange={(e) => setTermo(e.target.value)}
            aria-invalid={erro ? true : undefined}
            aria-describedby={erro ? 'auditoria-erro' : undefined}
          />
          {erro ? (
            <span id="auditoria-erro" className="campo-erro">
              {erro}
            </span>
          ) : null}
        </div>
        <button type="submit" className="botao" disabled={busca.isPending || auditoria.isPending}>
          Buscar
        </button>
      </form>
      {busca.isError ? <Alerta tipo="erro">{mensagemDe(busca.error)}</Alerta> : null}
      {auditoria.isError ? <Alerta tipo="erro">{mensagemDe(auditoria.error)}</Alerta> : null}
      <div aria-live="polite">
        {busca.data && encontrados.length === 0 ? (
          <Alerta tipo="info">
            Ninguém encontrado. Pelo nome, a busca olha quem escolheu nesta escala; para quem não escolheu,
            use a matrícula ou o nº de chamada.
          </Alerta>
        ) : null}
        {encontrados.length > 1 ? (
          <EscolherEncontrado
            encontrados={encontrados}
            haMais={busca.data?.haMais ?? false}
            atual={auditoria.variables}
            aoEscolher={(cod) => auditoria.mutate(cod)}
          />
        ) : null}
        {a ? (
          <div className="gestao-auditoria">
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
      </div>
    </section>
  );
}

function EscolherEncontrado({
  encontrados,
  haMais,
  atual,
  aoEscolher,
}: {
  encontrados: TrabalhadorEncontrado[];
  haMais: boolean;
  atual: string | undefined;
  aoEscolher: (cod: string) => void;
}) {
  return (
    <div className="gestao-encontrados">
      <p>
        {encontrados.length} trabalhadores{haMais ? ' (os primeiros; refine a busca)' : ''}: escolha um.
      </p>
      <ul>
        {encontrados.map((t) => (
          <li key={t.codAvulso}>
            <button
              type="button"
              className="botao botao-secundario"
              aria-pressed={atual === t.codAvulso}
              onClick={() => aoEscolher(t.codAvulso)}
            >
              <span className="gestao-num">nº {preencher(t.numChamada, 4)}</span> {t.nome}{' '}
              <span className="texto-suave">
                · {t.codAvulso} · {t.escalado ? 'escalado' : t.escolheu ? 'não escalado' : 'não escolheu'}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
