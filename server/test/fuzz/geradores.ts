import fc from 'fast-check';
import { z } from 'zod';
import { CARACTERES_PROIBIDOS } from '#common/caracteres-de-controle.ts';
import { COLUNAS_CSV } from '../../modulos/gestao/csv-requisicoes.ts';
import type { RotaFuzz } from './rotas.ts';
import { parametrosDoCaminho } from './rotas.ts';

/**
 * The generators of the fuzz suite (docs/decisions/0064-fuzz-da-api.md): from a route's own schemas, requests
 * that are almost right and wrong in one or several ways — wrong types, missing and extra fields, numbers at
 * and past every bound, huge and odd Unicode strings, `__proto__`, arrays for objects, invalid JSON, other
 * content types, bad percent-encodings, missing or forged tokens. A case that happens to be valid is fine but
 * rare, so the expensive paths (PDF drawing, password hashing) stay a small part of the budget.
 */

/** What one case sends. The runner adds the session's token and the XSRF pair unless told not to. */
export interface Caso {
  metodo: string;
  /** The request target as sent: path and query, percent-encoded (or not) on purpose. */
  url: string;
  headers: Record<string, string>;
  /** The raw body, if any (the content type is in `headers`). */
  corpo: string | Buffer | undefined;
  /** Which session sends it: the route's own (`propria`) or the other kind (staff for a worker's route…). */
  sessao: 'propria' | 'outra';
  semToken: boolean;
  tokenForjado: boolean;
  semXsrf: boolean;
  xsrfForjado: boolean;
}

/** The subset of JSON Schema that zod writes for our schemas. */
interface No {
  type?: string | string[];
  properties?: Record<string, No>;
  required?: string[];
  items?: No;
  prefixItems?: No[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: No[];
  oneOf?: No[];
  allOf?: No[];
}

function esquemaJson(schema: z.ZodType | undefined): No | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as No;
  } catch {
    return {};
  }
}

/** A raw JSON token (a number JSON.stringify cannot write): placed by `paraJson`. */
const CRU = '\u{10FFFF}cru:';
const cru = (token: string) => `${CRU}${token}`;
function paraJson(valor: unknown): string {
  return JSON.stringify(valor).replace(/"\u{10FFFF}cru:([^"]*)"/gu, '$1');
}

/** An object whose keys may be `__proto__` and friends as own, enumerable data properties. */
function objeto(entradas: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entradas) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true });
  return o;
}

const POTENCIAS = [
  0,
  -0,
  1,
  -1,
  0.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  -(2 ** 53),
  1e21,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];
const NUMEROS_CRUS = [
  '1e400',
  '-1e400',
  '9007199254740993',
  '123456789012345678901234567890',
  '2147483648.0',
  '1.0',
  '1E2',
  '-0.0',
  '0.0000001',
];

/** Strings that have broken parsers, databases and PDF fonts somewhere. */
const TEXTOS_ESTRANHOS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\uFEFF',
  '\u202Eabc',
  '𝕏😀👨‍👩‍👧',
  'ção ÇÃO',
  '\r\n',
  '\t',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e3',
  '0x10',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  'NaN',
  'Infinity',
  '../../etc/passwd',
  '%00',
  '%ff',
  "' OR 1=1 --",
  '"; DROP TABLE avulso; --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  '${7*7}',
  '__proto__',
  'constructor',
  ' 100008',
  '100008 ',
  '１２３４５６',
  '١٢٣٤٥٦',
  '100008\u0000',
  '31/02/1990',
  '00/00/0000',
  '2026-02-30',
  '99:99',
  // C1 controls, ESC, DEL and surrogates in odd places (issue 28: refused everywhere, docs/decisions/0221).
  '\u0085',
  '\u009b31m',
  '\u001b[31m',
  '\u007f',
  'a\udc00b',
  '\ud83d',
  'PR01\u0000',
];

const NOMES_EXTRAS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'sucesso',
  'codAvulso',
  'cod_avulso',
  'admin',
  '$id',
  '',
  'x'.repeat(300),
];

function textoGrande(): fc.Arbitrary<string> {
  return fc
    .constantFrom(70_000, 20_000, 4_000, 1_000, 101)
    .chain((n) => fc.constantFrom('x', 'á', '😀', '\u0000', '9').map((c) => c.repeat(n)));
}

