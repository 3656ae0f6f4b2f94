import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, Megaphone, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import {
  CATEGORIAS_MENSAGEM,
  type MensagemEnviada,
  SINDICATOS_MENSAGEM,
  type SituacaoMensagem,
  TEXTO_MAX,
  TITULO_MAX,
} from '#common/api/mensagens.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { Campo, CamposPeriodo } from '../../components/ui/campo.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { ModalConfirmacao } from '../../components/ui/modal-confirmacao.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';
import { editarMensagem, encerrarMensagem, enviarMensagem, mensagemQuery, mensagensQuery } from './api.ts';
import {
  campoDoInstante,
  corpoEdicao,
  corpoNovaMensagem,
  type FormularioEdicao,
  type FormularioNova,
  formularioEdicaoSchema,
  formularioNovaSchema,
  NOVA_VAZIA,
} from './formulario.ts';
import './gestao-mensagens.css';

/**
 * /gestao/mensagens (issue 30): the staff writes a service message to everyone, a category, a union or a list
 * of workers, for a period, optionally with a phone notice; the list shows how many it reaches and how many
 * read it; each one can be corrected or closed, and shows who did what and when.
 */

const mensagemDe = (erro: unknown) => (erro instanceof ErroApi ? erro.message : 'Erro inesperado.');
const numero = (n: number) => n.toLocaleString('pt-BR');

const NOMES_SITUACAO: Record<SituacaoMensagem, string> = {
  agendada: 'Agendada',
  vigente: 'Vigente',
  expirada: 'Expirada',
  encerrada: 'Encerrada',
};

/** The status pill: green while it shows, yellow before it does, grey after. */
const CLASSE_SITUACAO: Record<SituacaoMensagem, string> = {
  agendada: 'registro-situacao registro-situacao-amarela',
  vigente: 'registro-situacao registro-situacao-verde',
  expirada: 'registro-situacao',
  encerrada: 'registro-situacao',
};

/** Título and Texto, of a new notice and of its correction; `contagem`, the characters typed so far. */
function CamposTituloTexto({
  registro,
  erros,
  contagem,
}: {
  registro: (campo: 'titulo' | 'texto') => UseFormRegisterReturn;
  erros: { titulo?: FieldError; texto?: FieldError };
  contagem?: string;
}) {
  return (
    <>
      <Campo rotulo="Título" maxLength={TITULO_MAX} registro={registro('titulo')} erro={erros.titulo} />
      <Campo
        rotulo="Texto"
        linhas={5}
        maxLength={TEXTO_MAX}
        registro={registro('texto')}
        erro={erros.texto}
        dica={contagem}
      />
    </>
  );
}

function NovaMensagem() {
  const id = useId();
  const fuso = useFusoPorto();
  const queryClient = useQueryClient();
  const { register, handleSubmit, watch, reset, formState } = useForm<FormularioNova>({
    resolver: zodResolver(formularioNovaSchema),
    mode: 'onTouched',
    defaultValues: NOVA_VAZIA,
  });
  const erros = formState.errors;
  const tipo = watch('tipo');
  const texto = watch('texto');
  const enviar = useMutation({
    mutationFn: (v: FormularioNova) => enviarMensagem(corpoNovaMensagem(v, fuso)),
    onSuccess: () => {
      reset(NOVA_VAZIA);
      void queryClient.invalidateQueries({ queryKey: ['gestao-mensagens'] });
    },
  });
  const enviada = enviar.data;

  return (
    <section className="cartao" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="cartao-titulo">
        <Send aria-hidden size={22} />
        Nova mensagem
      </h2>
      <p className="texto-suave">
        O trabalhador a lê no quadro "Atenção!" do início, até fechá-la, enquanto ela valer.
      </p>
      <form className="mensagens-form" noValidate onSubmit={handleSubmit((v) => enviar.mutate(v))}>
        <CamposTituloTexto
          registro={register}
          erros={erros}
          contagem={`${numero(texto.length)} de ${numero(TEXTO_MAX)} caracteres`}
        />
        <div className="grade-campos">
          <Campo rotulo="Para" registro={register('tipo')}>
            <option value="todos">Todos os trabalhadores</option>
            <option value="categoria">Uma categoria</option>
            <option value="sindicato">Um sindicato</option>
            <option value="trabalhadores">Trabalhadores escolhidos</option>
          </Campo>
          {tipo === 'categoria' ? (
            <Campo rotulo="Categoria" registro={register('categoria')}>
              {CATEGORIAS_MENSAGEM.map((c) => (
                <option key={c.codigo} value={String(c.codigo)}>
                  {c.nome}
                </option>
              ))}
            </Campo>
          ) : null}
          {tipo === 'sindicato' ? (
            <Campo rotulo="Sindicato" registro={register('sindicato')}>
              {SINDICATOS_MENSAGEM.map((s) => (
                <option key={s.codigo} value={String(s.codigo)}>
                  {s.nome}
                </option>
              ))}
            </Campo>
          ) : null}
        </div>
        {tipo === 'trabalhadores' ? (
          <Campo
            rotulo="Matrículas"
            linhas={3}
            inputMode="numeric"
            registro={register('matriculas')}
            erro={erros.matriculas}
            dica="Separe por espaço, vírgula ou uma por linha."
          />
        ) : null}
        <CamposPeriodo
          rotulos={{ inicio: 'Início (vazio: agora)', fim: 'Fim (vazio: até encerrar)' }}
          registro={register}
          erros={erros}
        />
        <label className="caixa-marcacao">
          <input type="checkbox" {...register('aviso')} />
          <span>
            Avisar também no celular de quem ligou os avisos (só numa mensagem que já vale no envio)
          </span>
        </label>
        <div className="mensagens-acoes">
          <button type="submit" className="botao botao-destaque" disabled={enviar.isPending}>
            {enviar.isPending ? 'Enviando...' : 'Enviar mensagem'}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {enviar.isError ? <Alerta tipo="erro">{mensagemDe(enviar.error)}</Alerta> : null}
        {enviada && !enviar.isError ? (
          <Alerta tipo="sucesso">
            Mensagem "{enviada.titulo}" enviada para {enviada.paraDescricao.toLowerCase()} (
            {numero(enviada.destinatarios)} {enviada.destinatarios === 1 ? 'destinatário' : 'destinatários'}).
          </Alerta>
        ) : null}
      </div>
    </section>
  );
}

