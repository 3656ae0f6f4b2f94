import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * As regras da casa no servidor (docs/ARCHITECTURE.md, "As regras da casa"), conferidas no `npm test`:
 * - um módulo (`server/modulos/<area>/`) importa outro só pelo `index.ts` dele, e `plataforma/` não importa módulo;
 * - não há ciclo entre módulos;
 * - SQL (as consultas do Kysely e o `sql` cru) só em `repositorio*.ts`, `tabelas.ts`, `seed.ts` e `plataforma/`;
 * - nenhuma rota manda avisos no celular nem invalida a chamada (isso segue dos eventos do serviço);
 * - a composição (`server/app.ts`, `server/main.ts`) também entra em cada módulo só pelo `index.ts`;
 * - todo módulo com `rotas*.ts` exporta do `index.ts` o seu plugin, `modulo<Area>`: um fastify-plugin com
 *   `name: '<area>'`, que o `app.ts` registra (decisão 0200).
 * Os tipos de linha de um `tabelas.ts` são do esquema partilhado e podem ser importados (só como tipo) de qualquer
 * lugar. Os testes e os seus apoios ficam fora (leem o banco para conferir); `demonstracao.ts` (que chama o `seed.ts`
 * de cada módulo) e `server/test/` montam dados e ficam fora também. A verificação é uma função pura sobre
 * {caminho → fonte}, e os últimos testes a rodam sobre árvores plantadas para provar que ela recusa cada violação.
 */

type Fontes = ReadonlyMap<string, string>;

/**
 * SQL fora do lugar que fica, cada uma com o motivo. Caminho → o porquê. Manter curta: uma consulta nova vai ao
 * repositório do módulo.
 */
const EXCECOES_SQL: ReadonlyMap<string, string> = new Map([
  [
    'server/modulos/escalacao/escolhas.ts',
    'o gravador da chamada no SQLite: numa transação da gravação em grupo relê a chamada, aplica a regra e grava (0022, 0025); a regra entre as consultas é o que a torna atômica',
  ],
  [
    'server/modulos/escalacao/escolhas-postgres.ts',
    'o gravador da chamada no PostgreSQL: uma chamada à função escolher_ofertas_lote por volta do laço (0023, 0026), o lote é a própria consulta',
  ],
  [
    'server/modulos/sessao/tentativas.ts',
    'o limitador de tentativas (0090): cada passo é um UPSERT com CASE calculado, atômico entre processos; a regra é a consulta',
  ],
]);

/** Imports entre módulos fora do `index.ts` que ficam, com o motivo. `de → para` → o porquê. */
const EXCECOES_IMPORTACAO: ReadonlyMap<string, string> = new Map([]);

/** Todo especificador de módulo de uma fonte: imports e re-exports estáticos, de efeito, dinâmicos. */
function especificadores(fonte: string): string[] {
  const padroes = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return padroes.flatMap((padrao) => [...fonte.matchAll(padrao)].map((m) => m[1] ?? ''));
}

/** Os especificadores importados só como tipo (`import type { … } from`, `export type { … } from`). */
function especificadoresDeTipo(fonte: string): Set<string> {
  const padrao = /^\s*(?:import|export)\s+type\s+(?:\{[^}]*\}|\*\s+as\s+\w+|\w+)\s+from\s+['"]([^'"]+)['"]/gm;
  return new Set([...fonte.matchAll(padrao)].map((m) => m[1] ?? ''));
}

/**
 * O `tabelas.ts` de cada módulo é uma parte do esquema do banco, que `plataforma/banco/schema.ts` compõe: os seus
 * tipos de linha são lidos por tipo de qualquer lugar, sem criar dependência entre módulos.
 */
function ehTipoDeTabela(alvo: string, soTipo: boolean): boolean {
  return soTipo && /^server\/modulos\/[^/]+\/tabelas\.ts$/.test(alvo);
}

/** O caminho (a partir da raiz do repositório) que um especificador alcança, ou null se for um pacote. */
function resolver(arquivo: string, especificador: string): string | null {
  if (especificador.startsWith('#server/')) return `server/${especificador.slice('#server/'.length)}`;
  if (especificador.startsWith('#common/')) return `common/${especificador.slice('#common/'.length)}`;
  if (!especificador.startsWith('.')) return null;
  return posix.normalize(posix.join(posix.dirname(arquivo), especificador));
}

