import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Ban, Camera, History, IdCard, KeySquare, Printer } from 'lucide-react';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import {
  type EdicaoTrabalhador,
  habilitacaoBody,
  impedimentoBody,
  NOMES_SITUACAO_AVULSO,
  type Trabalhador,
} from '#common/api/cadastro.ts';
import { catalogoFuncoes } from '#common/funcoes.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { formatarCpf } from '#common/texto.ts';
import type { z } from '#common/zod-pt.ts';
import { FotoAvulso } from '../../components/layout/foto-avulso.tsx';
import { MenuGestao } from '../../components/layout/menu-gestao.tsx';
import { Campo } from '../../components/ui/campo.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';
import {
  desabilitar,
  editar,
  emitirCodigo,
  encerrarImpedimento,
  fichaQuery,
  habilitar,
  historicoQuery,
  impedir,
  trocarFoto,
} from './api.ts';
import { comoNumero, dataBr } from './campos.tsx';
import { FormularioDados } from './formulario-dados.tsx';
import { PasskeysDoTrabalhador } from './passkeys.tsx';
import './gestao-cadastro.css';

/**
 * /gestao/trabalhadores/:cod (issue 30): the worker's file in sections: data and status, photo, access and
 * passkeys, qualifications, impediments and the history. Every change answers the whole file, which replaces
 * the one on screen.
 */

const mensagemDe = (erro: unknown) =>
  erro instanceof ErroApi ? erro.message : 'Sem comunicação com o servidor!';

function useAtualizarFicha(cod: string) {
  const cliente = useQueryClient();
  return (ficha: Trabalhador) => {
    cliente.setQueryData(fichaQuery(cod).queryKey, ficha);
    void cliente.invalidateQueries({ queryKey: historicoQuery(cod).queryKey });
  };
}

/**
 * A list of the file the staff add to and take from (qualifications, impediments): its form starts from `vazio`
 * again after each addition; the answer (the whole file) replaces the one on screen; a refusal shows below.
 */
function useListaDaFicha<Entrada extends FieldValues, Saida extends FieldValues>(
  cod: string,
  schema: z.ZodType<Saida, Entrada>,
  vazio: DefaultValues<Entrada>,
  incluir: (cod: string, item: Saida) => Promise<Trabalhador>,
  retirar: (cod: string, id: number) => Promise<Trabalhador>,
) {
  const atualizar = useAtualizarFicha(cod);
  const [erro, setErro] = useState<string | null>(null);
  const form = useForm<Entrada, unknown, Saida>({ resolver: zodResolver(schema), defaultValues: vazio });
  const retirada = useMutation({
    mutationFn: (id: number) => retirar(cod, id),
    onMutate: () => setErro(null),
    onSuccess: atualizar,
    onError: (e) => setErro(mensagemDe(e)),
  });
  const submeter = form.handleSubmit(async (item) => {
    setErro(null);
    try {
      atualizar(await incluir(cod, item));
      form.reset(vazio);
    } catch (e) {
      setErro(mensagemDe(e));
    }
  });
  return { form, submeter, retirada, erro };
}

function Dados({ ficha }: { ficha: Trabalhador }) {
  const atualizar = useAtualizarFicha(ficha.codAvulso);
  const [salvo, setSalvo] = useState(false);
  return (
    <section className="cartao" aria-labelledby="titulo-dados">
      <h2 id="titulo-dados" className="cartao-titulo">
        <IdCard aria-hidden size={22} />
        Dados e situação
      </h2>
      <dl className="cadastro-dados">
        <dt>Matrícula</dt>
        <dd>{ficha.codAvulso}</dd>
        <dt>Situação hoje</dt>
        <dd>
          {NOMES_SITUACAO_AVULSO[ficha.situacao]}
          {ficha.impedido ? ' — impedido' : ''}
        </dd>
        <dt>Acesso ao portal</dt>
        <dd>{ficha.temSenha ? 'Tem senha' : 'Sem senha: precisa de um código de primeiro acesso'}</dd>
        <dt>Telefone</dt>
        <dd>{ficha.telefone ?? '—'}</dd>
        <dt>E-mail</dt>
        <dd>{ficha.email ?? '—'}</dd>
      </dl>
      <FormularioDados
        key={`${ficha.codAvulso}-${ficha.nome}-${ficha.situacao}`}
        ficha={ficha}
        rotuloBotao="Salvar alterações"
        enviar={async (dados) => {
          setSalvo(false);
          atualizar(await editar(ficha.codAvulso, dados as EdicaoTrabalhador));
          setSalvo(true);
        }}
      />
      {salvo ? (
        <p className="cadastro-salvo" role="status">
          Alterações salvas.
        </p>
      ) : null}
    </section>
  );
}

