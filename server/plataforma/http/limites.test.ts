import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFinanceiro } from '#common/api/financeiro.ts';
import { carregarConfig } from '../../config.ts';
import type { AmbienteTeste, ClienteTeste, RespostaTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { enviarBruto, escutar } from '../../test/socket-bruto.ts';

/**
 * Issue 12, the greedy: the expensive calls limited per session and per address with their real values
 * (docs/decisions/0091), 429 MuitasRequisicoes in the envelope with Retry-After; the connections of one
 * address capped.
 */
const REAIS = carregarConfig({ NODE_ENV: 'production' }).limites;
let amb: AmbienteTeste;

beforeAll(async () => {
  amb = await criarAmbiente({ limites: { ...REAIS, conexoesPorEndereco: 3 } });
});
afterAll(async () => {
  await amb.fechar();
});

function conferir429(r: RespostaTeste, segundos: number) {
  expect(r.status).toBe(429);
  expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'MuitasRequisicoes' });
  expect(r.headers['retry-after']).toBe(String(segundos));
  expect(r.headers['cache-control']).toBe('no-store');
  expect(r.headers['x-content-type-options']).toBe('nosniff');
}

async function primeiroContracheque(c: ClienteTeste): Promise<string> {
  const r = await c.chamar(apiFinanceiro.contracheques);
  const arquivo = r.corpo.dados.contracheques.flatMap((a) => a.meses.flatMap((m) => m.contracheques))[0]
    ?.arquivo;
  if (!arquivo) throw new Error('sem contracheque');
  return arquivo;
}

describe('limites das chamadas caras', () => {
  it('os valores reais: 20 por minuto por sessão, 300 por endereço, 30 públicas por endereço', () => {
    expect(REAIS).toMatchObject({
      carosPorMinutoSessao: 20,
      carosPorMinutoEndereco: 300,
      publicosPorMinutoEndereco: 30,
    });
  });

  it('uma sessão baixando PDFs em laço: a 21ª no minuto é 429 com Retry-After; as outras sessões seguem', async () => {
    const jose = await amb.logado('100001');
    const arquivo = await primeiroContracheque(jose);
    const rajada = await Promise.all(
      Array.from({ length: 25 }, () => jose.get('/api/avulso/contracheque', { arquivo })),
    );
    expect(rajada.filter((r) => r.status === 200)).toHaveLength(REAIS.carosPorMinutoSessao);
    const recusadas = rajada.filter((r) => r.status !== 200);
    expect(recusadas).toHaveLength(5);
    for (const r of recusadas) conferir429(r, 3);
    // The path written another way is the same route and the same bucket, or no route at all: never a PDF.
    for (const url of [
      '/%61pi/avulso/contracheque',
      '//api/avulso/contracheque',
      '/api/avulso/%63ontracheque',
    ]) {
      const r = await jose.get(url, { arquivo });
      if (r.status === 404) expect(r.corpo, url).toMatchObject({ codigoErro: 'NaoEncontrado' });
      else conferir429(r, 3);
    }
    // HEAD runs the same handler (it draws the PDF too): the same bucket.
    const head = await jose.requisitar({
      method: 'HEAD',
      url: `/api/avulso/contracheque?arquivo=${arquivo}`,
    });
    expect(head.status).toBe(429);
    expect(head.headers['retry-after']).toBe('3');
    // The same worker logged in on another device is another session, with its own minute.
    const outroAparelho = await amb.logado('100001');
    expect((await outroAparelho.get('/api/avulso/contracheque', { arquivo })).status).toBe(200);
    // One call comes back every 3 s.
    amb.relogio.avancar(3_000);
    expect((await jose.get('/api/avulso/contracheque', { arquivo })).status).toBe(200);
    conferir429(await jose.get('/api/avulso/contracheque', { arquivo }), 3);
  });

  it('um endereço com muitas sessões (NAT): 300 por minuto, e outro endereço não é afetado', async () => {
    const endereco = '203.0.113.7';
    const sessoes: ClienteTeste[] = [];
    // One after the other: parallel logins of one code are throttled (services/tentativas.ts).
    for (let i = 0; i < 16; i++) sessoes.push(await amb.logado('100002'));
    let aceitas = 0;
    for (const c of sessoes) {
      for (let i = 0; i < 19; i++) {
        const r = await c.requisitar({
          method: 'GET',
          url: `${apiFinanceiro.contracheque.caminho}?arquivo=nao-existe`,
          remoteAddress: endereco,
        });
        if (r.status === 404) aceitas++;
        else conferir429(r, 1);
      }
    }
    expect(aceitas).toBe(REAIS.carosPorMinutoEndereco);
    const deOutroEndereco = await sessoes[0]?.requisitar({
      method: 'GET',
      url: `${apiFinanceiro.contracheque.caminho}?arquivo=nao-existe`,
      remoteAddress: '198.51.100.9',
    });
    expect(deOutroEndereco?.status).toBe(404);
  });

  it('verificação pública: 30 por minuto por endereço (não 2.400 por segundo); IPv6 conta por /64', async () => {
    const anonimo = await amb.cliente();
    const verificar = (remoteAddress: string) =>
      anonimo.requisitar({ method: 'GET', url: '/api/verificacao/LKD-AAAA-0000', remoteAddress });
    const respostas = await Promise.all(Array.from({ length: 40 }, () => verificar('192.0.2.50')));
    expect(respostas.filter((r) => r.status === 404)).toHaveLength(REAIS.publicosPorMinutoEndereco);
    for (const r of respostas.filter((r) => r.status !== 404)) conferir429(r, 2);
    // Walking one's own IPv6 prefix does not get a new budget.
    const v6 = await Promise.all(
      Array.from({ length: 40 }, (_, i) => verificar(`2001:db8:1:2::${(i + 1).toString(16)}`)),
    );
    expect(v6.filter((r) => r.status === 404)).toHaveLength(REAIS.publicosPorMinutoEndereco);
    expect((await verificar('2001:db8:1:3::1')).status).toBe(404);
  });
});

