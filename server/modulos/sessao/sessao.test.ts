import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSessao } from '#common/api/sessao.ts';
import { hashToken, VALIDADE_CACHE_SESSAO_MS } from '../../plataforma/autenticacao/sessoes.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const MINUTO = 60_000;

/** Keeps a session alive through `totalMs` of clock time, one call every 20 minutes. */
async function manterAtiva(c: ClienteTeste, totalMs: number) {
  for (let passado = 0; passado < totalMs; passado += 20 * MINUTO) {
    amb.relogio.avancar(Math.min(20 * MINUTO, totalMs - passado));
    const r = await c.get('/api/sessao');
    expect(r.status).toBe(200);
  }
}

describe('POST /api/login', () => {
  it('entra com a senha certa e devolve token e dadosLogin', async () => {
    const c = await amb.cliente();
    const r = await c.entrar('100001');
    expect(r.status).toBe(200);
    expect(r.corpo.sucesso).toBe(true);
    expect(r.corpo.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.corpo.dados).toMatchObject({
      codAvulso: '100001',
      nome: 'JOSÉ CARLOS DA SILVA',
      codSindicato: 1,
      sindicato: 'Estivador',
      cpf: '52998224725',
      impedimento: false,
      mensagensImpedimento: [],
      usuarioTeste: false,
    });
    expect(r.corpo.dados.fotoUrl).toMatch(/^\/api\/fotos\/100001\?exp=\d+&sig=[\w-]+$/);
    expect(r.corpo.dados).not.toHaveProperty('senha_hash');
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('cada login cria um token novo', async () => {
    const c = await amb.cliente();
    const a = await c.entrar('100004');
    const b = await c.entrar('100004');
    expect(a.corpo.token).not.toBe(b.corpo.token);
  });

  it('dadosLogin do impedido traz as mensagens; do usuário de teste, usuarioTeste; da trabalhadora, o feminino', async () => {
    const c = await amb.cliente();
    const impedido = await c.entrar('100005');
    expect(impedido.corpo.dados.impedimento).toBe(true);
    expect(impedido.corpo.dados.mensagensImpedimento).toHaveLength(2);
    expect((await c.entrar('900001')).corpo.dados).toMatchObject({ usuarioTeste: true, codCategoria: 9 });
    expect((await c.entrar('100006')).corpo.dados.sindicato).toBe('Estivadora');
  });

  it('recusa a senha errada sem dizer se o usuário existe', async () => {
    const c = await amb.cliente();
    const existente = await c.entrar('100002', '999999');
    const inexistente = await c.entrar('555555', '999999');
    expect(existente.status).toBe(401);
    expect(inexistente.status).toBe(401);
    // Each answer carries its own request id; everything else is the same.
    expect({ ...existente.corpo, idPedido: undefined }).toEqual({
      ...inexistente.corpo,
      idPedido: undefined,
    });
    expect(existente.corpo).toEqual({
      sucesso: false,
      codigoErro: 'CredenciaisInvalidas',
      mensagem: 'Usuário ou senha inválidos!',
      idPedido: existente.headers['x-request-id'],
    });
  });

  it.each([
    [{ login: '12345', password: '123456' }, ['login']],
    [{ login: '1234567', password: '123456' }, ['login']],
    [{ login: 'abcdef', password: '123456' }, ['login']],
    [{ login: '100001', password: '12345' }, ['password']],
    [{ login: '100001', password: '123456789' }, ['password']],
    [{ login: '100001', password: '12345a' }, ['password']],
    [{ password: '123456' }, ['login']],
    [{}, ['login', 'password']],
    [{ login: 100001, password: 123456 }, ['login', 'password']],
    [{ login: '100001', password: '123456', quiosque: 'sim' }, ['quiosque']],
  ])('recusa %j com DadosInvalidos e os campos %j', async (corpo, campos) => {
    const c = await amb.cliente();
    const r = await c.post('/api/login', corpo);
    expect(r.status).toBe(400);
    expect(r.corpo.sucesso).toBe(false);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    expect(r.corpo.mensagem).toMatch(/^Dados inválidos/);
    const recebidos = (r.corpo.dados as { campo: string; mensagem: string }[]).map((d) => d.campo);
    expect([...new Set(recebidos)].sort()).toEqual(campos);
    for (const d of r.corpo.dados as { mensagem: string }[])
      expect(d.mensagem).not.toMatch(/expected|invalid/i);
    expect(r.corpo.token).toBeUndefined();
  });

  it('a validação de um usuário inexistente não conta como falha de senha', async () => {
    const c = await amb.cliente();
    for (let i = 0; i < 6; i++)
      expect((await c.post('/api/login', { login: '100003', password: '1' })).status).toBe(400);
    expect((await c.entrar('100003')).status).toBe(200);
  });
});

describe('limite de tentativas', () => {
  /** The answers to a sequence of wrong passwords (and a right one at the end) for one user code. */
  async function sequencia(login: string) {
    const c = await amb.cliente();
    const inicio = amb.relogio.now();
    const respostas: { status: number; corpo: unknown }[] = [];
    const tentar = async (senha = '999999') => {
      const r = await c.entrar(login, senha);
      // The request id differs on every answer; the rest must not differ between the two users.
      respostas.push({ status: r.status, corpo: { ...r.corpo, idPedido: undefined } });
      return r;
    };
    for (let i = 1; i <= 4; i++) expect((await tentar()).corpo.codigoErro).toBe('CredenciaisInvalidas');
    // 5th failure: from now on a wait, even with the right password.
    expect((await tentar()).corpo.codigoErro).toBe('CredenciaisInvalidas');
    const espera = await tentar('123456');
    expect(espera.status).toBe(429);
    expect(espera.corpo.codigoErro).toBe('MuitasRequisicoes');
    expect(dadosDaRecusa<{ aguardarSegundos: number }>(espera)?.aguardarSegundos).toBe(15);
    // Failures 6 to 9: each after its wait.
    for (const segundos of [15, 30, 60, 120]) {
      amb.relogio.avancar(segundos * 1000);
      expect((await tentar()).corpo.codigoErro).toBe('CredenciaisInvalidas');
    }
    amb.relogio.avancar(240_000);
    // 10th failure: the account is locked for 30 minutes.
    expect((await tentar()).corpo.codigoErro).toBe('CredenciaisInvalidas');
    const bloqueada = await tentar('123456');
    expect(bloqueada.status).toBe(429);
    expect(bloqueada.corpo.codigoErro).toBe('ContaBloqueada');
    amb.relogio.avancar(29 * MINUTO);
    expect((await tentar('123456')).corpo.codigoErro).toBe('ContaBloqueada');
    amb.relogio.avancar(MINUTO + 1000);
    const depois = await tentar('123456');
    amb.relogio.definir(inicio);
    return { respostas, depois };
  }

  it('5 falhas pedem espera, 10 bloqueiam; o desbloqueio volta a aceitar a senha certa', async () => {
    const { depois } = await sequencia('100007');
    expect(depois.status).toBe(200);
    expect(depois.corpo.sucesso).toBe(true);
  });

  it('um código inexistente recebe exatamente as mesmas respostas', async () => {
    const real = await sequencia('100006');
    const falso = await sequencia('654321');
    // Everything up to the unlock is identical; only the right password of a real account then succeeds.
    expect(falso.respostas.slice(0, -1)).toEqual(real.respostas.slice(0, -1));
    expect(real.depois.status).toBe(200);
    expect(falso.depois.status).toBe(401);
  });

  it('um login certo zera a contagem', async () => {
    const c = await amb.cliente();
    for (let i = 0; i < 4; i++) await c.entrar('100004', '000000');
    expect((await c.entrar('100004')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await c.entrar('100004', '000000')).status).toBe(401);
    expect((await c.entrar('100004')).status).toBe(200);
  });
});

describe('XSRF', () => {
  it('recusa POST sem cabeçalho, com cabeçalho errado ou sem cookie (403 XsrfInvalido)', async () => {
    const c = await amb.cliente();
    const corpo = { login: '100001', password: '123456' };
    const semCabecalho = await c.requisitar({
      method: 'POST',
      url: '/api/login',
      payload: corpo,
      headers: { 'x-xsrf-token': '' },
    });
    const errado = await c.requisitar({
      method: 'POST',
      url: '/api/login',
      payload: corpo,
      headers: { 'x-xsrf-token': `${c.xsrf}x` },
    });
    const semCookie = await c.requisitar({
      method: 'POST',
      url: '/api/login',
      payload: corpo,
      semXsrf: true,
      headers: { 'x-xsrf-token': c.xsrf },
    });
    for (const r of [semCabecalho, errado, semCookie]) {
      expect(r.status).toBe(403);
      expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'XsrfInvalido' });
      expect(r.corpo.token).toBeUndefined();
    }
  });

  it('o logout também exige o cabeçalho', async () => {
    const c = await amb.logado('100001');
    const r = await c.requisitar({
      method: 'POST',
      url: '/api/logout',
      payload: {},
      headers: { 'x-xsrf-token': 'x' },
    });
    expect(r.status).toBe(403);
    expect((await c.get('/api/sessao')).status).toBe(200);
  });

  it('define o cookie XSRF-TOKEN legível por scripts e SameSite=Strict', async () => {
    const r = await amb.app.inject({ method: 'GET', url: '/api/config' });
    const cookie = r.cookies.find((k) => k.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{32}$/);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.httpOnly).toBeFalsy();
  });
});

