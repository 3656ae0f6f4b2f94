import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { limpezasAgendadas } from './limpeza.ts';

/**
 * Issue 12: expired session rows (and stale throttle counts) were never deleted. A timer of LIMPEZA_MINUTOS
 * deletes them; here it runs every 60 ms and the test moves the app's clock past the rows' end.
 */
let amb: AmbienteTeste;

beforeAll(async () => {
  amb = await criarAmbiente({ limpezaMinutos: 0.001 });
});
afterAll(async () => {
  await amb.fechar();
});

const HORA = 3_600_000;

async function contar() {
  const sessoes = await amb.db.selectFrom('sessao').select(['token_hash', 'expira_em']).execute();
  const tentativas = await amb.db.selectFrom('tentativa').select('chave').execute();
  return { sessoes: sessoes.length, tentativas: tentativas.map((t) => t.chave) };
}

/** Polls until `cond` holds (the timer's next turns), failing after 10 s. */
async function ate(cond: () => Promise<boolean>): Promise<void> {
  const limite = Date.now() + 10_000;
  while (!(await cond())) {
    if (Date.now() > limite) throw new Error('a limpeza não aconteceu');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('limpeza periódica', () => {
  it('apaga as sessões um dia depois do fim e as contagens de tentativas paradas; as vivas ficam', async () => {
    const antes = await contar();
    const velha = await amb.logado('100001');
    await amb.logado('100002');
    expect((await (await amb.cliente()).entrar('100003', '000000')).status).toBe(401);
    const criadas = await contar();
    expect(criadas.sessoes).toBe(antes.sessoes + 2);
    expect(criadas.tentativas).toContain('login:100003');

    // 12 h of absolute life, then the day of margin: 37 h later both sessions and the count are of no use.
    amb.relogio.avancar(37 * HORA);
    const viva = await amb.logado('100004');
    await ate(async () => (await contar()).sessoes === 1);
    await ate(async () => !(await contar()).tentativas.includes('login:100003'));
    expect((await viva.get('/api/sessao')).status).toBe(200);
    expect((await velha.get('/api/sessao')).status).toBe(401);
  });

  it('apaga os aparelhos confiáveis parados por mais que a vida do cookie; os usados ficam', async () => {
    await amb.logado('100005');
    const aparelhos = () =>
      amb.db
        .selectFrom('aparelho_confiavel')
        .select('cod_avulso')
        .where('cod_avulso', 'in', ['100005', '100006'])
        .execute();
    expect((await aparelhos()).map((a) => a.cod_avulso)).toEqual(['100005']);
    amb.relogio.avancar(181 * 24 * HORA);
    await amb.logado('100006');
    await ate(async () => (await aparelhos()).every((a) => a.cod_avulso !== '100005'));
    expect((await aparelhos()).map((a) => a.cod_avulso)).toEqual(['100006']);
  });

  it('o temporizador para quando o app fecha', async () => {
    const outro = await criarAmbiente({ limpezaMinutos: 0.001 });
    const aberto = limpezasAgendadas();
    expect(aberto).toBeGreaterThanOrEqual(2);
    await outro.fechar();
    expect(limpezasAgendadas()).toBe(aberto - 1);
  });
});
