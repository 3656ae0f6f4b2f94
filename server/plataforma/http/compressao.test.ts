import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalacao, type VagasResposta } from '#common/api/escalacao.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import { escolha, ofertasDe } from '../../modulos/escalacao/apoio-teste.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

let amb: AmbienteTeste;

beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const VAGAS = '/api/vagas?numEscalacao=4521';

function get(c: ClienteTeste, url: string, headers: Record<string, string> = {}) {
  return c.requisitar({ method: 'GET', url, headers });
}

describe('compressão das respostas de /api', () => {
  it('brotli para quem aceita, gzip para quem só aceita gzip, nada para quem não pede', async () => {
    const c = await amb.logado('100001');
    const puro = await get(c, VAGAS);
    expect(puro.status).toBe(200);
    expect(puro.headers['content-encoding']).toBeUndefined();
    expect(puro.bruto.length).toBeGreaterThan(20_000);

    const br = await get(c, VAGAS, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.bruto.length).toBeLessThan(puro.bruto.length / 5);
    expect(brotliDecompressSync(br.bruto).equals(puro.bruto)).toBe(true);

    const gz = await get(c, VAGAS, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bruto).equals(puro.bruto)).toBe(true);

    const nenhum = await get(c, VAGAS, { 'accept-encoding': 'identity' });
    expect(nenhum.headers['content-encoding']).toBeUndefined();
    expect(nenhum.bruto.equals(puro.bruto)).toBe(true);
  });

  it('respostas pequenas e erros pequenos vão sem compressão', async () => {
    const c = await amb.logado('100001');
    const r = await get(c, '/api/escalaAberta', { 'accept-encoding': 'br, gzip' });
    expect(r.status).toBe(200);
    expect(r.bruto.length).toBeLessThan(1024);
    expect(r.headers['content-encoding']).toBeUndefined();
    const erro = await get(c, '/api/vagas?numEscalacao=abc', { 'accept-encoding': 'br' });
    expect(erro.status).toBe(400);
    expect(erro.headers['content-encoding']).toBeUndefined();
    expect(erro.corpo.codigoErro).toBe('DadosInvalidos');
  });

  it('a mesma lista de confirmados para dois trabalhadores é comprimida uma vez', async () => {
    const a = await amb.logado('100001');
    const b = await amb.logado('100005');
    const url = '/api/avulsosConfirmados?numEscalacao=4521&codCategoria=1';
    const antes = amb.app.comprimidos.compressoes;
    const ra = await get(a, url, { 'accept-encoding': 'br' });
    const rb = await get(b, url, { 'accept-encoding': 'br' });
    expect(ra.status).toBe(200);
    expect(ra.headers['content-encoding']).toBe('br');
    expect(rb.bruto.equals(ra.bruto)).toBe(true);
    expect(amb.app.comprimidos.compressoes - antes).toBe(1);
  });
});

