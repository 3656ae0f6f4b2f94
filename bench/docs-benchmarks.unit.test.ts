import { describe, expect, it } from 'vitest';
import { substituirBloco } from './docs-benchmarks.ts';

describe('o bloco de um benchmark em docs/benchmarks.md', () => {
  it('troca só o que está entre as marcas, ou acrescenta o bloco', () => {
    const t = 'a\n<!-- bench:ao-vivo:x:inicio -->\nvelho\n<!-- bench:ao-vivo:x:fim -->\nb\n';
    expect(substituirBloco(t, 'ao-vivo:x', ['novo'])).toBe(
      'a\n<!-- bench:ao-vivo:x:inicio -->\nnovo\n<!-- bench:ao-vivo:x:fim -->\nb\n',
    );
    expect(substituirBloco('a\n', 'ao-vivo:y', ['z'])).toBe(
      'a\n\n<!-- bench:ao-vivo:y:inicio -->\nz\n<!-- bench:ao-vivo:y:fim -->\n',
    );
  });

  it('um bloco novo pode vir com o título da sua seção', () => {
    expect(substituirBloco('# B\n', 'web', ['x'], '## Web')).toBe(
      '# B\n\n## Web\n\n<!-- bench:web:inicio -->\nx\n<!-- bench:web:fim -->\n',
    );
  });
});
