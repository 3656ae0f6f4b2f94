import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { VagasResposta } from '#common/api/escalacao.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import { dialetoTeste } from '../../test/ambiente.ts';
import { copiarModelo } from '../../test/bancos.ts';
import { esperarServidor, iniciarServidor, Navegador, type ServidorReal } from '../../test/servidor-real.ts';
import { RETRY_AO_ENCERRAR_MS } from '../ao-vivo/index.ts';
import { escolha, type OfertaNaEscala, ofertasDe } from '../escalacao/apoio-teste.ts';

/**
 * A restart that loses nothing (issue 26): the real server gets SIGTERM in the middle of a burst of choices
 * with live streams open. It exits by itself, code 0, within its bound; every stream ends cleanly with the
 * `retry:` hint; started again on the same database, it has every choice it acknowledged, and every stream
 * connects again. On SQLite and PostgreSQL.
 */

const TRABALHADORES = ['100001', '100002', '100003', '100004', '100005', '100006', '100007', '100008'];

const servidores: ServidorReal[] = [];
const limpezas: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const s of servidores.splice(0)) s.processo.kill('SIGKILL');
  for (const f of limpezas.splice(0).reverse()) await f();
});

async function banco(): Promise<NodeJS.ProcessEnv> {
  if (dialetoTeste() === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-reinicio-'));
    limpezas.push(() => rmSync(dir, { recursive: true, force: true }));
    copyFileSync(inject('modeloBanco'), path.join(dir, 'portal-tpa.sqlite'));
    return { DATA_DIR: dir, DATABASE_URL: '' };
  }
  const copia = await copiarModelo(inject('modeloBanco'));
  limpezas.push(copia.apagar);
  return { DATABASE_URL: copia.url };
}

async function subir(env: NodeJS.ProcessEnv): Promise<ServidorReal> {
  const servidor = await iniciarServidor({ ...process.env, ...env });
  servidores.push(servidor);
  await esperarServidor(servidor);
  return servidor;
}

interface Fluxo {
  /** Everything the stream received, as text. */
  texto: () => string;
  /** How it ended: the server closed it ('fim') or it broke ('erro'). */
  fim: Promise<'fim' | 'erro'>;
}

/** GET /api/eventos as the web opens it (fetch streaming with the token), read until it ends. */
async function abrirFluxo(base: string, token: string): Promise<Fluxo> {
  const r = await fetch(`${base}/api/eventos`, {
    headers: { 'x-access-token': token, accept: 'text/event-stream' },
  });
  if (r.status !== 200 || !r.body) throw new Error(`GET /api/eventos: ${r.status}`);
  let texto = '';
  const leitor = r.body.pipeThrough(new TextDecoderStream()).getReader();
  const fim = (async () => {
    try {
      for (;;) {
        const { done, value } = await leitor.read();
        if (done) return 'fim' as const;
        texto += value;
      }
    } catch {
      return 'erro' as const;
    }
  })();
  await expect.poll(() => texto).toContain('event: estado');
  return { texto: () => texto, fim };
}

async function ofertasLivres(nav: Navegador): Promise<OfertaNaEscala[]> {
  const r = await nav.pedir('GET', '/api/vagas?numEscalacao=4521');
  if (r.status !== 200) return [];
  return ofertasDe(montarEscalaCarregada(r.corpo.dados as VagasResposta)).filter(
    (o) => o.funcao.habilitado && o.funcao.comDescanso,
  );
}

