import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSaude } from '#common/api/saude.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { carregar, escolha, ofertasDe } from '../escalacao/apoio-teste.ts';

/**
 * The logs (issue 26): pino's JSON lines at `info` as in production, captured from the app's own logger. One
 * line per request with its id (X-Request-Id in and out, validated), the worker's code when known, the error
 * code of a refusal; one line per change of a call's state; never a password, token, CPF or ballot.
 */

const linhas: Record<string, unknown>[] = [];
const destino = new Writable({
  write(pedaco: Buffer, _codificacao, pronto) {
    for (const texto of pedaco.toString().split('\n')) if (texto.trim()) linhas.push(JSON.parse(texto));
    pronto();
  },
});
const textoDosLogs = () => linhas.map((l) => JSON.stringify(l)).join('\n');
const dePedido = (id: string) => linhas.filter((l) => l.reqId === id && l.msg === 'pedido');

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente({}, { logger: { level: 'info', stream: destino } });
});
afterAll(async () => {
  await amb.fechar();
});

describe('logs em JSON', () => {
  it('uma linha por pedido com o X-Request-Id recebido, devolvido no cabeçalho e no envelope de erro', async () => {
    const c = await amb.cliente();
    const r = await c.requisitar({
      method: 'GET',
      url: '/api/nao-existe',
      headers: { 'x-request-id': 'proxy-7f3a.b:2' },
    });
    expect(r.status).toBe(404);
    expect(r.headers['x-request-id']).toBe('proxy-7f3a.b:2');
    expect(r.corpo.idPedido).toBe('proxy-7f3a.b:2');
    const doPedido = dePedido('proxy-7f3a.b:2');
    expect(doPedido).toHaveLength(1);
    expect(doPedido[0]).toMatchObject({
      level: 30,
      msg: 'pedido',
      metodo: 'GET',
      url: '/api/nao-existe',
      status: 404,
      codigoErro: 'NaoEncontrado',
    });
    expect(typeof doPedido[0]?.ms).toBe('number');
  });

  it('um X-Request-Id inválido (longo, com espaços ou controle) é trocado por um UUID novo', async () => {
    const c = await amb.cliente();
    for (const ruim of ['a'.repeat(65), 'com espaço', 'x\u0001y', '<script>']) {
      const r = await c.requisitar({
        method: 'GET',
        url: apiSaude.vivo.caminho,
        headers: { 'x-request-id': ruim },
      });
      const id = String(r.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(dePedido(id)).toHaveLength(1);
      expect(textoDosLogs()).not.toContain(ruim);
    }
  });

  it('o código do trabalhador nas linhas dos seus pedidos, e nunca a senha nem o token', async () => {
    const c = await amb.cliente();
    const falha = await c.requisitar({
      method: 'POST',
      url: '/api/login',
      payload: { login: '100001', password: '987650' },
      headers: { 'x-request-id': 'login-errado-1', 'x-xsrf-token': c.xsrf },
    });
    expect(falha.status).toBe(401);
    expect(dePedido('login-errado-1')[0]).toMatchObject({
      rota: '/api/login',
      status: 401,
      codigoErro: 'CredenciaisInvalidas',
    });
    const entrou = await c.entrar('100001', '123456');
    expect(entrou.status).toBe(200);
    const r = await c.requisitar({
      method: 'GET',
      url: '/api/sessao',
      headers: { 'x-request-id': 'sessao-1' },
    });
    expect(r.status).toBe(200);
    expect(dePedido('sessao-1')[0]).toMatchObject({ rota: '/api/sessao', status: 200, codAvulso: '100001' });
    const texto = textoDosLogs();
    expect(texto).not.toContain('987650');
    expect(texto).not.toContain('123456');
    expect(texto).not.toContain(String(c.token));
    expect(texto).not.toContain(c.xsrf);
  });

  it('o redact do pino esconde senha, token, CPF e cédula em qualquer objeto registrado', () => {
    amb.app.log.info(
      {
        password: 'p-1',
        dados: { senha: 's-1', cpf: '529.982.247-25', token: 't-1', cedula: 'c-1' },
        pedido: { corpo: { voto: 'v-1', novaSenha: 'n-1' } },
      },
      'objeto com segredos',
    );
    const linha = linhas.find((l) => l.msg === 'objeto com segredos');
    expect(linha).toMatchObject({
      password: '[oculto]',
      dados: { senha: '[oculto]', cpf: '[oculto]', token: '[oculto]', cedula: '[oculto]' },
      pedido: { corpo: { voto: '[oculto]', novaSenha: '[oculto]' } },
    });
    expect(JSON.stringify(linha)).not.toMatch(/p-1|s-1|529\.982|t-1|c-1|v-1|n-1/);
  });

  it('uma linha por mudança de estado de uma escala, com quem a fez e o id do pedido', async () => {
    const c = await amb.logado('100001');
    const oferta = ofertasDe(await carregar(c), 1)[0];
    if (!oferta) throw new Error('sem ofertas');
    const staff = await amb.logado('900002');
    const r = await staff.requisitar({
      method: 'POST',
      url: '/api/gestao/escalas/4521/fechar',
      payload: {},
      headers: { 'x-request-id': 'fechar-4521', 'x-xsrf-token': staff.xsrf },
    });
    expect(r.status).toBe(200);
    // The staff's route logs the change with who made it, under the request's id.
    expect(linhas.filter((l) => l.reqId === 'fechar-4521' && l.msg === 'escala fechada')).toEqual([
      expect.objectContaining({ level: 30, numEscalacao: 4521, por: '900002' }),
    ]);
    expect(dePedido('fechar-4521')[0]).toMatchObject({
      rota: '/api/gestao/escalas/:num/fechar',
      codAvulso: '900002',
      status: 200,
    });
    // After the close, a choice is refused: its line has the code, the worker and the request's id.
    const recusa = await c.requisitar({
      method: 'POST',
      url: '/api/vagas',
      payload: { numEscalacao: 4521, categoria: 1, escolhas: [escolha(oferta, true)] },
      headers: { 'x-request-id': 'escolha-fechada', 'x-xsrf-token': c.xsrf },
    });
    expect(recusa.status).toBe(409);
    expect(dePedido('escolha-fechada')[0]).toMatchObject({
      codAvulso: '100001',
      codigoErro: 'EscalaFechada',
    });
  });
});
