import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contracheques13FeriasRespostaSchema,
  contrachequesRespostaSchema,
  fichasFinanceirasRespostaSchema,
  informesRendimentosRespostaSchema,
} from '#common/api/financeiro.ts';
import { formatarMoeda } from '#common/formato.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

let amb: AmbienteTeste;
let jose: ClienteTeste;
let maria: ClienteTeste;

beforeAll(async () => {
  amb = await criarAmbiente();
  jose = await amb.logado('100001');
  maria = await amb.logado('100002');
});
afterAll(async () => {
  await amb.fechar();
});

async function textoPdf(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

async function listas(c: ClienteTeste) {
  const [cc, cc13, fichas, informes] = await Promise.all([
    c.get('/api/avulso/contracheques'),
    c.get('/api/avulso/contracheques13Ferias'),
    c.get('/api/avulso/fichasFinanceiras'),
    c.get('/api/avulso/informesRendimentos'),
  ]);
  return {
    contracheques: contrachequesRespostaSchema.parse(cc.corpo.dados).contracheques,
    contracheques13Ferias: contracheques13FeriasRespostaSchema.parse(cc13.corpo.dados).contracheques13Ferias,
    fichas: fichasFinanceirasRespostaSchema.parse(fichas.corpo.dados).fichasFinanceiras,
    informes: informesRendimentosRespostaSchema.parse(informes.corpo.dados).informesRendimentos,
  };
}

const LISTAS = [
  '/api/avulso/contracheques',
  '/api/avulso/contracheques13Ferias',
  '/api/avulso/fichasFinanceiras',
  '/api/avulso/informesRendimentos',
];
const DOWNLOADS = [
  '/api/avulso/contracheque',
  '/api/avulso/contracheque13Ferias',
  '/api/avulso/fichaFinanceira',
  '/api/avulso/informeRendimentos',
];

describe('sem sessão', () => {
  it('as oito chamadas respondem 401 NaoAutenticado', async () => {
    const anonimo = await amb.cliente();
    for (const url of [...LISTAS, ...DOWNLOADS]) {
      const r = await anonimo.get(url, { arquivo: 'contracheques/2026/11/CC-100001-000001.pdf' });
      expect(r.status, url).toBe(401);
      expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'NaoAutenticado' });
    }
  });
});

