import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, KeyRound, Plus, Trash2, UserRound, Vote } from 'lucide-react';
import { useId, useState } from 'react';
import { type FieldError, useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { EleicaoGestaoResumo } from '#common/api/eleicoes-gestao.ts';
import { NOME_URNA_MAX } from '#common/api/eleicoes-gestao.ts';
import { nomeSindicato } from '#common/dominio.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { Campo, CamposPeriodo } from '../../components/ui/campo.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { ModalConfirmacao } from '../../components/ui/modal-confirmacao.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';
import {
  baixarZeresima,
  cerimoniaDeChaves,
  conferirChave,
  criarEleicao,
  eleicaoGestaoQuery,
  eleicoesGestaoQuery,
} from './api.ts';
import {
  corpoNovaEleicao,
  ELEICAO_VAZIA,
  type FormularioEleicao,
  formularioEleicaoSchema,
} from './formulario.ts';
import './gestao-eleicoes.css';

/**
 * /gestao/eleicoes (issue 30): the election staff creates an election (period, candidates by matrícula), prints
 * its zero report and runs the commission's key ceremony, whose code shows here once and is stored nowhere.
 * Closing and the tally stay on /eleicoes.
 */

const mensagemDe = (erro: unknown) => (erro instanceof ErroApi ? erro.message : 'Erro inesperado.');
const dataHora = (iso: string, fuso: string) => formatarNoFuso(iso, fuso, "dd/MM/yyyy 'às' HH:mm");

/** Saves a blob through an object URL and a temporary <a download>. */
function salvar(blob: Blob, nome: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function NovaEleicao({ aoCriar }: { aoCriar: (id: number) => void }) {
  const id = useId();
  const fuso = useFusoPorto();
  const queryClient = useQueryClient();
  const { register, control, handleSubmit, reset, formState } = useForm<FormularioEleicao>({
    resolver: zodResolver(formularioEleicaoSchema),
    mode: 'onTouched',
    defaultValues: ELEICAO_VAZIA,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'candidatos' });
  const erros = formState.errors;
  const criar = useMutation({
    mutationFn: (v: FormularioEleicao) => criarEleicao(corpoNovaEleicao(v, fuso)),
    onSuccess: (e) => {
      reset(ELEICAO_VAZIA);
      void queryClient.invalidateQueries({ queryKey: ['gestao-eleicoes'] });
      aoCriar(e.$id);
    },
  });
  const erroLista = erros.candidatos?.root ?? (erros.candidatos as FieldError | undefined);

  return (
    <section className="cartao" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="cartao-titulo">
        <Plus aria-hidden size={22} />
        Nova eleição
      </h2>
      <p className="texto-suave">
        A eleição nasce sem chave: ninguém vota até a cerimônia de chaves da comissão. Os candidatos são
        trabalhadores, pela matrícula, que é o número na urna; a foto é a do crachá.
      </p>
      <form className="eleicoes-form" noValidate onSubmit={handleSubmit((v) => criar.mutate(v))}>
        <Campo rotulo="Descrição" registro={register('descricao')} erro={erros.descricao} />
        <CamposPeriodo
          rotulos={{ inicio: 'Início da votação', fim: 'Fim da votação' }}
          registro={register}
          erros={erros}
        />
        <fieldset className="eleicoes-candidatos">
          <legend>Candidatos</legend>
          {fields.map((campo, i) => {
            return (
              <div key={campo.id} className="eleicoes-candidato">
                <Campo
                  rotulo={`Matrícula do candidato ${i + 1}`}
                  inputMode="numeric"
                  maxLength={6}
                  registro={register(`candidatos.${i}.codAvulso`)}
                  erro={erros.candidatos?.[i]?.codAvulso}
                />
                <Campo
                  rotulo="Nome na urna (opcional)"
                  maxLength={NOME_URNA_MAX}
                  registro={register(`candidatos.${i}.nome`)}
                  erro={erros.candidatos?.[i]?.nome}
                />
                <button
                  type="button"
                  className="botao botao-secundario eleicoes-remover"
                  disabled={fields.length === 1}
                  onClick={() => remove(i)}
                >
                  <Trash2 aria-hidden size={18} />
                  <span>Remover candidato {i + 1}</span>
                </button>
              </div>
            );
          })}
          {erroLista?.message ? (
            <span className="campo-erro" role="alert">
              {erroLista.message}
            </span>
          ) : null}
          <button
            type="button"
            className="botao botao-secundario"
            onClick={() => append({ codAvulso: '', nome: '' })}
          >
            <Plus aria-hidden size={18} /> Adicionar candidato
          </button>
        </fieldset>
        {criar.isError ? <Alerta tipo="erro">{mensagemDe(criar.error)}</Alerta> : null}
        <div className="eleicoes-acoes">
          <button type="submit" className="botao botao-destaque" disabled={criar.isPending}>
            {criar.isPending ? 'Criando...' : 'Criar eleição'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The ceremony's code, shown this once; the commission may check what it wrote down before leaving. */
function ChaveDaComissao({
  idEleicao,
  chave,
  aoTerminar,
}: {
  idEleicao: number;
  chave: string;
  aoTerminar: () => void;
}) {
  const id = useId();
  const [anotada, setAnotada] = useState('');
  const conferir = useMutation({ mutationFn: () => conferirChave(idEleicao, anotada) });
  return (
    <section className="eleicoes-chave" aria-labelledby={`${id}-titulo`}>
      <h4 id={`${id}-titulo`}>
        <KeyRound aria-hidden size={20} /> Chave da apuração
      </h4>
      <p className="eleicoes-codigo" data-testid="chave-apuracao">
        {chave}
      </p>
      <Alerta tipo="aviso">
        Entregue esta chave à comissão eleitoral agora. Ela não fica guardada em lugar nenhum e não será
        mostrada de novo: sem ela a eleição não é apurada.
      </Alerta>
      <form
        className="eleicoes-form"
        onSubmit={(e) => {
          e.preventDefault();
          conferir.mutate();
        }}
      >
        <div className="campo">
          <label htmlFor={`${id}-conf`}>Conferir a chave anotada pela comissão</label>
          <input
            id={`${id}-conf`}
            autoComplete="off"
            spellCheck={false}
            value={anotada}
            onChange={(e) => {
              setAnotada(e.target.value);
              conferir.reset();
            }}
          />
        </div>
        <div className="eleicoes-acoes">
          <button
            type="submit"
            className="botao botao-secundario"
            disabled={!anotada.trim() || conferir.isPending}
          >
            Conferir
          </button>
          <button type="button" className="botao botao-destaque" onClick={aoTerminar}>
            A comissão anotou a chave
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {conferir.isSuccess ? <Alerta tipo="sucesso">A chave anotada confere.</Alerta> : null}
        {conferir.isError ? <Alerta tipo="erro">{mensagemDe(conferir.error)}</Alerta> : null}
      </div>
    </section>
  );
}

function DetalheEleicao({ resumo }: { resumo: EleicaoGestaoResumo }) {
  const fuso = useFusoPorto();
  const queryClient = useQueryClient();
  const detalhe = useQuery(eleicaoGestaoQuery(resumo.$id));
  const [confirmar, setConfirmar] = useState(false);
  const [chave, setChave] = useState<string | null>(null);
  const [erroPdf, setErroPdf] = useState<string | null>(null);
  const cerimonia = useMutation({
    mutationFn: () => cerimoniaDeChaves(resumo.$id),
    onSuccess: (r) => {
      setConfirmar(false);
      setChave(r.chaveApuracao);
      queryClient.setQueryData(eleicaoGestaoQuery(resumo.$id).queryKey, r.eleicao);
      void queryClient.invalidateQueries({ queryKey: ['gestao-eleicoes', 'lista'] });
    },
  });
  const aberta = resumo.situacao === 'aberta';

  async function zeresima() {
    setErroPdf(null);
    try {
      salvar(await baixarZeresima(resumo.$id), `zeresima-eleicao-${resumo.$id}.pdf`);
    } catch (e) {
      setErroPdf(mensagemDe(e));
    }
  }

  return (
    <div className="eleicoes-detalhe">
      {detalhe.isPending ? <Carregando /> : null}
      {detalhe.isError ? <Alerta tipo="erro">{mensagemDe(detalhe.error)}</Alerta> : null}
      {detalhe.data ? (
        <>
          <h4>Candidatos</h4>
          <ul className="eleicoes-lista-candidatos">
            {detalhe.data.candidatos.map((c) => (
              <li key={c.matricula}>
                {c.fotoUrl ? (
                  <img className="eleicoes-foto" src={c.fotoUrl} alt="" decoding="async" />
                ) : (
                  <span className="eleicoes-foto eleicoes-foto-vazia" aria-hidden>
                    <UserRound />
                  </span>
                )}
                <span>
                  <strong>{c.nomeExibicao}</strong> · nº {c.codAvulso}
                  <br />
                  <span className="texto-suave">
                    {c.nomeCompleto} · {nomeSindicato(c.codSindicato, c.sexo)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <h4>Histórico</h4>
          <ol className="eleicoes-historico">
            {detalhe.data.historico.map((h) => (
              <li key={`${h.acao}-${h.em}`}>
                {h.acao === 'criada' ? 'Criada' : 'Cerimônia de chaves'} em {dataHora(h.em, fuso)} por{' '}
                {h.por.nome} ({h.por.codAvulso})
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {aberta ? (
        <div className="eleicoes-acoes">
          <button
            type="button"
            className="botao botao-secundario"
            disabled={resumo.cedulas > 0}
            onClick={() => void zeresima()}
          >
            <FileDown aria-hidden size={18} /> Imprimir a zerésima (PDF)
          </button>
          {!resumo.urnaPreparada && !chave ? (
            <button type="button" className="botao botao-destaque" onClick={() => setConfirmar(true)}>
              <KeyRound aria-hidden size={18} /> Cerimônia de chaves
            </button>
          ) : null}
        </div>
      ) : null}
      {resumo.cedulas > 0 && aberta ? (
        <p className="texto-suave">A zerésima só sai antes do primeiro voto.</p>
      ) : null}
      {erroPdf ? <Alerta tipo="erro">{erroPdf}</Alerta> : null}
      {chave ? (
        <ChaveDaComissao idEleicao={resumo.$id} chave={chave} aoTerminar={() => setChave(null)} />
      ) : null}
      <ModalConfirmacao
        aberto={confirmar}
        aoFechar={() => {
          setConfirmar(false);
          cerimonia.reset();
        }}
        aoConfirmar={() => cerimonia.mutate()}
        titulo="Fazer a cerimônia de chaves?"
        texto={
          <p>
            Com a comissão eleitoral presente: a urna é lacrada e a chave da apuração aparece nesta tela uma
            única vez. Depois disso os votos são aceitos no período da eleição, e a urna não recebe outra
            chave.
          </p>
        }
        acao="Gerar a chave"
        enviando={cerimonia.isPending}
        erro={cerimonia.isError ? mensagemDe(cerimonia.error) : null}
      />
    </div>
  );
}

function ListaEleicoes({
  aberta,
  setAberta,
}: {
  aberta: number | null;
  setAberta: (id: number | null) => void;
}) {
  const id = useId();
  const fuso = useFusoPorto();
  const consulta = useQuery(eleicoesGestaoQuery);
  return (
    <section className="cartao" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="cartao-titulo">
        <Vote aria-hidden size={22} />
        Eleições
      </h2>
      <p className="texto-suave">
        Encerrar e apurar, com a chave da comissão, ficam na apuração das eleições.
      </p>
      <Link className="botao botao-secundario" to={caminhos.apuracaoEleicoes}>
        Apuração das eleições
      </Link>
      {consulta.isPending ? <Carregando /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {consulta.data ? (
        <ul className="lista-registros">
          {consulta.data.map((e) => (
            <li key={e.$id}>
              <div className="registro-cabeca">
                <h3>{e.descricao ?? `Eleição nº ${e.$id}`}</h3>
                <span
                  className={
                    e.situacao === 'aberta'
                      ? 'registro-situacao registro-situacao-verde'
                      : 'registro-situacao'
                  }
                >
                  {e.situacao === 'aberta' ? 'Aberta' : 'Encerrada'}
                </span>
              </div>
              <dl className="registro-dados">
                <dt>Votação</dt>
                <dd>
                  {dataHora(e.inicio, fuso)}
                  {e.fim ? ` a ${dataHora(e.fim, fuso)}` : ' até o encerramento'}
                </dd>
                <dt>Urna</dt>
                <dd>{e.urnaPreparada ? 'Lacrada (com chave)' : 'Sem chave: ninguém vota ainda'}</dd>
                <dt>Candidatos</dt>
                <dd>{e.candidatos}</dd>
                <dt>Cédulas</dt>
                <dd>{e.cedulas.toLocaleString('pt-BR')}</dd>
              </dl>
              <button
                type="button"
                className="botao botao-fantasma"
                aria-expanded={aberta === e.$id}
                onClick={() => setAberta(aberta === e.$id ? null : e.$id)}
              >
                {aberta === e.$id ? 'Fechar' : 'Ver detalhes'}
                <span className="visualmente-oculto"> de {e.descricao ?? `Eleição nº ${e.$id}`}</span>
              </button>
              {aberta === e.$id ? <DetalheEleicao resumo={e} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function PaginaEleicoesGestao() {
  const [aberta, setAberta] = useState<number | null>(null);
  return (
    <div className="pilha eleicoes-gestao">
      <div className="pagina-cabecalho">
        <Vote aria-hidden size={28} />
        <h1>Preparar eleições</h1>
      </div>
      <NovaEleicao aoCriar={setAberta} />
      <ListaEleicoes aberta={aberta} setAberta={setAberta} />
      <BotaoVoltar para={caminhos.inicio} />
    </div>
  );
}
