import { useMutation, useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  categoriaDaOferta,
  type RequisicaoBody,
  type RequisicaoGestao,
  requisicaoBody,
} from '#common/api/gestao.ts';
import { categoriasEscala } from '#common/dominio.ts';
import { catalogoFuncoes } from '#common/funcoes.ts';
import { lerInteiroPtBr } from '#common/inteiro-ptbr.ts';
import { nomePorao } from '#common/porao.ts';
import { TURNOS } from '#common/tempo.ts';
import { Alerta } from '../../components/ui/estados.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { cadastrosQuery, salvarRequisicao } from './api.ts';
import { mensagemDe } from './comum.tsx';

/**
 * One requisition (the operator's request for a ship, a shift and a category): validated here with the
 * same schema the server uses (common/api/gestao.ts), so errors show beside their fields before sending;
 * the server's own refusals (an unknown ship…) land beside the same fields.
 */

/** Stable keys for the rows the form adds and removes. */
let proximaChave = 0;
const novaChave = () => ++proximaChave;

interface FuncaoForm {
  chave: number;
  codFuncao: string;
  numVagas: string;
}
interface PoraoForm {
  chave: number;
  numPorao: string;
  nomeMercadoria: string;
  tonelagem: string;
  funcoes: FuncaoForm[];
}

const CODIGOS_PORAO = [
  ...Array.from({ length: 10 }, (_, i) => `PR0${i}`),
  ...Array.from({ length: 10 }, (_, i) => `BL0${i}`),
];

const porCategoria = (categoria: number) =>
  catalogoFuncoes.filter((f) => categoriaDaOferta(f.codigo) === categoria);

function poraoVazio(numPorao = 'PR00'): PoraoForm {
  return {
    chave: novaChave(),
    numPorao,
    nomeMercadoria: '',
    tonelagem: '0',
    funcoes: [{ chave: novaChave(), codFuncao: '', numVagas: '1' }],
  };
}

const paraData = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
/** The CSV's rule too (common/inteiro-ptbr.ts): '12.500' is 12500; an empty field is no number. */
const numero = lerInteiroPtBr;

interface Props {
  numEscalacao: number;
  /** The requisition being edited; none for a new one. */
  inicial?: RequisicaoGestao;
  aoSalvar: () => void;
  aoCancelar: () => void;
}

