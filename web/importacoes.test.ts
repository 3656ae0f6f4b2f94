import { describe, expect, it } from 'vitest';
import { ciclosEntre, especificadores } from '../scripts/grafo-de-imports.ts';

/**
 * The web's import rules (docs/ARCHITECTURE.md, "The web's layers"): imports flow common → lib → components
 * → features → app (main.tsx, router.tsx), never sideways between features; and no file imports itself
 * back through others. Vite's glob reads every source file of web/ as text.
 */
const fontes = import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** './a/b.ts' joined with '../c.ts' → './a/c.ts'; keys as import.meta.glob writes them. */
function juntar(arquivo: string, relativo: string): string {
  const partes = arquivo.split('/').slice(0, -1);
  for (const parte of relativo.split('/')) {
    if (parte === '..') partes.pop();
    else if (parte !== '.') partes.push(parte);
  }
  return partes.join('/');
}

type Alvo = { tipo: 'web'; caminho: string } | { tipo: 'common' } | { tipo: 'fora'; especificador: string };

function resolver(arquivo: string, especificador: string): Alvo {
  const semConsulta = especificador.replace(/\?.*$/, '');
  if (semConsulta.startsWith('#common/')) return { tipo: 'common' };
  if (semConsulta.startsWith('#web/'))
    return { tipo: 'web', caminho: `./${semConsulta.slice('#web/'.length)}` };
  if (!semConsulta.startsWith('.')) return { tipo: 'fora', especificador: semConsulta };
  const caminho = juntar(arquivo, semConsulta);
  return caminho.startsWith('./') ? { tipo: 'web', caminho } : { tipo: 'common' };
}

/** The layer of a web file: a feature by name, lib, components, or the app itself. */
function camada(caminho: string): string {
  const partes = caminho.split('/');
  if (partes[1] === 'features') return `features/${partes[2]}`;
  if (partes[1] === 'lib' || partes[1] === 'components') return partes[1];
  return 'app';
}

/** What each layer may import from web/ (common/ and packages always). */
function permitido(de: string, para: string): boolean {
  if (de === 'app') return true;
  if (de === 'lib') return para === 'lib';
  if (de === 'components') return para === 'lib' || para === 'components';
  return para === 'lib' || para === 'components' || para === de;
}

const arestas = new Map<string, string[]>();
for (const [arquivo, fonte] of Object.entries(fontes)) {
  const alvos: string[] = [];
  for (const especificador of especificadores(fonte)) {
    const alvo = resolver(arquivo, especificador);
    if (alvo.tipo === 'web' && /\.tsx?$/.test(alvo.caminho)) alvos.push(alvo.caminho);
  }
  arestas.set(arquivo, alvos);
}

describe('importações do web/', () => {
  it('lê os arquivos do web/ e os imports de cada um', () => {
    expect(arestas.size).toBeGreaterThan(50);
    expect(arestas.get('./router.tsx')).toContain('./lib/guarda.ts');
    for (const alvos of arestas.values())
      for (const alvo of alvos) expect(arestas.has(alvo), alvo).toBe(true);
  });

  it('cada feature importa só lib/, components/, common/ e ela mesma; components/ e lib/ não importam features', () => {
    const proibidos: string[] = [];
    for (const [arquivo, alvos] of arestas) {
      for (const alvo of alvos) {
        if (!permitido(camada(arquivo), camada(alvo))) proibidos.push(`${arquivo} → ${alvo}`);
      }
    }
    expect(proibidos).toEqual([]);
  });

  it('não há ciclo de importações', () => {
    expect(ciclosEntre(arestas)).toEqual([]);
  });

  it('um ciclo plantado é achado, mesmo por um terceiro arquivo', () => {
    const plantado = new Map([
      ['./lib/a.ts', ['./lib/b.ts']],
      ['./lib/b.ts', ['./lib/c.ts']],
      ['./lib/c.ts', ['./lib/a.ts']],
      ['./main.tsx', ['./lib/a.ts']],
    ]);
    expect(ciclosEntre(plantado)).toEqual(['./lib/a.ts → ./lib/b.ts → ./lib/c.ts → ./lib/a.ts']);
  });
});
