import { describe, expect, it } from 'vitest';
import {
  abrirCedula,
  abrirUrna,
  gerarChaveApuracao,
  normalizarChaveApuracao,
  novaUrna,
  selarVoto,
  TAMANHO_SELO,
} from './urna.ts';

const urna = await novaUrna('TEST-EURN-AABC-DEFG-HJKL-MNPQ');

describe('urna selada', () => {
  it('a chave da apuração tem 24 símbolos sem 0/O/1/I, em grupos de quatro, e nunca se repete', () => {
    const chaves = Array.from({ length: 50 }, gerarChaveApuracao);
    for (const c of chaves) expect(c).toMatch(/^([A-HJ-NP-Z2-9]{4}-){5}[A-HJ-NP-Z2-9]{4}$/);
    expect(new Set(chaves).size).toBe(50);
    expect(normalizarChaveApuracao(' test eurn-aabc defg-hjkl mnpq ')).toBe('TESTEURNAABCDEFGHJKLMNPQ');
  });

  it('abre o que selou, só com a chave certa e só na eleição em que foi selado', async () => {
    const privada = await abrirUrna(urna, 'test-eurn aabc-defg hjkl-mnpq');
    if (!privada) throw new Error('a chave da apuração não abriu a urna');
    for (const voto of [100601, 999998, 999999, 1]) {
      expect(abrirCedula(privada, 7, selarVoto(urna.chavePublica, 7, voto))).toBe(voto);
    }
    const selo = selarVoto(urna.chavePublica, 7, 100601);
    expect(abrirCedula(privada, 8, selo)).toBeNull();
    expect(await abrirUrna(urna, 'TEST-EURN-AABC-DEFG-HJKL-MNPR')).toBeNull();
    const outra = await novaUrna('TEST-EURN-AABC-DEFG-HJKL-MNPQ');
    expect(outra.chavePublica).not.toBe(urna.chavePublica);
    const outraPrivada = await abrirUrna(outra, 'TEST-EURN-AABC-DEFG-HJKL-MNPQ');
    if (!outraPrivada) throw new Error('a outra urna não abriu');
    expect(abrirCedula(outraPrivada, 7, selo)).toBeNull();
    const adulterado = Buffer.from(selo);
    adulterado[TAMANHO_SELO - 20] = (adulterado[TAMANHO_SELO - 20] ?? 0) ^ 1;
    expect(abrirCedula(privada, 7, adulterado)).toBeNull();
    expect(abrirCedula(privada, 7, selo.subarray(1))).toBeNull();
  });

  it('o mesmo voto sela em bytes sempre diferentes, todos do mesmo tamanho', () => {
    const selos = [100601, 100601, 100601, 999998, 999999].map((v) => selarVoto(urna.chavePublica, 3, v));
    expect(new Set(selos.map((s) => s.toString('hex'))).size).toBe(5);
    for (const s of selos) expect(s.length).toBe(TAMANHO_SELO);
  });

  it('a chave é derivada fora do laço de eventos (issue 28): ele gira enquanto o scrypt roda', async () => {
    // Counted, not timed: a scrypt on the loop would return before the first turn (0 turns).
    let voltas = 0;
    let parar = false;
    const girar = () => {
      if (parar) return;
      voltas++;
      setImmediate(girar);
    };
    setImmediate(girar);
    const privada = await abrirUrna(urna, 'TEST-EURN-AABC-DEFG-HJKL-MNPR');
    parar = true;
    expect(privada).toBeNull();
    expect(voltas).toBeGreaterThanOrEqual(10);
  });
});