describe('esperas dos outros limites', () => {
  it('o bloqueio de login por tentativas também diz Retry-After, igual a dados.aguardarSegundos', async () => {
    const c = await amb.cliente();
    let recusa: RespostaTeste | undefined;
    for (let i = 0; i < 12 && !recusa; i++) {
      const r = await c.entrar('100005', '000000');
      if (r.status === 429) recusa = r;
    }
    if (!recusa) throw new Error('o login não foi bloqueado');
    const { aguardarSegundos } = (recusa.corpo as { dados: { aguardarSegundos: number } }).dados;
    expect(aguardarSegundos).toBeGreaterThan(0);
    expect(recusa.headers['retry-after']).toBe(String(aguardarSegundos));
  });
});

describe('conexões por endereço', () => {
  it('a conexão além do limite recebe 429 no envelope e é fechada; fechada uma, outra entra', async () => {
    const porta = await escutar(amb.app);
    const abertas = await Promise.all(
      Array.from(
        { length: 3 },
        () =>
          new Promise<net.Socket>((resolve, reject) => {
            const s = net.connect(porta, '127.0.0.1', () => resolve(s));
            s.once('error', reject);
          }),
      ),
    );
    const excedente = await enviarBruto(
      porta,
      'GET /api/config HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(excedente.status).toBe(429);
    expect(JSON.parse(excedente.corpo)).toMatchObject({ sucesso: false, codigoErro: 'MuitasRequisicoes' });
    expect(excedente.cabecalhos['retry-after']).toBe('1');
    expect(excedente.cabecalhos['cache-control']).toBe('no-store');
    expect(excedente.cabecalhos['content-security-policy']).toContain("default-src 'self'");

    const primeira = abertas.shift();
    await new Promise<void>((resolve) => {
      primeira?.once('close', () => resolve());
      primeira?.destroy();
    });
    // The server sees the close a moment after the client: try until a connection is let in.
    let status = 0;
    for (let i = 0; i < 200 && status !== 200; i++) {
      status = (await enviarBruto(porta, 'GET /api/config HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'))
        .status;
    }
    expect(status).toBe(200);
    for (const s of abertas) s.destroy();
  });
});
