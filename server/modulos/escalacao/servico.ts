import type { EscalaAberta } from '#common/api/escala-aberta.ts';
import type { PostVagasBody, PostVagasResposta } from '#common/api/escalacao.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Banco } from '../../plataforma/banco/connection.ts';
import { CacheCurto } from '../../plataforma/cache-curto.ts';
import { CargaEmLote } from '../../plataforma/carga-em-lote.ts';
import type { AlcanceEvento, Evento, Eventos } from '../../plataforma/eventos/index.ts';
import type { GravacaoEmGrupo, UnidadeGravacao } from '../../plataforma/gravacao-em-grupo.ts';
import { type CorpoCompartilhado, corpoCompartilhado } from '../../plataforma/http/corpo-composto.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import type { CacheParametros } from '../../plataforma/parametros.ts';
import type { OuvinteEscalacao } from './avisos.ts';
import { type AvulsoEscala, CacheAvulsos } from './avulsos.ts';
import { BuffersReutilizados } from './buffers-reutilizados.ts';
import { CacheConfirmados } from './confirmados.ts';
import {
  envelopeEmPartes,
  escreverCompartilhada,
  escreverPessoal,
  variantePonteiros,
} from './escala-carregada.ts';
import { CacheEscalas, type EscalaCompartilhada } from './escala-compartilhada.ts';
import { GravadorDeEscolhas } from './escolhas.ts';
import { localizarOfertas, verificarHabilitacao } from './pedido-escolhas.ts';
import {
  contagemEscolhas,
  type EngajamentosEEscolhas,
  engajamentosEEscolhas,
  escalaAberta,
} from './repositorio.ts';

export interface DependenciasEscalacao {
  banco: Banco;
  config: Config;
  clock: Clock;
  /** The app's group commit (SQLite): choices share their COMMIT with the logins' session writes. */
  gravacao: GravacaoEmGrupo;
  /** The app's cache of the parametro table (pointer rules). */
  parametros: CacheParametros;
  /** The app's domain events (server/plataforma/eventos): the module announces its changes there and hears the other servers'. */
  eventos: Eventos;
}

/** An answer already written to bytes; `devolver` hands its buffer back to the pool once the reply closed. */
export interface RespostaPronta {
  corpo: Buffer;
  devolver: () => void;
}

/**
 * GET /api/vagas already written to bytes (docs/decisions/0134): the shared part (kept with the call, the
 * same object for every worker who sees the same pointers) and this worker's part after it.
 */
export interface RespostaVagas {
  compartilhado: CorpoCompartilhado;
  pessoal: Buffer;
}

/** Offers of one category of a call and how many workers chose each (the live counts). */
export interface ContagemOferta {
  seqCategoria: number;
  numVagas: number;
  qtdEscolhas: number;
}

/** The shared part's variant with no offers at all (`pointer variants` are bit sets, never negative). */
const SEM_OFERTAS = -1;

/** How long (app clock) the open call and the live counts are served from memory. */
export const VALIDADE_ESCALA_ABERTA_MS = 1_000;
const VALIDADE_CONTAGENS_MS = 1_000;

/** Refusals shared by the worker's calls, in this order: no such call, impeded worker, closed call. */
function exigirEscalaUsavel(
  escala: { aberta: boolean } | undefined,
  impedido: boolean,
  usuarioTeste: boolean,
): void {
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (impedido) throw new ErroApp('TpaImpedido');
  if (!escala.aberta && !usuarioTeste) throw new ErroApp('EscalaFechada');
}

/**
 * The electronic call's machinery in one place (docs/decisions/0100): its caches, its batching, its output
 * buffers and its writer, behind the few operations the routes, the back office and the live stream need.
 * Rules: docs/produto/decisoes.md §3 and docs/decisions/0020; performance: docs/decisions/0022, 0026, 0027.
 * One instance per app: `app.escalacao` (plugin.ts).
 */
