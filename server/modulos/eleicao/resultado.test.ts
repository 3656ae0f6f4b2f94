import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEleicoes } from '#common/api/eleicoes.ts';
import { VOTO_BRANCO, VOTO_NULO } from '#common/dominio.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import { CHAVE_APURACAO_TESTE, contar, criarEleicaoTeste, idEleicaoDemo } from './apoio-teste.ts';
import { CHAVE_APURACAO_DEMO } from './seed.ts';

let amb: AmbienteTeste;
let equipe: ClienteTeste;
let demoAberta: number;
let demoEncerrada: number;
beforeAll(async () => {
  amb = await criarAmbiente();
  equipe = await amb.logado('900003');
  demoAberta = await idEleicaoDemo(amb.db, 'aberta');
  demoEncerrada = await idEleicaoDemo(amb.db, 'encerrada');
});
afterAll(async () => {
  await amb.fechar();
});

async function textoPdf(bruto: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bruto));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('apuração: só para a equipe do OGMO', () => {
  it('recusa quem não é da equipe com AcessoNegado 403', async () => {
    const c = await amb.logado('100001');
    const pedidos = [
      c.chamar(apiEleicoes.lista),
      c.chamar(apiEleicoes.resultado, { params: { id: demoEncerrada } }),
      c.chamar(apiEleicoes.resultadoPdf, { params: { id: demoEncerrada } }),
      c.chamar(apiEleicoes.zeresima, { params: { id: demoAberta } }),
      c.chamar(apiEleicoes.zeresimaPdf, { params: { id: demoAberta } }),
      c.chamar(apiEleicoes.encerrar, {
        params: { id: demoAberta },
        corpo: { chaveApuracao: CHAVE_APURACAO_DEMO },
      }),
    ];
    for (const r of await Promise.all(pedidos)) {
      expect(r.status).toBe(403);
      expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'AcessoNegado' });
    }
    const aindaAberta = await amb.db
      .selectFrom('eleicao')
      .select('situacao')
      .where('id', '=', demoAberta)
      .executeTakeFirstOrThrow();
    expect(aindaAberta.situacao).toBe('aberta');
  });

  it('sem sessão é 401', async () => {
    const c = await amb.cliente();
    expect((await c.chamar(apiEleicoes.resultado, { params: { id: demoEncerrada } })).status).toBe(401);
  });

  it('lista as eleições, a mais nova primeiro', async () => {
    const r = await equipe.chamar(apiEleicoes.lista);
    expect(r.status).toBe(200);
    expect(r.corpo.dados.map((e) => e.$id).slice(0, 2)).toEqual([demoAberta, demoEncerrada]);
    expect(r.corpo.dados[0]).toMatchObject({ situacao: 'aberta', encerramento: null });
    expect(r.corpo.dados[0]?.candidatos).toBeGreaterThanOrEqual(6);
  });
});

