import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AmbienteTeste, criarAmbiente } from '../../test/ambiente.ts';
import { FluxoEventos } from '../../test/fluxo-eventos.ts';
import { carregar, escolha, ofertasDe } from '../escalacao/apoio-teste.ts';
import { FLUXOS_POR_AVULSO } from './transmissor.ts';

/** GET /api/eventos through a real socket (the stream never ends by itself, so inject cannot read it). */
describe('GET /api/eventos', () => {
  let amb: AmbienteTeste;
  let base: string;
  const abertos: FluxoEventos[] = [];

  async function abrir(codAvulso: string) {
    const c = await amb.logado(codAvulso);
    const fluxo = await FluxoEventos.abrir(base, c.token ?? '');
    abertos.push(fluxo);
    return { c, fluxo };
  }

  beforeAll(async () => {
    // A heartbeat every 100 ms, so an expired session's stream ends within the test.
    amb = await criarAmbiente({ aoVivo: { intervaloContagensMs: 1_000, fatias: 10, pulsoMs: 100 } });
    base = await amb.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    for (const f of abertos) f.fechar();
    await amb.fechar();
  });

  it('sem sessão: 401 NaoAutenticado no envelope, sem abrir fluxo', async () => {
    const c = await amb.cliente();
    const r = await c.get('/api/eventos');
    expect(r.status).toBe(401);
    expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'NaoAutenticado' });
    const fluxo = await FluxoEventos.abrir(base, 'x'.repeat(43));
    expect(fluxo.status).toBe(401);
  });

  it('abre com o estado de agora e as contagens das categorias do trabalhador', async () => {
    const { fluxo } = await abrir('100001');
    expect(fluxo.headers.get('content-type')).toContain('text/event-stream');
    expect(fluxo.headers.get('cache-control')).toBe('no-store');
    const estado = await fluxo.proximo('estado');
    expect(estado.escalaAberta?.numEscalacao).toBe(4521);
    expect(estado.categorias).toEqual([1]);
    const contagens = await fluxo.proximo('contagens');
    expect(contagens).toMatchObject({ numEscalacao: 4521, codCategoria: 1, completo: true });
    expect(contagens.ofertas.length).toBeGreaterThan(0);
  });

  it('a escolha de outro trabalhador chega como contagem nova e aviso de confirmados', async () => {
    const { fluxo } = await abrir('100001');
    const inicial = await fluxo.proximo('contagens', (e) => e.completo);
    const outro = await amb.logado('100008');
    const oferta = ofertasDe(await carregar(outro), 1).find(
      (o) => o.funcao.habilitado && o.funcao.comDescanso && !o.funcao.escolhida,
    );
    if (!oferta) throw new Error('100008 sem oferta livre');
    const antes = inicial.ofertas.find((o) => o.seqCategoria === oferta.funcao.seqCategoria)?.qtdEscolhas;
    expect(antes).toBeTypeOf('number');

    const r = await outro.post('/api/vagas', {
      numEscalacao: 4521,
      categoria: 1,
      escolhas: [escolha(oferta, true)],
    });
    expect(r.status).toBe(200);
    const mudou = await fluxo.proximo('contagens', (e) =>
      e.ofertas.some((o) => o.seqCategoria === oferta.funcao.seqCategoria),
    );
    expect(mudou.completo).toBe(false);
    expect(mudou.ofertas.find((o) => o.seqCategoria === oferta.funcao.seqCategoria)?.qtdEscolhas).toBe(
      (antes ?? 0) + 1,
    );
    await fluxo.proximo('confirmados', (e) => e.numEscalacao === 4521 && e.codCategoria === 1);
  });

  it('um trabalhador tem no máximo FLUXOS_POR_AVULSO fluxos abertos; o seguinte recebe 429 no envelope', async () => {
    // Sessions alike: a new login does not buy more streams (docs/decisions/0190).
    const fluxos: FluxoEventos[] = [];
    for (let i = 0; i < FLUXOS_POR_AVULSO; i++) {
      const { fluxo } = await abrir('100005');
      await fluxo.proximo('estado');
      fluxos.push(fluxo);
    }
    const c = await amb.logado('100005');
    const r = await c.get('/api/eventos');
    expect(r.status).toBe(429);
    expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'MuitasRequisicoes' });
    expect(r.headers['retry-after']).toBeDefined();
    const recusado = await FluxoEventos.abrir(base, c.token ?? '');
    abertos.push(recusado);
    expect(recusado.status).toBe(429);
    // Another worker is not affected.
    const outro = await abrir('100006');
    await outro.fluxo.proximo('estado');
    // One closed by the phone: the next opens.
    const antes = amb.app.aoVivo.transmissor.quantidade;
    fluxos[0]?.fechar();
    await vi.waitFor(() => expect(amb.app.aoVivo.transmissor.quantidade).toBe(antes - 1));
    const depois = await abrir('100005');
    await depois.fluxo.proximo('estado');
    expect(depois.fluxo.status).toBe(200);
  });

  it('sair encerra os fluxos da sessão', async () => {
    const { c, fluxo } = await abrir('100002');
    await fluxo.proximo('estado');
    const r = await c.post('/api/logout');
    expect(r.status).toBe(200);
    await fluxo.terminado;
    expect(fluxo.recebidos.at(-1)?.tipo).not.toBe('escala');
  });

  it('uma sessão que venceu por inatividade é encerrada no pulso seguinte', async () => {
    const { fluxo } = await abrir('100003');
    await fluxo.proximo('estado');
    amb.relogio.avancar((amb.config.sessao.ociosaMinutos + 1) * 60_000);
    await fluxo.terminado;
  });

  it('a equipe fecha a escala: todos os fluxos dizem na hora', async () => {
    const a = await abrir('100001');
    const b = await abrir('100004');
    await a.fluxo.proximo('estado');
    await b.fluxo.proximo('estado');
    const equipe = await amb.logado('900002');
    const r = await equipe.post('/api/gestao/escalas/4521/fechar');
    expect(r.status).toBe(200);
    for (const { fluxo } of [a, b]) {
      const escala = await fluxo.proximo('escala');
      expect(escala.numEscalacao).toBe(4521);
      expect(escala.escalaAberta).toBeNull();
    }
  });
});
