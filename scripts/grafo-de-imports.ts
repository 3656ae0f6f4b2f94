/**
 * What the two import-rule tests share (server/modulos.unit.test.ts for the server's modules, web/importacoes.test.ts
 * for the web's layers): the module specifiers of a source read as text, and the cycles of a graph of imports.
 * Pure functions over text and maps, so both vitest projects and both tsconfigs take them as they are.
 */

/** Every module specifier of a source: static imports and re-exports, side-effect imports, dynamic imports. */
export function especificadores(fonte: string): string[] {
  const padroes = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return padroes.flatMap((padrao) => [...fonte.matchAll(padrao)].map((m) => m[1] ?? ''));
}

/** Each cycle of the graph (node → what it imports), written `a → b → a`; nodes visited in name order. */
export function ciclosEntre(grafo: ReadonlyMap<string, Iterable<string>>): string[] {
  const estado = new Map<string, 'visitando' | 'visitado'>();
  const ciclos: string[] = [];
  const pilha: string[] = [];
  const visitar = (no: string) => {
    estado.set(no, 'visitando');
    pilha.push(no);
    for (const alvo of grafo.get(no) ?? []) {
      const visto = estado.get(alvo);
      if (visto === 'visitando') ciclos.push([...pilha.slice(pilha.indexOf(alvo)), alvo].join(' → '));
      else if (visto === undefined) visitar(alvo);
    }
    pilha.pop();
    estado.set(no, 'visitado');
  };
  for (const no of [...grafo.keys()].sort()) if (!estado.has(no)) visitar(no);
  return ciclos;
}