function textoHostil(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...TEXTOS_ESTRANHOS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: textoGrande() },
  );
}

function numeroHostil(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...POTENCIAS) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMEROS_CRUS).map(cru) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.integer() },
  );
}

/** Any JSON value, chosen to be wrong: bounds, odd strings, nulls, empty and nested containers. */
function valorHostil(profundidade = 0): fc.Arbitrary<unknown> {
  const folhas = [
    { weight: 4, arbitrary: numeroHostil() },
    { weight: 4, arbitrary: textoHostil() },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  ];
  if (profundidade >= 2) return fc.oneof(...folhas);
  return fc.oneof(
    ...folhas,
    { weight: 1, arbitrary: fc.constantFrom([], {}, [[]], [null]) },
    {
      weight: 1,
      arbitrary: fc.array(valorHostil(profundidade + 1), { maxLength: 3 }),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...NOMES_EXTRAS), valorHostil(profundidade + 1)), { maxLength: 2 })
        .map(objeto),
    },
  );
}

function tipos(no: No): string[] {
  if (no.type === undefined) return [];
  return [no.type].flat();
}

/** Numbers at and just past a node's own bounds, and ones inside them. */
function numeroDoNo(no: No, inteiro: boolean): fc.Arbitrary<unknown> {
  const limites: number[] = [];
  const min = no.minimum ?? (no.exclusiveMinimum !== undefined ? no.exclusiveMinimum + 1 : undefined);
  const max = no.maximum ?? (no.exclusiveMaximum !== undefined ? no.exclusiveMaximum - 1 : undefined);
  if (min !== undefined) limites.push(min, min - 1);
  if (max !== undefined) limites.push(max, max + 1);
  const lo = Math.max(min ?? -(2 ** 31), -(2 ** 31));
  const hi = Math.min(max ?? 2 ** 31 - 1, 2 ** 31 - 1);
  const dentro = inteiro
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(Math.max(lo, hi)) })
    : fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true });
  return fc.oneof(
    { weight: 3, arbitrary: dentro },
    { weight: limites.length > 0 ? 2 : 0, arbitrary: fc.constantFrom(...(limites.length ? limites : [0])) },
    { weight: 1, arbitrary: numeroHostil() },
    {
      weight: inteiro && conhecidosAtuais.length > 0 ? 1 : 0,
      arbitrary: fc.constantFrom(...(conhecidosAtuais.length ? conhecidosAtuais : [0])),
    },
  );
}

/**
 * A string the field would take, with one refused character (NUL, C0/C1, DEL, a lone surrogate) put somewhere
 * in it: a whole hostile string replaces the value and is refused by the schema first, so these are what find a
 * text that reaches the database (issue 28 item 6: a NUL in a name was a 500 on PostgreSQL).
 */
function contaminado(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, fc.constantFrom(...CARACTERES_PROIBIDOS), fc.nat()).map(([t, c, n]) => {
    const i = n % (t.length + 1);
    return `${t.slice(0, i)}${c}${t.slice(i)}`;
  });
}

function textoDoNo(no: No): fc.Arbitrary<unknown> {
  const opcoes: fc.WeightedArbitrary<unknown>[] = [];
  const bom: fc.Arbitrary<string>[] = [];
  if (no.pattern) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(no.pattern);
    } catch {
      re = undefined;
    }
    if (re) {
      const casa = fc.stringMatching(re).filter((s) => s.length <= 200);
      opcoes.push({ weight: 4, arbitrary: casa });
      bom.push(casa);
    }
    const regex = re;
    const existentes = regex ? conhecidosAtuais.map(String).filter((n) => regex.test(n)) : [];
    if (existentes.length > 0) opcoes.push({ weight: 1, arbitrary: fc.constantFrom(...existentes) });
  }
  if (no.maxLength !== undefined) {
    const max = no.maxLength;
    opcoes.push({ weight: 1, arbitrary: fc.constantFrom('a', 'á', '9').map((c) => c.repeat(max + 1)) });
    opcoes.push({ weight: 1, arbitrary: fc.constantFrom('a', 'É', '1').map((c) => c.repeat(max)) });
  }
  if (!no.pattern) {
    const qualquer = fc.string({ minLength: 1, maxLength: Math.min(20, no.maxLength ?? 20) });
    opcoes.push({ weight: 2, arbitrary: qualquer });
    bom.push(qualquer);
  }
  opcoes.push({ weight: 2, arbitrary: textoHostil() });
  opcoes.push({
    weight: 2,
    arbitrary: contaminado(bom.length > 0 ? fc.oneof(...bom) : fc.string({ maxLength: 20 })),
  });
  return fc.oneof(...opcoes);
}

