import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { VagasResposta } from '#common/api/escalacao.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import { dialetoTeste } from '../../test/ambiente.ts';
import { copiarModelo } from '../../test/bancos.ts';
import { esperarServidor, iniciarServidor, Navegador, type ServidorReal } from '../../test/servidor-real.ts';
import { RETRY_AO_ENCERRAR_MS } from '../ao-vivo/plugin.ts';
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
