import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { ESCALADOR } from './apoio-teste.ts';

/**
 * The published call's PDF at the size of a real morning (issue 27; docs/decisions/0266): the demo's call of
 * 299 vacancies closed, rotated and published; SQLite and PostgreSQL (TEST_DB).
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;
const NUM = 4521;

beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
  for (const passo of ['fechar', 'rodizio', 'publicar']) {
    expect((await staff.post(`/api/gestao/escalas/${NUM}/${passo}`)).status, passo).toBe(200);
  }
});
afterAll(async () => {
  await amb.fechar();
});

async function paginas(query: Record<string, string> = {}) {
  const r = await staff.get(`/api/gestao/escalas/${NUM}/escala.pdf`, query);
  expect(r.status, JSON.stringify(r.corpo)).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(r.bruto)), { mergePages: false });
  return { paginas: text, disposicao: r.headers['content-disposition'] };
}

describe('PDF da escala publicada', () => {
  it('MATRÍCULA inteira; o navio de novo em cada página; vagas não preenchidas por extenso; sem página quase vazia', async () => {
    const { paginas: ps } = await paginas();
    expect(ps.length).toBeGreaterThan(2);
    const navios = (
      await amb.db.selectFrom('requisicao').select('nome_navio').where('num_escalacao', '=', NUM).execute()
    ).map((l) => l.nome_navio.toLocaleUpperCase('pt-BR'));
    ps.forEach((texto, i) => {
      expect(texto, `página ${i + 1}`).toContain('MATRÍCULA');
      expect(texto, `página ${i + 1}`).not.toMatch(/MATRÍCUL\s+A\b/);
      // Every page names the ship whose list it shows (its heading, or the heading again, continued).
      expect(
        navios.some((n) => texto.includes(n)),
        `página ${i + 1}`,
      ).toBe(true);
    });
    expect(ps.join('\n')).toContain('(CONTINUAÇÃO)');
    expect(ps.join('\n')).toMatch(/\d+ vagas não preenchidas|1 vaga não preenchida/);
    expect(ps.join('\n')).not.toContain('vaga(s)');
    // The last page carries rows of the call, not only a closing paragraph and the footer.
    const ultima = ps.at(-1) ?? '';
    expect(ultima).toMatch(/\b\d{6}\b|não preenchida/);
  });

  it('por operador e por navio: só as requisições dele, no título e no nome do arquivo', async () => {
    const tecon = await paginas({ codOperador: '11' });
    expect(tecon.disposicao).toBe(`attachment; filename="escala-${NUM}-operador-11.pdf"`);
    const textoTecon = tecon.paginas.join('\n');
    expect(textoTecon).toContain(`Escala nº ${NUM} · Tecon Suape`);
    const operadores = (
      await amb.db
        .selectFrom('requisicao')
        .select(['nome_operador', 'cod_operador'])
        .where('num_escalacao', '=', NUM)
        .execute()
    ).filter((l) => l.cod_operador !== 11);
    expect(operadores.length).toBeGreaterThan(0);
    for (const o of operadores) expect(textoTecon).not.toContain(o.nome_operador.toLocaleUpperCase('pt-BR'));

    const aurora = await paginas({ codNavio: '501' });
    expect(aurora.disposicao).toBe(`attachment; filename="escala-${NUM}-navio-501.pdf"`);
    const textoAurora = aurora.paginas.join('\n');
    expect(textoAurora).toContain(`Escala nº ${NUM} · MSC AURORA`);
    expect(textoAurora).not.toContain('MAERSK SANTOS');

    const nenhum = await staff.get(`/api/gestao/escalas/${NUM}/escala.pdf`, { codNavio: '999999' });
    expect(nenhum.status).toBe(404);
    expect(nenhum.corpo.mensagem).toBe('Nenhuma requisição deste operador ou navio nesta escala.');
    const ruim = await staff.get(`/api/gestao/escalas/${NUM}/escala.pdf`, { codOperador: 'x' });
    expect(ruim.status).toBe(400);
    expect(ruim.corpo.codigoErro).toBe('DadosInvalidos');
  });
});
