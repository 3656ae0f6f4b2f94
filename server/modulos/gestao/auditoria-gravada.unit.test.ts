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

  it('uma linha compacta da versão 1 (migração 2026-11-23-70) é lida com as palavras de então', () => {
    const ofertas = new Map<number, OfertaAuditada>([
      [7, { descricao: 'MSC AURORA, Porão 1, Estivador', ultimoEscalado: 47 }],
      [8, { descricao: 'MSC AURORA, Porão 2, Estivador', ultimoEscalado: 52 }],
      [9, { descricao: 'LOG-IN PANTANAL, Porão 1, Estivador', ultimoEscalado: null }],
    ]);
    const escalado = lerDecisao('[1,2,11,[7,1,1,8,0,2,9,6,3],null]', ofertas);
    expect(escalado.motivo).toBe(
      'Escalado na sua 2ª preferência: a 1ª (MSC AURORA, Porão 1, Estivador) foi preenchida por ' +
        'trabalhadores à sua frente no rodízio (último escalado: nº 0047).',
    );
    expect(escalado.escolhas.map((e) => e.texto)).toEqual([
      'a 1ª (MSC AURORA, Porão 1, Estivador) foi preenchida por trabalhadores à sua frente no rodízio (último escalado: nº 0047)',
      'a 2ª (MSC AURORA, Porão 2, Estivador): escalado',
      'a 3ª (LOG-IN PANTANAL, Porão 1, Estivador) não foi necessária: você já estava escalado numa preferência anterior',
    ]);
    const semDescanso = lerDecisao('[1,0,11,[7,4,1],null]', ofertas);
    expect(semDescanso.motivo).toBe(
      'Não escalado: a 1ª (MSC AURORA, Porão 1, Estivador) não valeu: você não teria o descanso mínimo de 11 ' +
        'horas antes desse turno.',
    );
    const impedido = lerDecisao('[1,0,11,[7,5,1],"Exame periódico vencido"]', ofertas);
    expect(impedido.motivo).toBe(
      'Não escalado: você estava impedido no momento do rodízio (Exame periódico vencido).',
    );
  });

  it('a versão 2 nomeia a escolha, a data e o turno, e o número como a barra do topo', () => {
    const ofertas = new Map<number, OfertaAuditada>([
      [7, { descricao: 'MSC AURORA, Porão 1, Estivador, 15/03 07-13', ultimoEscalado: 47 }],
      [8, { descricao: 'MSC AURORA, Porão 1, Estivador, 15/03 13-19', ultimoEscalado: 52 }],
    ]);
    const lida = lerDecisao('[2,0,11,[7,1,1,8,1,2],null]', ofertas);
    expect(lida.motivo).toBe(
      'Não escalado: sua 1ª escolha (MSC AURORA, Porão 1, Estivador, 15/03 07-13) foi preenchida por ' +
        'trabalhadores à sua frente no rodízio (último escalado: Chamada 047); sua 2ª escolha (MSC AURORA, ' +
        'Porão 1, Estivador, 15/03 13-19) foi preenchida por trabalhadores à sua frente no rodízio (último ' +
        'escalado: Chamada 052).',
    );
  });
});
