import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogoEndpoints } from '#common/api/catalogo.ts';
import { ADMINISTRADOR_DEMO, ESCALADOR_DEMO, FINANCEIRO_DEMO } from '../../modulos/equipe/seed.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import { donoDaRota } from '../../test/equipe-das-rotas.ts';
import type { Digesto } from '../../test/fuzz/digesto.ts';
import { digestoLinhas, tabelasAlteradas } from '../../test/fuzz/digesto.ts';
import type { Resposta, SessaoFuzz } from '../../test/fuzz/executor.ts';
import { enviar, problemaDaResposta, recusada } from '../../test/fuzz/executor.ts';
import type { Caso, OpcoesGeradores } from '../../test/fuzz/geradores.ts';
import { casoDaRota, descreverCaso } from '../../test/fuzz/geradores.ts';
import type { RotaFuzz } from '../../test/fuzz/rotas.ts';
import { chaveRota, rotasParaFuzz } from '../../test/fuzz/rotas.ts';
import { criarSessao } from '../autenticacao/sessoes.ts';

/**
 * The fuzz suite of issue 12 (docs/decisions/0064-fuzz-da-api.md): every /api route the app registered gets
 * FUZZ_CASOS generated bad requests (1,000 by default) through real sessions with XSRF, in-process. Each
 * answer must be the envelope (or the route's file), its status agree with `sucesso`, its code come from the
 * catalogue, never a 5xx; and a batch of refused writes must leave the digest of the rows unchanged.
 * FUZZ_SEMENTE=<n> replays a run (the seed is printed at the start and on every failure).
 */

const CASOS = Number(process.env.FUZZ_CASOS ?? 1_000);
const SEMENTE = Number(process.env.FUZZ_SEMENTE ?? Math.floor(Math.random() * 2 ** 31));
/** Cases of one route in flight at once: enough to keep the database busy, few enough to name a culprit. */
const LOTE = 100;
const TRABALHADOR = '100008';
/** FUZZ_ROTAS=<regex> fuzzes only the matching routes ("POST /api/vagas"), to replay one quickly. */
const FILTRO = process.env.FUZZ_ROTAS ? new RegExp(process.env.FUZZ_ROTAS) : undefined;
/** An answer later than this is a failure of its own (a request that hangs). */
const PRAZO_MS = 60_000;

const amb = await criarAmbiente();
const rotas = rotasParaFuzz(amb.app);
const inicioGeral = Date.now();
const contagem = new Map<string, number>();

async function entrar(codAvulso: string): Promise<SessaoFuzz> {
  const c = await amb.logado(codAvulso);
  return { codAvulso, token: c.token ?? '', xsrf: c.xsrf };
}
/** Ids the seed made, so some generated numbers name something real. */
const conhecidos = [
  ...(await amb.db.selectFrom('escala').select('num_escalacao as n').execute()),
  ...(await amb.db.selectFrom('eleicao').select('id as n').execute()),
  ...(await amb.db.selectFrom('mensagem_servico').select('id as n').execute()),
  ...(await amb.db.selectFrom('requisicao').select('num_requisicao as n').limit(10).execute()),
].map((l) => Number(l.n));
const OPCOES: OpcoesGeradores = { urlsRuins: true, conhecidos };
const sessoes = {
  trabalhador: await entrar(TRABALHADOR),
  equipe: await entrar(ESCALADOR_DEMO),
  // The payroll's routes (issue 25) answer only the role financeiro.
  financeiro: await entrar(FINANCEIRO_DEMO),
  // The roles, workers' record, messages, elections and security log (issue 30) answer the demo's administrator
  // (900003: administrador, cadastro, comunicacao, eleicao).
  administrador: await entrar(ADMINISTRADOR_DEMO),
};
const donos = [TRABALHADOR, ESCALADOR_DEMO, FINANCEIRO_DEMO, ADMINISTRADOR_DEMO];

/**
 * A new session when a case ended one (a logout that was, rightly, accepted): made by the session service
 * itself, since a password login (Argon2id) per batch would cost more than the batch.
 */
