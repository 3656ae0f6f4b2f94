import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import { CacheCurto } from '#server/plataforma/cache-curto.ts';
import { CargaEmLote } from '#server/plataforma/carga-em-lote.ts';

/**
 * `node bench/bibliotecas.ts` (decisão 0201): as peças escritas à mão da plataforma ao lado da biblioteca que faria
 * o mesmo, no caminho quente da corrida. O cache curto contra o `lru-cache` (com `ttl` e o relógio do app em
 * `perf`): um acerto, e 6.000 pedidos da mesma chave numa volta (uma carga só). A carga em lote contra o
 * `dataloader` (agendado por `setImmediate`, sem cache, lotes de 64): 6.000 chaves pedidas numa volta.
 * Números em ns por operação, a mediana de 7 rodadas.
 */

const agora = { t: Date.now() };
const relogio = { now: () => new Date(agora.t) };
const RODADAS = 7;

function mediana(xs: number[]): number {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.floor(o.length / 2)] ?? Number.NaN;
}

async function medir(nome: string, n: number, rodada: () => Promise<void> | void): Promise<void> {
  const tempos: number[] = [];
  for (let i = 0; i < RODADAS; i++) {
    const t0 = process.hrtime.bigint();
    await rodada();
    tempos.push(Number(process.hrtime.bigint() - t0) / n);
  }
  console.log(`${nome.padEnd(52)} ${mediana(tempos).toFixed(0).padStart(7)} ns/op`);
}

const CHAVES = 1_000;
const ACERTOS = 1_000_000;
const carregar = async (k: number) => ({ k });

const curto = new CacheCurto<number, { k: number }>(relogio, 2_000, 20_000);
const lru = new LRUCache<number, { k: number }>({
  max: 20_000,
  ttl: 2_000,
  perf: { now: () => agora.t },
  ttlResolution: 0,
  fetchMethod: (k) => carregar(k),
});
for (let k = 0; k < CHAVES; k++) {
  await curto.obter(k, carregar);
  await lru.fetch(k);
}

await medir('acerto: CacheCurto.obter', ACERTOS, () => {
  for (let i = 0; i < ACERTOS; i++) void curto.obter(i % CHAVES, carregar);
});
await medir('acerto: LRUCache.fetch (ttl, perf)', ACERTOS, () => {
  for (let i = 0; i < ACERTOS; i++) void lru.fetch(i % CHAVES);
});
await medir('acerto: LRUCache.get (ttl, perf)', ACERTOS, () => {
  for (let i = 0; i < ACERTOS; i++) lru.get(i % CHAVES);
});

const PEDIDOS = 6_000;
let cargas = 0;
await medir('6.000 pedidos, uma chave vencida: CacheCurto', PEDIDOS, async () => {
  agora.t += 3_000;
  const ps: Promise<unknown>[] = [];
  for (let i = 0; i < PEDIDOS; i++)
    ps.push(
      curto.obter(-1, async (k) => {
        cargas++;
        return { k };
      }),
    );
  await Promise.all(ps);
});
console.log(`  cargas por rodada: ${cargas / RODADAS}`);
cargas = 0;
const lruContada = new LRUCache<number, { k: number }>({
  max: 20_000,
  ttl: 2_000,
  perf: { now: () => agora.t },
  ttlResolution: 0,
  fetchMethod: async (k) => {
    cargas++;
    return { k };
  },
});
await medir('6.000 pedidos, uma chave vencida: LRUCache.fetch', PEDIDOS, async () => {
  agora.t += 3_000;
  const ps: Promise<unknown>[] = [];
  for (let i = 0; i < PEDIDOS; i++) ps.push(lruContada.fetch(-1));
  await Promise.all(ps);
});
console.log(`  cargas por rodada: ${cargas / RODADAS}`);

let lotes = 0;
const lerVarias = async (chaves: readonly number[]) => {
  lotes++;
  return new Map(chaves.map((k) => [k, { k }]));
};
const emLote = new CargaEmLote<number, { k: number }>(lerVarias, 64);
await medir('6.000 chaves numa volta: CargaEmLote (64)', PEDIDOS, async () => {
  const ps: Promise<unknown>[] = [];
  for (let i = 0; i < PEDIDOS; i++) ps.push(emLote.carregar(i));
  await Promise.all(ps);
});
console.log(`  lotes por rodada: ${lotes / RODADAS}`);
lotes = 0;
const carregador = new DataLoader<number, { k: number } | undefined>(
  async (chaves) => {
    const mapa = await lerVarias(chaves);
    return chaves.map((k) => mapa.get(k));
  },
  { cache: false, maxBatchSize: 64, batchScheduleFn: (cb) => setImmediate(cb) },
);
await medir('6.000 chaves numa volta: DataLoader (64, setImmediate)', PEDIDOS, async () => {
  const ps: Promise<unknown>[] = [];
  for (let i = 0; i < PEDIDOS; i++) ps.push(carregador.load(i));
  await Promise.all(ps);
});
console.log(`  lotes por rodada: ${lotes / RODADAS}`);