export class ServicoEscalacao {
  private readonly config: Config;
  private readonly clock: Clock;
  private readonly escalas: CacheEscalas;
  private readonly listas: CacheConfirmados;
  private readonly avulsos: CacheAvulsos;
  private readonly parametros: CacheParametros;
  private readonly buffers = new BuffersReutilizados();
  /** GET /api/vagas's personal reads of one turn of the event loop: one query per call and shifts' span. */
  private readonly pessoais: CargaEmLote<string, EngajamentosEEscolhas>;
  private readonly aberta: CacheCurto<'aberta', EscalaAberta | null>;
  private readonly contagensEmCache: CacheCurto<string, ContagemOferta[]>;
  private readonly gravador: GravadorDeEscolhas;
  private readonly eventos: Eventos;
  private readonly lerAberta: () => Promise<EscalaAberta | null>;
  private readonly lerContagens: (numEscalacao: number, codCategoria: number) => Promise<ContagemOferta[]>;

  constructor({ banco, config, clock, gravacao, parametros, eventos }: DependenciasEscalacao) {
    const { db } = banco;
    this.config = config;
    this.clock = clock;
    this.escalas = new CacheEscalas(db, clock);
    this.listas = new CacheConfirmados(db, clock);
    this.avulsos = new CacheAvulsos(db, clock, config.fusoHorario);
    this.parametros = parametros;
    this.pessoais = new CargaEmLote((chaves) => lerPessoais(banco, config.horasDescanso, chaves), 64);
    this.aberta = new CacheCurto(clock, VALIDADE_ESCALA_ABERTA_MS, 1);
    this.contagensEmCache = new CacheCurto(clock, VALIDADE_CONTAGENS_MS, 64);
    this.gravador = new GravadorDeEscolhas(banco, gravacao);
    this.eventos = eventos;
    // Subscribed before the live stream's (its plugin depends on this one's): a change made by another server
    // is in this server's memory before the streams read it.
    eventos.assinar(['escolhas', 'escala'], (evento) => {
      if (evento.origem === 'remota') this.aplicarRemoto(evento);
    });
    // Published, on this server or another: the call's cached data goes (its lists now mark who was engaged).
    eventos.assinar('escala-publicada', (evento) => this.invalidar(evento.numEscalacao, 'este'));
    eventos.assinar('trabalhador-impedido', (evento) => this.avulsos.esquecer(evento.codAvulso));
    eventos.assinar('cadastro-alterado', (evento) => {
      if (evento.codAvulso !== null) this.avulsos.esquecer(evento.codAvulso);
      else this.invalidar(undefined, 'este');
    });
    // What other servers said while nobody listened is lost: every copy in memory goes.
    eventos.aoPerderEventos(() => this.invalidar(undefined, 'este'));
    this.lerAberta = () => escalaAberta(db);
    this.lerContagens = async (numEscalacao, codCategoria) => {
      const [{ compartilhada }, contagem] = await Promise.all([
        this.escalas.obter(numEscalacao),
        contagemEscolhas(db, numEscalacao, codCategoria),
      ]);
      return ofertasComContagem(compartilhada, codCategoria, contagem);
    };
  }