async function manterSessoes(): Promise<boolean> {
  let nova = false;
  for (const nome of ['trabalhador', 'equipe', 'financeiro', 'administrador'] as const) {
    const s = sessoes[nome];
    const r = await amb.app.inject({
      method: 'GET',
      url: '/api/sessao',
      headers: { 'x-access-token': s.token },
    });
    const env = r.json() as { sucesso: boolean; dados?: unknown };
    if (!env.sucesso || env.dados === null) {
      s.token = await criarSessao(amb.db, amb.config, amb.relogio, s.codAvulso, false);
      nova = true;
    }
  }
  return nova;
}

/**
 * Whose route this is: a worker's session is refused (AcessoNegado) on a staff route whose check runs before
 * its input is read; such a route is fuzzed mostly as staff, every other route mostly as the worker.
 */
async function ehDaEquipe(rota: RotaFuzz): Promise<boolean> {
  const s = sessoes.trabalhador;
  const r = await amb.app.inject({
    method: rota.metodo as 'GET',
    url: rota.caminho.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, ''),
    headers: { 'x-access-token': s.token, 'x-xsrf-token': s.xsrf },
    cookies: { 'XSRF-TOKEN': s.xsrf },
    ...(rota.metodo === 'GET' ? {} : { payload: {} }),
    // A stream route would answer with a stream that never ends.
    payloadAsStream: true,
  });
  if (r.statusCode !== 403) {
    r.stream().destroy();
    return false;
  }
  const partes: Buffer[] = [];
  for await (const parte of r.stream()) partes.push(Buffer.from(parte as Uint8Array));
  return Buffer.concat(partes).toString('utf8').includes('"AcessoNegado"');
}

function sementeDaRota(rota: RotaFuzz): number {
  return createHash('sha256')
    .update(`${SEMENTE}:${chaveRota(rota.metodo, rota.caminho)}`)
    .digest()
    .readInt32LE(0);
}

interface Falha {
  caso: Caso;
  problema: string;
}

afterAll(async () => {
  const total = [...contagem.values()].reduce((a, b) => a + b, 0);
  const segundos = ((Date.now() - inicioGeral) / 1000).toFixed(1);
  console.log(
    `fuzz (${dialetoTeste()}): ${total} casos em ${contagem.size} rotas (${CASOS} por rota) em ${segundos} s, semente ${SEMENTE}`,
  );
  await amb.fechar();
});