/** The server's limit (docs/decisions/0234), checked here too so a large file is not sent for nothing. */
const LIMITE_BYTES_FOTO = 5 * 1024 * 1024;

function Foto({ ficha }: { ficha: Trabalhador }) {
  const atualizar = useAtualizarFicha(ficha.codAvulso);
  const [erro, setErro] = useState<string | null>(null);
  const [trocada, setTrocada] = useState(0);
  const enviar = useMutation({
    mutationFn: async (arquivo: File) => {
      if (arquivo.size > LIMITE_BYTES_FOTO)
        throw new Error('A foto tem mais de 5 MB. Escolha um arquivo menor.');
      return trocarFoto(ficha.codAvulso, new Uint8Array(await arquivo.arrayBuffer()));
    },
    onMutate: () => setErro(null),
    onSuccess: (nova) => {
      atualizar(nova);
      setTrocada((n) => n + 1);
    },
    onError: (e) => setErro(e instanceof ErroApi || !(e instanceof Error) ? mensagemDe(e) : e.message),
  });
  // The signed link may be the same as before the change: the count makes the browser ask for the new one.
  const url = ficha.fotoUrl && trocada > 0 ? `${ficha.fotoUrl}&v=${trocada}` : ficha.fotoUrl;
  return (
    <section className="cartao" aria-labelledby="titulo-foto">
      <h2 id="titulo-foto" className="cartao-titulo">
        <Camera aria-hidden size={22} />
        Foto do crachá
      </h2>
      <div className="cadastro-foto">
        <FotoAvulso key={url} fotoUrl={url} nome={ficha.nome} className="cadastro-foto-imagem" />
        <label className="botao botao-secundario">
          {ficha.fotoUrl ? 'Trocar a foto' : 'Enviar foto'}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visualmente-oculto"
            disabled={enviar.isPending}
            onChange={(e) => {
              const arquivo = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (arquivo) enviar.mutate(arquivo);
            }}
          />
        </label>
      </div>
      <p className="texto-suave">
        JPEG, PNG ou WebP, até 5 MB. O portal grava uma cópia nova, sem os dados da câmera.
      </p>
      {enviar.isPending ? <Carregando texto="Enviando a foto..." /> : null}
      {trocada > 0 && !enviar.isPending ? (
        <p className="cadastro-salvo" role="status">
          Foto do crachá trocada.
        </p>
      ) : null}
      {erro ? <Alerta tipo="erro">{erro}</Alerta> : null}
    </section>
  );
}

