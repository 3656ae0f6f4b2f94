import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSeguranca } from '#common/api/seguranca.ts';
import type { AmbienteTeste, ClienteTeste, RespostaTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';

/**
 * Issue 28, item 5: 16 requests over 7.8 minutes used to lock a worker out of the kiosk for 30 minutes. A kiosk
 * registered by staff has its own budget per worker: whatever an outsider does elsewhere, the worker logs in
 * at the OGMO's kiosk (docs/decisions/0228).
 */
let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

function cookieTotem(r: RespostaTeste): string | undefined {
  const linhas = ([] as (string | number)[]).concat(r.headers['set-cookie'] ?? []).map(String);
  const linha = linhas.find((l) => l.startsWith('TPA-TOTEM='));
  return linha?.split(';')[0]?.slice('TPA-TOTEM='.length);
}

function entrarNoTotem(c: ClienteTeste, cod: string, senha: string, totem?: string) {
  return c.requisitar({
    method: 'POST',
    url: '/api/login',
    payload: { login: cod, password: senha, quiosque: true },
    ...(totem ? { cookies: { 'TPA-TOTEM': totem } } : {}),
  });
}

/** The outsider's attack of the issue: wrong passwords, each after its wait, until the lock. */
async function travarDeFora(cod: string): Promise<void> {
  const estranho = await amb.cliente();
  let ultima = await entrarNoTotem(estranho, cod, '999999');
  for (let i = 0; i < 16 && ultima.corpo.codigoErro !== 'ContaBloqueada'; i++) {
    if (ultima.status === 429) {
      amb.relogio.avancar(
        (dadosDaRecusa<{ aguardarSegundos?: number }>(ultima)?.aguardarSegundos ?? 0) * 1000 + 1000,
      );
    }
    ultima = await entrarNoTotem(estranho, cod, '999999');
  }
  expect(ultima.corpo.codigoErro).toBe('ContaBloqueada');
}

describe('totem registrado pela equipe', () => {
  it('16 pedidos de fora não impedem o login no totem do OGMO; sem o registro, impediriam', async () => {
    const inicio = amb.relogio.now();
    const admin = await amb.logado('900003');
    const registro = await admin.chamar(apiSeguranca.registrarTotem, {
      corpo: { nome: 'Totem da portaria' },
    });
    expect(registro.status).toBe(200);
    expect(registro.corpo.dados).toMatchObject({
      nome: 'Totem da portaria',
      criadoPor: '900003',
      criadoEm: amb.relogio.now().toISOString(),
      usadoEm: null,
      revogadoEm: null,
    });
    const linha = ([] as (string | number)[])
      .concat(registro.headers['set-cookie'] ?? [])
      .map(String)
      .find((l) => l.startsWith('TPA-TOTEM='));
    expect(linha).toMatch(/HttpOnly/i);
    expect(linha).toMatch(/Path=\/api\/login/);
    const totem = cookieTotem(registro) ?? '';

    await travarDeFora('100008');
    const noTotem = await amb.cliente();
    // An unregistered kiosk (no cookie, or a forged one) is an unknown device: the lock holds there.
    expect((await entrarNoTotem(noTotem, '100008', '123456')).corpo.codigoErro).toBe('ContaBloqueada');
    expect((await entrarNoTotem(noTotem, '100008', '123456', `${totem.slice(0, -3)}AAA`)).status).toBe(429);
    // The OGMO's kiosk lets the worker in, and its cookie is renewed.
    const entrou = await entrarNoTotem(noTotem, '100008', '123456', totem);
    expect(entrou.status).toBe(200);
    expect(cookieTotem(entrou)).toBe(totem);
    // The administration's list shows the kiosk's last login.
    const usado = (await admin.chamar(apiSeguranca.totens)).corpo.dados.find(
      (t) => t.nome === 'Totem da portaria',
    );
    expect(usado?.usadoEm).toBe(amb.relogio.now().toISOString());
    // A kiosk session: no device cookie is left at a kiosk.
    const linhas = ([] as (string | number)[]).concat(entrou.headers['set-cookie'] ?? []).map(String);
    expect(linhas.some((l) => l.startsWith('TPA-APARELHO-'))).toBe(false);

    // The kiosk's budget is its own, per worker: typos there wait there only.
    const rajada = await Promise.all(
      Array.from({ length: 20 }, () => entrarNoTotem(noTotem, '100005', '999999', totem)),
    );
    expect(rajada.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect((await entrarNoTotem(noTotem, '100005', '123456', totem)).status).toBe(429);
    expect((await (await amb.cliente()).entrar('100005')).status).toBe(200);

    // Revoked, the cookie is worth nothing: the lock from outside applies again.
    const id = registro.corpo.dados.id;
    const revogar = await admin.chamar(apiSeguranca.revogarTotem, { params: { id } });
    expect(revogar.status).toBe(200);
    expect((await entrarNoTotem(noTotem, '100008', '123456', totem)).corpo.codigoErro).toBe('ContaBloqueada');
    const lista = await admin.chamar(apiSeguranca.totens);
    // The row is the record: who registered it and when, who revoked it and when (never deleted).
    expect(lista.corpo.dados.find((t) => t.id === id)).toMatchObject({
      criadoPor: '900003',
      revogadoPor: '900003',
      revogadoEm: amb.relogio.now().toISOString(),
    });
    expect((await admin.chamar(apiSeguranca.revogarTotem, { params: { id } })).status).toBe(404);
    amb.relogio.definir(inicio);
  });

  it('só a administração registra, lista e revoga totens; entrada ruim é recusada em português', async () => {
    const escalador = await amb.logado('900002');
    const negado = await escalador.chamar(apiSeguranca.registrarTotem, { corpo: { nome: 'x' } });
    expect(negado.status).toBe(403);
    expect(negado.corpo.codigoErro).toBe('AcessoNegado');
    expect((await escalador.chamar(apiSeguranca.totens)).status).toBe(403);
    const trabalhador = await amb.logado('100002');
    expect((await trabalhador.chamar(apiSeguranca.totens)).status).toBe(403);
    expect((await (await amb.cliente()).chamar(apiSeguranca.totens)).status).toBe(401);

    const admin = await amb.logado('900003');
    for (const nome of ['', ' ', 'a'.repeat(61), 'tot\u0000em']) {
      const r = await admin.chamarBruto(apiSeguranca.registrarTotem, { corpo: { nome } });
      expect(r.status).toBe(400);
      expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'DadosInvalidos' });
    }
    const inexistente = await admin.chamarBruto(apiSeguranca.revogarTotem, { params: { id: 'x' } });
    expect(inexistente.status).toBe(400);
    const total = await amb.db.selectFrom('totem').select('id').execute();
    expect(total.length).toBe(1);
  });
});
