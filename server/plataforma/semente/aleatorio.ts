import { isValidCpf, isValidPis } from '@brazilian-utils/brazilian-utils';

/** A seeded PRNG (mulberry32): the demo port is the same on every machine. */
export class Aleatorio {
  private estado: number;
  constructor(semente: number) {
    this.estado = semente >>> 0;
  }
  proximo(): number {
    this.estado = (this.estado + 0x6d2b79f5) >>> 0;
    let t = this.estado;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  inteiro(min: number, max: number): number {
    return min + Math.floor(this.proximo() * (max - min + 1));
  }
  escolher<T>(lista: readonly T[]): T {
    const item = lista[Math.floor(this.proximo() * lista.length)];
    if (item === undefined) throw new Error('lista vazia');
    return item;
  }
  amostra<T>(lista: readonly T[], n: number): T[] {
    const copia = [...lista];
    for (let i = copia.length - 1; i > 0; i--) {
      const j = Math.floor(this.proximo() * (i + 1));
      [copia[i], copia[j]] = [copia[j] as T, copia[i] as T];
    }
    return copia.slice(0, n);
  }
  chance(p: number): boolean {
    return this.proximo() < p;
  }
  digitos(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.inteiro(0, 9));
    return s;
  }
}

/**
 * A valid CPF from a random base: the check digits are found by asking the validator
 * (a well-kept library) rather than by computing them here.
 */
export function cpfValido(rnd: Aleatorio): string {
  for (;;) {
    const base = rnd.digitos(9);
    for (let dv = 0; dv < 100; dv++) {
      const cpf = base + String(dv).padStart(2, '0');
      if (isValidCpf(cpf)) return cpf;
    }
  }
}

export function pisValido(rnd: Aleatorio): string {
  for (;;) {
    const base = rnd.digitos(10);
    for (let dv = 0; dv < 10; dv++) {
      const pis = base + String(dv);
      if (isValidPis(pis)) return pis;
    }
  }
}

export const PRENOMES_M = [
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Manoel',
  'Severino',
  'Edvaldo',
  'Josué',
  'Cícero',
  'Genivaldo',
  'Reginaldo',
  'Fábio',
  'Sérgio',
  'Adriano',
  'Wellington',
  'Jailson',
  'Givanildo',
  'Clécio',
  'Everaldo',
  'Ednaldo',
  'Ronaldo',
  'Gilberto',
  'Amaro',
  'Sebastião',
] as const;

export const PRENOMES_F = [
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Jéssica',
  'Luciana',
  'Vanessa',
  'Cláudia',
  'Rosângela',
  'Josefa',
  'Edileuza',
] as const;

export const SOBRENOMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Alves',
  'Carvalho',
  'Araújo',
  'Ribeiro',
  'Gomes',
  'Barbosa',
  'Cavalcanti',
  'Albuquerque',
  'Melo',
  'Lins',
  'Bezerra',
  'Monteiro',
  'Freitas',
  'Barros',
  'Pessoa',
  'Vasconcelos',
  'Tavares',
  'Moura',
  'Cordeiro',
] as const;

export function nomeCompleto(rnd: Aleatorio, sexo: 'F' | 'M'): string {
  const prenome = rnd.escolher(sexo === 'F' ? PRENOMES_F : PRENOMES_M);
  const meio = rnd.chance(0.5)
    ? ` ${rnd.escolher(['da', 'de', 'dos'] as const)} ${rnd.escolher(SOBRENOMES)}`
    : '';
  return `${prenome}${meio} ${rnd.escolher(SOBRENOMES)}`.toUpperCase();
}
