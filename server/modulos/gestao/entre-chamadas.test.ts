import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalacao } from '#common/api/escalacao.ts';
import { apiGestao } from '#common/api/gestao.ts';
import { temDescanso } from '#common/descanso.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import {
  ambienteSemChamadaAberta,
  apurar,
  chamadaFechada,
  dataDaChamada,
  diaDaqui,
  engajados,
  escolher,
  estivadores,
  pedirRepescagem,
  publicar,
  requisicao,
  trabalhosDe,
} from './apoio-entre-chamadas.ts';
import { ESCALADOR } from './apoio-teste.ts';
import { calcularRodizio, gravarRodizio } from './apuracao.ts';

/**
 * The rotation across calls (issue 27, cases 1-5; docs/decisions/0210-0214), on SQLite and PostgreSQL
 * (TEST_DB): rest both ways counting published and rotated-but-unpublished calls; publishing refuses a result
 * whose pointers or engagements changed since; pointers never move backward; ties rotate; lists in rotation
 * order; a shift that ended is never engaged. Each test uses its own days (far from the demo's jobs).
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;
let w: { cod: string; num: number }[];

beforeAll(async () => {
  ({ amb, staff } = await ambienteSemChamadaAberta());
  w = await estivadores(amb, 6);
});
afterAll(async () => {
  await amb.fechar();
});

const codigos = () => w.map((x) => x.cod);
const H = 3_600_000;

function oferta(c: { ofertas: { seq: number; codFuncao: number }[] }, i = 0) {
  const o = c.ofertas[i];
  if (!o) throw new Error('oferta');
  return o;
}

describe('descanso nos dois sentidos, entre chamadas (caso 1)', () => {
  it('publicado para 13-19: a oferta de 07-13 do mesmo dia está sem descanso no GET /api/vagas e no rodízio', async () => {
    const dia = diaDaqui(amb, 20);
    const [a] = w;
    if (!a) throw new Error('avulso');
    const tarde = await chamadaFechada(amb, [requisicao(dia, 2, [[101, 1]])]);
    await escolher(amb, tarde.num, a.cod, [oferta(tarde)]);
    await apurar(amb, tarde.num);
    await publicar(amb, tarde.num);
    expect((await trabalhosDe(amb, a.cod)).filter((j) => j.num_escalacao === tarde.num)).toHaveLength(1);

    // The morning's call, open: GET /api/vagas says no rest for its 07-13 offer.
    const manha = await staff.chamar(apiGestao.criar, {
      corpo: { dataChamada: dataDaChamada(dia), horaChamada: '06:00' },
    });
    const num = manha.corpo.dados.numEscalacao;
    await staff.chamar(apiGestao.adicionarRequisicao, {
      params: { num },
      corpo: requisicao(dia, 1, [[101, 1]]),
    });
    expect((await staff.chamar(apiGestao.abrir, { params: { num } })).status).toBe(200);
    const c = await amb.logado(a.cod);
    const vagas = await c.chamar(apiEscalacao.vagas, { query: { numEscalacao: num } });
    expect(vagas.status).toBe(200);
    const semDescanso = vagas.corpo.dados.pessoal.semDescanso;
    expect(semDescanso).toHaveLength(1);
    expect((await staff.chamar(apiGestao.fechar, { params: { num } })).status).toBe(200);
    // Had the choice been made before the job was published, the rotation leaves it out with the reason.
    const seq = (
      await amb.db
        .selectFrom('oferta')
        .select('seq_categoria')
        .where('num_escalacao', '=', num)
        .executeTakeFirstOrThrow()
    ).seq_categoria;
    await escolher(amb, num, a.cod, [{ seq, codFuncao: 101 }]);
    const r = await apurar(amb, num);
    expect(r.escalados).toBe(0);
    const auditoria = await staff.chamar(apiGestao.auditoria, {
      params: { num },
      query: { codAvulso: a.cod },
    });
    expect(auditoria.corpo.dados.escolhas[0]?.situacao).toBe('sem-descanso');
  });

  it('apurada e ainda não publicada também conta: a outra escala do mesmo dia não escala o mesmo trabalhador', async () => {
    const dia = diaDaqui(amb, 23);
    const [a, b] = w;
    if (!a || !b) throw new Error('avulsos');
    const tarde = await chamadaFechada(amb, [requisicao(dia, 2, [[101, 1]])]);
    const manha = await chamadaFechada(amb, [requisicao(dia, 1, [[101, 1]])]);
    await escolher(amb, tarde.num, a.cod, [oferta(tarde)]);
    await escolher(amb, manha.num, a.cod, [oferta(manha)]);
    await escolher(amb, manha.num, b.cod, [oferta(manha)]);
    await apurar(amb, tarde.num);
    expect(await engajados(amb, tarde.num)).toEqual([[a.cod, oferta(tarde).seq]]);
    // Not published yet: the morning's rotation still sees a's engagement ahead (0 h of rest) and takes b.
    await apurar(amb, manha.num);
    expect(await engajados(amb, manha.num)).toEqual([[b.cod, oferta(manha).seq]]);
    await publicar(amb, tarde.num);
    await publicar(amb, manha.num);
    const jobs = await trabalhosDe(amb, a.cod);
    const doDia = jobs.filter((j) => j.num_escalacao === tarde.num || j.num_escalacao === manha.num);
    expect(doDia).toHaveLength(1);
  });
});

describe('publicar em qualquer ordem (casos 2 e 3)', () => {
  it('duas escalas do mesmo turno apuradas ao mesmo tempo: a publicação recusa a desatualizada, sem dupla escalação', async () => {
    const dia = diaDaqui(amb, 26);
    const [a] = w;
    if (!a) throw new Error('avulso');
    const x = await chamadaFechada(amb, [requisicao(dia, 1, [[101, 1]])]);
    const y = await chamadaFechada(amb, [requisicao(dia, 1, [[101, 1]])]);
    await escolher(amb, x.num, a.cod, [oferta(x)]);
    await escolher(amb, y.num, a.cod, [oferta(y)]);
    // Both read before either wrote (two staff members at once): each engages a.
    const regras = { horasDescanso: amb.config.horasDescanso, agora: amb.relogio.now() };
    const cx = await calcularRodizio(amb.db, x.num, regras);
    const cy = await calcularRodizio(amb.db, y.num, regras);
    const passo = (num: number) => ({ numEscalacao: num, agora: amb.relogio.now(), por: ESCALADOR });
    await amb.db.transaction().execute((trx) => gravarRodizio(trx, passo(x.num), cx));
    await amb.db.transaction().execute((trx) => gravarRodizio(trx, passo(y.num), cy));
    expect(await engajados(amb, x.num)).toEqual([[a.cod, oferta(x).seq]]);
    expect(await engajados(amb, y.num)).toEqual([[a.cod, oferta(y).seq]]);

    const px = await staff.chamar(apiGestao.publicar, { params: { num: x.num } });
    expect(px.status).toBe(409);
    expect(px.corpo.codigoErro).toBe('RodizioDesatualizado');
    expect(px.corpo.mensagem).toMatch(/Apure o rodízio de novo/);
    // Nothing written: no job, still 'apurada'.
    expect(await trabalhosDe(amb, a.cod).then((t) => t.filter((j) => j.num_escalacao === x.num))).toEqual([]);
    expect((await staff.chamar(apiGestao.escala, { params: { num: x.num } })).corpo.dados.situacao).toBe(
      'apurada',
    );

    // Staff run it again: x now sees y's engagement and leaves a out; y, run again too, keeps a.
    expect((await staff.chamar(apiGestao.rodizio, { params: { num: x.num } })).corpo.dados.escalados).toBe(0);
    expect((await staff.chamar(apiGestao.publicar, { params: { num: x.num } })).status).toBe(200);
    const py = await staff.chamar(apiGestao.publicar, { params: { num: y.num } });
    if (py.status === 409) {
      expect((await staff.chamar(apiGestao.rodizio, { params: { num: y.num } })).status).toBe(200);
      expect((await staff.chamar(apiGestao.publicar, { params: { num: y.num } })).status).toBe(200);
    }
    const jobs = (await trabalhosDe(amb, a.cod)).filter(
      (j) => j.num_escalacao === x.num || j.num_escalacao === y.num,
    );
    expect(jobs).toHaveLength(1);
  });

  it('o ponteiro não anda para trás: um resultado apurado antes de outra publicação é recusado', async () => {
    const dia = diaDaqui(amb, 29);
    const x = await chamadaFechada(amb, [requisicao(dia, 1, [[103, 1]])]);
    const y = await chamadaFechada(amb, [requisicao(diaDaqui(amb, 31), 1, [[103, 1]])]);
    for (const a of codigos()) {
      await escolher(amb, x.num, a, [oferta(x)]);
      await escolher(amb, y.num, a, [oferta(y)]);
    }
    await apurar(amb, x.num);
    await apurar(amb, y.num);
    await publicar(amb, x.num);
    const depoisDeX = await amb.db
      .selectFrom('ponteiro_rodizio')
      .selectAll()
      .where('cod_funcao', '=', 103)
      .executeTakeFirstOrThrow();
    const py = await staff.chamar(apiGestao.publicar, { params: { num: y.num } });
    expect(py.status).toBe(409);
    expect(py.corpo.codigoErro).toBe('RodizioDesatualizado');
    expect(py.corpo.mensagem).toMatch(/ponteiros/);
    const agora = await amb.db
      .selectFrom('ponteiro_rodizio')
      .selectAll()
      .where('cod_funcao', '=', 103)
      .executeTakeFirstOrThrow();
    expect(agora).toEqual(depoisDeX);
    // Run again, y starts right after x's last engaged worker, and its pointer continues from there.
    expect((await staff.chamar(apiGestao.rodizio, { params: { num: y.num } })).status).toBe(200);
    expect((await staff.chamar(apiGestao.publicar, { params: { num: y.num } })).status).toBe(200);
    const resultado = (await staff.chamar(apiGestao.resultado, { params: { num: y.num } })).corpo.dados;
    expect(resultado.ponteiros[0]).toMatchObject({ codFuncao: 103, ponteiroInicial: depoisDeX.registro });
  });

  it('dois cliques ao mesmo tempo em publicar: um publica, o outro recebe 409; nada escrito duas vezes', async () => {
    const dia = diaDaqui(amb, 33);
    const x = await chamadaFechada(amb, [requisicao(dia, 1, [[101, 3]])]);
    for (const a of codigos()) await escolher(amb, x.num, a, [oferta(x)]);
    await apurar(amb, x.num);
    const outro = await amb.logado(ESCALADOR);
    const [r1, r2] = await Promise.all([
      staff.chamar(apiGestao.publicar, { params: { num: x.num } }),
      outro.chamar(apiGestao.publicar, { params: { num: x.num } }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const n = await amb.db
      .selectFrom('trabalho')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('num_escalacao', '=', x.num)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(3);
  });
});

describe('empates, ordem da lista e turnos encerrados (casos 4, 5 e 8)', () => {
  it('dois registrados nº 5 disputando uma vaga em três chamadas seguidas se revezam', async () => {
    const [a, b] = w;
    if (!a || !b) throw new Error('avulsos');
    const numeros = new Map(w.map((x) => [x.cod, x.num]));
    await amb.db
      .updateTable('avulso')
      .set({ num_chamada: 5 })
      .where('cod_avulso', 'in', [a.cod, b.cod])
      .execute();
    try {
      const vencedores: string[] = [];
      for (const dias of [36, 38, 40]) {
        const x = await chamadaFechada(amb, [requisicao(diaDaqui(amb, dias), 1, [[103, 1]])]);
        await escolher(amb, x.num, a.cod, [oferta(x)]);
        await escolher(amb, x.num, b.cod, [oferta(x)]);
        await apurar(amb, x.num);
        await publicar(amb, x.num);
        vencedores.push((await engajados(amb, x.num))[0]?.[0] ?? '');
      }
      expect(new Set(vencedores)).toEqual(new Set([a.cod, b.cod]));
      expect(vencedores[0]).not.toBe(vencedores[1]);
      expect(vencedores[1]).not.toBe(vencedores[2]);
    } finally {
      for (const [cod, num] of numeros) {
        await amb.db.updateTable('avulso').set({ num_chamada: num }).where('cod_avulso', '=', cod).execute();
      }
    }
  });

  it('o resultado, o CSV e o PDF listam na ordem do rodízio: o último escalado é o último da lista', async () => {
    const x = await chamadaFechada(amb, [requisicao(diaDaqui(amb, 43), 1, [[101, 3]])]);
    for (const a of codigos()) await escolher(amb, x.num, a, [oferta(x)]);
    // The pointer in the middle of the numbers: the rotation reads from the next one on, circularly.
    const nums = [...w].sort((p, q) => p.num - q.num);
    const meio = nums[2];
    if (!meio) throw new Error('avulso');
    await amb.db.deleteFrom('ponteiro_rodizio').where('cod_funcao', '=', 101).execute();
    await amb.db
      .insertInto('ponteiro_rodizio')
      .values({
        cod_funcao: 101,
        registro: meio.num,
        cadastro: null,
        registro_anterior: null,
        alcancou_cadastro: 0,
        num_escalacao: 1,
        registro_avulso: meio.cod,
        cadastro_avulso: null,
      })
      .execute();
    await apurar(amb, x.num);
    const esperado = [nums[3], nums[4], nums[5]].map((n) => n?.cod);
    const resultado = (await staff.chamar(apiGestao.resultado, { params: { num: x.num } })).corpo.dados;
    const lista = resultado.requisicoes[0]?.poroes[0]?.funcoes[0]?.escalados.map((e) => e.codAvulso);
    expect(lista).toEqual(esperado);
    // The audit of the one left out names the list's last as the last engaged.
    const fora = nums[0];
    if (!fora) throw new Error('avulso');
    const auditoria = (
      await staff.chamar(apiGestao.auditoria, { params: { num: x.num }, query: { codAvulso: fora.cod } })
    ).corpo.dados;
    expect(auditoria.motivo).toContain(`(último escalado: Chamada ${String(nums[5]?.num).padStart(3, '0')})`);
    await publicar(amb, x.num);
    const csv = (await staff.chamar(apiGestao.escalaCsv, { params: { num: x.num } })).bruto.toString('utf8');
    const doCsv = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(';')[13]);
    expect(doCsv).toEqual(esperado);
  });

  it('um turno que já terminou nunca entra no histórico: o rodízio não escala e a publicação recusa', async () => {
    const [a] = w;
    if (!a) throw new Error('avulso');
    const dia = diaDaqui(amb, 46);
    const x = await chamadaFechada(amb, [requisicao(dia, 1, [[101, 1]]), requisicao(dia, 3, [[101, 1]])]);
    await escolher(amb, x.num, a.cod, [oferta(x, 0)]);
    await apurar(amb, x.num);
    expect(await engajados(amb, x.num)).toEqual([[a.cod, oferta(x, 0).seq]]);
    // Published only after the 07-13 shift ended: refused, nothing written.
    const fimManha = await amb.db
      .selectFrom('requisicao')
      .select('fim')
      .where('num_escalacao', '=', x.num)
      .where('cod_periodo', '=', 1)
      .executeTakeFirstOrThrow();
    const antes = amb.relogio.now();
    amb.relogio.definir(new Date(Date.parse(fimManha.fim) + H));
    try {
      // (The services directly: the staff's session would have expired on this clock.)
      const p = await publicar(amb, x.num).then(
        () => null,
        (e: { codigoErro?: string; message: string }) => e,
      );
      expect(p?.codigoErro).toBe('RodizioDesatualizado');
      expect(p?.message).toMatch(/já terminou/);
      // Run now, the ended shift engages nobody and the audit says why.
      expect((await apurar(amb, x.num)).escalados).toBe(0);
      const decisao = await amb.db
        .selectFrom('escala_decisao')
        .select('decisao')
        .where('num_escalacao', '=', x.num)
        .where('cod_avulso', '=', a.cod)
        .executeTakeFirstOrThrow();
      // The situation's code (append-only list of auditoria-gravada.ts): 7 = 'turno-encerrado'.
      expect(JSON.parse(decisao.decisao)[3][1]).toBe(7);
      await publicar(amb, x.num);
      expect((await trabalhosDe(amb, a.cod)).filter((j) => j.num_escalacao === x.num)).toEqual([]);
    } finally {
      amb.relogio.definir(antes);
    }
  });
});

describe('repescagem (política do porto, docs/decisions/0217)', () => {
  it('desligada por padrão; ligada, um rascunho só com as vagas que sobraram, sem quem já foi escalado, ponteiros continuando', async () => {
    const [a, b, c] = w;
    if (!a || !b || !c) throw new Error('avulsos');
    const dia = diaDaqui(amb, 50);
    const x = await chamadaFechada(amb, [
      requisicao(dia, 1, [
        [101, 3],
        [103, 1],
      ]),
    ]);
    await escolher(amb, x.num, a.cod, [oferta(x, 0)]);
    await escolher(amb, x.num, b.cod, [oferta(x, 0)]);
    await apurar(amb, x.num);
    await publicar(amb, x.num);
    const desligada = await pedirRepescagem(staff, x.num, dia);
    expect(desligada.status).toBe(409);
    expect(desligada.corpo).toMatchObject({
      codigoErro: 'RepescagemIndisponivel',
      mensagem: 'A repescagem não está habilitada neste porto (REPESCAGEM).',
    });

    amb.config.rodizio.repescagem = true;
    try {
      const r = await pedirRepescagem(staff, x.num, dia);
      expect(r.status, JSON.stringify(r.corpo)).toBe(200);
      const z = r.corpo.dados.numEscalacao;
      const detalhe = (await staff.chamar(apiGestao.escala, { params: { num: z } })).corpo.dados;
      expect(detalhe.situacao).toBe('rascunho');
      expect(detalhe.requisicoes[0]?.poroes[0]?.funcoes.map((f) => [f.codFuncao, f.numVagas])).toEqual([
        [101, 1],
        [103, 1],
      ]);
      const outra = await pedirRepescagem(staff, x.num, dia);
      expect(outra.corpo.mensagem).toBe(`A escala nº ${x.num} já tem a repescagem nº ${z}.`);

      // The short round: a (engaged in x) and c choose the leftover Estivador vacancy.
      expect((await staff.chamar(apiGestao.abrir, { params: { num: z } })).status).toBe(200);
      expect((await staff.chamar(apiGestao.fechar, { params: { num: z } })).status).toBe(200);
      const ofertasZ = await amb.db
        .selectFrom('oferta')
        .select(['seq_categoria as seq', 'cod_funcao as codFuncao'])
        .where('num_escalacao', '=', z)
        .orderBy('seq_categoria')
        .execute();
      const vaga101 = ofertasZ.find((o) => o.codFuncao === 101);
      if (!vaga101) throw new Error('oferta');
      await escolher(amb, z, a.cod, [vaga101]);
      await escolher(amb, z, c.cod, [vaga101]);
      await apurar(amb, z);
      expect(await engajados(amb, z)).toEqual([[c.cod, vaga101.seq]]);
      const auditoria = (
        await staff.chamar(apiGestao.auditoria, { params: { num: z }, query: { codAvulso: a.cod } })
      ).corpo.dados;
      expect(auditoria.escolhas[0]?.situacao).toBe('ja-escalado');
      expect(auditoria.motivo).toContain('a repescagem é de quem não foi');
      // The pointers continue from where x left them.
      const px = (await staff.chamar(apiGestao.resultado, { params: { num: x.num } })).corpo.dados.ponteiros;
      const pz = (await staff.chamar(apiGestao.resultado, { params: { num: z } })).corpo.dados.ponteiros;
      const de = <P extends { codFuncao: number }>(l: P[]) => l.find((p) => p.codFuncao === 101);
      expect(de(pz)?.ponteiroInicial).toBe(de(px)?.ponteiroFinal);
      expect((await staff.chamar(apiGestao.publicar, { params: { num: z } })).status).toBe(200);
    } finally {
      amb.config.rodizio.repescagem = false;
    }
  });
});

describe('invariante', () => {
  it('nenhum trabalhador tem dois trabalhos publicados sem o descanso entre eles', async () => {
    for (const cod of codigos()) {
      const jobs = (await trabalhosDe(amb, cod)).map((j) => ({
        inicio: Date.parse(j.inicio),
        fim: Date.parse(j.fim),
      }));
      jobs.forEach((j, i) => {
        expect(temDescanso(j, [...jobs.slice(0, i), ...jobs.slice(i + 1)], amb.config.horasDescanso)).toBe(
          true,
        );
      });
    }
  });
});

describe('dobra (política do porto, docs/decisions/0218)', () => {
  it('desligada: um engajamento por chamada; ligada (6 h), as vagas que sobraram vão a quem já foi escalado, com o descanso do acordo', async () => {
    const [, , , d, e] = w;
    if (!d || !e) throw new Error('avulsos');
    const dia = diaDaqui(amb, 53);
    const semDobra = await chamadaFechada(amb, [
      requisicao(dia, 1, [[101, 1]]),
      requisicao(dia, 3, [[101, 2]]),
    ]);
    await escolher(amb, semDobra.num, d.cod, [oferta(semDobra, 0), oferta(semDobra, 1)]);
    await apurar(amb, semDobra.num);
    expect(await engajados(amb, semDobra.num)).toEqual([[d.cod, oferta(semDobra, 0).seq]]);

    amb.config.rodizio.dobraHorasDescanso = 6;
    try {
      const dia2 = diaDaqui(amb, 56);
      const x = await chamadaFechada(amb, [requisicao(dia2, 1, [[101, 1]]), requisicao(dia2, 3, [[101, 2]])]);
      // 07-13 first, 19-01 second: 6 h between them.
      await escolher(amb, x.num, e.cod, [oferta(x, 0), oferta(x, 1)]);
      const r = await apurar(amb, x.num);
      expect(r.escalados).toBe(2);
      expect(await engajados(amb, x.num)).toEqual([
        [e.cod, oferta(x, 0).seq],
        [e.cod, oferta(x, 1).seq],
      ]);
      const auditoria = (
        await staff.chamar(apiGestao.auditoria, { params: { num: x.num }, query: { codAvulso: e.cod } })
      ).corpo.dados;
      expect(auditoria.motivo).toMatch(
        /^Escalado na sua 1ª escolha \(.*\)\. Dobra: escalado também na sua 2ª escolha \(MSC AURORA, Porão 1, Estivador, \d\d\/\d\d 19-01\), com o descanso mínimo de 6 horas entre os dois turnos, como o acordo coletivo permite\.$/,
      );
      await publicar(amb, x.num);
      expect((await trabalhosDe(amb, e.cod)).filter((j) => j.num_escalacao === x.num)).toHaveLength(2);
    } finally {
      amb.config.rodizio.dobraHorasDescanso = null;
    }
  });
});