describe('sessões', () => {
  it('sem token ou com token desconhecido: 401 NaoAutenticado', async () => {
    const c = await amb.cliente();
    expect((await c.get('/api/sessao')).corpo.codigoErro).toBe('NaoAutenticado');
    c.token = 'A'.repeat(43);
    const r = await c.get('/api/sessao');
    expect(r.status).toBe(401);
    expect(r.corpo).toEqual({
      sucesso: false,
      codigoErro: 'NaoAutenticado',
      mensagem: 'Sua sessão expirou. Entre novamente.',
      idPedido: r.headers['x-request-id'],
    });
  });

  it('renova o token depois da metade da vida; o antigo vale por 60 s', async () => {
    const inicio = amb.relogio.now();
    const c = await amb.logado('100001');
    const antigo = c.token;
    await manterAtiva(c, 6 * 60 * MINUTO);
    expect(c.token).toBe(antigo);
    amb.relogio.avancar(MINUTO);
    const r = await c.get('/api/sessao');
    expect(r.status).toBe(200);
    expect(r.corpo.token).toMatch(/^[\w-]{43}$/);
    expect(r.corpo.token).not.toBe(antigo);
    const novo = r.corpo.token;
    // Parallel calls with the old token still work during the grace period, without minting more tokens.
    amb.relogio.avancar(30_000);
    const comAntigo = await c.requisitar({
      method: 'GET',
      url: '/api/sessao',
      headers: { 'x-access-token': antigo ?? '' },
    });
    expect(comAntigo.status).toBe(200);
    expect(comAntigo.corpo.token).toBeUndefined();
    amb.relogio.avancar(31_000);
    const expirado = await c.requisitar({
      method: 'GET',
      url: '/api/sessao',
      headers: { 'x-access-token': antigo ?? '' },
    });
    expect(expirado.status).toBe(401);
    expect((await c.get('/api/sessao')).status).toBe(200);
    expect(c.token).toBe(novo);
    amb.relogio.definir(inicio);
  });

  it('o token renovado chega também numa resposta de erro', async () => {
    const inicio = amb.relogio.now();
    const c = await amb.logado('100001');
    await manterAtiva(c, 6 * 60 * MINUTO);
    const antigo = c.token;
    amb.relogio.avancar(MINUTO);
    const r = await c.post('/api/avulso/mensagens/999999/lida');
    expect(r.status).toBe(404);
    expect(r.corpo.token).toMatch(/^[\w-]{43}$/);
    expect(r.corpo.token).not.toBe(antigo);
    amb.relogio.definir(inicio);
  });

  it('expira após 30 minutos sem uso', async () => {
    const inicio = amb.relogio.now();
    const c = await amb.logado('100002');
    amb.relogio.avancar(29 * MINUTO);
    expect((await c.get('/api/sessao')).status).toBe(200);
    amb.relogio.avancar(29 * MINUTO);
    expect((await c.get('/api/sessao')).status).toBe(200);
    amb.relogio.avancar(31 * MINUTO);
    const r = await c.get('/api/sessao');
    expect(r.status).toBe(401);
    expect(r.corpo.codigoErro).toBe('NaoAutenticado');
    amb.relogio.definir(inicio);
  });

  it('expira 12 horas depois do login mesmo em uso, renovação incluída', async () => {
    const inicio = amb.relogio.now();
    const c = await amb.logado('100002');
    await manterAtiva(c, 11 * 60 * MINUTO + 40 * MINUTO);
    amb.relogio.avancar(19 * MINUTO);
    expect((await c.get('/api/sessao')).status).toBe(200);
    amb.relogio.avancar(2 * MINUTO);
    const r = await c.get('/api/sessao');
    expect(r.status).toBe(401);
    expect(r.corpo.codigoErro).toBe('NaoAutenticado');
    amb.relogio.definir(inicio);
  });

  it('a sessão do totem é muito mais curta', async () => {
    const inicio = amb.relogio.now();
    const quiosque = await amb.logado('100004', { quiosque: true });
    const celular = await amb.logado('100004');
    amb.relogio.avancar(2 * MINUTO + 1000);
    expect((await quiosque.get('/api/sessao')).status).toBe(401);
    expect((await celular.get('/api/sessao')).status).toBe(200);
    // Even in use, a kiosk session ends after 10 minutes.
    const ativo = await amb.logado('100004', { quiosque: true });
    for (let i = 0; i < 9; i++) {
      amb.relogio.avancar(MINUTO);
      expect((await ativo.get('/api/sessao')).status).toBe(200);
    }
    amb.relogio.avancar(MINUTO + 1000);
    expect((await ativo.get('/api/sessao')).status).toBe(401);
    amb.relogio.definir(inicio);
  });

  it('o logout revoga o token e não afeta outras sessões do mesmo trabalhador', async () => {
    const a = await amb.logado('100001');
    const b = await amb.logado('100001');
    const r = await a.post('/api/logout');
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({ sucesso: true, dados: null });
    expect((await a.get('/api/sessao')).status).toBe(401);
    expect((await a.post('/api/logout')).status).toBe(401);
    expect((await b.get('/api/sessao')).status).toBe(200);
  });

  it('um logout feito por outro servidor chega a este em até 5 s (a sessão lida fica em memória)', async () => {
    const a = await amb.logado('100001');
    expect((await a.get('/api/sessao')).status).toBe(200);
    // Another server revokes the token: this one answers from the row it read until the period ends.
    await amb.db
      .updateTable('sessao')
      .set({ revogada_em: amb.relogio.now().toISOString() })
      .where('token_hash', '=', hashToken(a.token ?? ''))
      .execute();
    amb.relogio.avancar(VALIDADE_CACHE_SESSAO_MS - 1);
    expect((await a.get('/api/sessao')).status).toBe(200);
    amb.relogio.avancar(1);
    expect((await a.get('/api/sessao')).status).toBe(401);
  });

  it('as sessões que faltam na memória numa mesma volta são lidas numa consulta só', async () => {
    const clientes = await Promise.all(['100001', '100002', '100004'].map((c) => amb.logado(c)));
    const antes = { ...amb.app.ctx.sessoes.carga.estatisticas };
    const respostas = await Promise.all(clientes.map((c) => c.get('/api/sessao')));
    expect(respostas.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(respostas.map((r) => (r.corpo as { dados: { codAvulso: string } }).dados.codAvulso)).toEqual([
      '100001',
      '100002',
      '100004',
    ]);
    const depois = amb.app.ctx.sessoes.carga.estatisticas;
    expect(depois.chaves - antes.chaves).toBe(3);
    expect(depois.leituras - antes.leituras).toBe(1);
  });

  it('o uso pela memória ainda conta para a inatividade e para o fim absoluto', async () => {
    const inicio = amb.relogio.now();
    const a = await amb.logado('100001', { quiosque: true });
    amb.relogio.avancar(2 * MINUTO - 1);
    expect((await a.get('/api/sessao')).status).toBe(200);
    amb.relogio.avancar(1000);
    expect((await a.get('/api/sessao')).status).toBe(200);
    amb.relogio.avancar(2 * MINUTO);
    expect((await a.get('/api/sessao')).status).toBe(401);
    amb.relogio.definir(inicio);
  });

  it('GET /api/sessao devolve os dados do próprio trabalhador', async () => {
    const c = await amb.logado('100003');
    const r = await c.get('/api/sessao');
    expect(r.corpo.dados).toMatchObject({ codAvulso: '100003', sindicato: 'Arrumador' });
  });
});

describe('GET /api/config', () => {
  it('é pública e traz versão, ambiente, fuso do porto e organização', async () => {
    const c = await amb.cliente();
    const r = await c.chamar(apiSessao.config);
    expect(r.status).toBe(200);
    expect(r.corpo.dados.versao).toMatch(/^\d+\.\d+\.\d+$/);
    expect(typeof r.corpo.dados.ambienteTestes).toBe('boolean');
    expect(r.corpo.dados.fusoHorario).toBe(amb.config.fusoHorario);
    expect(r.corpo.dados.organizacao).toMatchObject({ nome: 'OGMO Suape', porto: 'Porto de Suape' });
    expect(Object.keys(r.corpo.dados.organizacao).sort()).toEqual([
      'cidade',
      'endereco',
      'nome',
      'nomeCompleto',
      'porto',
      'telefoneEscalacao',
      'telefoneFiscalizacao',
      'telefoneSede',
    ]);
  });
});