describe(`fuzz da API (semente ${SEMENTE}, ${CASOS} casos por rota)`, () => {
  it('a lista fuzzada é a de todas as rotas /api: as do catálogo e as registradas', () => {
    const fuzzadas = new Set(rotas.map((r) => chaveRota(r.metodo, r.caminho)));
    const doCatalogo = catalogoEndpoints.map((e) => chaveRota(e.metodo, e.caminho));
    const registradas = amb.app.rotasApi.map((r) => chaveRota(r.metodo, r.caminho));
    expect(doCatalogo.filter((k) => !fuzzadas.has(k))).toEqual([]);
    expect(registradas.filter((k) => !fuzzadas.has(k))).toEqual([]);
    expect(rotas.length).toBeGreaterThanOrEqual(catalogoEndpoints.length);
  });

  for (const rota of rotas.filter((r) => !FILTRO || FILTRO.test(chaveRota(r.metodo, r.caminho)))) {
    const chave = chaveRota(rota.metodo, rota.caminho);
    it(chave, { timeout: 300_000 }, async () => {
      const semente = sementeDaRota(rota);
      const t0 = Date.now();
      const casos = fc.sample(casoDaRota(rota, OPCOES), { seed: semente, numRuns: CASOS });
      const msGeracao = Date.now() - t0;
      const daEquipe = await ehDaEquipe(rota);
      const escrita = rota.metodo !== 'GET';
      const falhas: Falha[] = [];
      const inicio = Date.now();
      const estatuto = new Map<string, number>();
      const dono = donoDaRota(rota.caminho);
      const equipe =
        dono === 'financeiro'
          ? sessoes.financeiro
          : dono === 'administrador'
            ? sessoes.administrador
            : sessoes.equipe;
      const sessaoDo = (caso: Caso) =>
        (caso.sessao === 'propria') === daEquipe ? equipe : sessoes.trabalhador;
      const rodar = async (caso: Caso): Promise<Resposta> => {
        let relogio: NodeJS.Timeout | undefined;
        const prazo = new Promise<Resposta>((resolver) => {
          relogio = setTimeout(
            () =>
              resolver({ status: 0, headers: {}, json: undefined, texto: `sem resposta em ${PRAZO_MS} ms` }),
            PRAZO_MS,
          );
        });
        const r = await Promise.race([enviar(amb.app, rota, caso, sessaoDo(caso)), prazo]);
        clearTimeout(relogio);
        const rotulo =
          r.status === 0
            ? 'prazo'
            : `${r.status}${(r.json as { codigoErro?: string } | undefined)?.codigoErro ? ` ${(r.json as { codigoErro: string }).codigoErro}` : ''}`;
        estatuto.set(rotulo, (estatuto.get(rotulo) ?? 0) + 1);
        const problema = problemaDaResposta(rota, caso, r);
        if (problema) falhas.push({ caso, problema });
        return r;
      };
      const digesto = async () => {
        const t = Date.now();
        const d = await digestoLinhas(amb.banco, donos);
        msDigesto += Date.now() - t;
        return d;
      };
      let msDigesto = 0;
      // The digest after a batch is the one before the next, unless a new session was made in between.
      let atual: Digesto | undefined = escrita ? await digesto() : undefined;

      for (let i = 0; i < casos.length; i += LOTE) {
        const lote = casos.slice(i, i + LOTE);
        const antes = atual;
        const respostas = await Promise.all(lote.map(rodar));
        if (antes) atual = await digesto();
        if (antes && atual && tabelasAlteradas(antes, atual).length > 0) {
          // Something changed: a success may have (rightly), a refusal must not. The refused cases again, as
          // a batch between two digests; if that changes anything, each alone, to name the one that writes.
          const refusados = lote.filter((_, j) => {
            const r = respostas[j];
            return r !== undefined && recusada(r);
          });
          const a = atual;
          await Promise.all(refusados.map((caso) => enviar(amb.app, rota, caso, sessaoDo(caso))));
          atual = await digesto();
          if (tabelasAlteradas(a, atual).length > 0) {
            for (const caso of refusados) {
              const a1 = await digesto();
              const r = await rodar(caso);
              const mudou = tabelasAlteradas(a1, await digesto());
              if (recusada(r) && mudou.length > 0)
                falhas.push({ caso, problema: `recusa (${r.status}) alterou ${mudou.join(', ')}` });
            }
            atual = await digesto();
          }
        }
        if ((await manterSessoes()) && escrita) atual = await digesto();
      }
      contagem.set(chave, casos.length);
      const respostas = [...estatuto].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}×${n}`);
      console.log(
        `fuzz ${chave}: ${casos.length} casos em ${((Date.now() - inicio) / 1000).toFixed(1)} s (geração ${(msGeracao / 1000).toFixed(1)} s)${escrita ? ` (digestos ${(msDigesto / 1000).toFixed(1)} s)` : ''} (${daEquipe ? 'equipe' : 'trabalhador'}) → ${respostas.join(', ')}`,
      );
      if (falhas.length > 0) {
        const linhas = falhas
          .slice(0, 10)
          .map((f) => `  ${f.problema}\n    ${descreverCaso(f.caso)}`)
          .join('\n');
        expect.fail(
          `${chave}: ${falhas.length} de ${casos.length} casos falharam (FUZZ_SEMENTE=${SEMENTE}, semente da rota ${semente})\n${linhas}`,
        );
      }
      expect(casos.length).toBe(CASOS);
    });
  }
});