describe('GET /api/vagas: a parte compartilhada comprimida uma vez por mudança da escala (decisão 0134)', () => {
  const ACEITA = { br: 'gzip, deflate, br, zstd', gzip: 'gzip, br;q=0' } as const;
  const chaveCompartilhada = (etag: unknown) => String(etag).slice(3).split('.')[0];

  async function mudarVagas(delta: number) {
    const { seq_categoria, num_vagas } = await amb.db
      .selectFrom('oferta')
      .select(['seq_categoria', 'num_vagas'])
      .where('num_escalacao', '=', 4521)
      .where('cod_categoria', '=', 1)
      .orderBy('seq_categoria')
      .executeTakeFirstOrThrow();
    await amb.db
      .updateTable('oferta')
      .set({ num_vagas: num_vagas + delta })
      .where('num_escalacao', '=', 4521)
      .where('seq_categoria', '=', seq_categoria)
      .execute();
    amb.app.escalacao.invalidar(4521);
    return { seqCategoria: seq_categoria, numVagas: num_vagas + delta };
  }

  it('dois trabalhadores, respostas diferentes: uma compressão por codificação, e o corpo lido é o sem compressão', async () => {
    await mudarVagas(1);
    const a = await amb.logado('100001');
    const b = await amb.logado('100007');
    const puroA = await get(a, VAGAS);
    const puroB = await get(b, VAGAS);
    expect(puroB.bruto.equals(puroA.bruto)).toBe(false);
    expect(chaveCompartilhada(puroB.headers.etag)).toBe(chaveCompartilhada(puroA.headers.etag));
    for (const codificacao of ['br', 'gzip'] as const) {
      const antes = amb.app.comprimidos.compressoes;
      const ra = await get(a, VAGAS, { 'accept-encoding': ACEITA[codificacao] });
      expect(amb.app.comprimidos.compressoes - antes).toBe(1);
      const rb = await get(b, VAGAS, { 'accept-encoding': ACEITA[codificacao] });
      const ra2 = await get(a, VAGAS, { 'accept-encoding': ACEITA[codificacao] });
      expect(amb.app.comprimidos.compressoes - antes).toBe(1);
      for (const [r, puro] of [
        [ra, puroA],
        [rb, puroB],
        [ra2, puroA],
      ] as const) {
        expect(r.headers['content-encoding']).toBe(codificacao);
        expect(r.headers.vary).toContain('Accept-Encoding');
        expect(r.headers.etag).toBe(puro.headers.etag);
        const lido = codificacao === 'br' ? brotliDecompressSync(r.bruto) : gunzipSync(r.bruto);
        expect(lido.equals(puro.bruto)).toBe(true);
      }
    }
  });

  it('lida de novo sem mudança, nada é comprimido; uma mudança da escala, uma compressão e a etiqueta nova', async () => {
    const c = await amb.logado('100001');
    const primeira = await get(c, VAGAS, { 'accept-encoding': 'br' });
    amb.app.escalacao.invalidar(4521);
    const antes = amb.app.comprimidos.compressoes;
    const relida = await get(c, VAGAS, { 'accept-encoding': 'br' });
    expect(amb.app.comprimidos.compressoes - antes).toBe(0);
    expect(relida.bruto.equals(primeira.bruto)).toBe(true);
    expect((await get(c, VAGAS, { 'if-none-match': String(primeira.headers.etag) })).status).toBe(304);

    const { seqCategoria, numVagas } = await mudarVagas(1);
    const mudada = await get(c, VAGAS, {
      'accept-encoding': 'br',
      'if-none-match': String(primeira.headers.etag),
    });
    expect(mudada.status).toBe(200);
    expect(amb.app.comprimidos.compressoes - antes).toBe(1);
    expect(chaveCompartilhada(mudada.headers.etag)).not.toBe(chaveCompartilhada(primeira.headers.etag));
    const escala = montarEscalaCarregada(JSON.parse(brotliDecompressSync(mudada.bruto).toString()).dados);
    const oferta = ofertasDe(escala, 1).find((o) => o.funcao.seqCategoria === seqCategoria);
    expect(oferta?.funcao.numVagas).toBe(numVagas);
  });

  it('a parte pessoal é pequena e vai como está; o todo comprimido é menos de um quinto', async () => {
    const c = await amb.logado('100001');
    const puro = await c.chamar(apiEscalacao.vagas, { query: { numEscalacao: 4521 } });
    const pessoal = Buffer.from(JSON.stringify(puro.corpo.dados.pessoal));
    expect(pessoal.length).toBeLessThan(2_048);
    const br = await get(c, VAGAS, { 'accept-encoding': 'br' });
    expect(br.bruto.length).toBeLessThan(puro.bruto.length / 5);
  });
});

