import { describe, expect, it } from 'vitest';
import { Histograma, Recepcao } from './chegadas.ts';
import { lerQuadros } from './sse.ts';

const contagens = (codCategoria: number, em: number, qtds: Record<number, number>, completo = false) =>
  JSON.stringify({
    numEscalacao: 1,
    codCategoria,
    completo,
    ofertas: Object.entries(qtds).map(([s, q]) => ({ seqCategoria: Number(s), qtdEscolhas: q })),
    em,
  });
const confirmados = (codCategoria: number, em: number) =>
  JSON.stringify({ numEscalacao: 1, codCategoria, em });
const estado = (categorias: number[]) => JSON.stringify({ escalaAberta: null, categorias });

describe('bench:ao-vivo — leitura dos fluxos', () => {
  it('separa as mensagens completas, ignora comentários e guarda o resto incompleto', () => {
    const { quadros, resto } = lerQuadros(
      'event: estado\ndata: {"a":1}\n\n: pulso\n\nevent: contagens\ndata: {"b"',
    );
    expect(quadros).toEqual([{ tipo: 'estado', dados: '{"a":1}' }]);
    expect(resto).toBe('event: contagens\ndata: {"b"');
    expect(lerQuadros(`${resto}:2}\n\n`).quadros).toEqual([{ tipo: 'contagens', dados: '{"b":2}' }]);
  });
});

describe('bench:ao-vivo — histograma', () => {
  it('dá percentis, a fração até um limite e junta outro serializado', () => {
    const h = new Histograma();
    for (let i = 1; i <= 100; i++) h.registrar(i * 20);
    h.registrar(-5);
    expect(h.n).toBe(101);
    expect(h.antes).toBe(1);
    expect(h.percentil(50)).toBe(1000);
    expect(h.fracaoAte(1000)).toBeCloseTo(51 / 101);
    const outro = new Histograma();
    outro.registrar(3);
    expect(outro.juntar(h.serializar()).n).toBe(102);
    expect(outro.percentil(0.5)).toBe(0);
    expect(outro.percentil(1)).toBe(3);
  });
});

describe('bench:ao-vivo — chegadas', () => {
  it('atribui cada escolha à primeira mensagem cuja contagem a inclui, em cada fluxo da categoria', () => {
    const r = new Recepcao();
    r.evento('estado', estado([1]), 0, 0);
    r.evento('estado', estado([1, 2]), 0, 1);
    r.evento('contagens', contagens(1, 0, { 7: 2, 8: 0 }, true), 0, 0);
    r.evento('contagens', contagens(1, 0, { 7: 2, 8: 0 }, true), 0, 1);
    // Composed before the choice was read: the offer still counts 2.
    r.evento('contagens', contagens(1, 1010, { 8: 1 }), 1015, 0);
    r.evento('confirmados', confirmados(1, 1010), 1015, 0);
    // Counts 3: it, on both streams, 1,280 and 1,480 ms after the answer.
    r.evento('contagens', contagens(1, 2010, { 7: 3 }), 2300, 0);
    r.evento('confirmados', confirmados(1, 2010), 2300, 0);
    r.evento('contagens', contagens(1, 2010, { 7: 3 }), 2500, 1);
    const res = r.chegadas([{ codCategoria: 1, seqCategoria: 7, enviadaMs: 1000, confirmadaMs: 1020 }]);
    expect(res.contagens.n).toBe(2);
    expect(res.contagens.baldes).toEqual([
      [1280, 1],
      [1480, 1],
    ]);
    // One stream never got the confirmed-list part of that message.
    expect(res.confirmados.n).toBe(1);
    expect(res.faltaram).toBe(1);
    expect(res.semMensagem).toBe(0);
  });

  it('em fatias, cada fluxo conta a primeira mensagem da sua fatia que traz a escolha (docs/decisions/0172)', () => {
    const r = new Recepcao();
    for (const f of [0, 1]) {
      r.evento('estado', estado([1]), 0, f);
      r.evento('contagens', contagens(1, 0, { 7: 0, 8: 0 }, true), 0, f);
    }
    // Stream 0's slice, told at 1,100 from a read at 1,050: the choice of offer 7. Stream 1's slice, told at
    // 1,200 from a read at 1,150, with offer 8 too (stream 0's slice had been told it before).
    r.evento('contagens', contagens(1, 1050, { 7: 1 }), 1100, 0);
    r.evento('confirmados', confirmados(1, 1050), 1100, 0);
    r.evento('contagens', contagens(1, 1150, { 7: 1, 8: 1 }), 1200, 1);
    r.evento('confirmados', confirmados(1, 1150), 1200, 1);
    // Stream 0's next message repeats nothing of offer 7: it does not carry that choice again.
    r.evento('contagens', contagens(1, 2050, { 8: 2 }), 2100, 0);
    const res = r.chegadas([{ codCategoria: 1, seqCategoria: 7, enviadaMs: 1000, confirmadaMs: 1020 }]);
    expect(res.contagens.baldes).toEqual([
      [80, 1],
      [180, 1],
    ]);
    expect(res.confirmados.baldes).toEqual([
      [80, 1],
      [180, 1],
    ]);
    expect(res.faltaram).toBe(0);
    expect(res.semMensagem).toBe(0);
  });

  it('a segunda escolha da mesma oferta espera a contagem seguinte; sem ela, fica sem mensagem', () => {
    const r = new Recepcao();
    r.evento('estado', estado([2]), 0, 0);
    r.evento('contagens', contagens(2, 0, { 5: 0 }, true), 0, 0);
    r.evento('contagens', contagens(2, 1005, { 5: 1 }), 1010, 0);
    r.evento('confirmados', confirmados(2, 1005), 1010, 0);
    const res = r.chegadas([
      { codCategoria: 2, seqCategoria: 5, enviadaMs: 990, confirmadaMs: 1030 },
      { codCategoria: 2, seqCategoria: 5, enviadaMs: 1000, confirmadaMs: 1040 },
    ]);
    // Arrived before the generator read the answer: 0 ms, counted apart.
    expect(res.contagens.antes).toBe(1);
    expect(res.confirmados.n).toBe(1);
    expect(res.semMensagem).toBe(1);
  });

  it('conta as chegadas do evento escala só depois do marco', () => {
    const r = new Recepcao();
    r.evento('escala', '{}', 100, 0);
    r.marcarEscala(200);
    r.evento('escala', '{}', 250, 0);
    expect(r.chegadas([]).escala).toEqual([250]);
  });
});