describe('listas (docs/produto/minha-conta.md §3)', () => {
  it('contracheques: por ano e mês, do mais recente, Normal e Complementar, dois anos', async () => {
    const { contracheques } = await listas(jose);
    expect(contracheques.length).toBeGreaterThanOrEqual(2);
    const anos = contracheques.map((a) => a.ano);
    expect(anos).toEqual([...anos].sort((a, b) => b - a));
    const primeiro = contracheques[0]?.meses[0];
    expect(primeiro?.nomeMes).toMatch(/^[A-ZÇ][a-zç]+$/);
    const itens = contracheques.flatMap((a) => a.meses.flatMap((m) => m.contracheques));
    expect(itens.length).toBeGreaterThan(200);
    expect(new Set(itens.map((i) => i.dados.tipo))).toEqual(new Set(['ccNormal', 'ccComplementar']));
    for (const i of itens) {
      expect(i.arquivo).toMatch(/^contracheques\/\d{4}\/\d{2}\/CC-100001-\d{6}\.pdf$/);
      expect(i.dados.turno).toMatch(/^\d{2}-\d{2}$/);
      expect(i.dados.liquido).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(i.dados.datahoraEmissao))).toBe(false);
    }
    expect(itens[0]?.dados).toMatchObject({ sindicato: 'Estivador' });
    expect(itens[0]?.dados.navio).not.toBe('');
  });

  it('13º e férias: por ano, os dois tipos', async () => {
    const { contracheques13Ferias } = await listas(jose);
    expect(contracheques13Ferias.length).toBeGreaterThanOrEqual(2);
    const itens = contracheques13Ferias.flatMap((a) => a.contracheques13Ferias);
    expect(new Set(itens.map((i) => i.dados.cc))).toEqual(new Set(['13º Salário', 'Férias']));
    for (const i of itens)
      expect(i.arquivo).toMatch(/^contracheques-13-ferias\/\d{4}\/\d{2}\/(C13|FER)-100001-\d{6}\.pdf$/);
  });

  it('fichas financeiras: uma por mês fechado, com todos os valores', async () => {
    const { fichas } = await listas(jose);
    const itens = fichas.flatMap((a) => a.fichas);
    expect(itens.length).toBeGreaterThanOrEqual(20);
    const ficha = itens[0];
    expect(ficha?.dados.valorBruto).toBeGreaterThan(0);
    expect(ficha?.dados.valorFgtsMes).toBeCloseTo((ficha?.dados.valorBruto ?? 0) * 0.08, 1);
    expect(Object.keys(ficha?.dados ?? {}).sort()).toEqual(
      [
        'valorBruto',
        'valorFerias',
        'valor13Salario',
        'valorInss',
        'valorIrrf',
        'valorIrrfFerias',
        'valorInss13',
        'valorIrrf13',
        'valorFgtsMes',
        'valorFgtsFerias',
        'valorFgts13',
        'dataHoraEmissao',
      ].sort(),
    );
    // December carries the 13th salary's deductions.
    const dezembro = itens.find((f) => f.mes === 12 && f.dados.valorInss13 > 0);
    expect(dezembro).toBeDefined();
  });

  it('informes de rendimentos: exercício = ano-calendário + 1', async () => {
    const { informes } = await listas(jose);
    expect(informes.length).toBeGreaterThanOrEqual(2);
    for (const i of informes) expect(i.dados.anoExercicio).toBe(i.dados.anoCalendario + 1);
    expect(informes[0]?.arquivo).toMatch(/^informes-rendimentos\/\d{4}\/IR-100001-\d{4}\.pdf$/);
  });

  it('cada avulso vê só os seus documentos', async () => {
    const { contracheques } = await listas(maria);
    const itens = contracheques.flatMap((a) => a.meses.flatMap((m) => m.contracheques));
    expect(itens.length).toBeGreaterThan(0);
    for (const i of itens) expect(i.arquivo).toContain('-100002-');
  });
});

