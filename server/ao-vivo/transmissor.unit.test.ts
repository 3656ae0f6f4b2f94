import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type ClienteAoVivo, Quadro, Transmissor } from './transmissor.ts';

/** A stream's response as the transmitter uses it: what was written, and whether it ended. */
function resposta() {
  const escritos: (string | Buffer)[] = [];
  const r = {
    escritos,
    terminou: false,
    writableEnded: false,
    destroyed: false,
    writableLength: 0,
    write(dados: string | Buffer) {
      escritos.push(dados);
      return true;
    },
    end() {
      r.terminou = true;
      r.writableEnded = true;
    },
    destroy() {
      r.destroyed = true;
    },
    on() {
      return r;
    },
  };
  return r;
}

function transmissor() {
  return new Transmissor(
    {
      escalaAberta: async () => null,
      contagens: async () => [{ seqCategoria: 1, qtdEscolhas: 3, numVagas: 5 }],
    },
    {
      intervaloContagensMs: 500,
      maximoPendenteBytes: 256 * 1024,
      relatarFalha: (erro) => {
        throw erro;
      },
    },
  );
}

async function conectar(t: Transmissor, n: number) {
  const respostas = Array.from({ length: n }, () => resposta());
  for (const [i, r] of respostas.entries()) {
    const cliente: ClienteAoVivo = {
      codAvulso: String(i),
      sessaoId: `s${i}`,
      tokenHash: `h${i}`,
      categorias: [1],
      resposta: r as unknown as ServerResponse,
    };
    await t.conectar(cliente);
  }
  return respostas;
}

describe('Transmissor (docs/decisions/0171)', () => {
  it('o pulso confere as sessões em lotes, não uma a uma, e encerra só as que venceram', async () => {
    const t = transmissor();
    const respostas = await conectar(t, 1_200);
    let emVoo = 0;
    let maximo = 0;
    await t.pulsar(async (cliente) => {
      emVoo++;
      maximo = Math.max(maximo, emVoo);
      await Promise.resolve();
      emVoo--;
      return Number(cliente.codAvulso) % 2 === 0;
    });
    expect(maximo).toBe(500);
    expect(respostas.filter((r) => r.terminou)).toHaveLength(600);
    expect(respostas[0]?.escritos.at(-1)?.toString()).toBe(': pulso\n\n');
    expect(respostas[1]?.terminou).toBe(true);
    expect(t.quantidade).toBe(600);
  });

  it('uma mudança de estado da chamada vai a todos os fluxos como os mesmos bytes', async () => {
    const t = transmissor();
    const respostas = await conectar(t, 3);
    const antes = respostas.map((r) => r.escritos.length);
    t.aoAviso({ tipo: 'escala', numEscalacao: 7, motivo: 'estado', origem: 'local' });
    await new Promise((r) => setImmediate(r));
    const ultimos = respostas.map((r, i) => r.escritos.slice(antes[i]).at(-1));
    expect(Buffer.isBuffer(ultimos[0])).toBe(true);
    expect(ultimos[1]).toBe(ultimos[0]);
    expect(ultimos[2]).toBe(ultimos[0]);
    expect(ultimos[0]?.toString()).toContain('event: escala');
  });

  it('um quadro é um pedaço HTTP/1.1 com o tamanho em bytes, não em caracteres', () => {
    expect(new Quadro('data: ção\n\n').pedaco.toString()).toBe('d\r\ndata: ção\n\n\r\n');
  });
});
