import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCadastro, type Trabalhador } from '#common/api/cadastro.ts';
import { apiContas, HORAS_VALIDADE_CODIGO } from '#common/api/contas.ts';
import { apiSessao } from '#common/api/sessao.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { cadastrarTrabalhador } from './apoio-teste.ts';

let amb: AmbienteTeste;
let cadastro: ClienteTeste;
let novo: Trabalhador;

beforeAll(async () => {
  amb = await criarAmbiente();
  cadastro = await amb.logado('900003');
  novo = await cadastrarTrabalhador(cadastro, {
    nome: 'Pedro Henrique Araújo',
    dataNascimento: '1988-11-02',
    artigo: 55,
  });
});
afterAll(async () => {
  await amb.fechar();
});

async function emitir(cod: string) {
  const r = await cadastro.chamar(apiContas.emitirCodigo, { params: { cod } });
  expect(r.status).toBe(200);
  return r.corpo.dados;
}

const primeiroAcesso = (c: ClienteTeste, o: Partial<Record<string, string>> & { codigo: string }) =>
  c.chamar(apiContas.primeiroAcesso, {
    corpo: {
      codAvulso: novo.codAvulso,
      cpf: '93541134780',
      dataNascimento: '1988-11-02',
      novaSenha: '246810',
      ...o,
    },
  });