/**
 * A value for one schema node: about a third of the time what the node asks for (a pattern's match, a number
 * inside its bounds, an enum member), otherwise the same kind at and past its limits, or another kind.
 */
export function valorDoNo(no: No | undefined, profundidade = 0): fc.Arbitrary<unknown> {
  if (!no || profundidade > 4) return valorHostil(2);
  const variantes = [...(no.anyOf ?? []), ...(no.oneOf ?? []), ...(no.allOf ?? [])];
  if (variantes.length > 0) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.oneof(...variantes.map((v) => valorDoNo(v, profundidade + 1))) },
      { weight: 1, arbitrary: valorHostil(1) },
    );
  }
  const proprio: fc.WeightedArbitrary<unknown>[] = [];
  if (no.enum) proprio.push({ weight: 3, arbitrary: fc.constantFrom(...no.enum) });
  if (no.const !== undefined) proprio.push({ weight: 3, arbitrary: fc.constant(no.const) });
  for (const t of tipos(no)) {
    if (t === 'integer') proprio.push({ weight: 3, arbitrary: numeroDoNo(no, true) });
    else if (t === 'number') proprio.push({ weight: 3, arbitrary: numeroDoNo(no, false) });
    else if (t === 'string' && !no.enum) proprio.push({ weight: 3, arbitrary: textoDoNo(no) });
    else if (t === 'boolean') proprio.push({ weight: 3, arbitrary: fc.boolean() });
    else if (t === 'null') proprio.push({ weight: 1, arbitrary: fc.constant(null) });
    else if (t === 'object' || (t === undefined && no.properties))
      proprio.push({ weight: 3, arbitrary: objetoDoNo(no, profundidade + 1) });
    else if (t === 'array') proprio.push({ weight: 3, arbitrary: listaDoNo(no, profundidade + 1) });
  }
  if (no.properties && !tipos(no).includes('object'))
    proprio.push({ weight: 3, arbitrary: objetoDoNo(no, profundidade + 1) });
  if (proprio.length === 0) return valorHostil(1);
  return fc.oneof(...proprio, { weight: 1, arbitrary: valorHostil(profundidade > 0 ? 2 : 1) });
}

function listaDoNo(no: No, profundidade: number): fc.Arbitrary<unknown> {
  const item = valorDoNo(no.items, profundidade);
  const max = no.maxItems ?? 5;
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(item, { minLength: no.minItems ?? 0, maxLength: Math.min(max, 4) }) },
    { weight: 1, arbitrary: fc.constant([]) },
    // One past the limit: copies of one small item keep the generation cheap (500 copies of a 70 KB string
    // would be a 35 MB body to write, for the same 413 one copy gets).
    {
      weight: 1,
      arbitrary: item.map((v) => {
        const pequeno = paraJson(v).length <= 200 ? v : 0;
        return Array.from({ length: Math.min(max + 1, 2_000) }, () => pequeno);
      }),
    },
  );
}

/** The node's fields, each present (right or wrong) or missing, plus a few fields it never asked for. */
function objetoDoNo(no: No, profundidade: number): fc.Arbitrary<unknown> {
  const campos = Object.entries(no.properties ?? {});
  const obrigatorios = new Set(no.required ?? []);
  const porCampo = campos.map(([nome, sub]) =>
    fc
      .oneof(
        { weight: obrigatorios.has(nome) ? 6 : 3, arbitrary: valorDoNo(sub, profundidade).map((v) => [v]) },
        { weight: 1, arbitrary: fc.constant([] as unknown[]) },
      )
      .map((v) => v.map((valor) => [nome, valor] as const)),
  );
  const extras = fc.oneof(
    { weight: 5, arbitrary: fc.constant([] as (readonly [string, unknown])[]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(fc.oneof(fc.constantFrom(...NOMES_EXTRAS), fc.string({ maxLength: 10 })), valorHostil(1)),
        { minLength: 1, maxLength: 3 },
      ),
    },
  );
  return fc
    .tuple(fc.tuple(...porCampo), extras)
    .map(([presentes, mais]) => objeto([...presentes.flat(), ...mais]));
}

