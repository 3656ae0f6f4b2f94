import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDeclaracoes } from '#common/api/declaracoes.ts';
import type { CampoInvalido } from '#common/envelope.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';
import { corpoLockdown, textoDoPdf, URL_PDF } from './apoio-teste.ts';

let amb: AmbienteTeste;
let url: string;
let codigo: string;
beforeAll(async () => {
  amb = await criarAmbiente();
  const c = await amb.logado('100001');
  const r = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo: await corpoLockdown(c) });
  url = r.corpo.dados.url;
  const linha = await amb.db
    .selectFrom('declaracao')
    .select('codigo_verificacao')
    .where('cod_avulso', '=', '100001')
    .executeTakeFirstOrThrow();
  codigo = linha.codigo_verificacao;
});
afterAll(async () => {
  await amb.fechar();
});

describe('GET /api/declaracoes/<token>.pdf', () => {
  it('abre sem sessão e sem cabeçalho de token: o link é a credencial', async () => {
    expect(url).toMatch(URL_PDF);
    const anonimo = await amb.cliente();
    const r = await anonimo.get(url);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(
      /^inline; filename="declaracao-lockdown-LKD-[A-Z0-9-]+\.pdf"$/,
    );
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect(r.bruto.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.bruto.length).toBeGreaterThan(5000);
  });

  it('o PDF traz o texto da tela, o código e o endereço de verificação', async () => {
    const texto = await textoDoPdf((await (await amb.cliente()).get(url)).bruto);
    expect(texto).toContain('DECLARAÇÃO DE ATIVIDADE');
    expect(texto).toContain('JOSÉ CARLOS DA SILVA');
    expect(texto).toContain('529.982.247-25');
    expect(texto).toContain(codigo);
    expect(texto).toContain(`/verificar/${codigo}`);
    expect(texto).toMatch(/Recife, \d{1,2} de [a-zç]+ de \d{4}\./);
  });

  it('token inventado, malformado ou de outro tamanho → 404 no envelope', async () => {
    const c = await amb.cliente();
    for (const caminho of [
      `/api/declaracoes/${'A'.repeat(43)}.pdf`,
      `/api/declaracoes/${url.slice(17, 59).replace(/.$/, (x) => (x === 'a' ? 'b' : 'a'))}x.pdf`,
      '/api/declaracoes/abc.pdf',
      `/api/declaracoes/${url.slice(17, 60)}`,
      '/api/declaracoes/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const r = await c.get(caminho);
      expect(r.status, caminho).toBe(404);
      expect(r.corpo.codigoErro).toBe('NaoEncontrado');
    }
  });

  it('outro trabalhador não recebe o link de ninguém', async () => {
    const outro = await amb.logado('100003');
    const r = await outro.chamar(apiDeclaracoes.acessarLockdown);
    expect(r.corpo.dados.declaracao).toBeNull();
    expect(JSON.stringify(r.corpo)).not.toContain(url);
  });
});

describe('GET /api/verificacao/:codigo (pública)', () => {
  it('um código verdadeiro: para quem e quando, com o CPF mascarado', async () => {
    const r = await (await amb.cliente()).chamar(apiDeclaracoes.verificacao, { params: { codigo: codigo } });
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toEqual({
      codigo,
      tipo: 'lockdown',
      titulo: 'Declaração de atividade para o lockdown',
      nome: 'JOSÉ CARLOS DA SILVA',
      cpfMascarado: '***.982.247-**',
      emitidaEm: amb.relogio.now().toISOString(),
    });
    expect(JSON.stringify(r.corpo)).not.toContain('52998224725');
  });

  it('aceita o código em minúsculas e com espaços', async () => {
    const r = await (await amb.cliente()).chamar(apiDeclaracoes.verificacao, {
      params: { codigo: ` ${codigo.toLowerCase()} ` },
    });
    expect(r.status).toBe(200);
    expect(r.corpo.dados.codigo).toBe(codigo);
  });

  it('a declaração já emitida da demonstração (100004) também confere', async () => {
    const linha = await amb.db
      .selectFrom('declaracao')
      .select(['codigo_verificacao'])
      .where('cod_avulso', '=', '100004')
      .executeTakeFirstOrThrow();
    const r = await (await amb.cliente()).chamar(apiDeclaracoes.verificacao, {
      params: { codigo: linha.codigo_verificacao },
    });
    expect(r.corpo.dados.nome).toBe('SEVERINO DOS SANTOS CAVALCANTI');
  });

  it('um código inventado → 404, um malformado → 400', async () => {
    const c = await amb.cliente();
    const inventado = await c.chamar(apiDeclaracoes.verificacao, { params: { codigo: 'LKD-2222-2222' } });
    expect(inventado.status).toBe(404);
    expect(inventado.corpo.codigoErro).toBe('NaoEncontrado');
    expect(inventado.corpo.mensagem).toMatch(/^Nenhuma declaração foi emitida com este código/);
    const malformado = await c.chamar(apiDeclaracoes.verificacao, { params: { codigo: 'xyz' } });
    expect(malformado.status).toBe(400);
    expect(malformado.corpo.codigoErro).toBe('DadosInvalidos');
    expect(dadosDaRecusa<CampoInvalido[]>(malformado)?.[0]?.campo).toBe('codigo');
  });
});