function periodo(m: MensagemEnviada, fuso: string): string {
  const f = (iso: string) => formatarNoFuso(iso, fuso, 'dd/MM/yyyy HH:mm');
  if (m.inicio && m.fim) return `${f(m.inicio)} a ${f(m.fim)}`;
  if (m.inicio) return `A partir de ${f(m.inicio)}`;
  if (m.fim) return `Até ${f(m.fim)}`;
  return 'Até encerrar';
}

function EditarMensagem({ m, aoTerminar }: { m: MensagemEnviada; aoTerminar: () => void }) {
  const fuso = useFusoPorto();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<FormularioEdicao>({
    resolver: zodResolver(formularioEdicaoSchema),
    mode: 'onTouched',
    defaultValues: {
      titulo: m.titulo,
      texto: m.texto,
      inicio: campoDoInstante(m.inicio, fuso),
      fim: campoDoInstante(m.fim, fuso),
    },
  });
  const erros = formState.errors;
  const salvar = useMutation({
    mutationFn: (v: FormularioEdicao) => editarMensagem(m.id, corpoEdicao(v, fuso)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['gestao-mensagens'] });
      aoTerminar();
    },
  });
  return (
    <form className="mensagens-form" noValidate onSubmit={handleSubmit((v) => salvar.mutate(v))}>
      <h4>Corrigir a mensagem</h4>
      <CamposTituloTexto registro={register} erros={erros} />
      <CamposPeriodo rotulos={{ inicio: 'Início', fim: 'Fim' }} registro={register} erros={erros} />
      {salvar.isError ? <Alerta tipo="erro">{mensagemDe(salvar.error)}</Alerta> : null}
      <div className="mensagens-acoes">
        <button type="submit" className="botao botao-destaque" disabled={salvar.isPending}>
          Salvar correção
        </button>
        <button type="button" className="botao botao-secundario" onClick={aoTerminar}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

const NOMES_ACAO = { criada: 'Enviada', editada: 'Corrigida', encerrada: 'Encerrada' } as const;

function DetalheMensagem({ m }: { m: MensagemEnviada }) {
  const fuso = useFusoPorto();
  const queryClient = useQueryClient();
  const detalhe = useQuery(mensagemQuery(m.id));
  const [editando, setEditando] = useState(false);
  const [confirmar, setConfirmar] = useState(false);
  const encerrar = useMutation({
    mutationFn: () => encerrarMensagem(m.id),
    onSuccess: () => {
      setConfirmar(false);
      void queryClient.invalidateQueries({ queryKey: ['gestao-mensagens'] });
    },
  });
  const aberta = m.situacao !== 'encerrada';
  return (
    <div className="mensagens-detalhe">
      <p className="mensagens-texto">{m.texto}</p>
      {detalhe.data && detalhe.data.trabalhadores.length > 0 ? (
        <p>Para: {detalhe.data.trabalhadores.map((t) => `${t.codAvulso} ${t.nome}`).join('; ')}</p>
      ) : null}
      {aberta && !editando ? (
        <div className="mensagens-acoes">
          <button type="button" className="botao botao-secundario" onClick={() => setEditando(true)}>
            Corrigir
          </button>
          <button type="button" className="botao botao-perigo" onClick={() => setConfirmar(true)}>
            Encerrar
          </button>
        </div>
      ) : null}
      {editando ? <EditarMensagem m={m} aoTerminar={() => setEditando(false)} /> : null}
      <h4>
        <History aria-hidden size={18} /> Histórico
      </h4>
      {detalhe.isPending ? <Carregando /> : null}
      {detalhe.isError ? <Alerta tipo="erro">{mensagemDe(detalhe.error)}</Alerta> : null}
      {detalhe.data ? (
        <ol className="mensagens-historico">
          {detalhe.data.historico.map((h) => (
            <li key={`${h.acao}-${h.em}`}>
              {NOMES_ACAO[h.acao]} em {formatarNoFuso(h.em, fuso, "dd/MM/yyyy 'às' HH:mm")} por {h.por.nome} (
              {h.por.codAvulso})
              {h.acao === 'editada' && h.depois ? `: ${Object.keys(h.depois).join(', ')}` : ''}
            </li>
          ))}
        </ol>
      ) : null}
      <ModalConfirmacao
        aberto={confirmar}
        aoFechar={() => {
          setConfirmar(false);
          encerrar.reset();
        }}
        aoConfirmar={() => encerrar.mutate()}
        titulo="Encerrar a mensagem?"
        texto={<p>"{m.titulo}" sai da fila de quem ainda não a leu. Não dá para reabrir.</p>}
        acao="Encerrar"
        perigo
        enviando={encerrar.isPending}
        erro={encerrar.isError ? mensagemDe(encerrar.error) : null}
      />
    </div>
  );
}

function MensagensEnviadas() {
  const id = useId();
  const fuso = useFusoPorto();
  const [pagina, setPagina] = useState(1);
  const [aberta, setAberta] = useState<number | null>(null);
  const consulta = useQuery(mensagensQuery(pagina));
  const dados = consulta.data;
  const paginas = dados ? Math.max(1, Math.ceil(dados.total / dados.porPagina)) : 1;
  return (
    <section className="cartao" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="cartao-titulo">
        <Megaphone aria-hidden size={22} />
        Mensagens enviadas
      </h2>
      {consulta.isPending ? <Carregando /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {dados && dados.mensagens.length === 0 ? <p>Nenhuma mensagem enviada ainda.</p> : null}
      {dados && dados.mensagens.length > 0 ? (
        <ul className="lista-registros">
          {dados.mensagens.map((m) => (
            <li key={m.id}>
              <div className="registro-cabeca">
                <h3>{m.titulo}</h3>
                <span className={CLASSE_SITUACAO[m.situacao]}>{NOMES_SITUACAO[m.situacao]}</span>
              </div>
              <dl className="registro-dados">
                <dt>Para</dt>
                <dd>{m.paraDescricao}</dd>
                <dt>Período</dt>
                <dd>{periodo(m, fuso)}</dd>
                <dt>Enviada</dt>
                <dd>
                  {formatarNoFuso(m.criadaEm, fuso, "dd/MM/yyyy 'às' HH:mm")} por {m.autor.nome}
                  {m.aviso ? ', com aviso no celular' : ''}
                </dd>
                <dt>Leitura</dt>
                <dd>
                  <strong data-testid={`lidas-${m.id}`}>
                    {numero(m.lidas)} de {numero(m.destinatarios)}
                  </strong>{' '}
                  {m.destinatarios === 1 ? 'destinatário leu' : 'destinatários leram'}
                </dd>
              </dl>
              <button
                type="button"
                className="botao botao-fantasma"
                aria-expanded={aberta === m.id}
                onClick={() => setAberta(aberta === m.id ? null : m.id)}
              >
                {aberta === m.id ? 'Fechar' : 'Ver detalhes'}
                <span className="visualmente-oculto"> de "{m.titulo}"</span>
              </button>
              {aberta === m.id ? <DetalheMensagem m={m} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {paginas > 1 ? (
        <nav className="mensagens-acoes" aria-label="Páginas das mensagens">
          <button
            type="button"
            className="botao botao-secundario"
            disabled={pagina <= 1}
            onClick={() => setPagina(pagina - 1)}
          >
            Mais novas
          </button>
          <span>
            Página {pagina} de {paginas}
          </span>
          <button
            type="button"
            className="botao botao-secundario"
            disabled={pagina >= paginas}
            onClick={() => setPagina(pagina + 1)}
          >
            Mais antigas
          </button>
        </nav>
      ) : null}
    </section>
  );
}

export function PaginaMensagens() {
  return (
    <div className="pilha mensagens-gestao">
      <div className="pagina-cabecalho">
        <Megaphone aria-hidden size={28} />
        <h1>Mensagens aos trabalhadores</h1>
      </div>
      <NovaMensagem />
      <MensagensEnviadas />
      <BotaoVoltar para={caminhos.inicio} />
    </div>
  );
}