const JSON_INVALIDO = [
  '{',
  '{"a":',
  "{'a':1}",
  '[1,2',
  'undefined',
  'NaN',
  '{"a":1}lixo',
  '\uFEFF{}',
  '',
  ' ',
  'null',
  '"texto"',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":1,"a":2}',
  `${'['.repeat(3_000)}${']'.repeat(3_000)}`,
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":Infinity}',
];

const BYTES_INVALIDOS = [
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  Buffer.alloc(70_000, 0x20),
];

const TIPOS_CONTEUDO = [
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json;charset=UTF-16',
  'APPLICATION/JSON',
  'application/jsonx',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'application/json, text/plain',
  ';',
];

/** The body: mostly JSON from the route's schema (or any JSON), sometimes text that is not JSON at all. */
function corpoDaRota(
  no: No | undefined,
): fc.Arbitrary<{ corpo: string | Buffer | undefined; tipo?: string }> {
  const json = (no ? valorDoNo(no) : valorHostil(0)).map((v) => paraJson(v));
  const tipo = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    { weight: 3, arbitrary: fc.constantFrom(...TIPOS_CONTEUDO) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.oneof(
    { weight: 10, arbitrary: fc.record({ corpo: json, tipo }) },
    { weight: 2, arbitrary: fc.record({ corpo: fc.constantFrom(...JSON_INVALIDO), tipo }) },
    { weight: 1, arbitrary: fc.record({ corpo: fc.constantFrom(...BYTES_INVALIDOS), tipo }) },
    { weight: 1, arbitrary: fc.constant({ corpo: undefined, tipo: undefined }) },
    { weight: 1, arbitrary: fc.record({ corpo: fc.constant(undefined), tipo }) },
  );
}

/**
 * A body the route takes as text (`tipoCorpo`, the operators' CSV): lines of cells, right and wrong, under the
 * right header or a broken one, with `;` or `,`, unclosed quotes, formulas, CR, NUL; mostly with its own type.
 */
function corpoDeTexto(tipo: string): fc.Arbitrary<{ corpo: string | Buffer | undefined; tipo?: string }> {
  const celula = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: -5, max: 1_000 }).map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('02/12/2026', '31/02/2026', 'PR01', 'BL99', 'PR100', '12.500', '1,5'),
    },
    { weight: 2, arbitrary: textoHostil() },
    { weight: 1, arbitrary: fc.constantFrom('', '"', '""', '"a;b"', '"sem fim', '\r', '=1+1', '@SUM(A1)') },
  );
  const linha = fc
    .tuple(fc.array(celula, { minLength: 0, maxLength: 14 }), fc.constantFrom(';', ',', '\t'))
    .map(([cs, sep]) => cs.join(sep));
  const cabecalho = fc.oneof(
    { weight: 3, arbitrary: fc.constant(COLUNAS_CSV.join(';')) },
    { weight: 1, arbitrary: fc.shuffledSubarray([...COLUNAS_CSV]).map((cs) => cs.join(';')) },
    { weight: 1, arbitrary: linha },
  );
  const texto = fc
    .tuple(cabecalho, fc.array(linha, { maxLength: 8 }), fc.constantFrom('\n', '\r\n'))
    .map(([c, ls, fim]) => [c, ...ls].join(fim));
  const tipoArb = fc.oneof(
    { weight: 8, arbitrary: fc.constant(tipo) },
    { weight: 2, arbitrary: fc.constantFrom(...TIPOS_CONTEUDO, 'text/csv; charset=latin1') },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ corpo: texto, tipo: tipoArb }) },
    { weight: 1, arbitrary: fc.record({ corpo: fc.constantFrom(...BYTES_INVALIDOS), tipo: tipoArb }) },
    { weight: 1, arbitrary: fc.record({ corpo: fc.constant(undefined), tipo: tipoArb }) },
  );
}

/** A path or query value as a string (how it travels), from the node or anything odd. */
function textoDoValor(v: unknown): string {
  if (typeof v === 'string') return v.startsWith(CRU) ? v.slice(CRU.length) : v;
  if (typeof v === 'number') return String(v);
  return paraJson(v);
}

