import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSessao } from '#common/api/sessao.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { urlFoto } from './fotos.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

async function fotoUrlDe(codAvulso: string): Promise<string> {
  const c = await amb.logado(codAvulso);
  return (await c.chamar(apiSessao.sessao)).corpo.dados.fotoUrl;
}

describe('GET /api/fotos/:arquivo', () => {
  it('a URL assinada do login abre a foto sem token', async () => {
    const url = await fotoUrlDe('100001');
    const r = await amb.app.inject({ method: 'GET', url });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\//);
    expect(r.headers['cache-control']).toBe('private, max-age=600');
    expect(r.rawPayload.length).toBeGreaterThan(100);
  });

  it('o tipo e o nome são os da foto guardada, nunca uma imagem SVG chamada .jpg', async () => {
    const url = await fotoUrlDe('100001');
    expect(url).toMatch(/^\/api\/fotos\/100001\?exp=\d+&sig=[\w-]+$/);
    const { tipo } = await amb.db
      .selectFrom('foto')
      .select('tipo')
      .where('cod_avulso', '=', '100001')
      .executeTakeFirstOrThrow();
    const r = await amb.app.inject({ method: 'GET', url });
    expect(r.headers['content-type']).toBe(tipo);
    const extensao = { 'image/svg+xml': 'svg', 'image/jpeg': 'jpg', 'image/png': 'png' }[tipo];
    expect(r.headers['content-disposition']).toBe(`inline; filename="100001.${extensao}"`);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(String(r.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('quem não tem foto guardada recebe fotoUrl vazia: a tela mostra as iniciais sem pedir nada (issue 29)', async () => {
    expect(
      await amb.db.selectFrom('foto').select('cod_avulso').where('cod_avulso', '=', '100003').execute(),
    ).toEqual([]);
    expect(await fotoUrlDe('100003')).toBe('');
  });

  it('expira: depois da validade a mesma URL é recusada', async () => {
    const inicio = amb.relogio.now();
    const url = await fotoUrlDe('100001');
    amb.relogio.avancar(50 * 60_000);
    expect((await amb.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    amb.relogio.avancar(30 * 60_000);
    const r = await amb.app.inject({ method: 'GET', url });
    amb.relogio.definir(inicio);
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ sucesso: false, codigoErro: 'AcessoNegado' });
  });

  it('recusa assinatura errada, validade alterada e a assinatura de outro trabalhador', async () => {
    const url = new URL(await fotoUrlDe('100001'), 'http://x');
    const exp = url.searchParams.get('exp') ?? '';
    const sig = url.searchParams.get('sig') ?? '';
    const tentativas = [
      `/api/fotos/100001?exp=${exp}&sig=${sig.slice(0, -2)}AA`,
      `/api/fotos/100001?exp=${Number(exp) + 86_400}&sig=${sig}`,
      `/api/fotos/100002?exp=${exp}&sig=${sig}`,
      `/api/fotos/100001?exp=${exp}&sig=`,
    ];
    for (const t of tentativas) {
      const r = await amb.app.inject({ method: 'GET', url: t });
      expect(r.statusCode, t).toBe(403);
      expect(r.json().codigoErro).toBe('AcessoNegado');
    }
  });

  it('parâmetros malformados são 400, nunca 500', async () => {
    for (const t of [
      '/api/fotos/..%2F..%2Fetc%2Fpasswd.jpg?exp=1&sig=a',
      '/api/fotos/1.jpg?exp=1&sig=a',
      '/api/fotos/100001.jpg',
      '/api/fotos/100001?exp=abc&sig=a',
    ]) {
      const r = await amb.app.inject({ method: 'GET', url: t });
      expect([400, 404], t).toContain(r.statusCode);
      expect(r.json().sucesso).toBe(false);
    }
  });

  it('uma URL assinada de quem não tem foto recebe 404 (o cliente mostra o avatar)', async () => {
    const url = urlFoto(amb.app.ctx.config, amb.app.ctx.segredoFotos, '100003', amb.relogio.now());
    const r = await amb.app.inject({ method: 'GET', url });
    expect(r.statusCode).toBe(404);
    expect(r.json().codigoErro).toBe('NaoEncontrado');
  });
});