describe('SIGTERM no meio da rajada', () => {
  it('nenhuma escolha confirmada se perde, todo fluxo termina com a dica de retry e reconecta', async () => {
    const env = { ...(await banco()), ENCERRAMENTO_SEGUNDOS: '10', LOG_LEVEL: 'info' };
    const servidor = await subir(env);
    const navegadores = new Map<string, Navegador>();
    const livres = new Map<string, OfertaNaEscala[]>();
    for (const cod of TRABALHADORES) {
      const nav = new Navegador(servidor.base);
      await nav.entrar(cod);
      const suas = await ofertasLivres(nav);
      if (suas.length === 0) continue;
      navegadores.set(cod, nav);
      livres.set(cod, suas);
    }
    expect(navegadores.size).toBeGreaterThanOrEqual(4);
    const total = [...livres.values()].reduce((s, l) => s + l.length, 0);
    // Three streams per worker (phone, tablet, totem tab): 12 or more open streams.
    const fluxos: Fluxo[] = [];
    for (const nav of navegadores.values()) {
      for (let i = 0; i < 3; i++) fluxos.push(await abrirFluxo(servidor.base, nav.token));
    }

    // The burst: each worker chooses its free offers, one post at a time, until the server stops answering.
    const confirmadas: { cod: string; seq: number }[] = [];
    let recusadas = 0;
    let sinalEm = 0;
    const rajada = [...navegadores].map(async ([cod, nav]) => {
      for (const oferta of livres.get(cod) ?? []) {
        let r: Awaited<ReturnType<Navegador['pedir']>>;
        try {
          r = await nav.pedir('POST', '/api/vagas', {
            numEscalacao: 4521,
            categoria: oferta.codCategoria,
            escolhas: [escolha(oferta, true)],
          });
        } catch {
          return; // the server is gone: nothing from here on was acknowledged
        }
        if (r.status === 200) {
          confirmadas.push({ cod, seq: oferta.funcao.seqCategoria });
        } else {
          // While stopping: 503 in the envelope. Anything else is a failure of the test's own posts.
          expect(r.status).toBe(503);
          recusadas++;
          return;
        }
        if (!sinalEm && confirmadas.length >= total / 3) {
          sinalEm = performance.now();
          servidor.processo.kill('SIGTERM');
        }
      }
    });
    await Promise.all(rajada);
    const saida = await servidor.terminou;
    const duracao = performance.now() - sinalEm;
    expect(sinalEm).toBeGreaterThan(0);
    expect(saida, servidor.saida.join('').slice(-3000)).toEqual({ codigo: 0, sinal: null });
    expect(duracao).toBeLessThan(10_000);
    expect(servidor.saida.join('')).toMatch(/"msg":"encerrado"/);

    // Every stream ended cleanly, told when to come back.
    const fins = await Promise.all(fluxos.map((f) => f.fim));
    expect(fins.every((f) => f === 'fim')).toBe(true);
    for (const f of fluxos) expect(f.texto()).toContain(`retry: ${RETRY_AO_ENCERRAR_MS}\n\n`);

    // Started again on the same database: every acknowledged choice is there, every stream reconnects.
    const novo = await subir(env);
    for (const [cod, nav] of navegadores) {
      const outro = new Navegador(novo.base);
      outro.token = nav.token;
      const r = await outro.pedir('GET', '/api/vagas?numEscalacao=4521');
      expect(r.status).toBe(200);
      const escolhidas = new Set(
        ofertasDe(montarEscalaCarregada(r.corpo.dados as VagasResposta))
          .filter((o) => o.funcao.escolhida)
          .map((o) => o.funcao.seqCategoria),
      );
      const perdidas = confirmadas.filter((c) => c.cod === cod && !escolhidas.has(c.seq));
      expect(perdidas, `${cod}: escolhas confirmadas que sumiram`).toEqual([]);
    }
    const reconectados = await Promise.all(
      fluxos.map((_, i) =>
        abrirFluxo(novo.base, [...navegadores.values()][i % navegadores.size]?.token ?? ''),
      ),
    );
    expect(reconectados).toHaveLength(fluxos.length);
    expect(confirmadas.length).toBeGreaterThanOrEqual(total / 3);
    console.log(
      `reinício: ${confirmadas.length} escolhas confirmadas (${recusadas} recusadas com 503), ${fluxos.length} fluxos, encerrado em ${Math.round(duracao)} ms`,
    );
  }, 120_000);
});

/**
 * A phone's live stream as the web keeps it (web/lib/ao-vivo.ts), behind a balancer: when its server ends the
 * stream (with the retry hint), it opens another on a server the balancer still sends to. Keeps the counts of
 * every offer it was told.
 */
class Celular {
  readonly contagens = new Map<number, number>();
  categorias: number[] = [];
  reconexoes = 0;
  dicas = 0;
  private parado = false;
  private abortar = new AbortController();
  readonly ligado: Promise<void>;
  private readonly token: string;
  private readonly servidor: () => string;

  constructor(token: string, servidor: () => string) {
    this.token = token;
    this.servidor = servidor;
    this.ligado = this.manter();
  }

  parar(): void {
    this.parado = true;
    this.abortar.abort();
  }

  private async manter(): Promise<void> {
    for (let primeira = true; !this.parado; primeira = false) {
      if (!primeira) this.reconexoes++;
      try {
        const r = await fetch(`${this.servidor()}/api/eventos`, {
          headers: { 'x-access-token': this.token, accept: 'text/event-stream' },
          signal: this.abortar.signal,
        });
        if (r.status !== 200 || !r.body) throw new Error(`GET /api/eventos ${r.status}`);
        const leitor = r.body
          .pipeThrough(new TextDecoderStream())
          .pipeThrough(
            new EventSourceParserStream({
              onRetry: () => {
                this.dicas++;
              },
            }),
          )
          .getReader();
        for (;;) {
          const { done, value } = await leitor.read();
          if (done) break;
          this.aplicar(value.event, JSON.parse(value.data));
        }
      } catch {
        if (this.parado) return;
        await new Promise((r) => setTimeout(r, 100)); // the server was gone: the next one, as the web retries
      }
    }
  }

  private aplicar(tipo: string | undefined, dados: Record<string, unknown>): void {
    if (tipo === 'estado') this.categorias = dados.categorias as number[];
    if (tipo !== 'contagens' || dados.numEscalacao !== 4521) return;
    for (const o of dados.ofertas as { seqCategoria: number; qtdEscolhas: number }[]) {
      this.contagens.set(o.seqCategoria, o.qtdEscolhas);
    }
  }
}