  /**
   * GET /api/vagas: the call's offers and this worker's part of them (docs/decisions/0134), the success
   * envelope around them (and `token`, when renewed, in the personal part). Refusals: NaoEncontrado,
   * NaoAutenticado, TpaImpedido, EscalaFechada.
   */
  async carregar(pedido: {
    codAvulso: string;
    numEscalacao: number;
    token?: string;
  }): Promise<RespostaVagas> {
    const { codAvulso, numEscalacao } = pedido;
    const [emCache, parametros] = await Promise.all([
      this.escalas.obter(numEscalacao),
      this.parametros.porNome(),
    ]);
    const { escala, compartilhada } = emCache;
    if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
    const [avulso, pessoais] = await Promise.all([
      this.avulsos.obter(codAvulso),
      this.pessoais.carregar(
        chavePessoal(codAvulso, numEscalacao, compartilhada.inicioMin, compartilhada.fimMax),
      ),
    ]);
    if (!avulso) throw new ErroApp('NaoAutenticado');
    exigirEscalaUsavel(escala, avulso.impedido, this.usuarioTeste(codAvulso));
    const dados = {
      codCategoria: avulso.codCategoria,
      artigo: avulso.artigo,
      parametros,
      habilitacoes: avulso.habilitacoes,
      engajamentos: pessoais?.engajamentos ?? [],
      escolhas: pessoais?.escolhas ?? [],
      horasDescanso: this.config.horasDescanso,
    };
    // A second round's main call engaged this worker: the round is for the others (docs/decisions/0260), so
    // they get the call with no offers, a variant of its own.
    const variante = pessoais?.foraDaRepescagem ? SEM_OFERTAS : variantePonteiros(compartilhada, dados);
    const oferecida = variante === SEM_OFERTAS ? semOfertas(compartilhada) : compartilhada;
    // Written once per pointer variant while this copy of the call lives; the compressed copies outlive it,
    // kept by the hash of these bytes (server/plataforma/http/compressao.ts).
    emCache.corpos ??= new Map();
    let compartilhado = emCache.corpos.get(variante);
    if (!compartilhado) {
      const { antes } = envelopeEmPartes(undefined);
      const json = escreverCompartilhada(
        { numEscalacao, dataChamada: escala.dataChamada, horaChamada: escala.horaChamada },
        oferecida,
        antes,
        variante,
      );
      compartilhado = corpoCompartilhado(json);
      emCache.corpos.set(variante, compartilhado);
    }
    const { depois } = envelopeEmPartes(pedido.token);
    return { compartilhado, pessoal: escreverPessoal(oferecida, dados, depois) };
  }

  /** Joins a composed answer for a client that takes no compression, in a pooled buffer. */
  juntarResposta(partes: readonly Buffer[]): RespostaPronta {
    return this.buffers.juntar(partes);
  }

  /**
   * POST /api/vagas: applies the worker's choices in one category, all or none (docs/produto/decisoes.md §3). Refusals:
   * NaoAutenticado, NaoEncontrado, TpaImpedido, EscalaFechada, SemHabilitacao, SemDescanso. A post that
   * changed something updates the confirmed list in memory and is announced (`assinar`).
   */
  async escolher(codAvulso: string, corpo: PostVagasBody): Promise<PostVagasResposta> {
    const { numEscalacao, categoria, escolhas } = corpo;
    const usuarioTeste = this.usuarioTeste(codAvulso);
    const [avulso, emCache] = await Promise.all([
      this.avulsos.obter(codAvulso),
      this.escalas.obter(numEscalacao),
    ]);
    if (!avulso) throw new ErroApp('NaoAutenticado');
    // The cached call answers the quick refusals; the writer reads the call's row itself, so no choice is
    // accepted on a call closed a moment ago.
    exigirEscalaUsavel(emCache.escala, avulso.impedido, usuarioTeste);
    const ofertas = localizarOfertas(emCache.compartilhada, categoria, escolhas);
    const pedido = {
      codAvulso,
      numEscalacao,
      categoria,
      escolhas,
      agora: this.clock.now(),
      horasDescanso: this.config.horasDescanso,
      usuarioTeste,
    };
    verificarHabilitacao(pedido, ofertas, avulso.habilitacoes);
    const resultado = await this.gravador.registrar(pedido, ofertas);
    if (resultado.alterou) {
      const { numChamada, nome, sexo, codSindicato } = avulso;
      const mudanca = {
        avulso: { codAvulso, numChamada, nome, sexo, codSindicato },
        horaMax: resultado.horaMax,
      };
      this.listas.aplicar(numEscalacao, categoria, mudanca);
      this.contagensEmCache.esquecer(chaveCategoria(numEscalacao, categoria));
      this.eventos.emitir('escolhas', {
        numEscalacao,
        codCategoria: categoria,
        codAvulso,
        seqCategorias: escolhas.map((e) => e.seqCategoria),
        confirmados: mudanca,
        ...(resultado.contagens ? { contagens: resultado.contagens } : {}),
      });
    }
    return { escolhas: resultado.escolhas, codAvulso, numEscalacao, categoria };
  }

