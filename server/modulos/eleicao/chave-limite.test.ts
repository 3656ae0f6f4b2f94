import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { CHAVE_APURACAO_TESTE, criarEleicaoTeste } from './apoio-teste.ts';
import { CHAVES_POR_MINUTO_POR_ELEICAO } from './rotas.ts';

/**
 * Closing an election with wrong codes (issue 28 item 3, docs/decisions/0223): the scrypt of each code runs on
 * the thread pool, not on the event loop (urna.unit.test.ts), and at most 5 codes per minute per election are tried at all; the rest
 * are 429 in Portuguese before any scrypt. Counted, never timed. On SQLite and PostgreSQL (TEST_DB).
 */

let amb: AmbienteTeste;
let equipe: ClienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
  equipe = await amb.logado('900003');
});
afterAll(async () => {
  await amb.fechar();
});

const novaEleicao = () =>
  criarEleicaoTeste(amb.db, amb.relogio.now(), [{ matricula: 100601, nome: 'Alice Lima', sexo: 'F' }]);
const errada = (i: number) => ({ chaveApuracao: `TEST-ECHA-VEDA-APUR-ACAO-${String(i).padStart(4, '2')}` });
const situacao = async (id: number) =>
  (await amb.db.selectFrom('eleicao').select('situacao').where('id', '=', id).executeTakeFirstOrThrow())
    .situacao;

describe('chaves erradas no encerramento', () => {
  it('40 chaves erradas de uma vez: só 5 chegam ao scrypt (400), as outras 35 são 429 em português', async () => {
    const id = await novaEleicao();
    const respostas = await Promise.all(
      Array.from({ length: 40 }, (_, i) => equipe.post(`/api/eleicoes/${id}/encerrar`, errada(i + 3000))),
    );
    const incorretas = respostas.filter((r) => r.status === 400);
    const recusadas = respostas.filter((r) => r.status === 429);
    expect(incorretas).toHaveLength(CHAVES_POR_MINUTO_POR_ELEICAO);
    for (const r of incorretas) {
      expect(r.corpo.mensagem).toBe('A chave da apuração não confere com a desta eleição.');
    }
    expect(recusadas).toHaveLength(40 - CHAVES_POR_MINUTO_POR_ELEICAO);
    for (const r of recusadas) {
      expect(r.corpo).toMatchObject({
        sucesso: false,
        codigoErro: 'MuitasRequisicoes',
        mensagem: expect.stringMatching(
          /^Tentativas demais com a chave da apuração desta eleição\. Aguarde \d+ segundos e tente novamente\.$/,
        ),
        dados: { aguardarSegundos: expect.any(Number) },
      });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await situacao(id)).toBe('aberta');

    // Another election has its own count; and after the wait, the commission's right code closes this one.
    const outra = await novaEleicao();
    expect((await equipe.post(`/api/eleicoes/${outra}/encerrar`, errada(1))).status).toBe(400);
    expect(
      (await equipe.post(`/api/eleicoes/${id}/encerrar`, { chaveApuracao: CHAVE_APURACAO_TESTE })).status,
    ).toBe(429);
    amb.relogio.avancar(12_000);
    const certa = await equipe.post(`/api/eleicoes/${id}/encerrar`, { chaveApuracao: CHAVE_APURACAO_TESTE });
    expect(certa.status, JSON.stringify(certa.corpo)).toBe(200);
    expect(await situacao(id)).toBe('encerrada');
  });
});

describe('chaves erradas na conferência da cerimônia (issue 30)', () => {
  it('a conferência conta no mesmo limite do encerramento: 5 chegam ao scrypt, e o encerramento espera também', async () => {
    const comissao = await amb.logado('900003');
    const id = await novaEleicao();
    const respostas = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        comissao.post(`/api/gestao/eleicoes/${id}/conferir-chave`, errada(i + 5000)),
      ),
    );
    expect(respostas.filter((r) => r.status === 400)).toHaveLength(CHAVES_POR_MINUTO_POR_ELEICAO);
    const recusadas = respostas.filter((r) => r.status === 429);
    expect(recusadas).toHaveLength(40 - CHAVES_POR_MINUTO_POR_ELEICAO);
    expect(recusadas[0]?.corpo.codigoErro).toBe('MuitasRequisicoes');
    // The wrong codes were never taken as right (each try really opened the sealed box).
    expect(respostas.some((r) => r.status === 200)).toBe(false);
    expect(
      (await equipe.post(`/api/eleicoes/${id}/encerrar`, { chaveApuracao: CHAVE_APURACAO_TESTE })).status,
    ).toBe(429);
    amb.relogio.avancar(12_000);
    const certa = await comissao.post(`/api/gestao/eleicoes/${id}/conferir-chave`, {
      chaveApuracao: CHAVE_APURACAO_TESTE,
    });
    expect(certa.status, JSON.stringify(certa.corpo)).toBe(200);
    expect(certa.corpo.dados).toEqual({ confere: true });
    expect(await situacao(id)).toBe('aberta');
  });
});
