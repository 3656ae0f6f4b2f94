import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste, ClienteTeste, RespostaTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { esquecerAcessos } from './index.ts';
import { MAXIMO_APARELHOS_POR_CONTA } from './repositorio-aparelhos.ts';
import { gerarHashSenha } from './senhas.ts';

/**
 * Issue 28, item 4: trusted devices live on the server, bound to the account. Sixty cookies minted by sixty
 * correct logins used to give 4 free guesses each (240 in one burst); now only the last few devices are
 * trusted, and a password change forgets them all (docs/decisions/0227).
 */
let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const COD = '100004';
const NOME = `TPA-APARELHO-${COD}`;

function valorCookie(r: RespostaTeste): string {
  const linhas = ([] as (string | number)[]).concat(r.headers['set-cookie'] ?? []).map(String);
  const linha = linhas.find((l) => l.startsWith(`${NOME}=`)) ?? '';
  return linha.split(';')[0]?.slice(NOME.length + 1) ?? '';
}

function entrarCom(c: ClienteTeste, senha: string, cookie: string) {
  return c.requisitar({
    method: 'POST',
    url: '/api/login',
    payload: { login: COD, password: senha },
    cookies: { [NOME]: cookie },
  });
}

describe('aparelhos confiáveis na conta', () => {
  it('60 cookies antigos não dão 240 palpites; depois da troca de senha, nenhum cookie antigo vale', async () => {
    const inicio = amb.relogio.now();
    const c = await amb.cliente();
    const cookies: string[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await c.entrar(COD);
      expect(r.status).toBe(200);
      cookies.push(valorCookie(r));
      amb.relogio.avancar(1000);
    }
    expect(new Set(cookies).size).toBe(60);
    const linhas = await amb.db
      .selectFrom('aparelho_confiavel')
      .select('id')
      .where('cod_avulso', '=', COD)
      .execute();
    expect(linhas.length).toBe(MAXIMO_APARELHOS_POR_CONTA);

    // Each cookie four wrong guesses, all at once: only the devices still trusted have a budget of their own,
    // the rest share the count of unknown devices.
    const rajada = await Promise.all(
      cookies.flatMap((cookie) => Array.from({ length: 4 }, () => entrarCom(c, '999999', cookie))),
    );
    const conferidas = rajada.filter((r) => r.status === 401).length;
    expect(rajada.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    // Five checks per budget (the 5th failure earns the first wait): the trusted devices and the unknown count.
    expect(conferidas).toBeLessThanOrEqual((MAXIMO_APARELHOS_POR_CONTA + 1) * 5);
    expect(conferidas).toBeGreaterThan(0);

    // The password changes (what POST /api/avulso/senha and the reset code do, in one transaction).
    amb.relogio.avancar(3_600_000);
    const sessaoAntiga = await amb.logado(COD);
    const ultimo = cookies.at(-1) ?? '';
    const novoHash = await gerarHashSenha('654321');
    const esquecidos = await amb.db.transaction().execute(async (trx) => {
      await trx.updateTable('avulso').set({ senha_hash: novoHash }).where('cod_avulso', '=', COD).execute();
      return esquecerAcessos(trx, COD, { agora: amb.relogio.now() });
    });
    expect(esquecidos.aparelhos).toBe(MAXIMO_APARELHOS_POR_CONTA);
    expect(esquecidos.sessoes.length).toBeGreaterThan(0);
    for (const s of esquecidos.sessoes) for (const t of s.tokens) amb.app.ctx.sessoes.esquecer(t);
    expect((await sessaoAntiga.get('/api/sessao')).status).toBe(401);

    // The newest old cookie is now an unknown device: its guesses count with every stranger's.
    const depois = await Promise.all(Array.from({ length: 20 }, () => entrarCom(c, '999999', ultimo)));
    expect(depois.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    const semConfianca = await amb.db
      .selectFrom('aparelho_confiavel')
      .select('id')
      .where('cod_avulso', '=', COD)
      .execute();
    expect(semConfianca).toEqual([]);
    amb.relogio.definir(inicio);
    // Sixty real logins (an Argon2id each) and 260 more requests: minutes on a loaded machine.
  }, 180_000);

  it('o aparelho em uso fica; o menos usado sai quando passa do teto', async () => {
    const cod = '100006';
    const nome = `TPA-APARELHO-${cod}`;
    const c = await amb.cliente();
    const primeiro = await c.entrar(cod);
    const linhas = ([] as (string | number)[]).concat(primeiro.headers['set-cookie'] ?? []).map(String);
    const cookie = (linhas.find((l) => l.startsWith(`${nome}=`)) ?? '').split(';')[0]?.slice(nome.length + 1);
    for (let i = 0; i < MAXIMO_APARELHOS_POR_CONTA + 2; i++) {
      amb.relogio.avancar(1000);
      // The first device keeps being used between the new ones.
      const r = await c.requisitar({
        method: 'POST',
        url: '/api/login',
        payload: { login: cod, password: '123456' },
        cookies: { [nome]: cookie ?? '' },
      });
      expect(r.status).toBe(200);
      expect((await (await amb.cliente()).entrar(cod)).status).toBe(200);
    }
    const ids = (
      await amb.db.selectFrom('aparelho_confiavel').select('id').where('cod_avulso', '=', cod).execute()
    ).map((l) => l.id);
    expect(ids.length).toBe(MAXIMO_APARELHOS_POR_CONTA);
    expect(ids).toContain(cookie?.split('.')[0]);
  });
});
