import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogoEndpoints } from '#common/api/catalogo.ts';
import { CARACTERES_PROIBIDOS } from '#common/caracteres-de-controle.ts';
import { corpoLockdown, corpoMp945 } from '../../modulos/declaracoes/apoio-teste.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { COD_DO_DONO, type DonoDaRota, donoDaRota } from '../../test/equipe-das-rotas.ts';

/**
 * Control characters and lone surrogates (issue 28 item 6, docs/decisions/0221): refused in one place, before
 * any schema, for every route: 400 DadosInvalidos naming the field, nothing written. A NUL in a declaration's
 * name or address was a 500 on PostgreSQL (and went into the PDF on SQLite). On SQLite and PostgreSQL (TEST_DB).
 */

let amb: AmbienteTeste;
let equipe: Record<DonoDaRota, ClienteTeste>;
beforeAll(async () => {
  amb = await criarAmbiente();
  equipe = {
    escalador: await amb.logado(COD_DO_DONO.escalador),
    financeiro: await amb.logado(COD_DO_DONO.financeiro),
    administrador: await amb.logado(COD_DO_DONO.administrador),
  };
});
/** Each staff area refuses any other role before reading anything (onRequest): its own staff there. */
const clienteDe = (caminho: string) => equipe[donoDaRota(caminho)];
afterAll(async () => {
  await amb.fechar();
});

const declaracoes = () =>
  amb.db.selectFrom('declaracao').select(['cod_avulso', 'codigo_verificacao', 'nome']).execute();

describe('textos que chegam ao banco e ao PDF (as declarações)', () => {
  it('NUL, surrogate isolado, C0 ou C1 no nome, no RG ou no endereço: 400 com o campo, nada gravado', async () => {
    const c = await amb.logado('100001');
    expect(
      (await c.post('/api/mp945/dadosAcesso', { cpf: '52998224725', dataNascimento: '15/03/1980' })).status,
    ).toBe(200);
    const lockdown = await corpoLockdown(c);
    const antes = await declaracoes();
    for (const ch of CARACTERES_PROIBIDOS) {
      const rotulo = `U+${ch.charCodeAt(0).toString(16)}`;
      const mp945 = corpoMp945(amb.relogio.now().toISOString());
      mp945.dadosTPA.nome = `JOSÉ CARLOS${ch} DA SILVA`;
      const casos = [
        { url: '/api/mp945/enviarDeclaracao', corpo: mp945, campo: 'dadosTPA.nome' },
        {
          url: '/api/lockdown/emitirDeclaracao',
          corpo: { ...lockdown, dadosTPA: { ...lockdown.dadosTPA, endLogradouro: `Rua A${ch}, 10` } },
          campo: 'dadosTPA.endLogradouro',
        },
      ];
      for (const caso of casos) {
        const r = await c.post(caso.url, caso.corpo);
        expect(r.status, `${caso.url} ${rotulo}`).toBe(400);
        expect(r.corpo, `${caso.url} ${rotulo}`).toMatchObject({
          sucesso: false,
          codigoErro: 'DadosInvalidos',
          dados: [{ campo: caso.campo }],
        });
        expect(r.corpo.mensagem, rotulo).toMatch(
          /caractere (de controle \((NUL|U\+00[0-9A-F]{2})\) não permitido|inválido \(surrogate isolado\))/,
        );
      }
    }
    expect(await declaracoes()).toEqual(antes);
  });

  it('TAB, quebra de linha, acentos e emojis continuam passando por esta barreira', async () => {
    const c = await amb.logado('100002');
    for (const texto of ['a\tb', 'a\nb', 'a\r\nb', 'Açúcar 😀', '\u00a0']) {
      const r = await c.requisitar({
        method: 'POST',
        url: '/api/mp945/dadosAcesso',
        payload: { cpf: texto, dataNascimento: '15/03/1980' },
      });
      // The schema refuses a CPF like these on its own terms; what matters is that it is not this check.
      expect(r.status, texto).toBe(400);
      expect(r.corpo.mensagem, texto).not.toMatch(/caractere/);
    }
  });
});

describe('toda rota do catálogo', () => {
  // Raw JSON text, so a lone surrogate travels as its escape (JSON.stringify would write it the same way).
  const corpos = ['{"x":"a\\u0000b"}', '{"x":["\\ud800"]}', '{"a\\u001bb":1}', '{"x":{"y":"\\u0085"}}'];

  it('um texto com caractere de controle no corpo JSON, mesmo num campo que o esquema ignoraria: 400', async () => {
    const comCorpo = catalogoEndpoints.filter((e) => e.corpo && !e.tipoCorpo);
    expect(comCorpo.length).toBeGreaterThan(10);
    for (const e of comCorpo) {
      for (const payload of corpos) {
        const r = await clienteDe(e.caminho).requisitar({
          method: e.metodo,
          url: e.caminho.replace(/:[A-Za-z]+/g, '1'),
          payload,
          headers: { 'content-type': 'application/json' },
        });
        const rotulo = `${e.metodo} ${e.caminho} ${payload}`;
        expect(r.status, rotulo).toBe(400);
        expect(r.corpo, rotulo).toMatchObject({
          codigoErro: 'DadosInvalidos',
          mensagem: expect.stringMatching(/caractere/),
        });
      }
    }
  });

  it('na consulta e nos parâmetros do caminho também', async () => {
    for (const e of catalogoEndpoints) {
      const url = e.caminho.replace(/:[A-Za-z]+/g, '1');
      const alvos = [`${url}?x=a%00b`, `${url}?x=%C2%85`];
      if (url !== e.caminho) alvos.push(`${e.caminho.replace(/:[A-Za-z]+/g, '1%01')}`);
      for (const alvo of alvos) {
        const r = await clienteDe(e.caminho).requisitar({
          method: e.metodo,
          url: alvo,
          ...(e.metodo === 'GET' ? {} : { payload: {} }),
        });
        expect(r.status, `${e.metodo} ${alvo}`).toBe(400);
        expect(r.corpo, `${e.metodo} ${alvo}`).toMatchObject({
          codigoErro: 'DadosInvalidos',
          mensagem: expect.stringMatching(/caractere de controle/),
        });
      }
    }
  });
});
