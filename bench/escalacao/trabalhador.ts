import type { DadosDe, Endpoint, EntradaDe } from '#common/api/endpoint.ts';
import { urlDe } from '#common/api/endpoint.ts';
import { apiEscalaAberta } from '#common/api/escala-aberta.ts';
import type {
  CategoriaCompartilhada,
  EscalaCarregada,
  FuncaoOferta,
  PessoalEscala,
} from '#common/api/escalacao.ts';
import { apiEscalacao } from '#common/api/escalacao.ts';
import type { DadosLogin } from '#common/api/sessao.ts';
import { apiSessao } from '#common/api/sessao.ts';
import type { Envelope } from '#common/envelope.ts';
import { montarCategoria } from '#common/escala-carregada.ts';
import { escolhaDaOferta, type OfertaDaEscala } from '#common/escolha.ts';
import { proximaPreferencia } from '#common/preferencia.ts';
import { versaoDoPacote } from '#server/config.ts';
import { Aleatorio } from '#server/plataforma/semente/aleatorio.ts';
import { agoraMs, type Cliente, Medidas, type Resposta } from '../carga.ts';
import { entrarComPasskey, temPasskey } from '../passkeys.ts';
import { SENHA_RUSH } from '../seed-rush.ts';
import { OPCOES } from './opcoes.ts';

/** The virtual worker: what a phone does during the rush, request by request, measured per endpoint. */

export const CABECALHOS_CLIENTE = { 'x-client-name': 'portal-tpa', 'x-client-version': versaoDoPacote() };

/** One offer as the screen keeps it (its requisition and hold for the POST body), with its key. */
export interface OfertaLocal extends OfertaDaEscala {
  chave: string;
  funcao: FuncaoOferta;
}

export interface Trabalhador {
  codAvulso: string;
  xsrf: string;
  token: string;
  codCategoria: number;
  ofertas: OfertaLocal[];
  /** Keys of the chosen offers, in order of choice. */
  escolhidas: string[];
}

export class Medicao {
  readonly porEndpoint = new Map<string, Medidas>();
  medidas(nome: string): Medidas {
    let m = this.porEndpoint.get(nome);
    if (!m) {
      m = new Medidas();
      this.porEndpoint.set(nome, m);
    }
    return m;
  }
}

export function cabecalhos(t: Pick<Trabalhador, 'xsrf' | 'token'>, mutacao: boolean): Record<string, string> {
  const h: Record<string, string> = { ...CABECALHOS_CLIENTE };
  if (t.xsrf) h.cookie = `XSRF-TOKEN=${t.xsrf}`;
  if (mutacao && t.xsrf) h['x-xsrf-token'] = t.xsrf;
  if (t.token) h['x-access-token'] = t.token;
  return h;
}

export function envelope<T>(r: Resposta): Envelope<T> | undefined {
  try {
    return JSON.parse(r.corpo.toString('utf8')) as Envelope<T>;
  } catch {
    return undefined;
  }
}

/**
 * A call of a described endpoint (common/api), measured under `nome`; ok means 2xx and sucesso true.
 * Returns the parsed envelope's `dados` when it was read.
 */
export async function medir<E extends Endpoint>(
  med: Medicao,
  nome: string,
  cliente: Cliente,
  t: Pick<Trabalhador, 'xsrf' | 'token'>,
  endpoint: E,
  entrada: EntradaDe<E>,
  /** false: only check the status and the envelope's first bytes, sparing the generator's CPU. */
  analisar = true,
): Promise<{ r: Resposta; dados: DadosDe<E> | undefined }> {
  const inicio = agoraMs();
  const metodo = endpoint.metodo;
  if (metodo !== 'GET' && metodo !== 'POST') throw new Error(`${nome}: ${metodo} fora do gerador de carga`);
  let r: Resposta;
  try {
    r = await cliente.requisitar(
      metodo,
      urlDe(endpoint, entrada),
      cabecalhos(t, metodo !== 'GET'),
      entrada.corpo === undefined ? undefined : JSON.stringify(entrada.corpo),
    );
  } catch (e) {
    med
      .medidas(nome)
      .registrar(inicio, agoraMs() - inicio, false, 0, e instanceof Error ? e.message : String(e));
    throw e;
  }
  const rapido =
    !analisar && r.status === 200 && r.corpo.subarray(0, 15).toString('latin1') === '{"sucesso":true';
  const env = rapido ? undefined : envelope<DadosDe<E>>(r);
  const ok = rapido || (r.status >= 200 && r.status < 300 && env?.sucesso === true);
  const falha = env && !env.sucesso ? `${env.codigoErro} ${env.mensagem}` : '';
  med.medidas(nome).registrar(inicio, r.ms, ok, r.bytesFio, ok ? undefined : `${r.status} ${falha}`);
  if (!ok) throw new Error(`${nome}: ${r.status} ${falha}`);
  if (env?.token && 'token' in t) (t as Trabalhador).token = env.token;
  return { r, dados: env?.sucesso ? env.dados : undefined };
}