describe('resultado', () => {
  it('fica oculto enquanto a eleição está aberta (409, JSON e PDF)', async () => {
    for (const endpoint of [apiEleicoes.resultado, apiEleicoes.resultadoPdf]) {
      const r = await equipe.chamar(endpoint, { params: { id: demoAberta } });
      expect(r.status).toBe(409);
      expect(r.corpo).toMatchObject({
        codigoErro: 'EleicaoEmAndamento',
        mensagem: 'A eleição ainda está aberta: o resultado só sai depois do encerramento.',
      });
    }
    expect((await equipe.chamar(apiEleicoes.resultado, { params: { id: 424242 } })).status).toBe(404);
  });

  it('mostra a eleição anterior da demonstração, com cédulas iguais aos votantes', async () => {
    const r = await equipe.chamar(apiEleicoes.resultado, { params: { id: demoEncerrada } });
    expect(r.status).toBe(200);
    const d = r.corpo.dados;
    expect(d.eleicao.situacao).toBe('encerrada');
    expect(d.cedulas).toBe(d.votantes);
    expect(d.cedulas).toBe(d.validos + d.brancos + d.nulos);
    const votos = d.candidatos.map((c) => c.votos);
    expect(votos).toEqual([...votos].sort((a, b) => b - a));
    expect(d.comparecimento).toBeCloseTo(d.votantes / d.eleitores, 6);
    expect(d.comparecimento).toBeGreaterThan(0.6);
  });

  it('zerésima, votos, encerramento e apuração de uma eleição nova', async () => {
    const id = await criarEleicaoTeste(
      amb.db,
      amb.relogio.now(),
      [
        { matricula: 100601, nome: 'Rosângela Tavares', sexo: 'F', sindicato: 6 },
        { matricula: 100602, nome: 'Amaro Barros', sindicato: 4 },
      ],
      'Eleição suplementar de teste',
    );

    // The zero report, before the first vote: every line at 0 and an empty box.
    const zero = await equipe.chamar(apiEleicoes.zeresima, { params: { id } });
    expect(zero.status).toBe(200);
    expect(zero.corpo.dados).toMatchObject({
      cedulas: 0,
      votantes: 0,
      eleicao: { $id: id, situacao: 'aberta' },
    });
    expect(zero.corpo.dados.eleitores).toBeGreaterThan(250);
    expect(zero.corpo.dados.candidatos).toEqual([
      { matricula: 100602, nomeExibicao: 'Amaro Barros', votos: 0 },
      { matricula: 100601, nomeExibicao: 'Rosângela Tavares', votos: 0 },
      { matricula: VOTO_BRANCO, nomeExibicao: 'Voto em Branco', votos: 0 },
      { matricula: VOTO_NULO, nomeExibicao: 'Voto Nulo', votos: 0 },
    ]);
    const zeroPdf = await equipe.chamar(apiEleicoes.zeresimaPdf, { params: { id } });
    expect(zeroPdf.status).toBe(200);
    expect(zeroPdf.headers['content-type']).toBe('application/pdf');
    expect(zeroPdf.headers['content-disposition']).toBe(`attachment; filename="zeresima-eleicao-${id}.pdf"`);
    const textoZero = await textoPdf(zeroPdf.bruto);
    expect(textoZero).toContain('ZERÉSIMA');
    expect(textoZero).toContain('Rosângela Tavares');
    expect(textoZero).toContain('Voto Nulo');
    expect(textoZero).toMatch(/CÉDULAS NA URNA\s+0/);

    const votos: [string, number][] = [
      ['100101', 100601],
      ['100102', 100601],
      ['100103', 100602],
      ['100104', VOTO_BRANCO],
      ['100105', VOTO_NULO],
    ];
    for (const [cod, voto] of votos) {
      const r = await (await amb.logado(cod)).chamar(apiEleicoes.voto, { corpo: { idEleicao: id, voto } });
      expect(r.status).toBe(200);
    }

    // After the first vote the zero report is gone, and the result stays hidden.
    const zeroDepois = await equipe.chamar(apiEleicoes.zeresima, { params: { id } });
    expect(zeroDepois.status).toBe(409);
    expect(zeroDepois.corpo.codigoErro).toBe('EleicaoEmAndamento');
    expect(zeroDepois.corpo.mensagem).toContain('5 cédula(s)');
    expect((await equipe.chamar(apiEleicoes.resultado, { params: { id } })).status).toBe(409);

    const chavesAntes = (
      await amb.db.selectFrom('cedula').select('id').where('eleicao_id', '=', id).execute()
    ).map((c) => c.id);
    const fechar = await equipe.chamar(apiEleicoes.encerrar, {
      params: { id },
      corpo: { chaveApuracao: CHAVE_APURACAO_TESTE },
    });
    expect(fechar.status).toBe(200);
    expect(fechar.corpo.dados).toMatchObject({
      $id: id,
      situacao: 'encerrada',
      encerramento: amb.relogio.now().toISOString(),
    });
    const de_novo = await equipe.chamar(apiEleicoes.encerrar, {
      params: { id },
      corpo: { chaveApuracao: CHAVE_APURACAO_TESTE },
    });
    expect(de_novo.status).toBe(409);
    expect(de_novo.corpo.codigoErro).toBe('EleicaoEncerrada');

    // Closing rewrote the ballots with fresh keys, in key order, in one transaction.
    const chavesDepois = (
      await amb.db.selectFrom('cedula').select('id').where('eleicao_id', '=', id).execute()
    ).map((c) => c.id);
    expect(chavesDepois).toHaveLength(5);
    expect(chavesDepois.filter((k) => chavesAntes.includes(k))).toEqual([]);
    if (dialetoTeste() === 'postgres') {
      const xmin = await sql<{ tabela: string; n: number }>`
        select 'cedula' as tabela, count(distinct xmin::text)::int as n from cedula where eleicao_id = ${id}
        union all
        select 'votante', count(distinct xmin::text)::int from votante where eleicao_id = ${id}`.execute(
        amb.db,
      );
      expect(xmin.rows.map((r) => Number(r.n))).toEqual([1, 1]);
    }

    const tarde = await (await amb.logado('100106')).chamar(apiEleicoes.voto, {
      corpo: { idEleicao: id, voto: 100602 },
    });
    expect(tarde.status).toBe(404);
    expect(tarde.corpo.codigoErro).toBe('EleicaoInexistente');
    const zeroFechada = await equipe.chamar(apiEleicoes.zeresima, { params: { id } });
    expect(zeroFechada.status).toBe(409);
    expect(zeroFechada.corpo.codigoErro).toBe('EleicaoEncerrada');

    // The result, right after closing.
    const r = await equipe.chamar(apiEleicoes.resultado, { params: { id } });
    expect(r.status).toBe(200);
    const d = r.corpo.dados;
    expect(d.candidatos).toEqual([
      { matricula: 100601, nomeExibicao: 'Rosângela Tavares', sexo: 'F', codSindicato: 6, votos: 2 },
      { matricula: 100602, nomeExibicao: 'Amaro Barros', sexo: 'M', codSindicato: 4, votos: 1 },
    ]);
    expect(d).toMatchObject({ brancos: 1, nulos: 1, validos: 3, cedulas: 5, votantes: 5 });
    expect(d.eleitores).toBe(zero.corpo.dados.eleitores);
    expect(d.comparecimento).toBeCloseTo(5 / d.eleitores, 6);
    expect(await contar(amb.db, 'votante', id)).toBe(5);

    const pdf = await equipe.chamar(apiEleicoes.resultadoPdf, { params: { id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = await textoPdf(pdf.bruto);
    expect(texto).toContain('RESULTADO DA ELEIÇÃO');
    expect(texto).toContain('Eleição suplementar de teste');
    expect(texto).toMatch(/Rosângela Tavares\s+Arrumadora\s+100601\s+2\s+40,0%/);
    expect(texto).toMatch(/Votos em branco\s+1\s+20,0%/);
    expect(texto).toContain('Total de cédulas');
  });
});