export function FormularioRequisicao({ numEscalacao, inicial, aoSalvar, aoCancelar }: Props) {
  const id = useId();
  const cadastros = useQuery(cadastrosQuery);
  const [categoria, setCategoria] = useState(inicial?.codCategoria ?? 1);
  const [codOperador, setOperador] = useState(inicial ? String(inicial.codOperador) : '');
  const [codNavio, setNavio] = useState(inicial ? String(inicial.codNavio) : '');
  const [codLocalAtrac, setLocal] = useState(inicial?.codLocalAtrac ?? '');
  const [data, setData] = useState(inicial ? paraData(inicial.dataOperacao) : '');
  const [codPeriodo, setPeriodo] = useState(String(inicial?.codPeriodo ?? 1));
  const [poroes, setPoroes] = useState<PoraoForm[]>(
    inicial
      ? inicial.poroes.map((p) => ({
          chave: novaChave(),
          numPorao: p.numPorao,
          nomeMercadoria: p.nomeMercadoria,
          tonelagem: String(p.tonelagem),
          funcoes: p.funcoes.map((f) => ({
            chave: novaChave(),
            codFuncao: String(f.codFuncao),
            numVagas: String(f.numVagas),
          })),
        }))
      : [poraoVazio()],
  );
  const [erros, setErros] = useState<Record<string, string>>({});
  const salvar = useMutation({
    mutationFn: (corpo: RequisicaoBody) => salvarRequisicao(numEscalacao, corpo, inicial?.numRequisicao),
    onSuccess: aoSalvar,
    onError: (erro) => {
      if (erro instanceof ErroApi && Array.isArray(erro.dados)) {
        const campos = erro.dados as { campo?: string; mensagem?: string }[];
        setErros(Object.fromEntries(campos.map((c) => [c.campo ?? '', c.mensagem ?? ''])));
      }
    },
  });

  const mudarPorao = (i: number, parte: Partial<PoraoForm>) =>
    setPoroes((ps) => ps.map((p, j) => (j === i ? { ...p, ...parte } : p)));
  const mudarFuncao = (i: number, k: number, parte: Partial<FuncaoForm>) =>
    setPoroes((ps) =>
      ps.map((p, j) =>
        j === i ? { ...p, funcoes: p.funcoes.map((f, m) => (m === k ? { ...f, ...parte } : f)) } : p,
      ),
    );

  /**
   * A function of the category left behind is no longer offered: its row goes back to 'Selecione' (it was
   * kept in the state and saved as Estivador after switching to Capatazia: issue 27).
   */
  function mudarCategoria(nova: number) {
    setCategoria(nova);
    setPoroes((ps) =>
      ps.map((p) => ({
        ...p,
        funcoes: p.funcoes.map((f) =>
          f.codFuncao !== '' && categoriaDaOferta(Number(f.codFuncao)) !== nova ? { ...f, codFuncao: '' } : f,
        ),
      })),
    );
  }

  function enviar(e: FormEvent) {
    e.preventDefault();
    const turno = TURNOS.find((t) => t.codPeriodo === Number(codPeriodo)) ?? TURNOS[0];
    const corpo = {
      codOperador: numero(codOperador),
      codNavio: numero(codNavio),
      dataOperacao: data.replaceAll('-', ''),
      codPeriodo: turno.codPeriodo,
      horaInicio: turno.horaInicio,
      horaFim: turno.horaFim,
      codLocalAtrac,
      poroes: poroes.map((p) => ({
        numPorao: p.numPorao,
        nomeMercadoria: p.nomeMercadoria,
        tonelagem: numero(p.tonelagem),
        funcoes: p.funcoes.map((f) => ({ codFuncao: numero(f.codFuncao), numVagas: numero(f.numVagas) })),
      })),
    };
    const r = requisicaoBody.safeParse(corpo);
    if (!r.success) {
      // The first message of each field: the one that says what to do first.
      setErros(Object.fromEntries(r.error.issues.toReversed().map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErros({});
    salvar.mutate(r.data);
  }

  const erro = (campo: string) =>
    erros[campo] ? (
      <span className="campo-erro" id={`${id}-${campo}-erro`}>
        {erros[campo]}
      </span>
    ) : null;
  const invalido = (campo: string) =>
    erros[campo] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${campo}-erro` } : {};
  const funcoes = porCategoria(categoria);

  return (
    <form className="cartao gestao-form" onSubmit={enviar} noValidate aria-labelledby={`${id}-titulo`}>
      <h3 id={`${id}-titulo`} className="cartao-titulo">
        {inicial ? `Editar requisição nº ${inicial.numRequisicao}` : 'Nova requisição'}
      </h3>
      <div className="grade-campos gestao-grade-3">
        <div className="campo">
          <label htmlFor={`${id}-categoria`}>Categoria</label>
          <select
            id={`${id}-categoria`}
            value={categoria}
            onChange={(e) => mudarCategoria(Number(e.target.value))}
          >
            {categoriasEscala.map((c) => (
              <option key={c.codigo} value={c.codigo}>
                {c.nome}
              </option>
            ))}
          </select>
        </div>
        <div className="campo">
          <label htmlFor={`${id}-operador`}>Operador</label>
          <select
            id={`${id}-operador`}
            value={codOperador}
            onChange={(e) => setOperador(e.target.value)}
            {...invalido('codOperador')}
          >
            <option value="">Selecione</option>
            {cadastros.data?.operadores.map((o) => (
              <option key={o.codigo} value={o.codigo}>
                {o.nome}
              </option>
            ))}
          </select>
          {erro('codOperador')}
        </div>
        <div className="campo">
          <label htmlFor={`${id}-navio`}>Navio</label>
          <select
            id={`${id}-navio`}
            value={codNavio}
            onChange={(e) => setNavio(e.target.value)}
            {...invalido('codNavio')}
          >
            <option value="">Selecione</option>
            {cadastros.data?.navios.map((n) => (
              <option key={n.codigo} value={n.codigo}>
                {n.nome}
              </option>
            ))}
          </select>
          {erro('codNavio')}
        </div>
        <div className="campo">
          <label htmlFor={`${id}-local`}>Local de atracação</label>
          <select
            id={`${id}-local`}
            value={codLocalAtrac}
            onChange={(e) => setLocal(e.target.value)}
            {...invalido('codLocalAtrac')}
          >
            <option value="">Selecione</option>
            {cadastros.data?.locais.map((l) => (
              <option key={l.codigo} value={l.codigo}>
                {l.nome}
              </option>
            ))}
          </select>
          {erro('codLocalAtrac')}
        </div>
        <div className="campo">
          <label htmlFor={`${id}-data`}>Data da operação</label>
          <input
            id={`${id}-data`}
            type="date"
            value={data}
            onChange={(e) => setData(e.target.value)}
            {...invalido('dataOperacao')}
          />
          {erro('dataOperacao')}
        </div>
        <div className="campo">
          <label htmlFor={`${id}-periodo`}>Período</label>
          <select id={`${id}-periodo`} value={codPeriodo} onChange={(e) => setPeriodo(e.target.value)}>
            {TURNOS.map((t) => (
              <option key={t.codPeriodo} value={t.codPeriodo}>
                {`${t.codPeriodo}º período (${String(t.horaInicio).padStart(2, '0')}h às ${String(t.horaFim).padStart(2, '0')}h)`}
              </option>
            ))}
          </select>
        </div>
      </div>

      {poroes.map((p, i) => (
        <fieldset className="gestao-porao" key={p.chave}>
          <legend>{nomePorao(p.numPorao)}</legend>
          <div className="grade-campos gestao-grade-3">
            <div className="campo">
              <label htmlFor={`${id}-p${i}-num`}>Porão ou bloco</label>
              <select
                id={`${id}-p${i}-num`}
                value={p.numPorao}
                onChange={(e) => mudarPorao(i, { numPorao: e.target.value })}
                {...invalido(`poroes.${i}.numPorao`)}
              >
                {CODIGOS_PORAO.map((c) => (
                  <option key={c} value={c}>
                    {nomePorao(c)} ({c})
                  </option>
                ))}
              </select>
              {erro(`poroes.${i}.numPorao`)}
            </div>
            <div className="campo">
              <label htmlFor={`${id}-p${i}-merc`}>Mercadoria</label>
              <input
                id={`${id}-p${i}-merc`}
                value={p.nomeMercadoria}
                onChange={(e) => mudarPorao(i, { nomeMercadoria: e.target.value })}
                {...invalido(`poroes.${i}.nomeMercadoria`)}
              />
              {erro(`poroes.${i}.nomeMercadoria`)}
            </div>
            <div className="campo">
              <label htmlFor={`${id}-p${i}-ton`}>Tonelagem</label>
              <input
                id={`${id}-p${i}-ton`}
                inputMode="numeric"
                value={p.tonelagem}
                onChange={(e) => mudarPorao(i, { tonelagem: e.target.value })}
                {...invalido(`poroes.${i}.tonelagem`)}
              />
              {erro(`poroes.${i}.tonelagem`)}
            </div>
          </div>
          {p.funcoes.map((f, k) => (
            <div className="gestao-funcao-linha" key={f.chave}>
              <div className="campo">
                <label htmlFor={`${id}-p${i}-f${k}`}>Função</label>
                <select
                  id={`${id}-p${i}-f${k}`}
                  value={f.codFuncao}
                  onChange={(e) => mudarFuncao(i, k, { codFuncao: e.target.value })}
                  {...invalido(`poroes.${i}.funcoes.${k}.codFuncao`)}
                >
                  <option value="">Selecione</option>
                  {funcoes.map((fn) => (
                    <option key={fn.codigo} value={fn.codigo}>
                      {fn.codigo} · {fn.nome}
                    </option>
                  ))}
                </select>
                {erro(`poroes.${i}.funcoes.${k}.codFuncao`)}
              </div>
              <div className="campo gestao-vagas">
                <label htmlFor={`${id}-p${i}-v${k}`}>Vagas</label>
                <input
                  id={`${id}-p${i}-v${k}`}
                  inputMode="numeric"
                  value={f.numVagas}
                  onChange={(e) => mudarFuncao(i, k, { numVagas: e.target.value })}
                  {...invalido(`poroes.${i}.funcoes.${k}.numVagas`)}
                />
                {erro(`poroes.${i}.funcoes.${k}.numVagas`)}
              </div>
              <button
                type="button"
                className="botao botao-fantasma gestao-remover"
                aria-label={`Remover função ${k + 1} de ${nomePorao(p.numPorao)}`}
                disabled={p.funcoes.length === 1}
                onClick={() => mudarPorao(i, { funcoes: p.funcoes.filter((_, m) => m !== k) })}
              >
                <Trash2 aria-hidden size={20} />
              </button>
            </div>
          ))}
          <div className="gestao-acoes-linha">
            <button
              type="button"
              className="botao botao-secundario"
              onClick={() =>
                mudarPorao(i, {
                  funcoes: [...p.funcoes, { chave: novaChave(), codFuncao: '', numVagas: '1' }],
                })
              }
            >
              <Plus aria-hidden size={18} />
              Função
            </button>
            <button
              type="button"
              className="botao botao-fantasma"
              disabled={poroes.length === 1}
              onClick={() => setPoroes((ps) => ps.filter((_, j) => j !== i))}
            >
              Remover {nomePorao(p.numPorao)}
            </button>
          </div>
        </fieldset>
      ))}
      {erro('poroes')}
      {erro('horaInicio')}
      <div className="gestao-acoes-linha">
        <button
          type="button"
          className="botao botao-secundario"
          onClick={() =>
            setPoroes((ps) => [
              ...ps,
              poraoVazio(CODIGOS_PORAO.find((c) => !ps.some((p) => p.numPorao === c))),
            ])
          }
        >
          <Plus aria-hidden size={18} />
          Porão ou bloco
        </button>
      </div>
      {salvar.isError ? <Alerta tipo="erro">{mensagemDe(salvar.error)}</Alerta> : null}
      <div className="gestao-acoes-linha gestao-acoes-fim">
        <button type="button" className="botao botao-secundario" onClick={aoCancelar}>
          Cancelar
        </button>
        <button type="submit" className="botao botao-destaque" disabled={salvar.isPending}>
          {salvar.isPending ? 'Salvando...' : 'Salvar requisição'}
        </button>
      </div>
    </form>
  );
}
