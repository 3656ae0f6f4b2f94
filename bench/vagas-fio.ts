import { hash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { construirApp } from '#server/app.ts';
import { carregarConfig } from '#server/config.ts';
import { gerarHashSenha } from '#server/modulos/sessao/senhas.ts';
import { abrirBanco } from '#server/plataforma/banco/connection.ts';
import { migrar } from '#server/plataforma/banco/migrate.ts';
import { OPCOES_COMPRESSAO } from '#server/plataforma/http/compressao.ts';
import { comprimirPrefixo } from '#server/plataforma/http/corpo-composto.ts';
import { ESCALA_RUSH, PRIMEIRO_CODIGO_RUSH, SENHA_RUSH, semearRush } from './seed-rush.ts';

/**
 * `npm run bench:vagas` (docs/decisions/0134-vagas-compartilhada-e-pessoal.md): GET /api/vagas at Santos
 * size (the rush benchmark's seed: 336 offers per category, 6,000 workers, SQLite) answered in-process
 * (`inject`, no sockets) to distinct workers, one after another. Per request: the bytes on the wire and the
 * server's CPU, without compression, with the composed answer (brotli, gzip: the shared part compressed once
 * per change, the worker's part appended) and, for comparison, what compressing each whole answer would
 * cost on top of the uncompressed one (the design of docs/decisions/0130 before 0134: SHA-1 of the body for
 * the ETag and brotli 4 / gzip 6 of the body, per request). Options: BENCH_VAGAS_TRABALHADORES (40),
 * BENCH_VAGAS_RODADAS (10). Ratios within one run mean something on a loaded machine; the absolute
 * milliseconds move with the load printed beside them.
 */

const TRABALHADORES = Number(process.env.BENCH_VAGAS_TRABALHADORES ?? 40);
const RODADAS = Number(process.env.BENCH_VAGAS_RODADAS ?? 10);
const ACEITA = { identidade: 'identity', br: 'gzip, deflate, br, zstd', gzip: 'gzip, br;q=0' } as const;
type Modo = keyof typeof ACEITA;

const dataDir = path.join(import.meta.dirname, 'results', `vagas-fio-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const banco = abrirBanco({ url: undefined, arquivoSqlite: path.join(dataDir, 'portal-tpa.sqlite') });

try {
  await migrar(banco.db);
  const senhaHash = await gerarHashSenha(SENHA_RUSH);
  const resumo = await banco.db.transaction().execute((trx) =>
    semearRush(trx, {
      trabalhadores: 6000,
      ofertasPorCategoria: 336,
      senhaHash,
      agora: new Date(),
      fuso: 'America/Recife',
    }),
  );
  const config = carregarConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: '' });
  const app = await construirApp({ config, banco, logger: false });
  await app.ready();

  // Workers spread over the unions (codes are assigned union by union).
  const passo = Math.floor(resumo.trabalhadores / TRABALHADORES);
  const tokens: string[] = [];
  for (let i = 0; i < TRABALHADORES; i++) {
    const cfg = await app.inject({ method: 'GET', url: '/api/config' });
    const xsrf = cfg.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-xsrf-token': xsrf },
      cookies: { 'XSRF-TOKEN': xsrf },
      payload: { login: String(PRIMEIRO_CODIGO_RUSH + i * passo), password: SENHA_RUSH },
    });
    const token = login.json().token as string | undefined;
    if (!token) throw new Error(`login ${PRIMEIRO_CODIGO_RUSH + i * passo}: ${login.body}`);
    tokens.push(token);
  }

  const pedir = (token: string, modo: Modo) =>
    app.inject({
      method: 'GET',
      url: `/api/vagas?numEscalacao=${ESCALA_RUSH}`,
      headers: { 'x-access-token': token, 'accept-encoding': ACEITA[modo] },
    });

  // Warm-up, and the check that every coding decodes to the uncompressed bytes.
  const puros: Buffer[] = [];
  for (const token of tokens) {
    const puro = (await pedir(token, 'identidade')).rawPayload;
    const br = await pedir(token, 'br');
    const gz = await pedir(token, 'gzip');
    if (br.headers['content-encoding'] !== 'br' || !brotliDecompressSync(br.rawPayload).equals(puro))
      throw new Error('brotli não confere');
    if (gz.headers['content-encoding'] !== 'gzip' || !gunzipSync(gz.rawPayload).equals(puro))
      throw new Error('gzip não confere');
    puros.push(puro);
  }

  const linhas: string[] = [];
  const medir = async (modo: Modo) => {
    const compressoesAntes = app.comprimidos.compressoes;
    let bytes = 0;
    const cpu = process.cpuUsage();
    for (let r = 0; r < RODADAS; r++)
      for (const token of tokens) bytes += (await pedir(token, modo)).rawPayload.length;
    const gasto = process.cpuUsage(cpu);
    const n = RODADAS * tokens.length;
    return {
      bytes: bytes / n,
      cpuMs: (gasto.user + gasto.system) / 1000 / n,
      compressoes: app.comprimidos.compressoes - compressoesAntes,
    };
  };
  const porRequisicao = (codificacao: 'br' | 'gzip') => {
    let bytes = 0;
    const cpu = process.cpuUsage();
    for (let r = 0; r < RODADAS; r++)
      for (const corpo of puros) {
        hash('sha1', corpo, 'base64url');
        bytes += (
          codificacao === 'br'
            ? brotliCompressSync(corpo, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: OPCOES_COMPRESSAO.qualidadeBrotli,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: corpo.length,
                },
              })
            : gzipSync(corpo, { level: OPCOES_COMPRESSAO.nivelGzip })
        ).length;
      }
    const gasto = process.cpuUsage(cpu);
    const n = RODADAS * puros.length;
    return { bytes: bytes / n, cpuMs: (gasto.user + gasto.system) / 1000 / n };
  };

  const identidade = await medir('identidade');
  const br = await medir('br');
  const gzip = await medir('gzip');
  const brInteiro = porRequisicao('br');
  const gzipInteiro = porRequisicao('gzip');
  // What each change of the call costs, once: the shared part compressed at the levels the server uses.
  const compartilhado = puros[0]?.subarray(0, puros[0].indexOf('"pessoal":')) ?? Buffer.alloc(0);
  const umaVez = (codificacao: 'br' | 'gzip') => {
    const cpu = process.cpuUsage();
    const prefixo = comprimirPrefixo(compartilhado, codificacao, {
      qualidadeBrotli: OPCOES_COMPRESSAO.qualidadeBrotliCompartilhado,
      nivelGzip: OPCOES_COMPRESSAO.nivelGzipCompartilhado,
    });
    const gasto = process.cpuUsage(cpu);
    return { bytes: prefixo.dados.length, cpuMs: (gasto.user + gasto.system) / 1000 };
  };
  const brUmaVez = umaVez('br');
  const gzipUmaVez = umaVez('gzip');
  const kib = (b: number) => (b / 1024).toFixed(1);
  const ms = (x: number) => x.toFixed(3);
  linhas.push(
    `bench:vagas — ${TRABALHADORES} trabalhadores distintos × ${RODADAS} rodadas, escala ${ESCALA_RUSH} ` +
      `(${JSON.stringify(resumo.ofertas)} ofertas), Node ${process.version}, ` +
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join('/')}`,
    '',
    '| GET /api/vagas | bytes no fio (média) | CPU por requisição | compressões na medição |',
    '|---|---:|---:|---:|',
    `| sem compressão | ${Math.round(identidade.bytes)} (${kib(identidade.bytes)} KiB) | ${ms(identidade.cpuMs)} ms | ${identidade.compressoes} |`,
    `| br composto (0134) | ${Math.round(br.bytes)} (${kib(br.bytes)} KiB) | ${ms(br.cpuMs)} ms | ${br.compressoes} |`,
    `| gzip composto (0134) | ${Math.round(gzip.bytes)} (${kib(gzip.bytes)} KiB) | ${ms(gzip.cpuMs)} ms | ${gzip.compressoes} |`,
    `| br da resposta inteira, por requisição (SHA-1 + brotli ${OPCOES_COMPRESSAO.qualidadeBrotli}) | ${Math.round(brInteiro.bytes)} (${kib(brInteiro.bytes)} KiB) | +${ms(brInteiro.cpuMs)} ms sobre "sem compressão" | ${RODADAS * TRABALHADORES} |`,
    `| gzip da resposta inteira, por requisição (SHA-1 + gzip ${OPCOES_COMPRESSAO.nivelGzip}) | ${Math.round(gzipInteiro.bytes)} (${kib(gzipInteiro.bytes)} KiB) | +${ms(gzipInteiro.cpuMs)} ms sobre "sem compressão" | ${RODADAS * TRABALHADORES} |`,
    '',
    `CPU por requisição, composta ÷ sem compressão: br ${(br.cpuMs / identidade.cpuMs).toFixed(2)}, ` +
      `gzip ${(gzip.cpuMs / identidade.cpuMs).toFixed(2)} (nada é comprimido por requisição, e escrever 20 KiB custa menos que 280). ` +
      `Parte pessoal média: ` +
      `${Math.round(puros.reduce((s, p) => s + p.length - p.indexOf('"pessoal":'), 0) / puros.length)} bytes.`,
    `Uma vez por mudança da escala (por variante de ponteiros): parte compartilhada de ${kib(compartilhado.length)} KiB → ` +
      `brotli ${OPCOES_COMPRESSAO.qualidadeBrotliCompartilhado} ${brUmaVez.bytes} bytes em ${ms(brUmaVez.cpuMs)} ms, ` +
      `gzip ${OPCOES_COMPRESSAO.nivelGzipCompartilhado} ${gzipUmaVez.bytes} bytes em ${ms(gzipUmaVez.cpuMs)} ms.`,
  );
  process.stdout.write(`${linhas.join('\n')}\n`);
  await app.close();
} finally {
  await banco.fechar();
  rmSync(dataDir, { recursive: true, force: true });
}