  /**
   * GET /api/avulsosConfirmados for a worker: the list (as confirmadosJson) inside the success envelope.
   * Refusals: NaoEncontrado, EscalaFechada.
   */
  async confirmados(pedido: {
    codAvulso: string;
    numEscalacao: number;
    codCategoria: number;
    token?: string;
  }): Promise<Buffer> {
    const { escala } = await this.escalas.obter(pedido.numEscalacao);
    // A published call's list stays readable: it shows who the rotation engaged (docs/decisions/0155).
    if (!escala?.publicada) exigirEscalaUsavel(escala, false, this.usuarioTeste(pedido.codAvulso));
    const { antes, depois } = envelopeEmPartes(pedido.token);
    const dados = await this.confirmadosJson(pedido.numEscalacao, pedido.codCategoria);
    return Buffer.concat([Buffer.from(antes), dados, Buffer.from(depois)]);
  }

  /**
   * The confirmed list of a category (avulsosConfirmados JSON, the same bytes for everyone), with no check
   * of who asks: for the live stream, which authorizes its own clients.
   */
  confirmadosJson(numEscalacao: number, codCategoria: number): Promise<Buffer> {
    return this.listas.obterJson(numEscalacao, codCategoria);
  }

  /**
   * Every offer of a category with its vacancies and how many workers chose it; read at most once a second
   * per category, and again after this server's posts in it.
   */
  contagens(numEscalacao: number, codCategoria: number): Promise<ContagemOferta[]> {
    return this.contagensEmCache.obter(chaveCategoria(numEscalacao, codCategoria), () =>
      this.lerContagens(numEscalacao, codCategoria),
    );
  }

  /**
   * A category's counts read from the database now, with what tells whether a post's change
   * (AvisoEscolhas.contagens) is already in them: the live stream keeps them in memory from here
   * (docs/decisions/0173).
   */
  async contagensComMarca(
    numEscalacao: number,
    codCategoria: number,
  ): Promise<{ ofertas: ContagemOferta[]; inclui: (marca: string) => boolean }> {
    const [{ compartilhada }, lidas] = await Promise.all([
      this.escalas.obter(numEscalacao),
      this.gravador.lerContagens(numEscalacao, codCategoria),
    ]);
    return { ofertas: ofertasComContagem(compartilhada, codCategoria, lidas.contagem), inclui: lidas.inclui };
  }

  /** GET /api/escalaAberta: the open call (newest), or null; served from memory for a second. */
  escalaAberta(): Promise<EscalaAberta | null> {
    return this.aberta.obter('aberta', this.lerAberta);
  }

  /**
   * Drops what memory holds of one call (its row and offers, confirmed lists, counts), or of everything
   * (also the workers' rows), so the next request reads the database; announced with `motivo: 'invalidada'`.
   * `alcance: 'este'` when it follows an event every server hears (they invalidate by themselves).
   */
  invalidar(numEscalacao?: number, alcance: AlcanceEvento = 'todos'): void {
    this.esquecer(numEscalacao);
    this.eventos.emitir('escala', { numEscalacao: numEscalacao ?? null, motivo: 'invalidada' }, alcance);
  }

  /**
   * Changes a call's state (open, close, …) in order with the posts being written (docs/decisions/0100):
   * every post acknowledged before this resolves is in the database, every post applied after it sees the
   * new state (EscalaFechada once closed), none is half-applied. `alterar` runs in a transaction and must only
   * read and write through `trx` (on SQLite it may run twice, shared with posts). Then the call is dropped
   * from memory and announced with `motivo: 'estado'`.
   */
  async alterarEstado<T>(numEscalacao: number, alterar: UnidadeGravacao<T>): Promise<T> {
    const resultado = await this.gravador.alterarEstado(numEscalacao, alterar);
    this.esquecer(numEscalacao);
    this.eventos.emitir('escala', { numEscalacao, motivo: 'estado' });
    return resultado;
  }

  /** Subscribes to the module's events (avisos.ts); returns the function that ends the subscription. */
  assinar(ouvinte: OuvinteEscalacao): () => void {
    return this.eventos.assinar(['escolhas', 'escala'], ouvinte);
  }

