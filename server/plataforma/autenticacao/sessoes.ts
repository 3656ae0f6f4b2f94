import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { SessaoTable } from '../../modulos/avulso/tabelas.ts';
import type { Banco } from '../banco/connection.ts';
import type { DbOuTrx } from '../banco/schema.ts';
import { CacheCurtoEmLote } from '../cache-curto.ts';
import type { GravacaoEmGrupo } from '../gravacao-em-grupo.ts';

/**
 * Sessions (docs/produto/decisoes.md §2): opaque 256-bit tokens, stored only as SHA-256 hashes; an idle timeout and
 * an absolute lifetime counted from the login (much shorter at the kiosk); past half its life a token is
 * renewed (rotated, with the same absolute end), the old one living on for a short grace so parallel
 * calls don't fail; logout revokes.
 */

export interface SessaoAtiva {
  codAvulso: string;
  quiosque: boolean;
  tokenHash: string;
  /** Shared by every token of the session (the first one's hash). */
  sessaoId: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token is 43 characters (32 bytes, base64url); anything outside 20..100 is refused before any lookup. */
export function tamanhoDeToken(token: string): boolean {
  return token.length >= 20 && token.length <= 100;
}

function novoToken(): string {
  return randomBytes(32).toString('base64url');
}

function duracoes(config: Config, quiosque: boolean) {
  const s = config.sessao;
  return quiosque
    ? { ociosaMs: s.quiosqueOciosaMinutos * 60_000, maximaMs: s.quiosqueMaximaMinutos * 60_000 }
    : { ociosaMs: s.ociosaMinutos * 60_000, maximaMs: s.maximaHoras * 3_600_000 };
}

/** Whether a request presenting this session's token now would be answered with a renewed one (past half its life). */
export function tokenSeriaRenovado(
  config: Config,
  agora: number,
  linha: Pick<LinhaSessao, 'criada_em' | 'quiosque'>,
): boolean {
  const { maximaMs } = duracoes(config, linha.quiosque === 1);
  return agora - Date.parse(linha.criada_em) > maximaMs / 2;
}

/** Refreshing `ultimo_uso_em` at most this often keeps the hot path free of writes. */
const INTERVALO_ATUALIZACAO_USO_MS = 30_000;

export async function criarSessao(
  db: DbOuTrx,
  config: Config,
  clock: Clock,
  codAvulso: string,
  quiosque: boolean,
  /** A renewed token keeps the session's absolute end and its id: renewal rotates the token, it never extends the session. */
  renovacao?: { expiraEm: string; sessaoId: string },
): Promise<string> {
  const token = novoToken();
  const tokenHash = hashToken(token);
  const agora = clock.now();
  const { maximaMs } = duracoes(config, quiosque);
  await db
    .insertInto('sessao')
    .values({
      token_hash: tokenHash,
      sessao_id: renovacao?.sessaoId ?? tokenHash,
      cod_avulso: codAvulso,
      quiosque: quiosque ? 1 : 0,
      criada_em: agora.toISOString(),
      ultimo_uso_em: agora.toISOString(),
      expira_em: renovacao?.expiraEm ?? new Date(agora.getTime() + maximaMs).toISOString(),
      revogada_em: null,
    })
    .execute();
  return token;
}

/**
 * How session writes reach the database. On SQLite every autocommit is an fsync on the event loop: at a
 * rush's login rate the session INSERT and the last-use UPDATE alone blocked it for seconds (bench:escalacao,
 * docs/decisions/0071-gravacao-de-sessoes.md), so they join the app's group commit and share one fsync with
 * the other writes of the moment. PostgreSQL groups concurrent WAL flushes itself: writes go straight.
 * A unit may run twice (a failed shared transaction is retried unit by unit): it only writes through `db`.
 */
export type GravarSessao = <T>(unidade: (db: DbOuTrx) => Promise<T>) => Promise<T>;

export function gravadorDeSessoes(banco: Banco, gravacao: GravacaoEmGrupo): GravarSessao {
  return banco.dialeto === 'sqlite'
    ? (unidade) => gravacao.executar(unidade)
    : (unidade) => unidade(banco.db);
}

type LinhaSessao = Omit<Selectable<SessaoTable>, 'token_hash'>;

async function lerSessoes(db: DbOuTrx, hashes: readonly string[]): Promise<Map<string, LinhaSessao>> {
  const linhas = await db
    .selectFrom('sessao')
    .select([
      'token_hash',
      'cod_avulso',
      'quiosque',
      'criada_em',
      'ultimo_uso_em',
      'expira_em',
      'revogada_em',
      'sessao_id',
    ])
    .where('token_hash', 'in', hashes)
    .execute();
  return new Map(linhas.map(({ token_hash, ...linha }) => [token_hash, linha]));
}

/** How long a session row read by this server answers its requests (app clock). */
export const VALIDADE_CACHE_SESSAO_MS = 5_000;

/**
 * Every call of a logged-in worker starts by reading their session; in a rush a worker makes a dozen calls
 * within seconds, and that read was half the round trips of a choice (docs/decisions/0024-sessoes-em-memoria.md).
 * The row is kept for a few seconds: what this server writes (last use, renewal, logout) is applied to it at
 * once; a logout on another server reaches this one within the period. Idle and absolute ends are checked
 * against the clock on every call, cached or not. The sessions missing from memory in one turn of the event
 * loop are read in one query (docs/decisions/0027-leituras-em-lote.md).
 */
export class CacheSessoes extends CacheCurtoEmLote<string, LinhaSessao> {
  constructor(db: DbOuTrx, clock: Clock, validadeMs = VALIDADE_CACHE_SESSAO_MS, maximo = 50_000) {
    super(clock, validadeMs, maximo, (hashes) => lerSessoes(db, hashes));
  }
}

export interface ResultadoValidacao {
  sessao: SessaoAtiva;
  /** A fresh token when the presented one is past half its life. */
  tokenRenovado?: string;
}

/** A session row still valid at `agora`: not revoked, not past its end, not idle too long. */
export function linhaDeSessaoVigente(config: Config, agora: number, linha: LinhaSessao | undefined): boolean {
  if (!linha || linha.revogada_em !== null) return false;
  const { ociosaMs } = duracoes(config, linha.quiosque === 1);
  return agora < Date.parse(linha.expira_em) && agora - Date.parse(linha.ultimo_uso_em) < ociosaMs;
}

export async function validarToken(
  config: Config,
  clock: Clock,
  token: string,
  gravar: GravarSessao,
  sessoes: CacheSessoes,
): Promise<ResultadoValidacao | null> {
  if (!tamanhoDeToken(token)) return null;
  const tokenHash = hashToken(token);
  const linha = await sessoes.obter(tokenHash);
  const agora = clock.now().getTime();
  if (!linha || !linhaDeSessaoVigente(config, agora, linha)) return null;
  const quiosque = linha.quiosque === 1;

  const sessao: SessaoAtiva = {
    codAvulso: linha.cod_avulso,
    quiosque,
    tokenHash,
    sessaoId: linha.sessao_id,
  };
  if (tokenSeriaRenovado(config, agora, linha)) {
    const fimCarencia = new Date(agora + config.sessao.carenciaSegundos * 1000).toISOString();
    // Only the request that shortens the old token issues the new one.
    const tokenRenovado = await gravar(async (g) => {
      const r = await g
        .updateTable('sessao')
        .set({ expira_em: fimCarencia, ultimo_uso_em: new Date(agora).toISOString() })
        .where('token_hash', '=', tokenHash)
        .where('expira_em', '>', fimCarencia)
        .where('revogada_em', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return undefined;
      return criarSessao(g, config, clock, linha.cod_avulso, quiosque, {
        expiraEm: linha.expira_em,
        sessaoId: sessao.sessaoId,
      });
    });
    // The kept row follows what this request wrote; when another request shortened it first, it is read again.
    if (tokenRenovado === undefined) {
      sessoes.esquecer(tokenHash);
      return { sessao };
    }
    linha.expira_em = fimCarencia;
    return { sessao: { ...sessao, tokenHash: hashToken(tokenRenovado) }, tokenRenovado };
  }
  if (agora - Date.parse(linha.ultimo_uso_em) > INTERVALO_ATUALIZACAO_USO_MS) {
    // Set first: the requests that share the cached row meanwhile don't write it again.
    linha.ultimo_uso_em = new Date(agora).toISOString();
    await gravar((g) =>
      g
        .updateTable('sessao')
        .set({ ultimo_uso_em: new Date(agora).toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute(),
    );
  }
  return { sessao };
}

/**
 * Logout: every token of the session at once, the renewed one and the old one still in its grace period
 * (issue 12, item 5). This server's kept rows of them are dropped; another server's within 5 s (decision 0024).
 */
export async function revogarSessao(
  db: DbOuTrx,
  clock: Clock,
  sessao: Pick<SessaoAtiva, 'sessaoId' | 'tokenHash'>,
  sessoes: CacheSessoes,
): Promise<string[]> {
  const revogadas = await db
    .updateTable('sessao')
    .set({ revogada_em: clock.now().toISOString() })
    .where((eb) => eb.or([eb('sessao_id', '=', sessao.sessaoId), eb('token_hash', '=', sessao.tokenHash)]))
    .where('revogada_em', 'is', null)
    .returning('token_hash')
    .execute();
  const hashes = [...new Set([sessao.tokenHash, ...revogadas.map((r) => r.token_hash)])];
  for (const hash of hashes) sessoes.esquecer(hash);
  return hashes;
}