export type CategoriaCarregada = EscalaCarregada['categorias'][string];

/**
 * The asking worker's category out of a GET /api/vagas body, parsed alone and merged with the worker's part
 * as the screen does (common/escala-carregada.ts): the offers screen only shows that category, and parsing
 * the other three (three quarters of 440 KiB) for 6,000 workers cost the generator about 15 s of CPU per rush
 * on the cores the server runs on. The server writes categories in order, each opening with
 * `"<cod>":{"codCategoria":<cod>,` and closing with `]}`; the last one is followed by the brace that closes
 * `categorias` and then `"pessoal":{…}` (docs/decisions/0134). A body not shaped so gives undefined (an error
 * of the run).
 */
export function categoriaDoCorpo(corpo: Buffer, codCategoria: number): CategoriaCarregada | undefined {
  const texto = corpo.toString('utf8');
  const marca = `"${codCategoria}":{"codCategoria":${codCategoria},`;
  const inicio = texto.indexOf(marca);
  const marcaPessoal = '},"pessoal":';
  const inicioPessoal = texto.lastIndexOf(marcaPessoal);
  if (inicio < 0 || inicioPessoal < 0) return undefined;
  const abre = inicio + marca.indexOf('{');
  const proxima = /\]\},"\d+":\{"codCategoria":/g;
  proxima.lastIndex = abre;
  const seguinte = proxima.exec(texto);
  const fecha = seguinte && seguinte.index < inicioPessoal ? seguinte.index : inicioPessoal - 2;
  const abrePessoal = inicioPessoal + marcaPessoal.length;
  const fechaPessoal = texto.indexOf(']}}', abrePessoal);
  if (fecha < abre || fechaPessoal < 0) return undefined;
  try {
    const categoria = JSON.parse(texto.slice(abre, fecha + 2)) as CategoriaCompartilhada;
    const pessoal = JSON.parse(texto.slice(abrePessoal, fechaPessoal + 2)) as PessoalEscala;
    return montarCategoria(categoria, pessoal);
  } catch {
    return undefined;
  }
}

export function ofertasDaCategoria(cat: CategoriaCarregada): OfertaLocal[] {
  const lista: OfertaLocal[] = [];
  for (const req of cat.requisicoes)
    for (const porao of req.poroes)
      for (const funcao of porao.funcoes)
        lista.push({
          chave: `${req.numRequisicao}/${porao.numPorao}/${funcao.seqCategoria}`,
          req,
          porao,
          funcao,
        });
  return lista;
}

/** POST /api/vagas for one offer, as the screen does; applies the answer to the local state. */
export async function alternar(
  med: Medicao,
  nome: string,
  cliente: Cliente,
  t: Trabalhador,
  numEscalacao: number,
  o: OfertaLocal,
  escolher: boolean,
): Promise<void> {
  // The screen's preference rule (docs/produto/escalacao.md §4), the same function the web uses.
  const preferencia = escolher
    ? proximaPreferencia(t.ofertas.filter((x) => x !== o).map((x) => x.funcao))
    : null;
  const { dados } = await medir(med, nome, cliente, t, apiEscalacao.escolher, {
    corpo: {
      numEscalacao,
      categoria: t.codCategoria,
      // The one builder of the POST's element (common/escolha.ts), the screen's and the tests'.
      escolhas: [escolhaDaOferta(o, { escolhida: escolher, preferencia })],
    },
  });
  const volta = dados?.escolhas.find((e) => e.seqCategoria === o.funcao.seqCategoria);
  if (!volta || volta.escolhida !== escolher) throw new Error(`${nome}: resposta não confirma a escolha`);
  o.funcao = {
    ...o.funcao,
    escolhida: volta.escolhida,
    preferencia: volta.preferencia,
    seqCategoTPA: volta.seqCategoTPA,
  };
  if (escolher) t.escolhidas.push(o.chave);
  else t.escolhidas = t.escolhidas.filter((k) => k !== o.chave);
}

