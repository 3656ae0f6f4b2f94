import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste, ClienteTeste, RespostaTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';

/**
 * Issue 12, item 3: a stranger's burst of wrong passwords locks the stranger, not the owner. A login from a
 * device that holds the worker's device cookie is counted on that device alone; every lock is recorded and
 * staff read the record.
 */
let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const COOKIE = 'TPA-APARELHO-100001';

function cookieDe(r: RespostaTeste, nome: string): string | undefined {
  const linhas = ([] as (string | number)[]).concat(r.headers['set-cookie'] ?? []).map(String);
  return linhas.find((l) => l.startsWith(`${nome}=`));
}

function entrarCom(c: ClienteTeste, login: string, senha: string, cookies: Record<string, string> = {}) {
  return c.requisitar({ method: 'POST', url: '/api/login', payload: { login, password: senha }, cookies });
}

describe('cookie de aparelho', () => {
  it('o login bem-sucedido deixa um cookie assinado, HttpOnly, só para /api/login; o totem, não', async () => {
    const c = await amb.cliente();
    const r = await c.entrar('100002');
    const linha = cookieDe(r, 'TPA-APARELHO-100002') ?? '';
    expect(linha).toMatch(/^TPA-APARELHO-100002=[\w-]{22}\.\d+\.[\w-]{43};/);
    expect(linha).toMatch(/HttpOnly/i);
    expect(linha).toMatch(/SameSite=Strict/i);
    expect(linha).toMatch(/Path=\/api\/login/);
    const totem = await (await amb.cliente()).entrar('100003', '123456', true);
    expect(totem.status).toBe(200);
    expect(cookieDe(totem, 'TPA-APARELHO-100003')).toBeUndefined();
  });

  it('uma rajada de 40 de um estranho bloqueia o estranho; o dono, com o cookie, entra', async () => {
    const inicio = amb.relogio.now();
    const dono = await amb.cliente();
    const primeiro = await dono.entrar('100001');
    const valor = (cookieDe(primeiro, COOKIE) ?? '').split(';')[0]?.slice(COOKIE.length + 1) ?? '';
    expect(valor).not.toBe('');

    const estranho = await amb.cliente();
    const rajada = await Promise.all(Array.from({ length: 40 }, () => estranho.entrar('100001', '999999')));
    expect(rajada.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(rajada.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(35);
    // The stranger keeps going, each wait served, up to the 30-minute lock.
    let ultima = await estranho.entrar('100001', '999999');
    for (let i = 0; i < 12 && ultima.corpo.codigoErro !== 'ContaBloqueada'; i++) {
      amb.relogio.avancar(
        (dadosDaRecusa<{ aguardarSegundos?: number }>(ultima)?.aguardarSegundos ?? 0) * 1000 + 1000,
      );
      ultima = await estranho.entrar('100001', '999999');
    }
    expect(ultima.corpo.codigoErro).toBe('ContaBloqueada');

    // Without the device cookie the lock applies, even with the right password; a forged or another
    // worker's cookie is no cookie.
    expect((await estranho.entrar('100001')).corpo.codigoErro).toBe('ContaBloqueada');
    const forjado = `${valor.slice(0, -4)}AAAA`;
    expect((await entrarCom(estranho, '100001', '123456', { [COOKIE]: forjado })).status).toBe(429);
    expect((await entrarCom(estranho, '100001', '123456', { 'TPA-APARELHO-100002': valor })).status).toBe(
      429,
    );

    // The owner's own device gets in, and its cookie is renewed.
    const entrou = await entrarCom(dono, '100001', '123456', { [COOKIE]: valor });
    expect(entrou.status).toBe(200);
    expect(entrou.corpo.sucesso).toBe(true);
    expect(cookieDe(entrou, COOKIE)).toBeDefined();

    // A typo on the owner's device counts on that device only: the stranger's lock stays as it was.
    const typo = await entrarCom(dono, '100001', '000000', { [COOKIE]: valor });
    expect(typo.corpo.codigoErro).toBe('CredenciaisInvalidas');
    expect((await entrarCom(dono, '100001', '123456', { [COOKIE]: valor })).status).toBe(200);
    expect((await estranho.entrar('100001')).corpo.codigoErro).toBe('ContaBloqueada');
    amb.relogio.definir(inicio);
  });

  it('o aparelho confiável tem o seu próprio limite', async () => {
    const inicio = amb.relogio.now();
    const dono = await amb.cliente();
    const nome = 'TPA-APARELHO-100005';
    const valor =
      (cookieDe(await dono.entrar('100005'), nome) ?? '').split(';')[0]?.slice(nome.length + 1) ?? '';
    const respostas = await Promise.all(
      Array.from({ length: 20 }, () => entrarCom(dono, '100005', '999999', { [nome]: valor })),
    );
    expect(respostas.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect((await entrarCom(dono, '100005', '123456', { [nome]: valor })).status).toBe(429);
    // Another device (no cookie) is not held by the device's count.
    expect((await (await amb.cliente()).entrar('100005')).status).toBe(200);
    amb.relogio.definir(inicio);
  });
});

describe('GET /api/seguranca/bloqueios', () => {
  it('a equipe do OGMO vê os bloqueios e desbloqueios; um trabalhador, não', async () => {
    const equipe = await amb.logado('900003');
    const r = await equipe.get('/api/seguranca/bloqueios');
    expect(r.status).toBe(200);
    const eventos = r.corpo.dados as {
      evento: string;
      politica: string;
      sujeito: string;
      ip: string | null;
    }[];
    const doDono = eventos.filter((e) => e.sujeito === '100001' && e.politica === 'login');
    expect(doDono.some((e) => e.evento === 'bloqueio')).toBe(true);
    expect(doDono.every((e) => typeof e.ip === 'string')).toBe(true);
    expect(eventos.some((e) => e.politica === 'aparelho' && e.sujeito.startsWith('100005:'))).toBe(true);

    const trabalhador = await amb.logado('100002');
    const negado = await trabalhador.get('/api/seguranca/bloqueios');
    expect(negado.status).toBe(403);
    expect(negado.corpo).toMatchObject({ sucesso: false, codigoErro: 'AcessoNegado' });
    expect((await (await amb.cliente()).get('/api/seguranca/bloqueios')).status).toBe(401);
  });
});
