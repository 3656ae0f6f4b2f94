import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { VagasResposta } from '#common/api/escalacao.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import { escolha, navegadoresComOfertas, ofertasDe } from '../../modulos/escalacao/apoio-teste.ts';
import { dialetoTeste } from '../../test/ambiente.ts';
import {
  comAdminPostgres,
  copiarModelo,
  nomeAleatorio,
  urlComBanco,
  urlPostgres,
} from '../../test/bancos.ts';
import { esperarServidor, iniciarServidor, Navegador, type ServidorReal } from '../../test/servidor-real.ts';

/**
 * The restore drill (issue 26): a backup taken with `npm run backup` in the middle of a burst of choices on a
 * running server, restored with `npm run restore` into a new data folder (SQLite) or a new database
 * (PostgreSQL), the portal started on it: every choice acknowledged before the backup began is there. A second
 * restore over the restored database is refused without --substituir.
 */

const RAIZ = path.resolve(import.meta.dirname, '../../..');
const postgres = dialetoTeste() === 'postgres';

const servidores: ServidorReal[] = [];
const limpezas: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const s of servidores.splice(0)) s.processo.kill('SIGKILL');
  for (const f of limpezas.splice(0).reverse()) await f();
});

function script(nome: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ codigo: number | null; saida: string }>((resolver) => {
    const filho = spawn(process.execPath, [`scripts/${nome}.ts`, ...args], {
      cwd: RAIZ,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let saida = '';
    filho.stdout.on('data', (d: Buffer) => {
      saida += d.toString();
    });
    filho.stderr.on('data', (d: Buffer) => {
      saida += d.toString();
    });
    filho.once('exit', (codigo) => resolver({ codigo, saida }));
  });
}

/** The database settings of a server (or a script) on a fresh folder or database. */
async function bancoNovo(copiaDoModelo: boolean): Promise<NodeJS.ProcessEnv> {
  if (!postgres) {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-copia-'));
    limpezas.push(() => rmSync(dir, { recursive: true, force: true }));
    if (copiaDoModelo) copyFileSync(inject('modeloBanco'), path.join(dir, 'portal-tpa.sqlite'));
    return { DATA_DIR: dir, DATABASE_URL: '' };
  }
  if (copiaDoModelo) {
    const copia = await copiarModelo(inject('modeloBanco'));
    limpezas.push(copia.apagar);
    return { DATABASE_URL: copia.url };
  }
  const nome = nomeAleatorio('portal_tpa_restaurado');
  await comAdminPostgres((c) => c.query(`CREATE DATABASE ${nome}`));
  limpezas.push(() => comAdminPostgres((c) => c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`)));
  return { DATABASE_URL: urlComBanco(urlPostgres(), nome) };
}

async function subir(env: NodeJS.ProcessEnv): Promise<ServidorReal> {
  const servidor = await iniciarServidor({ ...process.env, ...env });
  servidores.push(servidor);
  await esperarServidor(servidor);
  return servidor;
}

async function escolhidas(nav: Navegador): Promise<Set<number>> {
  const r = await nav.pedir('GET', '/api/vagas?numEscalacao=4521');
  if (r.status !== 200) throw new Error(`GET /api/vagas: ${r.status}`);
  const ofertas = ofertasDe(montarEscalaCarregada(r.corpo.dados as VagasResposta));
  return new Set(ofertas.filter((o) => o.funcao.escolhida).map((o) => o.funcao.seqCategoria));
}

describe('npm run backup / npm run restore', () => {
  it('o backup tirado no meio de uma rajada de escolhas, restaurado num banco novo, tem toda escolha confirmada antes dele', async () => {
    const origem = await bancoNovo(true);
    const servidor = await subir(origem);
    const pasta = mkdtempSync(path.join(tmpdir(), 'portal-tpa-backups-'));
    limpezas.push(() => rmSync(pasta, { recursive: true, force: true }));
    const arquivo = path.join(pasta, 'portal.bak');

    const { navegadores, livres } = await navegadoresComOfertas(servidor.base);
    expect(navegadores.size).toBeGreaterThanOrEqual(4);
    const total = [...livres.values()].reduce((s, l) => s + l.length, 0);
    expect(total).toBeGreaterThan(20);

    // The burst: each worker chooses its free offers one post at a time, round after round (a choice, once
    // made, stays: posting it again changes nothing), until the backup has finished.
    const confirmadas: { cod: string; seq: number; em: number }[] = [];
    let backupTerminou = false;
    let inicioBackup = Number.POSITIVE_INFINITY;
    let backup: Promise<{ codigo: number | null; saida: string }> | undefined;
    const rajada = [...navegadores.keys()].map(async (cod) => {
      const nav = navegadores.get(cod) as Navegador;
      const ofertas = livres.get(cod) ?? [];
      for (let volta = 0; !backupTerminou && volta < 50; volta++) {
        for (const oferta of ofertas) {
          const r = await nav.pedir('POST', '/api/vagas', {
            numEscalacao: 4521,
            categoria: oferta.codCategoria,
            escolhas: [escolha(oferta, true)],
          });
          if (r.status !== 200)
            throw new Error(`POST /api/vagas ${cod}: ${r.status} ${JSON.stringify(r.corpo)}`);
          confirmadas.push({ cod, seq: oferta.funcao.seqCategoria, em: performance.now() });
          // Half of the first round answered: the backup starts while the burst goes on.
          if (!backup && confirmadas.length >= total / 2) {
            inicioBackup = performance.now();
            backup = script('backup', [arquivo], origem).finally(() => {
              backupTerminou = true;
            });
          }
        }
      }
    });
    await Promise.all(rajada);
    const resultado = await (backup as Promise<{ codigo: number | null; saida: string }>);
    expect(resultado.saida).toMatch(/Backup gravado/);
    expect(resultado.codigo).toBe(0);
    expect(existsSync(arquivo)).toBe(true);
    const antes = confirmadas.filter((c) => c.em < inicioBackup);
    const depois = confirmadas.filter((c) => c.em >= inicioBackup);
    // The backup did run in the middle of the burst: choices were answered before and while it ran.
    expect(antes.length).toBeGreaterThanOrEqual(total / 2);
    expect(depois.length).toBeGreaterThan(0);

    // A backup never overwrites another.
    const outra = await script('backup', [arquivo], origem);
    expect(outra.codigo).toBe(1);
    expect(outra.saida).toMatch(/já existe/);

    // Restored into a new folder / database, then the portal started on it.
    const restaurado = await bancoNovo(false);
    const r1 = await script('restore', [arquivo], restaurado);
    expect(r1.saida).toMatch(/Backup restaurado/);
    expect(r1.codigo).toBe(0);
    // Over a database that has data: refused without --substituir.
    const r2 = await script('restore', [arquivo], restaurado);
    expect(r2.codigo).toBe(1);
    expect(r2.saida).toMatch(
      postgres ? /já tem tabelas.*--substituir/s : /Já existe um banco.*--substituir/s,
    );

    servidor.processo.kill('SIGTERM');
    await servidor.terminou;
    const novo = await subir(restaurado);
    for (const cod of navegadores.keys()) {
      const nav = new Navegador(novo.base);
      await nav.entrar(cod);
      const noRestaurado = await escolhidas(nav);
      const esperadas = new Set(antes.filter((c) => c.cod === cod).map((c) => c.seq));
      const faltando = [...esperadas].filter((seq) => !noRestaurado.has(seq));
      expect(faltando, `${cod}: escolhas confirmadas antes do backup que faltam`).toEqual([]);
    }
  }, 180_000);
});