function codificar(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    // A lone surrogate: sent as its UTF-8-less escape, which is itself a bad percent-encoding.
    return escape(s);
  }
}

/** Escapes no decoder accepts, and some that decode to something unexpected. */
const ESCAPES_RUINS = [
  '%',
  '%f',
  '%zz',
  '%ff',
  '%c0%80',
  '%ed%a0%80',
  '%E0%A4%A',
  '%00',
  '%2e%2e',
  '%2F',
  '%5C',
];

export interface OpcoesGeradores {
  /**
   * Protocol-level refusals (issue 12 item 7, docs/decisions/0091): a bad percent-escape in the path
   * (FST_ERR_BAD_URL), a path parameter over 100 characters (414), a request line over 16 KB (431).
   */
  urlsRuins: boolean;
  /**
   * Numbers that exist in the database (calls, requisitions, elections, messages): drawn now and then for an
   * integer or a digits-only string, so some cases get past "not found" into the handlers.
   */
  conhecidos: readonly number[];
}

let conhecidosAtuais: readonly number[] = [];

function valorDeParametro(no: No | undefined, opcoes: OpcoesGeradores): fc.Arbitrary<string> {
  const normal = valorDoNo(no).map((v) => codificar(textoDoValor(v)));
  const ok = opcoes.urlsRuins
    ? normal
    : normal.filter((s) => s.length <= 100 && !/%(?![0-9A-Fa-f]{2})/.test(s));
  return fc.oneof(
    { weight: 8, arbitrary: ok },
    {
      weight: opcoes.urlsRuins ? 2 : 0,
      arbitrary: fc
        .tuple(fc.constantFrom('1', 'abc', ''), fc.constantFrom(...ESCAPES_RUINS))
        .map(([a, b]) => a + b),
    },
    { weight: 1, arbitrary: fc.constantFrom('%2e%2e', '%2F', '%5C', '%20', '.', '..', '%3F', '%23') },
  );
}

