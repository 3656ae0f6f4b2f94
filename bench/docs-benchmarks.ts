import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * O bloco de cada benchmark em docs/benchmarks.md, entre as marcas `<!-- bench:<marca>:inicio|fim -->`: cada
 * execução troca só o que está entre as suas marcas; o resto da seção é escrito à mão.
 */

const ARQUIVO = path.resolve(import.meta.dirname, '..', 'docs', 'benchmarks.md');

/** `texto` com o que está entre as marcas trocado por `linhas`; sem as marcas, o bloco vai ao fim (após `titulo`). */
export function substituirBloco(
  texto: string,
  marca: string,
  linhas: readonly string[],
  titulo?: string,
): string {
  const ini = `<!-- bench:${marca}:inicio -->`;
  const fim = `<!-- bench:${marca}:fim -->`;
  const bloco = [ini, ...linhas, fim].join('\n');
  const a = texto.indexOf(ini);
  const b = texto.indexOf(fim);
  if (a >= 0 && b > a) return texto.slice(0, a) + bloco + texto.slice(b + fim.length);
  return `${texto.trimEnd()}\n\n${titulo ? `${titulo}\n\n` : ''}${bloco}\n`;
}

/** Grava os blocos (marca → linhas) em docs/benchmarks.md. */
export function atualizarBenchmarks(
  blocos: readonly [marca: string, linhas: readonly string[]][],
  titulo?: string,
): void {
  let texto = existsSync(ARQUIVO) ? readFileSync(ARQUIVO, 'utf8') : '# Benchmarks\n';
  for (const [marca, linhas] of blocos) texto = substituirBloco(texto, marca, linhas, titulo);
  writeFileSync(ARQUIVO, texto);
}
