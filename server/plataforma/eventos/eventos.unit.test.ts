import { describe, expect, it } from 'vitest';
import type { Barramento, OuvinteBarramento } from './barramento.ts';
import { type Evento, type EventoNoFio, Eventos } from './eventos.ts';

/**
 * Dois servidores ligados por um barramento em memória, que faz o que o LISTEN/NOTIFY faz (o real roda em
 * server/modulos/ao-vivo/dois-servidores.test.ts): o que um envia chega ao outro, em JSON, nunca a ele mesmo.
 */
function doisServidores() {
  const ouvintes: OuvinteBarramento<EventoNoFio>[] = [];
  const perdas: (() => void)[] = [];
  const ponta = (eu: number): Barramento<EventoNoFio> => ({
    enviar: (m) => {
      const texto = JSON.stringify(m);
      for (const [i, ouvinte] of ouvintes.entries()) if (i !== eu) ouvinte(JSON.parse(texto) as EventoNoFio);
    },
    assinar: (ouvinte, aoPerder) => {
      ouvintes[eu] = ouvinte;
      perdas[eu] = aoPerder;
    },
    fechar: async () => {},
  });
  const falhas: unknown[] = [];
  const a = new Eventos(ponta(0), (e) => falhas.push(e));
  const b = new Eventos(ponta(1), (e) => falhas.push(e));
  return { a, b, falhas, perderEmB: () => perdas[1]?.() };
}

describe('o barramento de eventos do domínio', () => {
  it('entrega aqui como local e nos outros servidores como remota', () => {
    const { a, b } = doisServidores();
    const emA: Evento[] = [];
    const emB: Evento[] = [];
    a.assinar('mensagem-enviada', (e) => emA.push(e));
    b.assinar(['mensagem-enviada', 'sessao-encerrada'], (e) => emB.push(e));
    a.emitir('mensagem-enviada', { codAvulso: '100001' });
    expect(emA).toEqual([{ tipo: 'mensagem-enviada', codAvulso: '100001', origem: 'local' }]);
    expect(emB).toEqual([{ tipo: 'mensagem-enviada', codAvulso: '100001', origem: 'remota' }]);
  });

  it("alcance 'este' fica neste servidor", () => {
    const { a, b } = doisServidores();
    const emB: Evento[] = [];
    b.assinar('trabalhador-impedido', (e) => emB.push(e));
    const emA: Evento[] = [];
    a.assinar('trabalhador-impedido', (e) => emA.push(e));
    a.emitir('trabalhador-impedido', { codAvulso: '100002', impedido: true }, 'este');
    expect(emA).toHaveLength(1);
    expect(emB).toEqual([]);
  });

  it('só os ouvintes do evento; em ordem de assinatura; até sair', () => {
    const { a } = doisServidores();
    const ordem: string[] = [];
    const sair1 = a.assinar('escala-publicada', () => ordem.push('1'));
    a.assinar('escala-publicada', () => ordem.push('2'));
    a.assinar('escala-aberta', () => ordem.push('aberta'));
    a.emitir('escala-publicada', { numEscalacao: 7, por: '900002' });
    sair1();
    a.emitir('escala-publicada', { numEscalacao: 8, por: '900002' });
    expect(ordem).toEqual(['1', '2', '2']);
  });

  it('um ouvinte que falha é relatado e não impede os outros', () => {
    const { a, falhas } = doisServidores();
    const recebidos: number[] = [];
    a.assinar('escala-fechada', () => {
      throw new Error('de propósito');
    });
    a.assinar('escala-fechada', (e) => recebidos.push(e.numEscalacao));
    a.emitir('escala-fechada', { numEscalacao: 3, por: '900002' });
    expect(recebidos).toEqual([3]);
    expect(falhas).toHaveLength(1);
  });

  it('quando a escuta pode ter perdido eventos, quem guarda cópias é avisado', () => {
    const { b, perderEmB } = doisServidores();
    let perdas = 0;
    b.aoPerderEventos(() => perdas++);
    perderEmB();
    expect(perdas).toBe(1);
  });
});