function Habilitacoes({ ficha }: { ficha: Trabalhador }) {
  const {
    form,
    submeter,
    retirada: retirar,
    erro,
  } = useListaDaFicha(ficha.codAvulso, habilitacaoBody, { validaAte: null }, habilitar, desabilitar);
  return (
    <section className="cartao" aria-labelledby="titulo-habilitacoes">
      <h2 id="titulo-habilitacoes" className="cartao-titulo">
        <BadgeCheck aria-hidden size={22} />
        Habilitações
      </h2>
      {ficha.habilitacoes.length === 0 ? (
        <Alerta tipo="info">Nenhuma habilitação.</Alerta>
      ) : (
        <ul className="lista-revogavel">
          {ficha.habilitacoes.map((h) => (
            <li key={h.codFuncao}>
              <span>
                <strong>
                  {h.codFuncao} — {h.funcao}
                </strong>{' '}
                {h.validaAte ? `(válida até ${dataBr(h.validaAte)})` : '(sem validade)'}
                {h.vigente ? '' : ' — vencida'}
              </span>
              <button
                type="button"
                className="botao botao-secundario"
                disabled={retirar.isPending}
                onClick={() => retirar.mutate(h.codFuncao)}
                aria-label={`Retirar ${h.codFuncao} ${h.funcao}`}
              >
                Retirar
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submeter} noValidate className="cadastro-form-linha">
        <Campo
          rotulo="Função"
          registro={form.register('codFuncao', { setValueAs: comoNumero })}
          erro={form.formState.errors.codFuncao}
        >
          <option value="">Escolha a função</option>
          {catalogoFuncoes.map((f) => (
            <option key={f.codigo} value={f.codigo}>
              {f.codigo} — {f.nome}
            </option>
          ))}
        </Campo>
        <Campo
          rotulo="Válida até"
          tipo="date"
          opcional
          registro={form.register('validaAte', { setValueAs: (v) => (v === '' ? null : v) })}
          erro={form.formState.errors.validaAte}
        />
        <button type="submit" className="botao" disabled={form.formState.isSubmitting}>
          Conceder habilitação
        </button>
      </form>
      {erro ? <Alerta tipo="erro">{erro}</Alerta> : null}
    </section>
  );
}

function Impedimentos({ ficha, hoje }: { ficha: Trabalhador; hoje: string }) {
  const {
    form,
    submeter,
    retirada: encerrar,
    erro,
  } = useListaDaFicha(
    ficha.codAvulso,
    impedimentoBody,
    { motivo: '', inicio: hoje, fim: null },
    impedir,
    encerrarImpedimento,
  );
  return (
    <section className="cartao" aria-labelledby="titulo-impedimentos">
      <h2 id="titulo-impedimentos" className="cartao-titulo">
        <Ban aria-hidden size={22} />
        Impedimentos
      </h2>
      {ficha.mensagensImpedimento.length > 0 ? (
        <div className="cadastro-quadro-vermelho">
          <p>O que o trabalhador lê hoje no quadro vermelho:</p>
          <ul>
            {ficha.mensagensImpedimento.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {ficha.impedimentos.length === 0 ? (
        <Alerta tipo="info">Nenhum impedimento registrado no portal.</Alerta>
      ) : (
        <ul className="lista-revogavel">
          {ficha.impedimentos.map((i) => (
            <li key={i.id}>
              <span>
                <strong>{i.motivo}</strong>{' '}
                {i.fim ? `de ${dataBr(i.inicio)} a ${dataBr(i.fim)}` : `desde ${dataBr(i.inicio)}`}
                {i.encerradoEm ? ' — encerrado' : i.ativo ? ' — em vigor' : ' — fora do período'}
              </span>
              {i.encerradoEm ? null : (
                <button
                  type="button"
                  className="botao botao-secundario"
                  disabled={encerrar.isPending}
                  onClick={() => encerrar.mutate(i.id)}
                  aria-label={`Encerrar o impedimento: ${i.motivo}`}
                >
                  Encerrar
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submeter} noValidate className="cadastro-form-linha">
        <Campo
          rotulo="Motivo (o trabalhador lê no quadro vermelho)"
          registro={form.register('motivo')}
          erro={form.formState.errors.motivo}
        />
        <Campo
          rotulo="Início"
          tipo="date"
          registro={form.register('inicio')}
          erro={form.formState.errors.inicio}
        />
        <Campo
          rotulo="Fim"
          tipo="date"
          opcional
          registro={form.register('fim', { setValueAs: (v) => (v === '' ? null : v) })}
          erro={form.formState.errors.fim}
        />
        <button type="submit" className="botao botao-perigo" disabled={form.formState.isSubmitting}>
          Impedir
        </button>
      </form>
      {erro ? <Alerta tipo="erro">{erro}</Alerta> : null}
    </section>
  );
}

/** The first-access (or new password) code: shown once, to be read aloud or printed at the counter. */
function Acesso({ ficha }: { ficha: Trabalhador }) {
  const cliente = useQueryClient();
  const fuso = useFusoPorto();
  const emitir = useMutation({
    mutationFn: () => emitirCodigo(ficha.codAvulso),
    onSettled: () => cliente.invalidateQueries({ queryKey: historicoQuery(ficha.codAvulso).queryKey }),
  });
  return (
    <section className="cartao" aria-labelledby="titulo-acesso">
      <h2 id="titulo-acesso" className="cartao-titulo">
        <KeySquare aria-hidden size={22} />
        Acesso ao portal
      </h2>
      <p className="texto-suave">
        O código serve para o primeiro acesso ou para uma nova senha, uma vez só. Emitir um código encerra as
        sessões abertas do trabalhador.
      </p>
      {emitir.data ? (
        <div className="cadastro-codigo" role="status">
          <p>
            Código de acesso de <strong>{ficha.nome}</strong> (matrícula {ficha.codAvulso}):
          </p>
          <p className="cadastro-codigo-valor" data-testid="codigo-acesso">
            {emitir.data.codigo}
          </p>
          <p>
            Válido até {formatarNoFuso(emitir.data.validoAte, fuso, "dd/MM/yyyy 'às' HH:mm")}. Anote ou
            imprima agora: ele não aparece de novo.
          </p>
          <button type="button" className="botao botao-secundario" onClick={() => window.print()}>
            <Printer aria-hidden size={20} />
            Imprimir
          </button>
        </div>
      ) : null}
      {emitir.isError ? <Alerta tipo="erro">{mensagemDe(emitir.error)}</Alerta> : null}
      <button type="button" className="botao" disabled={emitir.isPending} onClick={() => emitir.mutate()}>
        {emitir.data ? 'Emitir outro código' : 'Emitir código de acesso'}
      </button>
    </section>
  );
}

function Historico({ cod }: { cod: string }) {
  const consulta = useQuery(historicoQuery(cod));
  const fuso = useFusoPorto();
  return (
    <section className="cartao" aria-labelledby="titulo-historico">
      <h2 id="titulo-historico" className="cartao-titulo">
        <History aria-hidden size={22} />
        Histórico
      </h2>
      {consulta.isPending ? <Carregando texto="Carregando o histórico..." /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {consulta.data?.length === 0 ? <Alerta tipo="info">Nenhuma mudança registrada.</Alerta> : null}
      {consulta.data && consulta.data.length > 0 ? (
        <div className="tabela-rolagem">
          <table className="tabela tabela-rotulada" aria-label="Histórico do trabalhador">
            <thead>
              <tr>
                <th scope="col">Quando</th>
                <th scope="col">Quem</th>
                <th scope="col">O quê</th>
                <th scope="col">Antes → depois</th>
              </tr>
            </thead>
            <tbody>
              {[...consulta.data].reverse().map((h) => (
                <tr key={h.id}>
                  <td data-rotulo="Quando">{formatarNoFuso(h.em, fuso, 'dd/MM/yyyy HH:mm')}</td>
                  <td data-rotulo="Quem">{h.porNome}</td>
                  <td data-rotulo="O quê">{h.descricao}</td>
                  <td data-rotulo="Antes → depois">
                    <Mudanca antes={h.antes} depois={h.depois} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

const ROTULOS: Record<string, string> = {
  dataNascimento: 'nascimento',
  numChamada: 'nº chamada',
  funcao: 'função',
  situacao: 'situação',
  periodo: 'período',
};

function Mudanca({
  antes,
  depois,
}: {
  antes: Record<string, string | null> | null;
  depois: Record<string, string | null> | null;
}) {
  const chaves = [...new Set([...Object.keys(antes ?? {}), ...Object.keys(depois ?? {})])];
  return (
    <ul className="cadastro-mudanca">
      {chaves.map((c) => (
        <li key={c}>
          <span className="texto-suave">{ROTULOS[c] ?? c}:</span> {antes?.[c] ?? '—'} → {depois?.[c] ?? '—'}
        </li>
      ))}
    </ul>
  );
}

export function PaginaFicha() {
  const { cod = '' } = useParams();
  const consulta = useQuery(fichaQuery(cod));
  const fuso = useFusoPorto();
  const hoje = formatarNoFuso(new Date(), fuso, 'yyyy-MM-dd');
  const ficha = consulta.data;
  return (
    <div className="pilha gestao-cadastro">
      <MenuGestao />
      <div className="pagina-cabecalho">
        <IdCard aria-hidden size={28} />
        <h1>{ficha ? ficha.nome : 'Trabalhador'}</h1>
      </div>
      {ficha ? (
        <p className="texto-suave">
          Matrícula {ficha.codAvulso} · CPF {formatarCpf(ficha.cpf)} · nº de chamada {ficha.numChamada} ·{' '}
          {ficha.sindicato}
        </p>
      ) : null}
      {consulta.isPending ? <Carregando texto="Carregando o trabalhador..." /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {ficha ? (
        <>
          <Dados ficha={ficha} />
          <Foto ficha={ficha} />
          <Acesso ficha={ficha} />
          <PasskeysDoTrabalhador cod={ficha.codAvulso} nome={ficha.nome} />
          <Habilitacoes ficha={ficha} />
          <Impedimentos ficha={ficha} hoje={hoje} />
          <Historico cod={ficha.codAvulso} />
        </>
      ) : null}
      <BotaoVoltar para={caminhos.gestaoTrabalhadores} />
    </div>
  );
}