  /**
   * A change made by another server (learnt through LISTEN/NOTIFY): a post is applied to the confirmed list in
   * memory and its counts are read again; after a change of state the call is dropped from memory. The bus then
   * hands it to this server's other listeners (the live stream).
   */
  private aplicarRemoto(evento: Evento<'escolhas' | 'escala'>): void {
    if (evento.tipo === 'escolhas') {
      // The other server's post, applied to this server's list in place as its own posts are.
      this.listas.aplicar(evento.numEscalacao, evento.codCategoria, evento.confirmados);
      this.contagensEmCache.esquecer(chaveCategoria(evento.numEscalacao, evento.codCategoria));
    } else {
      this.esquecer(evento.numEscalacao ?? undefined);
    }
  }

  /**
   * Forgets what memory holds of a worker (category, impediment, qualifications): the staff changed their
   * record (issue 30), and their next load or choice reads it again. Other servers forget it within 2 s.
   */
  esquecerAvulso(codAvulso: string): void {
    this.avulsos.esquecer(codAvulso);
  }

  /** A worker's category, article, impediment and qualifications (kept 2 s), as the call sees them. */
  avulso(codAvulso: string): Promise<AvulsoEscala | undefined> {
    return this.avulsos.obter(codAvulso);
  }

  private esquecer(numEscalacao?: number): void {
    this.escalas.esquecer(numEscalacao);
    this.listas.esquecer(numEscalacao);
    this.aberta.limpar();
    if (numEscalacao === undefined) {
      this.contagensEmCache.limpar();
      this.avulsos.limpar();
      this.parametros.esquecer();
    } else {
      this.contagensEmCache.esquecerSe((chave) => chave.startsWith(`${numEscalacao}/`));
    }
  }

  private usuarioTeste(codAvulso: string): boolean {
    return this.config.usuariosTeste.includes(codAvulso);
  }
}

function chaveCategoria(numEscalacao: number, codCategoria: number): string {
  return `${numEscalacao}/${codCategoria}`;
}

/** Call, shifts' span and worker: the batcher groups the keys of one turn by their first three parts. */
function chavePessoal(codAvulso: string, numEscalacao: number, inicio: number, fim: number): string {
  return `${numEscalacao}|${inicio}|${fim}|${codAvulso}`;
}

async function lerPessoais(
  banco: Banco,
  horasDescanso: number,
  chaves: readonly string[],
): Promise<Map<string, EngajamentosEEscolhas>> {
  const porSpan = new Map<string, string[]>();
  for (const chave of chaves) {
    const corte = chave.lastIndexOf('|');
    const span = chave.slice(0, corte);
    const lista = porSpan.get(span);
    if (lista) lista.push(chave.slice(corte + 1));
    else porSpan.set(span, [chave.slice(corte + 1)]);
  }
  const saida = new Map<string, EngajamentosEEscolhas>();
  await Promise.all(
    [...porSpan].map(async ([span, codigos]) => {
      const [numEscalacao, inicio, fim] = span.split('|').map(Number) as [number, number, number];
      const lidos = await engajamentosEEscolhas(banco.db, codigos, numEscalacao, inicio, fim, horasDescanso);
      for (const [codAvulso, pessoal] of lidos) saida.set(`${span}|${codAvulso}`, pessoal);
    }),
  );
  return saida;
}

/** The call as a worker left out of its second round sees it: no requisitions, no offers. */
function semOfertas(compartilhada: EscalaCompartilhada): EscalaCompartilhada {
  return { ...compartilhada, categorias: [], ofertas: new Map() };
}

/** Every offer of a category, in the call's order, with its vacancies and its count of choices. */
function ofertasComContagem(
  compartilhada: EscalaCompartilhada,
  codCategoria: number,
  contagem: ReadonlyMap<number, number>,
): ContagemOferta[] {
  const categoria = compartilhada.categorias.find((c) => c.codCategoria === codCategoria);
  const ofertas = categoria?.requisicoes.flatMap((r) => r.poroes.flatMap((p) => p.ofertas)) ?? [];
  return ofertas.map((o) => ({
    seqCategoria: o.seqCategoria,
    numVagas: o.numVagas,
    qtdEscolhas: contagem.get(o.seqCategoria) ?? 0,
  }));
}