describe('código de acesso e primeiro acesso', () => {
  it('o código aparece uma vez, vale 72 h, e só o hash fica no banco; o histórico não o guarda', async () => {
    const { codigo, validoAte } = await emitir(novo.codAvulso);
    expect(codigo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(Date.parse(validoAte) - amb.relogio.now().getTime()).toBe(HORAS_VALIDADE_CODIGO * 3_600_000);
    const linha = await amb.db
      .selectFrom('codigo_acesso')
      .selectAll()
      .where('cod_avulso', '=', novo.codAvulso)
      .executeTakeFirstOrThrow();
    expect(linha.hash).toBe(createHash('sha256').update(codigo.replace('-', '')).digest('hex'));
    expect(JSON.stringify(linha)).not.toContain(codigo.replace('-', ''));
    const historico = await amb.db
      .selectFrom('historico_avulso')
      .selectAll()
      .where('cod_avulso', '=', novo.codAvulso)
      .where('acao', '=', 'acesso.codigo-emitido')
      .execute();
    expect(historico).toHaveLength(1);
    expect(JSON.stringify(historico)).not.toContain(codigo.slice(0, 4));
  });

  it('dados errados, código velho ou vencido: a mesma recusa; o certo cria a senha, uma vez só', async () => {
    const c = await amb.cliente();
    const velho = await emitir(novo.codAvulso);
    const { codigo } = await emitir(novo.codAvulso);
    for (const errado of [
      { codigo: velho.codigo },
      { codigo, cpf: '52998224725' },
      { codigo, dataNascimento: '1988-11-03' },
      { codigo, codAvulso: '100001' },
    ]) {
      const r = await primeiroAcesso(c, errado);
      expect(r.status, JSON.stringify(errado)).toBe(403);
      expect(r.corpo.codigoErro).toBe('PrimeiroAcessoRecusado');
    }
    // Four failures so far: the fifth try would earn a wait, so the right one goes now (typed in lower case).
    const certo = await primeiroAcesso(c, { codigo: codigo.toLowerCase().replace('-', '') });
    expect(certo.status).toBe(200);
    expect((await c.entrar(novo.codAvulso, '246810')).status).toBe(200);
    const denovo = await primeiroAcesso(await amb.cliente(), { codigo, novaSenha: '135791' });
    expect(denovo.status).toBe(403);
    expect((await (await amb.cliente()).entrar(novo.codAvulso, '135791')).status).toBe(401);
    const linhas = await cadastro.chamar(apiCadastro.historico, { params: { cod: novo.codAvulso } });
    expect(linhas.corpo.dados.at(-1)).toMatchObject({
      acao: 'acesso.primeiro-acesso',
      por: novo.codAvulso,
      porNome: 'PEDRO HENRIQUE ARAÚJO',
    });
  });

  it('um código vencido não abre a conta', async () => {
    const { codigo } = await emitir('100002');
    amb.relogio.avancar(HORAS_VALIDADE_CODIGO * 3_600_000 + 1000);
    try {
      const r = await (await amb.cliente()).chamar(apiContas.primeiroAcesso, {
        corpo: {
          codAvulso: '100002',
          cpf: '00000000000',
          dataNascimento: '1990-01-01',
          codigo,
          novaSenha: '111111',
        },
      });
      expect(r.status).toBe(400); // the CPF is checked by the schema first
      const linha = await amb.db
        .selectFrom('avulso')
        .select(['cpf', 'data_nascimento'])
        .where('cod_avulso', '=', '100002')
        .executeTakeFirstOrThrow();
      const vencido = await (await amb.cliente()).chamar(apiContas.primeiroAcesso, {
        corpo: {
          codAvulso: '100002',
          cpf: linha.cpf,
          dataNascimento: linha.data_nascimento,
          codigo,
          novaSenha: '111111',
        },
      });
      expect(vencido.status).toBe(403);
      expect(vencido.corpo.codigoErro).toBe('PrimeiroAcessoRecusado');
    } finally {
      amb.relogio.avancar(-(HORAS_VALIDADE_CODIGO * 3_600_000 + 1000));
    }
  });

  it('as tentativas são limitadas como as do login: a quinta falha impõe espera, até para o código certo', async () => {
    const cod = '100004';
    const { codigo } = await emitir(cod);
    const linha = await amb.db
      .selectFrom('avulso')
      .select(['cpf', 'data_nascimento'])
      .where('cod_avulso', '=', cod)
      .executeTakeFirstOrThrow();
    const c = await amb.cliente();
    const tentar = (codigoTentado: string) =>
      c.chamar(apiContas.primeiroAcesso, {
        corpo: {
          codAvulso: cod,
          cpf: linha.cpf,
          dataNascimento: linha.data_nascimento,
          codigo: codigoTentado,
          novaSenha: '999999',
        },
      });
    for (let i = 0; i < 5; i++) expect((await tentar('AAAA-AAAA')).status).toBe(403);
    const esperando = await tentar(codigo);
    expect(esperando.status).toBe(429);
    expect(esperando.corpo.codigoErro).toBe('MuitasRequisicoes');
    expect((await (await amb.cliente()).entrar(cod, '999999')).status).toBe(401);
    amb.relogio.avancar(16_000);
    expect((await tentar(codigo)).status).toBe(200);
  });

  it('emitir um código encerra as sessões do trabalhador; só o papel cadastro emite', async () => {
    const worker = await amb.logado('100001');
    expect((await worker.chamar(apiSessao.sessao)).status).toBe(200);
    await emitir('100001');
    expect((await worker.chamar(apiSessao.sessao)).status).toBe(401);
    for (const cod of ['900002', '100003']) {
      const c = await amb.logado(cod);
      const r = await c.chamar(apiContas.emitirCodigo, { params: { cod: '100003' } });
      expect(r.status).toBe(403);
    }
    expect((await cadastro.chamar(apiContas.emitirCodigo, { params: { cod: '123999' } })).status).toBe(404);
  });
});

describe('Minha conta: senha e dados pessoais', () => {
  it('trocar a senha: a atual errada é recusada; a certa encerra as outras sessões e esta segue com token novo', async () => {
    const cod = '100006';
    const aqui = await amb.logado(cod);
    const outra = await amb.logado(cod);
    const errada = await aqui.chamar(apiContas.mudarSenha, {
      corpo: { senhaAtual: '654321', novaSenha: '112233' },
    });
    expect(errada.status).toBe(403);
    expect(errada.corpo.codigoErro).toBe('SenhaAtualIncorreta');
    const igual = await aqui.chamar(apiContas.mudarSenha, {
      corpo: { senhaAtual: '123456', novaSenha: '123456' },
    });
    expect(igual.status).toBe(400);
    // The current password was right: the wrong one's count is cleared and nothing stays in flight (0224).
    const conta = await amb.db
      .selectFrom('tentativa')
      .select(['falhas', 'em_curso'])
      .where('chave', '=', `login:${cod}`)
      .executeTakeFirst();
    expect(conta).toBeUndefined();
    const curta = await aqui.chamarBruto(apiContas.mudarSenha, {
      corpo: { senhaAtual: '123456', novaSenha: '12a' },
    });
    expect(curta.status).toBe(400);
    const antigo = aqui.token;
    const r = await aqui.chamar(apiContas.mudarSenha, {
      corpo: { senhaAtual: '123456', novaSenha: '112233' },
    });
    expect(r.status).toBe(200);
    expect(r.corpo.token).toBeTruthy();
    expect(aqui.token).not.toBe(antigo);
    expect((await aqui.chamar(apiSessao.sessao)).status).toBe(200);
    expect((await outra.chamar(apiSessao.sessao)).status).toBe(401);
    expect((await (await amb.cliente()).entrar(cod, '123456')).status).toBe(401);
    expect((await (await amb.cliente()).entrar(cod, '112233')).status).toBe(200);
    const historico = await amb.db
      .selectFrom('historico_avulso')
      .select(['acao', 'por'])
      .where('cod_avulso', '=', cod)
      .execute();
    expect(historico).toEqual([{ acao: 'acesso.senha-alterada', por: cod }]);
  });

  it('dados pessoais: lidos, validados, auditados e vistos pela equipe de cadastro', async () => {
    const cod = '100007';
    const c = await amb.logado(cod);
    const ruim = await c.chamar(apiContas.mudarDadosPessoais, {
      corpo: { telefone: '(81) 9999', email: 'x@y' },
    });
    expect(ruim.status).toBe(400);
    const r = await c.chamar(apiContas.mudarDadosPessoais, {
      corpo: { telefone: '(81) 99876-5432', email: 'Joao.Silva@Exemplo.com.br' },
    });
    expect(r.corpo.dados).toEqual({ telefone: '(81) 99876-5432', email: 'joao.silva@exemplo.com.br' });
    expect((await c.chamar(apiContas.dadosPessoais)).corpo.dados).toEqual(r.corpo.dados);
    await c.chamar(apiContas.mudarDadosPessoais, {
      corpo: { telefone: '(81) 99876-5432', email: 'joao.silva@exemplo.com.br' },
    });
    const ficha = await cadastro.chamar(apiCadastro.ver, { params: { cod } });
    expect(ficha.corpo.dados).toMatchObject({
      telefone: '(81) 99876-5432',
      email: 'joao.silva@exemplo.com.br',
    });
    const historico = await cadastro.chamar(apiCadastro.historico, { params: { cod } });
    expect(historico.corpo.dados).toHaveLength(1);
    expect(historico.corpo.dados[0]).toMatchObject({
      acao: 'dados-pessoais.alterados',
      antes: { telefone: null, email: null },
      depois: { telefone: '(81) 99876-5432', email: 'joao.silva@exemplo.com.br' },
    });
  });

  it('nunca no totem: senha e dados pessoais recusados numa sessão do totem', async () => {
    const totem = await amb.logado('100008', { quiosque: true });
    const senha = await totem.chamar(apiContas.mudarSenha, {
      corpo: { senhaAtual: '123456', novaSenha: '112233' },
    });
    expect(senha.status).toBe(403);
    expect(senha.corpo.codigoErro).toBe('AcessoNegado');
    expect((await totem.chamar(apiContas.dadosPessoais)).status).toBe(403);
    expect(
      (await totem.chamar(apiContas.mudarDadosPessoais, { corpo: { telefone: '', email: '' } })).status,
    ).toBe(403);
    expect((await (await amb.cliente()).entrar('100008', '123456')).status).toBe(200);
  });
});