function consultaDaRota(no: No | undefined, opcoes: OpcoesGeradores): fc.Arbitrary<string> {
  const pares = (no ? valorDoNo(no) : fc.constant({})).map((v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return `valor=${codificar(textoDoValor(v))}`;
    return Object.entries(v)
      .map(([k, x]) =>
        Array.isArray(x)
          ? x.map((item) => `${codificar(k)}=${codificar(textoDoValor(item))}`).join('&')
          : `${codificar(k)}=${codificar(textoDoValor(x))}`,
      )
      .join('&');
  });
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom(...ESCAPES_RUINS).map((e) => `x=${e}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__[admin]=1',
        'constructor[prototype][admin]=1',
        'a[b][c]=1',
        '=',
        '&&&',
        'a=1&a=2',
        `x=${'y'.repeat(5_000)}`,
      ),
    },
    // Past the 16 KB a request line may have (431 in the envelope, decision 0091).
    { weight: opcoes.urlsRuins ? 1 : 0, arbitrary: fc.constant(`x=${'y'.repeat(17_000)}`) },
  );
  return fc
    .tuple(pares, extra)
    .map(([p, e]) => [p, e].filter((s) => s !== '').join('&'))
    .map((q) => (q === '' ? '' : `?${q}`));
}

const CABECALHOS_ESTRANHOS: readonly (readonly [string, string])[] = [
  ['accept', 'application/xml'],
  ['accept', '*/*;q=0'],
  ['accept-encoding', 'gzip'],
  ['accept-encoding', 'br, gzip;q=0.5'],
  ['accept-encoding', 'identity;q=0, *;q=0'],
  ['accept-encoding', 'x'.repeat(500)],
  ['if-none-match', '*'],
  ['if-none-match', 'W/"lixo"'],
  ['if-modified-since', 'ontem'],
  ['x-forwarded-for', '1.1.1.1, lixo'],
  ['x-forwarded-proto', 'gopher'],
  ['origin', 'https://ataque.example'],
  ['referer', 'javascript:alert(1)'],
  ['range', 'bytes=0-1'],
  ['cookie', 'a=b; ; =; XSRF-TOKEN'],
  ['cookie', `x=${'%ff'.repeat(10)}`],
  ['authorization', 'Bearer lixo'],
  ['x-http-method-override', 'DELETE'],
  ['user-agent', '\u00e7\u00e3o'],
];

/** Every case of one route. */
export function casoDaRota(rota: RotaFuzz, opcoes: OpcoesGeradores): fc.Arbitrary<Caso> {
  // The arbitraries below are built now, with these numbers in them.
  conhecidosAtuais = opcoes.conhecidos;
  const params = esquemaJson(rota.params);
  const query = esquemaJson(rota.query);
  const corpo = esquemaJson(rota.corpo);
  const nomes = parametrosDoCaminho(rota.caminho);
  const caminho = fc
    .tuple(...nomes.map((n) => valorDeParametro(params?.properties?.[n], opcoes)))
    .map((valores) => {
      let i = 0;
      return rota.caminho
        .replace(/:([A-Za-z0-9_]+)/g, () => valores[i++] ?? '')
        .replace(/\*$/, () => valores[i++] ?? '');
    });
  const temCorpo = rota.metodo !== 'GET';
  const semCorpo = fc.constant({ corpo: undefined as string | Buffer | undefined, tipo: undefined });
  const tipoCorpo = rota.endpoint?.tipoCorpo;
  const corpoArb = temCorpo
    ? tipoCorpo
      ? fc.oneof(
          { weight: 3, arbitrary: corpoDeTexto(tipoCorpo) },
          { weight: 1, arbitrary: corpoDaRota(corpo) },
        )
      : corpoDaRota(corpo)
    : fc.oneof({ weight: 12, arbitrary: semCorpo }, { weight: 1, arbitrary: corpoDaRota(undefined) });
  const cabecalhos = fc.oneof(
    { weight: 3, arbitrary: fc.constant([] as (readonly [string, string])[]) },
    { weight: 1, arbitrary: fc.subarray([...CABECALHOS_ESTRANHOS], { maxLength: 3 }) },
  );
  const raro = (peso: number) =>
    fc.oneof({ weight: peso, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
  // A GET that reads no input answers the same valid request over and over: two cases in three go without
  // a working token, so its handler (a whole job history, the OpenAPI document) runs a third of the time.
  const semEntrada = rota.metodo === 'GET' && !rota.params && !rota.query && !rota.corpo;
  return fc
    .record({
      caminho,
      consulta: consultaDaRota(query, opcoes),
      corpo: corpoArb,
      cabecalhos,
      outra: raro(7),
      semToken: raro(semEntrada ? 1 : 30),
      tokenForjado: raro(semEntrada ? 2 : 30),
      semXsrf: raro(30),
      xsrfForjado: raro(30),
    })
    .map((g) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of g.cabecalhos) headers[k] = v;
      if (g.corpo.tipo !== undefined) headers['content-type'] = g.corpo.tipo;
      return {
        metodo: rota.metodo,
        url: g.caminho + g.consulta,
        headers,
        corpo: g.corpo.corpo,
        sessao: g.outra ? 'outra' : 'propria',
        semToken: g.semToken,
        tokenForjado: g.tokenForjado,
        semXsrf: g.semXsrf,
        xsrfForjado: g.xsrfForjado,
      };
    });
}

/** The case as a line a person can replay with curl's help. */
export function descreverCaso(c: Caso): string {
  const corpo =
    c.corpo === undefined
      ? ''
      : ` corpo=${JSON.stringify(typeof c.corpo === 'string' ? c.corpo.slice(0, 300) : `<${c.corpo.length} bytes>`)}${
          c.corpo.length > 300 ? `…(${c.corpo.length})` : ''
        }`;
  const flags = [
    c.sessao === 'outra' ? 'outra sessão' : '',
    c.semToken ? 'sem token' : '',
    c.tokenForjado ? 'token forjado' : '',
    c.semXsrf ? 'sem XSRF' : '',
    c.xsrfForjado ? 'XSRF forjado' : '',
  ].filter(Boolean);
  return `${c.metodo} ${c.url.slice(0, 300)}${c.url.length > 300 ? `…(${c.url.length})` : ''} cabeçalhos=${JSON.stringify(c.headers).slice(0, 300)}${corpo}${flags.length ? ` [${flags.join(', ')}]` : ''}`;
}