if (dialetoTeste() === 'postgres') {
  describe('reinício em rodízio de dois servidores no PostgreSQL', () => {
    it('durante a rajada, parar A, subir A de novo, parar B: nada confirmado se perde e todo celular fica com as contagens certas', async () => {
      const { DATABASE_URL } = await banco();
      const env = { DATABASE_URL, ENCERRAMENTO_SEGUNDOS: '10', LOG_LEVEL: 'warn' };
      let a = await subir(env);
      const b = await subir(env);
      // The balancer: servers it still sends to (a stopping one answers 503 on readiness and leaves).
      let noRodizio = [a.base, b.base];
      let vez = 0;
      const servidor = () => noRodizio[vez++ % noRodizio.length] as string;

      const navegadores = new Map<string, Navegador>();
      const livres = new Map<string, OfertaNaEscala[]>();
      for (const cod of TRABALHADORES) {
        const nav = new Navegador(a.base);
        await nav.entrar(cod);
        const suas = await ofertasLivres(nav);
        if (suas.length === 0) continue;
        navegadores.set(cod, nav);
        livres.set(cod, suas);
      }
      const celulares = [...navegadores.values()].flatMap((nav) => [
        new Celular(nav.token, servidor),
        new Celular(nav.token, servidor),
      ]);
      await expect.poll(() => celulares.every((c) => c.categorias.length > 0)).toBe(true);

      // The burst: each worker chooses and clears its offers in turn, on whichever server the balancer picks.
      // Per offer, the last post and whether it was acknowledged.
      const ultimo = new Map<string, { escolhida: boolean; confirmado: boolean }>();
      let confirmados = 0;
      let parar = false;
      const rajada = [...navegadores].map(async ([cod, nav]) => {
        for (let volta = 0; !parar; volta++) {
          for (const oferta of livres.get(cod) ?? []) {
            if (parar) return;
            const escolhida = volta % 2 === 0;
            const chave = `${cod}:${oferta.funcao.seqCategoria}`;
            const cliente = new Navegador(servidor());
            cliente.token = nav.token;
            try {
              const r = await cliente.pedir('POST', '/api/vagas', {
                numEscalacao: 4521,
                categoria: oferta.codCategoria,
                escolhas: [escolha(oferta, escolhida)],
              });
              if (r.status !== 200) expect(r.status).toBe(503);
              ultimo.set(chave, { escolhida, confirmado: r.status === 200 });
              if (r.status === 200) confirmados++;
            } catch {
              ultimo.set(chave, { escolhida, confirmado: false });
            }
          }
        }
      });

      const pararServidor = async (s: ServidorReal) => {
        noRodizio = noRodizio.filter((base) => base !== s.base);
        s.processo.kill('SIGTERM');
        expect(await s.terminou).toEqual({ codigo: 0, sinal: null });
      };
      await expect.poll(() => confirmados, { timeout: 20_000 }).toBeGreaterThan(20);
      await pararServidor(a);
      a = await subir(env);
      noRodizio = [...noRodizio, a.base];
      await expect.poll(() => confirmados, { timeout: 20_000 }).toBeGreaterThan(60);
      await pararServidor(b);
      const antesDoFim = confirmados;
      await expect.poll(() => confirmados, { timeout: 20_000 }).toBeGreaterThan(antesDoFim + 20);
      parar = true;
      await Promise.all(rajada);

      // Every acknowledged last post is what the database has.
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      limpezas.push(() => c.end());
      const { rows } = await c.query<{ cod_avulso: string; seq_categoria: number }>(
        'select cod_avulso, seq_categoria from escolha where num_escalacao = 4521',
      );
      const noBanco = new Set(rows.map((l) => `${l.cod_avulso}:${l.seq_categoria}`));
      const divergentes = [...ultimo].filter(
        ([chave, u]) => u.confirmado && noBanco.has(chave) !== u.escolhida,
      );
      expect(divergentes).toEqual([]);

      // Every phone came back (at least once: its server stopped) and shows the counts the database has.
      const porOferta = new Map<number, number>();
      for (const l of rows) porOferta.set(l.seq_categoria, (porOferta.get(l.seq_categoria) ?? 0) + 1);
      expect(celulares.every((cel) => cel.reconexoes >= 1 && cel.dicas >= 1)).toBe(true);
      for (const cel of celulares) {
        await expect
          .poll(() => [...cel.contagens].filter(([seq, n]) => (porOferta.get(seq) ?? 0) !== n), {
            timeout: 10_000,
          })
          .toEqual([]);
      }
      for (const cel of celulares) cel.parar();
      console.log(
        `rodízio: ${confirmados} posts confirmados, ${celulares.length} celulares, ${celulares.reduce((s, c) => s + c.reconexoes, 0)} reconexões`,
      );
    }, 120_000);
  });
}
