import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { dialetoTeste } from '../../test/ambiente.ts';
import { copiarModelo } from '../../test/bancos.ts';
import { esperarServidor, iniciarServidor, type ServidorReal } from '../../test/servidor-real.ts';
import { lerResposta, type RespostaBruta } from '../../test/socket-bruto.ts';

/**
 * Issue 12, the slow: the real server (`node server/main.ts`, its own process) against 300 connections from
 * one address that trickle a login body one byte at a time. Before, all stayed open for as long as the client
 * liked; now the 256 the address may hold are cut with 408 in the envelope once the request time limit
 * passes, and the 44 over the cap are refused at once with 429.
 */
let servidor: ServidorReal | undefined;
const limpezas: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  servidor?.processo.kill('SIGKILL');
  for (const f of limpezas.splice(0)) await f();
});

async function subir(env: NodeJS.ProcessEnv): Promise<ServidorReal> {
  const completo: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (dialetoTeste() === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-lentos-'));
    limpezas.push(() => rmSync(dir, { recursive: true, force: true }));
    copyFileSync(inject('modeloBanco'), path.join(dir, 'portal-tpa.sqlite'));
    completo.DATA_DIR = dir;
    completo.DATABASE_URL = '';
  } else {
    const copia = await copiarModelo(inject('modeloBanco'));
    limpezas.push(copia.apagar);
    completo.DATABASE_URL = copia.url;
  }
  servidor = await iniciarServidor(completo);
  await esperarServidor(servidor);
  return servidor;
}

/** A connection that sends a login's headers, then one byte of its body every 100 ms, until the server answers. */
function gotejar(porta: number): Promise<RespostaBruta & { ms: number }> {
  const inicio = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(porta, '127.0.0.1');
    const partes: Buffer[] = [];
    let gota: NodeJS.Timeout | undefined;
    const fim = () => {
      clearInterval(gota);
      resolve({ ...lerResposta(Buffer.concat(partes).toString('latin1')), ms: Date.now() - inicio });
    };
    socket.on('data', (d) => partes.push(d));
    socket.on('error', fim);
    socket.on('close', fim);
    socket.on('connect', () => {
      socket.write(
        'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Cookie: XSRF-TOKEN=x\r\nX-XSRF-TOKEN: x\r\nContent-Length: 1000\r\n\r\n{',
      );
      gota = setInterval(() => {
        if (socket.writable) socket.write(' ');
      }, 100);
    });
  });
}

const LIMITE_S = 5;

describe('clientes lentos contra o servidor real', () => {
  it('300 conexões gotejando de um endereço: as além de 256 recusadas com 429, as outras cortadas com 408', async () => {
    // 5 s, not 1: all 300 connect well before the first cut, also when the machine is busy (with 1 s and a
    // load of 12 the first were cut while the last still connected, and the counts drifted).
    const s = await subir({ TEMPO_REQUISICAO_SEGUNDOS: String(LIMITE_S) });
    const respostas = await Promise.all(Array.from({ length: 300 }, () => gotejar(s.porta)));
    // A client still trickling when the server cuts it may meet a reset before it reads the answer (the server
    // wrote it; a busy machine reads it too late): such a client has no status. Seen in CI with both lanes
    // running: 22 of 300 on PostgreSQL. They are counted apart and bounded; every answer that arrived is checked.
    const chegaram = respostas.filter((r) => r.status === 408 || r.status === 429);
    const semResposta = respostas.filter((r) => Number.isNaN(r.status)).length;
    expect(chegaram.length + semResposta).toBe(300);
    expect(semResposta).toBeLessThanOrEqual(45);
    // The cap counts every connection of the address: the test's own fetch may still hold a kept-alive one.
    const cortadas = chegaram.filter((r) => r.status === 408).length;
    const recusadas = chegaram.length - cortadas;
    expect(cortadas).toBeLessThanOrEqual(256);
    expect(cortadas + semResposta).toBeGreaterThanOrEqual(250);
    expect(recusadas + semResposta).toBeGreaterThanOrEqual(44);
    for (const r of chegaram) {
      const corpo = JSON.parse(r.corpo);
      expect(corpo.sucesso).toBe(false);
      expect(corpo.codigoErro).toBe(r.status === 408 ? 'TempoEsgotado' : 'MuitasRequisicoes');
      expect(r.cabecalhos['cache-control']).toBe('no-store');
      expect(r.cabecalhos['x-content-type-options']).toBe('nosniff');
    }
    // Cut by the limit, not before it.
    for (const r of chegaram.filter((r) => r.status === 408))
      expect(r.ms).toBeGreaterThanOrEqual(LIMITE_S * 1000);
    // And the server still serves.
    const config = await fetch(`${s.base}/api/config`);
    expect(config.status).toBe(200);
  }, 60_000);
});
