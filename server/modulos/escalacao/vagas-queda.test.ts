import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { PostVagasResposta, VagasResposta } from '#common/api/escalacao.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import { dialetoTeste } from '../../test/ambiente.ts';
import { copiarModelo } from '../../test/bancos.ts';
import { esperarServidor, iniciarServidor, Navegador } from '../../test/servidor-real.ts';
import { escolha, ofertasDe } from './apoio-teste.ts';

/**
 * The real server in a process of its own, killed with SIGKILL the moment it answers a choice: the choice
 * must be in the database afterwards (issue: an acknowledged choice survives the process being killed).
 */

let filho: ChildProcess | undefined;
const limpezas: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  filho?.kill('SIGKILL');
  for (const f of limpezas.splice(0)) await f();
});

describe('POST /api/vagas: processo morto logo depois da resposta', () => {
  it('a escolha respondida está no banco depois de um SIGKILL', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    let ler: (seq: number) => Promise<unknown[]>;
    if (dialetoTeste() === 'sqlite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-queda-'));
      limpezas.push(() => rmSync(dir, { recursive: true, force: true }));
      const arquivo = path.join(dir, 'portal-tpa.sqlite');
      copyFileSync(inject('modeloBanco'), arquivo);
      env.DATA_DIR = dir;
      env.DATABASE_URL = '';
      ler = async (seq) => {
        const db = new SQLite(arquivo, { readonly: true });
        try {
          return db
            .prepare('select preferencia from escolha where cod_avulso = ? and seq_categoria = ?')
            .all('100001', seq);
        } finally {
          db.close();
        }
      };
    } else {
      const copia = await copiarModelo(inject('modeloBanco'));
      limpezas.push(copia.apagar);
      env.DATABASE_URL = copia.url;
      ler = async (seq) => {
        const c = new pg.Client({ connectionString: copia.url });
        await c.connect();
        try {
          const { rows } = await c.query(
            'select preferencia from escolha where cod_avulso = $1 and seq_categoria = $2',
            ['100001', seq],
          );
          return rows;
        } finally {
          await c.end();
        }
      };
    }
    const servidor = await iniciarServidor(env);
    const processo = servidor.processo;
    filho = processo;
    await esperarServidor(servidor);
    const nav = new Navegador(servidor.base);
    await nav.entrar('100001');
    const vagas = await nav.pedir('GET', '/api/vagas?numEscalacao=4521');
    expect(vagas.status).toBe(200);
    const livre = ofertasDe(montarEscalaCarregada(vagas.corpo.dados as VagasResposta), 1).find(
      (o) => o.funcao.habilitado && o.funcao.comDescanso && !o.funcao.escolhida,
    );
    if (!livre) throw new Error('100001 sem oferta livre');

    const r = await nav.pedir('POST', '/api/vagas', {
      numEscalacao: 4521,
      categoria: 1,
      escolhas: [escolha(livre, true)],
    });
    processo.kill('SIGKILL');
    expect(r.status).toBe(200);
    expect((r.corpo.dados as PostVagasResposta).escolhas[0]).toMatchObject({
      escolhida: true,
      preferencia: 1,
    });
    expect((await servidor.terminou).sinal).toBe('SIGKILL');
    filho = undefined;
    expect(await ler(livre.funcao.seqCategoria)).toEqual([{ preferencia: 1 }]);
  }, 60_000);
});