export async function entrar(
  med: Medicao,
  nomeLogin: string,
  cliente: Cliente,
  t: Trabalhador,
): Promise<DadosLogin> {
  // A worker seeded with a passkey (--passkeys) logs in with it, as "Entrar com a digital" does.
  if (temPasskey(t.codAvulso)) return entrarComPasskey(med, cliente, t, cliente.porta);
  return entrarComSenha(med, nomeLogin, cliente, t);
}

/** The password login (Argon2id on the server), whatever the worker holds. */
export async function entrarComSenha(
  med: Medicao,
  nomeLogin: string,
  cliente: Cliente,
  t: Trabalhador,
): Promise<DadosLogin> {
  const token = t.token;
  const { dados } = await medir(med, nomeLogin, cliente, t, apiSessao.login, {
    corpo: { login: t.codAvulso, password: SENHA_RUSH },
  });
  // `medir` keeps the token the answer carries.
  if (!dados || !t.token || t.token === token) throw new Error('login sem token');
  return dados;
}

export interface EstadoRush {
  numEscalacao: number;
  /** Workers whose whole visit succeeded. */
  completos: Trabalhador[];
  /** Workers who at least logged in. */
  logados: Trabalhador[];
  /** Real GET /api/vagas bodies, one per category of the asking worker. */
  corposVagas: Map<number, Buffer>;
  semOfertasSuficientes: number;
  fluxosCompletos: number;
  /** Told of every choice once acknowledged: when its POST was sent and answered (Date.now(), ms). */
  aoEscolher?: (codCategoria: number, seqCategoria: number, enviadaMs: number, confirmadaMs: number) => void;
}

/** One worker's whole visit during the rush. */
export async function visita(
  med: Medicao,
  cliente: Cliente,
  codAvulso: string,
  estado: EstadoRush,
): Promise<void> {
  const t: Trabalhador = { codAvulso, xsrf: '', token: '', codCategoria: 0, ofertas: [], escolhidas: [] };
  const { r } = await medir(med, 'GET /api/config', cliente, t, apiSessao.config, {});
  const cookie = r.cookies.map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!cookie) throw new Error('sem cookie XSRF-TOKEN');
  t.xsrf = cookie;
  const dados = await entrar(med, 'POST /api/login', cliente, t);
  t.codCategoria = dados.codCategoria;
  estado.logados.push(t);
  const { dados: aberta } = await medir(
    med,
    'GET /api/escalaAberta',
    cliente,
    t,
    apiEscalaAberta.escalaAberta,
    {},
  );
  const num = aberta?.numEscalacao;
  if (num !== estado.numEscalacao) throw new Error(`escala aberta inesperada: ${num}`);
  // Checked as a success envelope by its first bytes; only the worker's category is parsed.
  const { r: rv } = await medir(
    med,
    'GET /api/vagas',
    cliente,
    t,
    apiEscalacao.vagas,
    { query: { numEscalacao: num } },
    false,
  );
  const categoria = categoriaDoCorpo(rv.corpo, t.codCategoria);
  if (!categoria) throw new Error(`vagas sem a categoria ${t.codCategoria}`);
  if (!estado.corposVagas.has(t.codCategoria)) estado.corposVagas.set(t.codCategoria, rv.corpo);
  t.ofertas = ofertasDaCategoria(categoria);
  const rnd = new Aleatorio(Number(codAvulso));
  const elegiveis = t.ofertas.filter(
    (o) => o.funcao.habilitado && o.funcao.comDescanso && !o.funcao.escolhida,
  );
  const alvo = rnd.amostra(elegiveis, OPCOES.escolhas);
  if (alvo.length < OPCOES.escolhas) estado.semOfertasSuficientes++;
  for (const o of alvo) {
    const enviada = Date.now();
    await alternar(med, 'POST /api/vagas', cliente, t, num, o, true);
    estado.aoEscolher?.(t.codCategoria, o.funcao.seqCategoria, enviada, Date.now());
  }
  // A success envelope (first bytes) that lists this worker: their code appears in no other field.
  const { r: rc } = await medir(
    med,
    'GET /api/avulsosConfirmados',
    cliente,
    t,
    apiEscalacao.avulsosConfirmados,
    { query: { numEscalacao: num, codCategoria: t.codCategoria } },
    false,
  );
  const presente = rc.corpo.includes(`"codAvulso":"${codAvulso}"`);
  if (alvo.length > 0 && !presente) throw new Error(`${codAvulso} não aparece entre os confirmados`);
  // Keep only the chosen offers (all the later phases need): 6,000 full offer lists would make the
  // generator's own garbage collection the bottleneck of the phases that follow.
  t.ofertas = t.ofertas.filter((o) => o.funcao.escolhida);
  estado.completos.push(t);
  estado.fluxosCompletos++;
}
