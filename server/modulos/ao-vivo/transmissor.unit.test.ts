import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ContagemOferta } from '../escalacao/servico.ts';
import { type ClienteAoVivo, type FonteAoVivo, Quadro, Transmissor } from './transmissor.ts';

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
      contagensComMarca: async () => ({
        ofertas: [{ seqCategoria: 1, qtdEscolhas: 3, numVagas: 5 }],
        inclui: () => false,
      }),
    },
    {
      intervaloContagensMs: 500,
      fatias: 10,
      maximoPendenteBytes: 256 * 1024,
      releituraMemoriaMs: 5_000,
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

/** The part of an event's `data` these tests read (common/api/eventos.ts). */
interface DadosEvento {
  codCategoria: number;
  completo?: boolean;
  ofertas: { seqCategoria: number; qtdEscolhas: number }[];
}

/** A stream's response that notes when each write arrived and which events it carried. */
function respostaCronometrada() {
  const escritas: { t: number; bruto: string | Buffer; eventos: { tipo: string; dados: DadosEvento }[] }[] =
    [];
  const r = {
    ...resposta(),
    escritas,
    write(dados: string | Buffer) {
      const eventos = dados
        .toString()
        .split('\n\n')
        .filter((bloco) => bloco.startsWith('event: '))
        .map((bloco) => {
          const [evento = '', dado = ''] = bloco.split('\n');
          return { tipo: evento.slice('event: '.length), dados: JSON.parse(dado.slice('data: '.length)) };
        });
      escritas.push({ t: performance.now(), bruto: dados, eventos });
      return true;
    },
    on() {
      return r;
    },
  };
  return r;
}
type RespostaCronometrada = ReturnType<typeof respostaCronometrada>;

/**
 * The call module as the stream sees it: counts per category held here, read after an optional delay (a
 * database query), each change announced as the module does after a post, with its changes and its place in
 * the order of commits (docs/decisions/0173), unless told otherwise.
 */
class FonteFalsa implements FonteAoVivo {
  readonly contas = new Map<number, Map<number, number>>();
  leituras = 0;
  /** Commits so far: each change's `marca`. */
  marcas = 0;
  atrasoMs: () => number = () => 0;
  constructor(categorias: number[], ofertas = 3) {
    for (const c of categorias)
      this.contas.set(c, new Map(Array.from({ length: ofertas }, (_, i) => [i + 1, 0])));
  }
  async escalaAberta() {
    return { numEscalacao: 1, dataChamada: '2026-11-23', horaChamada: '07:00' };
  }
  async contagensComMarca(_num: number, codCategoria: number) {
    this.leituras++;
    // As a database query: the counts are taken somewhere in the middle, the answer comes later.
    const antes = this.atrasoMs();
    if (antes > 0) await new Promise((r) => setTimeout(r, antes));
    const ofertas: ContagemOferta[] = [...(this.contas.get(codCategoria) ?? [])].map(
      ([seqCategoria, qtdEscolhas]) => ({ seqCategoria, qtdEscolhas, numVagas: 5 }),
    );
    const ate = this.marcas;
    const depois = this.atrasoMs();
    if (depois > 0) await new Promise((r) => setTimeout(r, depois));
    return { ofertas, inclui: (marca: string) => Number(marca) <= ate };
  }
  /**
   * A post changed an offer's count: the module tells the stream, at once or `avisoDepoisMs` later (another
   * server's notice, which a read may already hold), with the change or, `semMudanca`, without it.
   */
  mudar(
    t: Transmissor,
    codCategoria: number,
    seqCategoria: number,
    qtd: number,
    { avisoDepoisMs = 0, semMudanca = false } = {},
  ) {
    const antes = this.contas.get(codCategoria)?.get(seqCategoria) ?? 0;
    this.contas.get(codCategoria)?.set(seqCategoria, qtd);
    const marca = String(++this.marcas);
    const aviso = {
      tipo: 'escolhas' as const,
      numEscalacao: 1,
      codCategoria,
      codAvulso: 'x',
      seqCategorias: [seqCategoria],
      confirmados: {} as never,
      ...(semMudanca
        ? {}
        : { contagens: { marca, deltas: [[seqCategoria, qtd - antes]] as [number, number][] } }),
      origem: 'local' as const,
    };
    if (avisoDepoisMs === 0) {
      t.aoAviso(aviso);
      return Promise.resolve();
    }
    return new Promise<void>((entregue) =>
      setTimeout(() => {
        t.aoAviso(aviso);
        entregue();
      }, avisoDepoisMs),
    );
  }
}

function transmissorFatiado(
  fonte: FonteFalsa,
  intervaloContagensMs: number,
  fatias: number,
  releituraMemoriaMs = 60_000,
) {
  return new Transmissor(fonte, {
    intervaloContagensMs,
    fatias,
    maximoPendenteBytes: 256 * 1024,
    releituraMemoriaMs,
    relatarFalha: (erro) => {
      throw erro;
    },
  });
}

let proximoAvulso = 0;
async function abrirFluxo(t: Transmissor, categorias: number[]) {
  const r = respostaCronometrada();
  const n = proximoAvulso++;
  await t.conectar({
    codAvulso: String(n),
    sessaoId: `s${n}`,
    tokenHash: `h${n}`,
    categorias,
    resposta: r as unknown as ServerResponse,
  });
  return r;
}

/** What a client that applies the stream's messages (web/lib/ao-vivo.ts) shows of each category. */
function vista(r: RespostaCronometrada): Map<number, Map<number, number>> {
  const porCategoria = new Map<number, Map<number, number>>();
  for (const { eventos } of r.escritas) {
    for (const { tipo, dados } of eventos) {
      if (tipo !== 'contagens') continue;
      const atual = dados.completo ? new Map() : (porCategoria.get(dados.codCategoria) ?? new Map());
      for (const o of dados.ofertas) atual.set(o.seqCategoria, o.qtdEscolhas);
      porCategoria.set(dados.codCategoria, atual);
    }
  }
  return porCategoria;
}

/** Waits, as the ticks come, until every stream passes `confere` (its expects). */
function esperarCadaFluxo<F>(fluxos: readonly F[], confere: (fluxo: F) => void) {
  return vi.waitFor(
    () => {
      for (const f of fluxos) confere(f);
    },
    { timeout: 2_000, interval: 5 },
  );
}

const mudancas = (r: RespostaCronometrada, codCategoria: number) =>
  r.escritas.filter((e) =>
    e.eventos.some(
      (ev) => ev.tipo === 'contagens' && !ev.dados.completo && ev.dados.codCategoria === codCategoria,
    ),
  );

describe('Transmissor: as contagens em fatias (docs/decisions/0172)', () => {
  it('sob avisos sem parar, um fluxo nunca recebe duas contagens de uma categoria a menos de um período', async () => {
    const fonte = new FonteFalsa([1, 2]);
    // Reads of uneven length: a slice's write comes a little after its tick, more or less each time.
    fonte.atrasoMs = () => Math.floor(Math.random() * 10);
    const t = transmissorFatiado(fonte, 60, 3);
    const fluxos: RespostaCronometrada[] = [];
    for (let i = 0; i < 6; i++) fluxos.push(await abrirFluxo(t, i % 2 ? [1, 2] : [1]));
    let n = 0;
    const chuva = setInterval(() => {
      n++;
      fonte.mudar(t, 1, (n % 3) + 1, n);
      fonte.mudar(t, 2, (n % 3) + 1, n);
    }, 3);
    try {
      await vi.waitFor(
        () => {
          for (const r of fluxos) expect(mudancas(r, 1).length).toBeGreaterThanOrEqual(6);
        },
        { timeout: 5_000, interval: 10 },
      );
    } finally {
      clearInterval(chuva);
      t.encerrarTodos();
    }
    for (const r of fluxos) {
      for (const c of [1, 2]) {
        const tempos = mudancas(r, c).map((e) => e.t);
        for (let i = 1; i < tempos.length; i++) {
          // A slice's writes begin a period apart; a stream's own write comes within that loop (well under
          // a millisecond for six streams).
          expect((tempos[i] as number) - (tempos[i - 1] as number)).toBeGreaterThanOrEqual(59);
        }
      }
    }
  });

  it('nenhuma mudança se perde: com avisos, leituras lentas e fluxos chegando e saindo, cada fluxo termina com as contagens da fonte', async () => {
    const acao = fc.oneof(
      fc.record({
        tipo: fc.constant('mudar' as const),
        codCategoria: fc.constantFrom(1, 2),
        seq: fc.integer({ min: 1, max: 2 }),
        // Few values: a count that comes back to what a slice was told is the hard case.
        qtd: fc.integer({ min: 0, max: 1 }),
        // Notices with their changes (the memory), without (a read), or late (another server's).
        semMudanca: fc.boolean(),
        avisoDepoisMs: fc.constantFrom(0, 0, 3, 12),
      }),
      fc.record({
        tipo: fc.constant('conectar' as const),
        categorias: fc.subarray([1, 2], { minLength: 1 }),
      }),
      fc.record({ tipo: fc.constant('desconectar' as const), i: fc.nat() }),
      fc.record({ tipo: fc.constant('pausa' as const), ms: fc.integer({ min: 0, max: 15 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(acao, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 }),
        async (acoes, fatias, atrasos) => {
          const fonte = new FonteFalsa([1, 2], 2);
          // Reads of uneven length (taken in turn from the generated list).
          let leitura = 0;
          fonte.atrasoMs = () => atrasos[leitura++ % atrasos.length] ?? 0;
          const t = transmissorFatiado(fonte, 20, fatias);
          const fluxos: { r: RespostaCronometrada; categorias: number[]; aberto: boolean }[] = [];
          const conexoes: Promise<void>[] = [];
          const avisos: Promise<void>[] = [];
          try {
            for (const a of acoes) {
              if (a.tipo === 'mudar') {
                const { semMudanca, avisoDepoisMs } = a;
                avisos.push(fonte.mudar(t, a.codCategoria, a.seq, a.qtd, { semMudanca, avisoDepoisMs }));
              } else if (a.tipo === 'conectar') {
                // Not awaited: a stream may connect while notices and reads go on.
                conexoes.push(
                  abrirFluxo(t, a.categorias).then(
                    (r) => void fluxos.push({ r, categorias: a.categorias, aberto: true }),
                  ),
                );
              } else if (a.tipo === 'desconectar') {
                const f = fluxos.filter((x) => x.aberto)[a.i % Math.max(1, fluxos.length)];
                if (f) {
                  f.aberto = false;
                  f.r.end();
                }
              } else await new Promise((r) => setTimeout(r, a.ms));
            }
            await Promise.all(conexoes);
            await Promise.all(avisos);
            await esperarCadaFluxo(
              fluxos.filter((x) => x.aberto),
              (f) => {
                const v = vista(f.r);
                for (const c of f.categorias) expect(v.get(c)).toEqual(fonte.contas.get(c));
              },
            );
          } finally {
            t.encerrarTodos();
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('um fluxo novo começa do que a sua fatia ouviu por último, não da leitura mais nova', async () => {
    const fonte = new FonteFalsa([1], 1);
    const t = transmissorFatiado(fonte, 200, 2);
    const a = await abrirFluxo(t, [1]);
    const b = await abrirFluxo(t, [1]);
    const ambos = (qtd: number) => () => {
      for (const r of [a, b]) expect(vista(r).get(1)?.get(1)).toBe(qtd);
    };
    try {
      fonte.mudar(t, 1, 1, 1);
      await vi.waitFor(ambos(1), { timeout: 2_000, interval: 2 });
      // The offer goes to 2: the first slice served reads it; the other is served 100 ms later.
      fonte.mudar(t, 1, 1, 2);
      await vi.waitFor(() => expect([a, b].some((r) => vista(r).get(1)?.get(1) === 2)).toBe(true), {
        timeout: 2_000,
        interval: 1,
      });
      // Two streams connect now (one lands in each slice), then the offer goes back to 1: the slice not yet
      // served was told 1 and reads 1, so it sends nothing; its new stream must not be left showing 2.
      const novos = await Promise.all([abrirFluxo(t, [1]), abrirFluxo(t, [1])]);
      fonte.mudar(t, 1, 1, 1);
      await esperarCadaFluxo([a, b, ...novos], (r) => expect(vista(r).get(1)?.get(1)).toBe(1));
    } finally {
      t.encerrarTodos();
    }
  });

  it('um fluxo que segue várias categorias recebe uma escrita só por vez, com as mensagens de todas', async () => {
    const fonte = new FonteFalsa([1, 2, 3]);
    const t = transmissorFatiado(fonte, 40, 4);
    const fluxos: RespostaCronometrada[] = [];
    for (let i = 0; i < 8; i++) fluxos.push(await abrirFluxo(t, [1, 2, 3]));
    // The first picture: one write with `estado` and the three categories' counts.
    for (const r of fluxos) {
      expect(r.escritas).toHaveLength(1);
      expect(r.escritas[0]?.eventos.map((e) => e.tipo)).toEqual([
        'estado',
        'contagens',
        'contagens',
        'contagens',
      ]);
    }
    fonte.mudar(t, 1, 1, 4);
    fonte.mudar(t, 2, 2, 5);
    fonte.mudar(t, 3, 3, 6);
    try {
      await esperarCadaFluxo(fluxos, (r) => expect(r.escritas.length).toBeGreaterThanOrEqual(2));
    } finally {
      t.encerrarTodos();
    }
    for (const r of fluxos) {
      expect(r.escritas).toHaveLength(2);
      const eventos = r.escritas[1]?.eventos ?? [];
      expect(eventos.map((e) => `${e.tipo} ${e.dados.codCategoria}`)).toEqual([
        'contagens 1',
        'confirmados 1',
        'contagens 2',
        'confirmados 2',
        'contagens 3',
        'confirmados 3',
      ]);
    }
  });

  it('os fluxos se dividem entre as fatias: com K fatias e N fluxos, cada vez escreve em N/K', async () => {
    const fonte = new FonteFalsa([1]);
    const t = transmissorFatiado(fonte, 200, 5);
    const fluxos: RespostaCronometrada[] = [];
    for (let i = 0; i < 50; i++) fluxos.push(await abrirFluxo(t, [1]));
    const leiturasAntes = fonte.leituras;
    // A notice without its change: the counts are read again.
    fonte.mudar(t, 1, 1, 1, { semMudanca: true });
    try {
      await esperarCadaFluxo(fluxos, (r) => expect(r.escritas.length).toBe(2));
    } finally {
      t.encerrarTodos();
    }
    // A tick writes one Quadro to all the streams of its slice that follow the same categories: the same
    // bytes, so the writes of one tick are those of one buffer.
    const porVez = new Map<string | Buffer, number>();
    for (const r of fluxos) {
      const bruto = r.escritas[1]?.bruto as Buffer;
      porVez.set(bruto, (porVez.get(bruto) ?? 0) + 1);
    }
    expect([...porVez.values()]).toEqual([10, 10, 10, 10, 10]);
    // One read of the counts, shared by the five slices (no notice came after it).
    expect(fonte.leituras - leiturasAntes).toBe(1);
  });
});

describe('Transmissor: as contagens em memória (docs/decisions/0173)', () => {
  it('com as mudanças nos avisos, as voltas não leem o banco; um aviso sem elas faz uma leitura e a memória volta', async () => {
    const fonte = new FonteFalsa([1, 2]);
    const t = transmissorFatiado(fonte, 40, 4);
    const fluxos: RespostaCronometrada[] = [];
    for (let i = 0; i < 8; i++) fluxos.push(await abrirFluxo(t, i % 2 ? [1, 2] : [1]));
    const leiturasAntes = fonte.leituras;
    const igualAFonte = (r: RespostaCronometrada, i: number) => {
      const v = vista(r);
      for (const c of i % 2 ? [1, 2] : [1]) expect(v.get(c)).toEqual(fonte.contas.get(c));
    };
    const esperarTodos = () => vi.waitFor(() => fluxos.forEach(igualAFonte), { timeout: 2_000, interval: 5 });
    try {
      for (let n = 1; n <= 30; n++) {
        fonte.mudar(t, 1 + (n % 2), 1 + (n % 3), n);
        await new Promise((r) => setTimeout(r, 2));
      }
      await esperarTodos();
      // Every change of 30 notices reached every stream, and the counts were never read again.
      expect(fonte.leituras - leiturasAntes).toBe(0);
      fonte.mudar(t, 1, 2, 100, { semMudanca: true });
      await esperarTodos();
      expect(fonte.leituras - leiturasAntes).toBe(1);
      for (let n = 1; n <= 10; n++) {
        fonte.mudar(t, 1, 1 + (n % 3), 200 + n);
        await new Promise((r) => setTimeout(r, 2));
      }
      await esperarTodos();
      expect(fonte.leituras - leiturasAntes).toBe(1);
    } finally {
      t.encerrarTodos();
    }
  });

  it('um aviso que chega depois de uma leitura que já o contava não é somado duas vezes', async () => {
    const fonte = new FonteFalsa([1]);
    // The read takes 20 ms; the change is committed (and counted by it) before its notice arrives.
    fonte.atrasoMs = () => 10;
    const t = transmissorFatiado(fonte, 30, 1);
    const r = await abrirFluxo(t, [1]);
    fonte.atrasoMs = () => 15;
    fonte.mudar(t, 1, 1, 1, { semMudanca: true });
    // While the read that this notice causes is under way: a change whose notice comes 40 ms later.
    await new Promise((resolve) => setTimeout(resolve, 35));
    const tardio = fonte.mudar(t, 1, 1, 2, { avisoDepoisMs: 40 });
    try {
      await vi.waitFor(() => expect(vista(r).get(1)?.get(1)).toBe(2), { timeout: 2_000, interval: 5 });
      await tardio;
      // After the late notice, a change of +3: the stream shows 5 (counted twice, the late one made it 6).
      fonte.atrasoMs = () => 0;
      fonte.mudar(t, 1, 1, 5);
      await vi.waitFor(() => expect(vista(r).get(1)?.get(1)).toBe(5), { timeout: 2_000, interval: 5 });
    } finally {
      t.encerrarTodos();
    }
  });

  it('uma mudança cujo aviso nunca veio é corrigida pela releitura da memória, e os fluxos são avisados', async () => {
    const fonte = new FonteFalsa([1]);
    const t = transmissorFatiado(fonte, 20, 2, 60);
    const fluxos = [await abrirFluxo(t, [1]), await abrirFluxo(t, [1])];
    const leiturasAntes = fonte.leituras;
    // Committed, but its notice was lost (a NOTIFY that failed): only the database knows.
    fonte.contas.get(1)?.set(2, 7);
    try {
      // Notices with their changes keep coming for another offer: the memory serves them…
      for (let n = 1; n <= 3; n++) fonte.mudar(t, 1, 1, n);
      await esperarCadaFluxo(fluxos, (r) => expect(vista(r).get(1)?.get(1)).toBe(3));
      // …and once it is older than the period, a read in the background brings the lost change to every stream.
      let n = 3;
      await vi.waitFor(
        () => {
          fonte.mudar(t, 1, 1, ++n);
          for (const r of fluxos) expect(vista(r).get(1)?.get(2)).toBe(7);
        },
        { timeout: 2_000, interval: 20 },
      );
      await esperarCadaFluxo(fluxos, (r) => expect(vista(r).get(1)).toEqual(fonte.contas.get(1)));
      expect(fonte.leituras - leiturasAntes).toBeGreaterThanOrEqual(1);
      // Without further notices, the correction alone reaches the streams too.
      fonte.contas.get(1)?.set(3, 9);
      fonte.mudar(t, 1, 1, ++n);
      await esperarCadaFluxo(fluxos, (r) => expect(vista(r).get(1)).toEqual(fonte.contas.get(1)));
    } finally {
      t.encerrarTodos();
    }
  });
});