describe('ETag e 304', () => {
  it('uma resposta igual é 304 sem corpo; outra codificação ou outro conteúdo, 200', async () => {
    const c = await amb.logado('100001');
    const r = await get(c, VAGAS, { 'accept-encoding': 'br' });
    const etag = String(r.headers.etag);
    // The shared part's hash, then the worker's part's (docs/decisions/0134).
    expect(etag).toMatch(/^W\/"[\w-]{27}\.[\w-]{16}"$/);
    expect(r.headers['cache-control']).toBe('private, no-cache');

    const de = await get(c, VAGAS, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(de.status).toBe(304);
    expect(de.bruto.length).toBe(0);
    expect(de.headers.etag).toBe(etag);
    // The tag names the content, not its coding: a copy kept as gzip is as good.
    expect((await get(c, VAGAS, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(304);
    expect((await get(c, VAGAS, { 'if-none-match': `"x", ${etag}` })).status).toBe(304);
    expect((await get(c, VAGAS, { 'if-none-match': 'W/"outro"' })).status).toBe(200);
  });

  it('outro trabalhador com a etiqueta de um primeiro recebe a própria resposta', async () => {
    const a = await amb.logado('100001');
    const b = await amb.logado('100002');
    const ra = await get(a, VAGAS);
    const rb = await get(b, VAGAS, { 'if-none-match': String(ra.headers.etag) });
    expect(rb.status).toBe(200);
    expect(rb.headers.etag).not.toBe(ra.headers.etag);
    expect(rb.bruto.equals(ra.bruto)).toBe(false);
  });

  it('uma escolha muda a etiqueta', async () => {
    const c = await amb.logado('100003');
    const antes = await get(c, VAGAS);
    const oferta = ofertasDe(montarEscalaCarregada(antes.corpo.dados as VagasResposta)).find(
      (o) => o.funcao.habilitado && o.funcao.comDescanso,
    );
    if (!oferta) throw new Error('nenhuma oferta disponível para 100003');
    const post = await c.post('/api/vagas', {
      numEscalacao: 4521,
      categoria: oferta.codCategoria,
      escolhas: [escolha(oferta, true)],
    });
    expect(post.corpo).toMatchObject({ sucesso: true });
    expect(post.headers.etag).toBeUndefined();
    const depois = await get(c, VAGAS, { 'if-none-match': String(antes.headers.etag) });
    expect(depois.status).toBe(200);
    expect(depois.headers.etag).not.toBe(antes.headers.etag);
  });

  it('uma resposta que traz token renovado nunca é 304 nem guardada', async () => {
    const inicio = amb.relogio.now();
    const c = await amb.logado('100004');
    const url = '/api/avulso/habilitacoes';
    const r = await get(c, url);
    const etag = String(r.headers.etag);
    expect(etag).toMatch(/^W\//);
    // Past half of the idle life the next call renews the token (sessao.test.ts).
    for (let i = 0; i < 16; i++) {
      amb.relogio.avancar(29 * 60_000);
      const renovada = await get(c, url, { 'if-none-match': etag });
      if (renovada.corpo?.token) {
        expect(renovada.status).toBe(200);
        expect(renovada.headers.etag).toBeUndefined();
        expect(renovada.headers['cache-control']).toBe('no-store');
        amb.relogio.definir(inicio);
        return;
      }
      expect(renovada.status).toBe(304);
    }
    amb.relogio.definir(inicio);
    throw new Error('o token não foi renovado');
  });

  it('no totem nada é guardado: no-store e sem ETag', async () => {
    const c = await amb.logado('100001', { quiosque: true });
    const r = await get(c, VAGAS);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers.etag).toBeUndefined();
  });

  it('POST e erros não têm ETag; o logout manda limpar o cache do navegador', async () => {
    const c = await amb.logado('100001');
    const erro = await get(c, '/api/vagas?numEscalacao=999999');
    expect(erro.status).toBe(404);
    expect(erro.headers.etag).toBeUndefined();
    expect(erro.headers['cache-control']).toBe('no-store');
    const sair = await c.post('/api/logout');
    expect(sair.status).toBe(200);
    expect(sair.headers.etag).toBeUndefined();
    expect(sair.headers['clear-site-data']).toBe('"cache"');
  });
});
