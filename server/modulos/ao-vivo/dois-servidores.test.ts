import { afterEach, describe, expect, inject, it } from 'vitest';
import type { VagasResposta } from '#common/api/escalacao.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import { dialetoTeste } from '../../test/ambiente.ts';
import { copiarModelo } from '../../test/bancos.ts';
import { FluxoEventos } from '../../test/fluxo-eventos.ts';
import { esperarServidor, iniciarServidor, Navegador, type ServidorReal } from '../../test/servidor-real.ts';
import { escolha, ofertasDe } from '../escalacao/apoio-teste.ts';

/**
 * Several server processes on one database behave as one (docs/decisions/0160, 0161): real processes, real
 * sockets. On PostgreSQL two servers share one database; SQLite refuses to run more than one process.
 */

const servidores: ServidorReal[] = [];
const limpezas: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const s of servidores.splice(0)) s.processo.kill('SIGKILL');
  for (const f of limpezas.splice(0)) await f();
});

async function subir(env: NodeJS.ProcessEnv): Promise<ServidorReal> {
  const servidor = await iniciarServidor({ ...process.env, ...env });
  servidores.push(servidor);
  await esperarServidor(servidor);
  return servidor;
}

describe('vários servidores', () => {
  if (dialetoTeste() === 'sqlite') {
    it('o SQLite recusa PROCESSOS=2 na partida, dizendo o que usar', async () => {
      const servidor = await iniciarServidor({ ...process.env, DATABASE_URL: '', PROCESSOS: '2' });
      servidores.push(servidor);
      const { codigo } = await servidor.terminou;
      expect(codigo).toBe(1);
      expect(servidor.saida.join('')).toContain('o SQLite roda em um só processo');
      expect(servidor.saida.join('')).toContain('DATABASE_URL');
    });
    return;
  }

  it('uma escolha, o fechamento e a saída feitos em A chegam aos clientes de B', async () => {
    const copia = await copiarModelo(inject('modeloBanco'));
    limpezas.push(copia.apagar);
    const [a, b] = await Promise.all([
      subir({ DATABASE_URL: copia.url }),
      subir({ DATABASE_URL: copia.url }),
    ]);
    if (!a || !b) throw new Error('servidores');

    // 100001 follows the call on B.
    const observador = new Navegador(b.base);
    await observador.entrar('100001');
    const fluxo = await FluxoEventos.abrir(b.base, observador.token);
    limpezas.push(() => fluxo.fechar());
    const inicial = await fluxo.proximo('contagens', (e) => e.completo && e.codCategoria === 1);
    // B holds the confirmed list in memory before the choice is made on A.
    const listaAntes = await observador.pedir(
      'GET',
      '/api/avulsosConfirmados?numEscalacao=4521&codCategoria=1',
    );
    expect(listaAntes.status).toBe(200);
    const nomesAntes = JSON.stringify(listaAntes.corpo.dados);
    expect(nomesAntes).not.toContain('"100008"');

    // 100008 chooses through A.
    const quemEscolhe = new Navegador(a.base);
    await quemEscolhe.entrar('100008');
    const vagas = await quemEscolhe.pedir('GET', '/api/vagas?numEscalacao=4521');
    const oferta = ofertasDe(montarEscalaCarregada(vagas.corpo.dados as VagasResposta), 1).find(
      (o) => o.funcao.habilitado && o.funcao.comDescanso && !o.funcao.escolhida,
    );
    if (!oferta) throw new Error('100008 sem oferta livre');
    const seq = oferta.funcao.seqCategoria;
    const antes = inicial.ofertas.find((o) => o.seqCategoria === seq)?.qtdEscolhas ?? 0;
    const post = await quemEscolhe.pedir('POST', '/api/vagas', {
      numEscalacao: 4521,
      categoria: 1,
      escolhas: [escolha(oferta, true)],
    });
    expect(post.status).toBe(200);

    const contagem = await fluxo.proximo('contagens', (e) => e.ofertas.some((o) => o.seqCategoria === seq));
    expect(contagem.ofertas.find((o) => o.seqCategoria === seq)?.qtdEscolhas).toBe(antes + 1);
    await fluxo.proximo('confirmados', (e) => e.codCategoria === 1);
    const listaDepois = await observador.pedir(
      'GET',
      '/api/avulsosConfirmados?numEscalacao=4521&codCategoria=1',
    );
    expect(JSON.stringify(listaDepois.corpo.dados)).toContain('"100008"');

    // Staff close the call on A: B's stream says so and B refuses a choice at once.
    const equipe = new Navegador(a.base);
    await equipe.entrar('900002');
    expect((await equipe.pedir('POST', '/api/gestao/escalas/4521/fechar')).status).toBe(200);
    const escala = await fluxo.proximo('escala');
    expect(escala).toMatchObject({ numEscalacao: 4521, escalaAberta: null });
    const noB = new Navegador(b.base);
    await noB.entrar('100008');
    const recusado = await noB.pedir('POST', '/api/vagas', {
      numEscalacao: 4521,
      categoria: 1,
      escolhas: [escolha(oferta, false)],
    });
    expect(recusado.corpo.codigoErro).toBe('EscalaFechada');

    // 100008 logs out on A: the token B had in memory stops working on B at once.
    expect((await noB.pedir('GET', '/api/sessao')).status).toBe(200);
    const sair = new Navegador(a.base);
    sair.token = noB.token;
    await sair.pedir('GET', '/api/config');
    expect((await sair.pedir('POST', '/api/logout')).status).toBe(200);
    await expect
      .poll(async () => (await noB.pedir('GET', '/api/sessao')).status, { timeout: 2_000, interval: 20 })
      .toBe(401);
  }, 90_000);
});
