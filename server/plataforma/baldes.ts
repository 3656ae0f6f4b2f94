import { isIPv6 } from 'node:net';
import type { Clock } from '../clock.ts';

/**
 * Rate limits of the expensive calls (docs/decisions/0091-limites-de-protocolo-e-de-uso.md): a token bucket
 * per key, holding a minute's worth of calls and refilled at that rate, on the app's clock (tests move it).
 * In memory, per server process: with PROCESSOS=N each process keeps its own buckets.
 */
export class Baldes {
  private readonly baldes = new Map<string, { fichas: number; em: number }>();
  private readonly porMinuto: number;
  private readonly clock: Clock;
  private readonly maximoChaves: number;

  /** `porMinuto` 0: no limit. */
  constructor(porMinuto: number, clock: Clock, maximoChaves = 100_000) {
    this.porMinuto = porMinuto;
    this.clock = clock;
    this.maximoChaves = maximoChaves;
  }

  /** Takes one call for `chave`: 0 if allowed, else the whole seconds until the next one is. */
  tirar(chave: string): number {
    if (this.porMinuto <= 0) return 0;
    const agora = this.clock.now().getTime();
    const balde = this.baldes.get(chave);
    const fichas = balde ? this.recarregado(balde, agora) : this.porMinuto;
    if (fichas < 1) {
      if (balde) Object.assign(balde, { fichas, em: agora });
      // Rounded to the millisecond first: 0.999…9 s of floating point is one second, not two.
      return Math.max(1, Math.ceil(Math.round(((1 - fichas) * 60_000) / this.porMinuto) / 1000));
    }
    if (!balde && this.baldes.size >= this.maximoChaves) this.esvaziar(agora);
    this.baldes.set(chave, { fichas: fichas - 1, em: agora });
    return 0;
  }

  /** Forgets the buckets that have filled up again (they are the same as no bucket). */
  esvaziar(agora = this.clock.now().getTime()): void {
    for (const [chave, b] of this.baldes) {
      if (this.recarregado(b, agora) >= this.porMinuto) this.baldes.delete(chave);
    }
  }

  /** Multiplied before divided, so whole seconds refill whole calls exactly. */
  private recarregado(balde: { fichas: number; em: number }, agora: number): number {
    return Math.min(this.porMinuto, balde.fichas + ((agora - balde.em) * this.porMinuto) / 60_000);
  }

  get tamanho(): number {
    return this.baldes.size;
  }
}

/**
 * The key an address is limited by: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by its /64,
 * which one subscriber gets whole, so a client cannot dodge the limit by walking its own prefix.
 */
export function chaveDoEndereco(ip: string | undefined): string {
  if (!ip) return '?';
  const mapeado = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapeado?.[1]) return mapeado[1];
  if (!isIPv6(ip)) return ip;
  const [antes = '', depois] = ip.split('%')[0]?.split('::') ?? [''];
  const esquerda = antes === '' ? [] : antes.split(':');
  const direita = depois === undefined || depois === '' ? [] : depois.split(':');
  const grupos = [
    ...esquerda,
    ...Array<string>(Math.max(0, 8 - esquerda.length - direita.length)).fill('0'),
    ...direita,
  ];
  return `${grupos
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
