import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executarRodizio } from '../rodizio/motor.ts';
import { chamadaArbitraria } from '../rodizio/teste/arbitrarios.ts';
import type { EntradaRodizio } from '../rodizio/tipos.ts';
import { codificarDecisao, lerDecisao, type OfertaAuditada, ofertasDaDecisao } from './auditoria-gravada.ts';

/**
 * The stored audit (codes) read back is, word for word, what the engine wrote (docs/decisions/0154,
 * addendum), for every situation: property-tested on random calls with impediments, lost qualifications,
 * rest and full offers.
 */

function ida(entrada: EntradaRodizio, horas: number) {
  const r = executarRodizio({ ...entrada, horasDescanso: horas });
  const ofertas = new Map<number, OfertaAuditada>(
    entrada.ofertas.map((o) => [
      o.id,
      {
        descricao: o.descricao,
        ultimoEscalado: r.ofertas.find((x) => x.ofertaId === o.id)?.ultimoEscalado ?? null,
      },
    ]),
  );
  const motivo = new Map(entrada.avulsos.map((a) => [a.codAvulso, a.motivoImpedimento]));
  return { r, ofertas, motivo };
}

describe('auditoria gravada em códigos', () => {
  it('lida de volta, é a mesma auditoria do motor, palavra por palavra (1000 chamadas)', () => {
    fc.assert(
      fc.property(
        chamadaArbitraria({ maxOfertas: 8, maxAvulsos: 14 }),
        fc.constantFrom(11, 8),
        (entrada, horas) => {
          const { r, ofertas, motivo } = ida(entrada, horas);
          for (const d of r.decisoes) {
            const codigo = codificarDecisao(d, horas, motivo.get(d.codAvulso));
            expect(new Set(ofertasDaDecisao(codigo))).toEqual(new Set(d.escolhas.map((e) => e.ofertaId)));
            const lida = lerDecisao(codigo, ofertas);
            expect(lida.motivo).toBe(d.motivo);
            expect(lida.escolhas).toEqual(
              d.escolhas.map((e) => ({
                ordem: e.ordem,
                preferencia: e.preferencia,
                situacao: e.situacao,
                texto: e.texto,
              })),
            );
            // Far smaller than the JSON of the texts it replaces.
            expect(codigo.length).toBeLessThan(JSON.stringify(d).length);
          }
        },
      ),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('uma linha gravada antes (o JSON do motor com os textos) é lida como está', () => {
    const antigo = {
      codAvulso: '100001',
      numChamada: 1,
      artigo: 55,
      resultado: 'nao-escalado',
      ofertaId: null,
      ordem: null,
      motivo: 'Não escalado: a 1ª (X, Porão 1, Estivador) não tinha vagas.',
      escolhas: [
        {
          ofertaId: 7,
          ordem: 1,
          preferencia: 1,
          situacao: 'sem-vagas',
          texto: 'a 1ª (X, Porão 1, Estivador) não tinha vagas',
        },
      ],
    };
    const texto = JSON.stringify(antigo);
    expect(ofertasDaDecisao(texto)).toEqual([]);
    expect(lerDecisao(texto, new Map())).toEqual({
      motivo: antigo.motivo,
      escolhas: [
        {
          ordem: 1,
          preferencia: 1,
          situacao: 'sem-vagas',
          texto: 'a 1ª (X, Porão 1, Estivador) não tinha vagas',
        },
      ],
    });
  });
});
