import { describe, expect, it } from 'vitest';
import { exibePonteiro, mapaParametros } from './ponteiro.ts';

const EST = 1;
const CONF = 2;
const VIG = 4;
const CAP = 6;

function params(valor: string) {
  return mapaParametros([
    { nome: 'EXIBIR_OFERTA_PONTEIRO_ESTIVA', valor },
    { nome: 'EXIBIR_OFERTA_PONTEIRO_CONFERENTES', valor },
    { nome: 'EXIBIR_OFERTA_PONTEIRO_CAPATAZIA', valor },
    { nome: 'EXIBIR_OFERTA_PONTEIRO_VIGIAS', valor },
  ]);
}

const ogmo = { codCategoria: 9, artigo: 55 };
const estivador = { codCategoria: 1, artigo: 55 };
const conferente = { codCategoria: 2, artigo: 55 };
const vigia = { codCategoria: 4, artigo: 55 };
const arrumador = { codCategoria: 6, artigo: 55 };
const portuario = { codCategoria: 7, artigo: 55 };

describe('exibePonteiro: equipe do OGMO (categoria 9)', () => {
  it.each(['1', 'ogmo', 'todos', 'TODOS', ' ogmo '])("vê com '%s' em estiva, conferência e vigia", (v) => {
    for (const cat of [EST, CONF, VIG]) expect(exibePonteiro(cat, ogmo, params(v))).toBe(true);
  });
  it('nunca vê o ponteiro da capatazia', () => {
    for (const v of ['1', 'ogmo', 'todos']) expect(exibePonteiro(CAP, ogmo, params(v))).toBe(false);
  });
  it("não vê com '0', vazio ou sem parâmetro", () => {
    expect(exibePonteiro(EST, ogmo, params('0'))).toBe(false);
    expect(exibePonteiro(EST, ogmo, params(''))).toBe(false);
    expect(exibePonteiro(EST, ogmo, new Map())).toBe(false);
  });
  it('vale mesmo fora do artigo 55', () => {
    expect(exibePonteiro(EST, { codCategoria: 9, artigo: 54 }, params('ogmo'))).toBe(true);
  });
});

describe('exibePonteiro: registrados (artigo 55)', () => {
  it("'ogmo' não mostra a ninguém além da equipe", () => {
    for (const a of [estivador, conferente, vigia, arrumador, portuario])
      for (const cat of [EST, CONF, VIG, CAP]) expect(exibePonteiro(cat, a, params('ogmo'))).toBe(false);
  });

  it.each(['1', 'todos'])("com '%s': estivador vê estiva e vigia", (v) => {
    expect(exibePonteiro(EST, estivador, params(v))).toBe(true);
    expect(exibePonteiro(VIG, estivador, params(v))).toBe(true);
    expect(exibePonteiro(CONF, estivador, params(v))).toBe(false);
    expect(exibePonteiro(CAP, estivador, params(v))).toBe(false);
  });

  it.each(['1', 'todos'])("com '%s': conferente vê só conferência", (v) => {
    expect(exibePonteiro(CONF, conferente, params(v))).toBe(true);
    for (const cat of [EST, VIG, CAP]) expect(exibePonteiro(cat, conferente, params(v))).toBe(false);
  });

  it.each(['1', 'todos'])("com '%s': arrumador e portuário veem só capatazia", (v) => {
    for (const a of [arrumador, portuario]) {
      expect(exibePonteiro(CAP, a, params(v))).toBe(true);
      for (const cat of [EST, CONF, VIG]) expect(exibePonteiro(cat, a, params(v))).toBe(false);
    }
  });

  it('vigia não vê ponteiro de categoria alguma', () => {
    for (const cat of [EST, CONF, VIG, CAP]) expect(exibePonteiro(cat, vigia, params('todos'))).toBe(false);
  });

  it('cada categoria de oferta obedece ao seu próprio parâmetro', () => {
    const p = mapaParametros([
      { nome: 'EXIBIR_OFERTA_PONTEIRO_ESTIVA', valor: 'todos' },
      { nome: 'EXIBIR_OFERTA_PONTEIRO_VIGIAS', valor: '0' },
    ]);
    expect(exibePonteiro(EST, estivador, p)).toBe(true);
    expect(exibePonteiro(VIG, estivador, p)).toBe(false);
  });
});

describe('exibePonteiro: cadastrados (artigo 54) e categorias desconhecidas', () => {
  it('cadastrado nunca vê', () => {
    expect(exibePonteiro(EST, { codCategoria: 1, artigo: 54 }, params('todos'))).toBe(false);
  });
  it('categoria de oferta sem parâmetro não mostra', () => {
    expect(exibePonteiro(3, ogmo, params('todos'))).toBe(false);
  });
});