describe('PDFs', () => {
  it('contracheque: o próprio PDF, com nome, líquido e o nome do arquivo no cabeçalho', async () => {
    const { contracheques } = await listas(jose);
    const itens = contracheques.flatMap((a) => a.meses.flatMap((m) => m.contracheques));
    for (const item of [itens[0], itens.find((i) => i.dados.tipo === 'ccComplementar')]) {
      if (!item) throw new Error('contracheque ausente');
      const r = await jose.get('/api/avulso/contracheque', { arquivo: item.arquivo });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      const nome = item.arquivo.split('/').at(-1);
      expect(r.headers['content-disposition']).toBe(`attachment; filename="${nome}"`);
      expect(r.bruto.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const texto = await textoPdf(r.bruto);
      expect(texto).toContain('JOSÉ CARLOS DA SILVA');
      expect(texto).toContain('100001');
      expect(texto).toContain('529.982.247-25');
      expect(texto).toContain(formatarMoeda(item.dados.liquido));
      expect(texto).toContain(item.dados.navio);
      expect(texto).toContain('INSS');
      expect(texto).toContain('FGTS');
      expect(texto).toContain(item.dados.tipo === 'ccComplementar' ? 'Complementar' : 'Normal');
      expect(texto).toContain(amb.config.organizacao.nome);
    }
  });

  it('o mesmo documento sai sempre igual, byte a byte', async () => {
    const { contracheques } = await listas(jose);
    const arquivo = contracheques[0]?.meses[0]?.contracheques[0]?.arquivo ?? '';
    const a = await jose.get('/api/avulso/contracheque', { arquivo });
    amb.relogio.avancar(60_000);
    const b = await jose.get('/api/avulso/contracheque', { arquivo });
    expect(a.bruto.equals(b.bruto)).toBe(true);
  });

  it('contracheque de 13º e de férias', async () => {
    const { contracheques13Ferias } = await listas(jose);
    for (const item of contracheques13Ferias.flatMap((a) => a.contracheques13Ferias).slice(0, 2)) {
      const r = await jose.get('/api/avulso/contracheque13Ferias', { arquivo: item.arquivo });
      expect(r.status).toBe(200);
      expect(r.headers['content-disposition']).toBe(
        `attachment; filename="${item.arquivo.split('/').at(-1)}"`,
      );
      expect(r.bruto.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const texto = await textoPdf(r.bruto);
      expect(texto).toContain('JOSÉ CARLOS DA SILVA');
      expect(texto).toContain(formatarMoeda(item.dados.liquido));
      expect(texto.toUpperCase()).toContain(item.dados.cc.toUpperCase());
    }
  });

  it('ficha financeira com todos os valores', async () => {
    const { fichas } = await listas(jose);
    const ficha = fichas[0]?.fichas[0];
    if (!ficha) throw new Error('ficha ausente');
    const r = await jose.get('/api/avulso/fichaFinanceira', { arquivo: ficha.arquivo });
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="${ficha.arquivo.split('/').at(-1)}"`,
    );
    expect(r.bruto.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const texto = await textoPdf(r.bruto);
    expect(texto).toContain('JOSÉ CARLOS DA SILVA');
    expect(texto).toContain(formatarMoeda(ficha.dados.valorBruto));
    for (const v of [ficha.dados.valorInss, ficha.dados.valorFgtsMes, ficha.dados.valorFerias]) {
      expect(texto).toContain(formatarMoeda(v).slice(3));
    }
    expect(texto).toContain(`${ficha.nomeMes}/${fichas[0]?.ano}`);
  });

  it('informe de rendimentos do ano-calendário', async () => {
    const { informes } = await listas(jose);
    const informe = informes[0];
    if (!informe) throw new Error('informe ausente');
    const linha = await amb.db
      .selectFrom('informe_rendimentos')
      .selectAll()
      .where('arquivo', '=', informe.arquivo)
      .executeTakeFirstOrThrow();
    const r = await jose.get('/api/avulso/informeRendimentos', { arquivo: informe.arquivo });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.bruto.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const texto = await textoPdf(r.bruto);
    expect(texto).toContain('JOSÉ CARLOS DA SILVA');
    expect(texto).toContain('529.982.247-25');
    expect(texto).toContain(`Ano-calendário ${informe.dados.anoCalendario}`);
    expect(texto).toContain(formatarMoeda(linha.rendimentos_tributaveis / 100).slice(3));
    expect(texto).toContain(formatarMoeda(linha.irrf / 100).slice(3));
    expect(texto).toContain(amb.config.organizacao.cnpj);
  });
});

describe('arquivo de outro avulso, de outro tipo ou inválido', () => {
  it('o arquivo de outro avulso dá 404, nos quatro tipos', async () => {
    const deJose = await listas(jose);
    const deMaria = await listas(maria);
    const alheios: [string, ClienteTeste, string | undefined][] = [
      ['/api/avulso/contracheque', jose, deMaria.contracheques[0]?.meses[0]?.contracheques[0]?.arquivo],
      ['/api/avulso/contracheque', maria, deJose.contracheques[0]?.meses[0]?.contracheques[0]?.arquivo],
      [
        '/api/avulso/contracheque13Ferias',
        maria,
        deJose.contracheques13Ferias[0]?.contracheques13Ferias[0]?.arquivo,
      ],
      ['/api/avulso/fichaFinanceira', jose, deMaria.fichas[0]?.fichas[0]?.arquivo],
      ['/api/avulso/fichaFinanceira', maria, deJose.fichas[0]?.fichas[0]?.arquivo],
      ['/api/avulso/informeRendimentos', maria, deJose.informes[0]?.arquivo],
    ];
    for (const [url, cliente, arquivo] of alheios) {
      if (!arquivo) throw new Error(`sem arquivo para ${url}`);
      const r = await cliente.get(url, { arquivo });
      expect(r.status, `${url} ${arquivo}`).toBe(404);
      expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'NaoEncontrado' });
      expect(r.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('um documento pedido na chamada de outro tipo dá 404', async () => {
    const { contracheques, fichas } = await listas(jose);
    const contracheque = contracheques[0]?.meses[0]?.contracheques[0]?.arquivo ?? '';
    expect((await jose.get('/api/avulso/contracheque13Ferias', { arquivo: contracheque })).status).toBe(404);
    expect((await jose.get('/api/avulso/fichaFinanceira', { arquivo: contracheque })).status).toBe(404);
    const ficha = fichas[0]?.fichas[0]?.arquivo ?? '';
    expect((await jose.get('/api/avulso/contracheque', { arquivo: ficha })).status).toBe(404);
  });

  it('caminhos e lixo nunca dão 500: 404 ou 400 no envelope', async () => {
    const casos: [string, number][] = [
      ['../../../etc/passwd', 404],
      ['/etc/passwd', 404],
      ['contracheques/../../server/config.ts', 404],
      ['..', 404],
      ['contracheques/2026/11/CC-100001-999999.pdf', 404],
      ['a\u0000b', 400],
      ['contracheques/2026/11/CC-100001-000001.pdf\u0000.txt', 400],
      ['x'.repeat(5000), 400],
      ['', 400],
      ['C:\\Windows\\win.ini', 400],
      ['%2e%2e%2fetc%2fpasswd', 400],
      ['contracheques/2026/ção.pdf', 400],
      ["' OR 1=1 --", 400],
    ];
    for (const url of DOWNLOADS) {
      for (const [arquivo, status] of casos) {
        const r = await jose.get(url, { arquivo });
        expect(r.status, `${url} ${JSON.stringify(arquivo.slice(0, 40))}`).toBe(status);
        expect(r.corpo?.sucesso).toBe(false);
      }
      const semParametro = await jose.get(url);
      expect(semParametro.status).toBe(400);
      expect(semParametro.corpo.codigoErro).toBe('DadosInvalidos');
      const repetido = await jose.requisitar({ method: 'GET', url: `${url}?arquivo=a.pdf&arquivo=b.pdf` });
      expect(repetido.status).toBeLessThan(500);
      expect(repetido.corpo?.sucesso).toBe(false);
    }
  });
});

describe('renovação do token num download', () => {
  it('o token renovado vem no cabeçalho X-Access-Token e funciona', async () => {
    const curta = await criarAmbiente({
      sessao: { ...amb.config.sessao, maximaHoras: 0.01, ociosaMinutos: 30, carenciaSegundos: 5 },
    });
    try {
      const c = await curta.logado('100001');
      const { contracheques } = await listas(c);
      const arquivo = contracheques[0]?.meses[0]?.contracheques[0]?.arquivo ?? '';
      const antigo = c.token;
      curta.relogio.avancar(20_000); // past half of a 36 s session
      const r = await c.get('/api/avulso/contracheque', { arquivo });
      expect(r.status).toBe(200);
      const renovado = r.headers['x-access-token'];
      expect(typeof renovado).toBe('string');
      expect(renovado).not.toBe(antigo);
      curta.relogio.avancar(10_000); // the old token's grace is over
      const comAntigo = await c.requisitar({
        method: 'GET',
        url: '/api/avulso/informesRendimentos',
        headers: { 'x-access-token': antigo ?? '' },
      });
      expect(comAntigo.status).toBe(401);
      const comNovo = await c.requisitar({
        method: 'GET',
        url: '/api/avulso/informesRendimentos',
        headers: { 'x-access-token': String(renovado) },
      });
      expect(comNovo.status).toBe(200);
    } finally {
      await curta.fechar();
    }
  });
});