/** A área de um arquivo de `server/modulos/<area>/`, 'plataforma', ou null (composição, common, testes). */
function areaDe(caminho: string): string | null {
  const partes = caminho.split('/');
  if (partes[0] !== 'server') return null;
  if (partes[1] === 'plataforma') return 'plataforma';
  if (partes[1] === 'modulos' && partes.length > 3) return partes[2] ?? null;
  return null;
}

/** Testes e os seus apoios: podem ler o banco e atravessar módulos para montar e conferir. */
function ehDeTeste(caminho: string): boolean {
  const nome = posix.basename(caminho);
  return (
    nome.endsWith('.test.ts') ||
    nome.startsWith('apoio-') ||
    caminho.startsWith('server/test/') ||
    caminho.includes('/teste/')
  );
}

const SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*(<[^`;]*?>)?\s*`/;

/** Onde o SQL pode morar. */
function podeTerSql(caminho: string): boolean {
  const nome = posix.basename(caminho);
  return (
    caminho.startsWith('server/plataforma/') ||
    /^repositorio(-[a-z0-9-]+)?\.ts$/.test(nome) ||
    nome === 'tabelas.ts' ||
    nome === 'seed.ts'
  );
}

/**
 * O que uma rota não faz (decisão 0200): mandar avisos no celular ou invalidar a chamada. Isso segue de um evento
 * que o serviço anuncia; a rota valida, autoriza, chama o serviço e apresenta (ler o estado do push, como a chave
 * pública, o serviço aceito de uma assinatura e a thread na prontidão, não é efeito).
 */
const EFEITO_NA_ROTA =
  /\.avisosPush\.(?!chavePublica\b|aceita\b|estadoThread\b)\w+|\.escalacao\.invalidar\s*\(/;

/** A composição: junta os módulos, e entra em cada um pelo `index.ts` como qualquer outro módulo. */
const COMPOSICAO: ReadonlySet<string> = new Set(['server/app.ts', 'server/main.ts']);

/** O nome do plugin de uma área no index.ts: `ao-vivo` → `moduloAoVivo`. */
function nomeDoPlugin(area: string): string {
  return `modulo${area.replace(/(^|-)([a-z])/g, (_, _h: string, letra: string) => letra.toUpperCase())}`;
}

/**
 * As áreas com rotas cujo `index.ts` não exporta `modulo<Area>`, definido (ali ou no arquivo de onde o index o
 * reexporta) como `fp(…)` com `name: '<area>'`.
 */
function modulosSemPlugin(fontes: Fontes): string[] {
  const comRotas = new Set<string>();
  for (const arquivo of fontes.keys()) {
    const area = areaDe(arquivo);
    if (area === null || area === 'plataforma' || ehDeTeste(arquivo)) continue;
    if (/^rotas[a-z-]*\.ts$/.test(posix.basename(arquivo))) comRotas.add(area);
  }
  const faltando: string[] = [];
  for (const area of [...comRotas].sort()) {
    const nome = nomeDoPlugin(area);
    const index = `server/modulos/${area}/index.ts`;
    const fonteIndex = fontes.get(index) ?? '';
    const reexportado = new RegExp(
      `export\\s*\\{[^}]*\\b${nome}\\b[^}]*\\}\\s*from\\s*['"]([^'"]+)['"]`,
    ).exec(fonteIndex);
    const origem = reexportado ? resolver(index, reexportado[1] ?? '') : index;
    const fonte = (origem && fontes.get(origem)) || '';
    const definido = new RegExp(`export\\s+const\\s+${nome}\\s*=\\s*fp\\s*(<[^>]*>)?\\s*\\(`).test(fonte);
    const nomeado = new RegExp(`\\bname:\\s*['"]${area}['"]`).test(fonte);
    if (!definido || !nomeado) {
      faltando.push(`${area}: o index.ts não exporta ${nome}, um fastify-plugin com name '${area}'`);
    }
  }
  return faltando;
}

interface Violacoes {
  importacoes: string[];
  ciclos: string[];
  sql: string[];
  efeitos: string[];
  plugins: string[];
}

/** As violações das regras da casa num conjunto de fontes do servidor. */
function verificar(fontes: Fontes): Violacoes {
  const importacoes: string[] = [];
  const sql: string[] = [];
  const efeitos: string[] = [];
  const grafo = new Map<string, Set<string>>();

  for (const [arquivo, fonte] of fontes) {
    if (ehDeTeste(arquivo)) continue;
    if (COMPOSICAO.has(arquivo)) {
      const deTipo = especificadoresDeTipo(fonte);
      for (const especificador of especificadores(fonte)) {
        const alvo = resolver(arquivo, especificador);
        const para = alvo === null ? null : areaDe(alvo);
        if (alvo === null || para === null || para === 'plataforma') continue;
        if (alvo === `server/modulos/${para}/index.ts` || ehTipoDeTabela(alvo, deTipo.has(especificador)))
          continue;
        importacoes.push(`${arquivo} → ${alvo} (a composição entra pelo index.ts)`);
      }
      continue;
    }
    const de = areaDe(arquivo);
    if (de === null) continue;

    if (!podeTerSql(arquivo) && SQL.test(fonte) && !EXCECOES_SQL.has(arquivo)) sql.push(arquivo);
    if (/^rotas[a-z-]*\.ts$/.test(posix.basename(arquivo)) && EFEITO_NA_ROTA.test(fonte))
      efeitos.push(arquivo);

    const deTipo = especificadoresDeTipo(fonte);
    for (const especificador of especificadores(fonte)) {
      const alvo = resolver(arquivo, especificador);
      if (alvo === null) continue;
      const para = areaDe(alvo);
      if (para === null || para === de || ehTipoDeTabela(alvo, deTipo.has(especificador))) continue;
      const aresta = `${arquivo} → ${alvo}`;
      if (para !== 'plataforma') {
        if (!grafo.has(de)) grafo.set(de, new Set());
        grafo.get(de)?.add(para);
        const publica = alvo === `server/modulos/${para}/index.ts`;
        if (de === 'plataforma') importacoes.push(`${aresta} (a plataforma não importa módulo)`);
        else if (!publica && !EXCECOES_IMPORTACAO.has(aresta)) importacoes.push(aresta);
      }
    }
  }

  return { importacoes, ciclos: ciclosEntre(grafo), sql, efeitos, plugins: modulosSemPlugin(fontes) };
}

/** Cada ciclo do grafo de áreas, escrito `a → b → a`. */
function ciclosEntre(grafo: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const estado = new Map<string, 'visitando' | 'visitado'>();
  const ciclos: string[] = [];
  const pilha: string[] = [];
  const visitar = (area: string) => {
    estado.set(area, 'visitando');
    pilha.push(area);
    for (const alvo of grafo.get(area) ?? []) {
      const visto = estado.get(alvo);
      if (visto === 'visitando') ciclos.push([...pilha.slice(pilha.indexOf(alvo)), alvo].join(' → '));
      else if (visto === undefined) visitar(alvo);
    }
    pilha.pop();
    estado.set(area, 'visitado');
  };
  for (const area of [...grafo.keys()].sort()) if (!estado.has(area)) visitar(area);
  return ciclos;
}

const RAIZ = fileURLToPath(new URL('..', import.meta.url));

function lerServidor(): Fontes {
  const fontes = new Map<string, string>();
  const percorrer = (pasta: string) => {
    for (const entrada of readdirSync(pasta, { withFileTypes: true })) {
      const caminho = join(pasta, entrada.name);
      if (entrada.isDirectory()) percorrer(caminho);
      else if (entrada.name.endsWith('.ts'))
        fontes.set(relative(RAIZ, caminho).split('\\').join('/'), readFileSync(caminho, 'utf8'));
    }
  };
  percorrer(join(RAIZ, 'server'));
  return fontes;
}

describe('as regras dos módulos do servidor', () => {
  const fontes = lerServidor();
  const violacoes = verificar(fontes);

  it('lê os módulos e os imports entre eles', () => {
    expect(fontes.size).toBeGreaterThan(150);
    expect(fontes.has('server/modulos/escalacao/servico.ts')).toBe(true);
    expect(fontes.has('server/plataforma/banco/schema.ts')).toBe(true);
  });

  it('lê a composição', () => {
    expect(fontes.get('server/app.ts')).toContain('./modulos/escalacao/index.ts');
    expect(fontes.get('server/main.ts')).toContain('./modulos/operacao/index.ts');
  });

  it('um módulo (e a composição, app.ts e main.ts) importa outro só pelo index.ts dele; a plataforma não importa módulo', () => {
    expect(violacoes.importacoes).toEqual([]);
  });

  it('não há ciclo entre módulos', () => {
    expect(violacoes.ciclos).toEqual([]);
  });

  it('SQL só em repositorio*.ts, tabelas.ts, seed.ts e plataforma/', () => {
    expect(violacoes.sql).toEqual([]);
  });

  it('nenhuma rota manda avisos no celular nem invalida a chamada: os eventos do serviço levam a isso', () => {
    expect(violacoes.efeitos).toEqual([]);
  });

  it('todo módulo com rotas exporta do index.ts o seu plugin, com name', () => {
    expect(violacoes.plugins).toEqual([]);
  });

  it('cada exceção listada ainda é necessária', () => {
    for (const arquivo of EXCECOES_SQL.keys()) {
      expect(fontes.has(arquivo), arquivo).toBe(true);
      expect(SQL.test(fontes.get(arquivo) ?? ''), arquivo).toBe(true);
    }
    for (const aresta of EXCECOES_IMPORTACAO.keys()) {
      const [de = '', para = ''] = aresta.split(' → ');
      const alvos = especificadores(fontes.get(de) ?? '').map((e) => resolver(de, e));
      expect(alvos, aresta).toContain(para);
    }
  });
});

describe('a verificação recusa uma violação plantada', () => {
  const limpa: [string, string][] = [
    [
      'server/modulos/a/index.ts',
      "export { moduloA } from './plugin.ts';\nexport { fazer } from './servico.ts';\n",
    ],
    [
      'server/modulos/a/plugin.ts',
      "import fp from 'fastify-plugin';\nimport { rotasA } from './rotas.ts';\nexport const moduloA = fp(async (app) => {\n  await app.register(rotasA);\n}, { name: 'a' });\n",
    ],
    [
      'server/modulos/a/rotas.ts',
      "import { fazer } from './servico.ts';\nexport const rotasA = async (app) => app.get('/a', fazer);\n",
    ],
    [
      'server/app.ts',
      "import { moduloA } from './modulos/a/index.ts';\nimport { ok } from './plataforma/http/envelope.ts';\nawait app.register(moduloA);\n",
    ],
    ['server/main.ts', "import { construirApp } from './app.ts';\n"],
    [
      'server/modulos/a/servico.ts',
      "import { ler } from './repositorio.ts';\nimport { ok } from '../../plataforma/http/envelope.ts';\nexport const fazer = () => ok(ler());\n",
    ],
    ['server/modulos/a/repositorio.ts', "export const ler = (db) => db.selectFrom('x').selectAll();\n"],
    [
      'server/modulos/b/servico.ts',
      "import { fazer } from '#server/modulos/a/index.ts';\nexport const b = fazer;\n",
    ],
    ['server/modulos/b/servico.test.ts', "import { ler } from '../a/repositorio.ts';\ndb.deleteFrom('x');\n"],
    ['server/plataforma/http/envelope.ts', 'export const ok = (x) => x;\n'],
  ];

  it('uma árvore limpa passa', () => {
    expect(verificar(new Map(limpa))).toEqual({
      importacoes: [],
      ciclos: [],
      sql: [],
      efeitos: [],
      plugins: [],
    });
  });

  it('import de um arquivo interno de outro módulo', () => {
    const fontes = new Map([
      ...limpa,
      ['server/modulos/b/rotas.ts', "import { ler } from '../a/repositorio.ts';\n"],
    ]);
    expect(verificar(fontes).importacoes).toEqual([
      'server/modulos/b/rotas.ts → server/modulos/a/repositorio.ts',
    ]);
    const dinamico = new Map([
      ...limpa,
      ['server/modulos/b/x.ts', "await import('#server/modulos/a/servico.ts');\n"],
    ]);
    expect(verificar(dinamico).importacoes).toHaveLength(1);
  });

  it('a composição (app.ts, main.ts) importando um arquivo interno de um módulo', () => {
    const fontes = new Map([
      ...limpa,
      [
        'server/app.ts',
        "import { rotasA } from './modulos/a/rotas.ts';\nimport { moduloA } from './modulos/a/index.ts';\n",
      ],
      ['server/main.ts', "import { moduloA } from '#server/modulos/a/plugin.ts';\n"],
    ]);
    expect(verificar(fontes).importacoes).toEqual([
      'server/app.ts → server/modulos/a/rotas.ts (a composição entra pelo index.ts)',
      'server/main.ts → server/modulos/a/plugin.ts (a composição entra pelo index.ts)',
    ]);
  });

  it('um módulo com rotas sem o seu plugin no index.ts, ou com um plugin sem name', () => {
    const semPlugin = new Map([
      ...limpa,
      ['server/modulos/ao-vivo/rotas.ts', "export const rotasEventos = async (app) => app.get('/e', f);\n"],
      ['server/modulos/ao-vivo/index.ts', "export { rotasEventos } from './rotas.ts';\n"],
    ]);
    expect(verificar(semPlugin).plugins).toEqual([
      "ao-vivo: o index.ts não exporta moduloAoVivo, um fastify-plugin com name 'ao-vivo'",
    ]);
    const plantas: [string, string, string][] = [
      ['sem name', 'server/modulos/a/plugin.ts', 'export const moduloA = fp(async () => {});\n'],
      ['sem fp', 'server/modulos/a/plugin.ts', "export const moduloA = async () => {}; // name: 'a'\n"],
      ['fora do index.ts', 'server/modulos/a/index.ts', "export { fazer } from './servico.ts';\n"],
    ];
    for (const [caso, arquivo, fonte] of plantas) {
      expect(verificar(new Map([...limpa, [arquivo, fonte]])).plugins, caso).toEqual([
        "a: o index.ts não exporta moduloA, um fastify-plugin com name 'a'",
      ]);
    }
    const noProprioIndex = new Map([
      ...limpa,
      ['server/modulos/a/index.ts', "export const moduloA = fp(async () => {}, { name: 'a' });\n"],
    ]);
    expect(verificar(noProprioIndex).plugins).toEqual([]);
  });

  it('os tipos de linha de um tabelas.ts sim; o valor, não', () => {
    const soTipo = new Map([
      ...limpa,
      ['server/modulos/a/tabelas.ts', 'export interface XTable { id: number }\nexport const X = 1;\n'],
      ['server/modulos/b/repositorio.ts', "import type { XTable } from '../a/tabelas.ts';\n"],
    ]);
    expect(verificar(soTipo)).toEqual({ importacoes: [], ciclos: [], sql: [], efeitos: [], plugins: [] });
    soTipo.set('server/modulos/b/repositorio.ts', "import { X } from '../a/tabelas.ts';\n");
    expect(verificar(soTipo).importacoes).toEqual([
      'server/modulos/b/repositorio.ts → server/modulos/a/tabelas.ts',
    ]);
  });

  it('a plataforma importando um módulo', () => {
    const fontes = new Map([
      ...limpa,
      ['server/plataforma/cache.ts', "import type { X } from '../modulos/a/index.ts';\n"],
    ]);
    expect(verificar(fontes).importacoes).toEqual([
      'server/plataforma/cache.ts → server/modulos/a/index.ts (a plataforma não importa módulo)',
    ]);
  });

  it('um ciclo entre módulos, mesmo pelos index.ts', () => {
    const fontes = new Map([
      ...limpa,
      ['server/modulos/a/ouvinte.ts', "import { b } from '../b/index.ts';\n"],
    ]);
    const violacoes = verificar(fontes);
    expect(violacoes.ciclos).toEqual(['a → b → a']);
  });

  it('uma rota que manda avisos no celular ou invalida a chamada', () => {
    const fontes = new Map([
      ...limpa,
      ['server/modulos/b/rotas.ts', 'await publicar();\napp.avisosPush.resultadoPublicado(num);\n'],
      ['server/modulos/b/rotas-extra.ts', 'app.escalacao.invalidar(num);\n'],
      ['server/modulos/b/rotas-push.ts', 'ok({ chavePublica: app.avisosPush.chavePublica });\n'],
      ['server/modulos/b/servico.ts', 'this.escalacao.invalidar(num);\n'],
    ]);
    expect(verificar(fontes).efeitos.sort()).toEqual([
      'server/modulos/b/rotas-extra.ts',
      'server/modulos/b/rotas.ts',
    ]);
  });

  it('SQL num serviço, numa rota e num template sql`…`', () => {
    const fontes = new Map([
      ...limpa,
      ['server/modulos/b/rotas.ts', "app.get('/', () => db.updateTable('x').set({ a: 1 }));\n"],
      ['server/modulos/b/calculo.ts', 'const r = await sql<{ n: number }>`select 1`.execute(db);\n'],
      ['server/modulos/b/repositorio-extra.ts', "db.insertInto('x');\n"],
    ]);
    expect(verificar(fontes).sql.sort()).toEqual([
      'server/modulos/b/calculo.ts',
      'server/modulos/b/rotas.ts',
    ]);
  });
});
