import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAvulso } from '#common/api/avulso.ts';
import { apiCadastro, type NovoTrabalhador, type Trabalhador } from '#common/api/cadastro.ts';
import { apiSessao } from '#common/api/sessao.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';
import { carregar, escolha, ofertasDe } from '../escalacao/apoio-teste.ts';
import { lerEntradaRodizio } from '../gestao/apuracao.ts';

let amb: AmbienteTeste;
let cadastro: ClienteTeste;
let hoje: string;

beforeAll(async () => {
  amb = await criarAmbiente();
  cadastro = await amb.logado('900003');
  hoje = dataHoraLocal(amb.relogio.now(), amb.config.fusoHorario).data;
});
afterAll(async () => {
  await amb.fechar();
});

const DIA_MS = 86_400_000;
/** A port-local day `n` days from the test's today. */
function dia(n: number): string {
  return new Date(Date.parse(`${hoje}T12:00:00Z`) + n * DIA_MS).toISOString().slice(0, 10);
}

const novo = (o: Partial<NovoTrabalhador> = {}): NovoTrabalhador => ({
  nome: 'Ana Lúcia de Souza',
  cpf: '111.444.777-35',
  dataNascimento: '1990-05-20',
  sexo: 'F',
  codSindicato: 1,
  artigo: 54,
  ...o,
});

async function contarAvulsos(): Promise<number> {
  const r = await amb.db
    .selectFrom('avulso')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n);
}

async function historico(cod: string) {
  const r = await cadastro.chamar(apiCadastro.historico, { params: { cod } });
  expect(r.status).toBe(200);
  return r.corpo.dados;
}

describe('cadastrar e editar', () => {
  let ficha: Trabalhador;

  it('cadastra com matrícula e número de chamada novos, sem senha, e o histórico diz quem fez', async () => {
    const r = await cadastro.chamar(apiCadastro.cadastrar, { corpo: novo() });
    expect(r.status).toBe(200);
    ficha = r.corpo.dados;
    expect(ficha).toMatchObject({
      nome: 'ANA LÚCIA DE SOUZA',
      cpf: '11144477735',
      sexo: 'F',
      codSindicato: 1,
      sindicato: 'Estivadora',
      codCategoria: 1,
      artigo: 54,
      situacao: 'ativo',
      impedido: false,
      temSenha: false,
      habilitacoes: [],
      impedimentos: [],
    });
    expect(ficha.codAvulso).toMatch(/^\d{6}$/);
    const maior = await amb.db
      .selectFrom('avulso')
      .select((eb) => eb.fn.max('num_chamada').as('n'))
      .executeTakeFirstOrThrow();
    expect(ficha.numChamada).toBe(Number(maior.n));
    const linhas = await historico(ficha.codAvulso);
    expect(linhas).toHaveLength(1);
    expect(linhas[0]).toMatchObject({
      acao: 'cadastro.criado',
      por: '900003',
      porNome: 'ROBERTO ALVES DE LIMA',
      antes: null,
      descricao: 'Trabalhador cadastrado',
    });
    expect(linhas[0]?.depois).toMatchObject({ nome: 'ANA LÚCIA DE SOUZA', cpf: '11144477735', artigo: '54' });
    // No password yet: the login refuses whatever is typed.
    const c = await amb.cliente();
    expect((await c.entrar(ficha.codAvulso, '123456')).status).toBe(401);
  });

  it('recusas do cadastro: nada muda, cada uma com o campo e a mensagem', async () => {
    const antes = await contarAvulsos();
    const cpfRuim = await cadastro.chamar(apiCadastro.cadastrar, { corpo: novo({ cpf: '111.444.777-36' }) });
    expect(cpfRuim.status).toBe(400);
    expect(dadosDaRecusa<{ campo: string; mensagem: string }[]>(cpfRuim)?.[0]).toEqual({
      campo: 'cpf',
      mensagem: 'CPF inválido: confira os números digitados.',
    });
    const repetido = await cadastro.chamar(apiCadastro.cadastrar, { corpo: novo({ nome: 'Outra Pessoa' }) });
    expect(repetido.status).toBe(409);
    expect(repetido.corpo.codigoErro).toBe('CpfEmUso');
    const numeroEmUso = await cadastro.chamar(apiCadastro.cadastrar, {
      corpo: novo({ cpf: '935.411.347-80', numChamada: ficha.numChamada }),
    });
    expect(numeroEmUso.status).toBe(409);
    expect(numeroEmUso.corpo.codigoErro).toBe('NumChamadaEmUso');
    const menor = await cadastro.chamar(apiCadastro.cadastrar, {
      corpo: novo({ cpf: '935.411.347-80', dataNascimento: dia(-365 * 17) }),
    });
    expect(menor.status).toBe(400);
    expect(menor.corpo.mensagem).toContain('ao menos 18 anos');
    for (const corpo of [
      { ...novo(), nome: 'A1' },
      { ...novo(), dataNascimento: '1990-02-30' },
      { ...novo(), artigo: 56 },
      { ...novo(), codSindicato: 10 },
      { ...novo(), sexo: 'X' },
      { ...novo(), numChamada: 0 },
      { nome: 'Sem o resto' },
    ]) {
      const r = await cadastro.chamarBruto(apiCadastro.cadastrar, { corpo });
      expect(r.status, JSON.stringify(corpo)).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    }
    expect(await contarAvulsos()).toBe(antes);
  });

  it('edita; o histórico guarda só o que mudou, antes → depois; repetir não escreve nada', async () => {
    const corpo = {
      nome: 'Ana Lúcia de Souza Lima',
      cpf: ficha.cpf,
      dataNascimento: ficha.dataNascimento,
      sexo: 'F' as const,
      codSindicato: 6,
      artigo: 55 as const,
      numChamada: ficha.numChamada,
      situacao: 'ativo' as const,
    };
    const r = await cadastro.chamar(apiCadastro.editar, { params: { cod: ficha.codAvulso }, corpo });
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toMatchObject({ nome: 'ANA LÚCIA DE SOUZA LIMA', codCategoria: 6, artigo: 55 });
    await cadastro.chamar(apiCadastro.editar, { params: { cod: ficha.codAvulso }, corpo });
    const linhas = await historico(ficha.codAvulso);
    expect(linhas.map((l) => l.acao)).toEqual(['cadastro.criado', 'cadastro.alterado']);
    expect(linhas[1]?.antes).toEqual({
      nome: 'ANA LÚCIA DE SOUZA',
      sindicato: '1 (Estivador)',
      artigo: '54',
    });
    expect(linhas[1]?.depois).toEqual({
      nome: 'ANA LÚCIA DE SOUZA LIMA',
      sindicato: '6 (Arrumador)',
      artigo: '55',
    });

    const outro = await cadastro.chamar(apiCadastro.editar, {
      params: { cod: ficha.codAvulso },
      corpo: { ...corpo, cpf: '52998224725' },
    });
    expect(outro.status).toBe(409);
    expect(outro.corpo.codigoErro).toBe('CpfEmUso');
    const inexistente = await cadastro.chamar(apiCadastro.editar, { params: { cod: '123999' }, corpo });
    expect(inexistente.status).toBe(404);
    expect((await cadastro.chamar(apiCadastro.ver, { params: { cod: '123999' } })).status).toBe(404);
    expect((await cadastro.chamar(apiCadastro.historico, { params: { cod: '123999' } })).status).toBe(404);
  });
});

describe('busca', () => {
  it('por nome (parte, sem diferença de caixa), matrícula, CPF com ou sem pontos e número de chamada; em páginas', async () => {
    const porNome = await cadastro.chamar(apiCadastro.buscar, { query: { busca: 'josé carlos' } });
    expect(porNome.corpo.dados.itens.map((i) => i.codAvulso)).toContain('100001');
    const porCodigo = await cadastro.chamar(apiCadastro.buscar, { query: { busca: '100001' } });
    expect(porCodigo.corpo.dados.itens.map((i) => i.codAvulso)).toEqual(['100001']);
    const porCpf = await cadastro.chamar(apiCadastro.buscar, { query: { busca: '529.982.247-25' } });
    expect(porCpf.corpo.dados.itens.map((i) => i.codAvulso)).toEqual(['100001']);
    const linha = await amb.db
      .selectFrom('avulso')
      .select('num_chamada')
      .where('cod_avulso', '=', '100002')
      .executeTakeFirstOrThrow();
    const porNumero = await cadastro.chamar(apiCadastro.buscar, {
      query: { busca: String(linha.num_chamada) },
    });
    expect(porNumero.corpo.dados.itens.map((i) => i.codAvulso)).toContain('100002');
    const curinga = await cadastro.chamar(apiCadastro.buscar, { query: { busca: '%' } });
    expect(curinga.corpo.dados.total).toBe(0);

    const todos = await contarAvulsos();
    const p1 = await cadastro.chamar(apiCadastro.buscar, { query: {} });
    expect(p1.corpo.dados).toMatchObject({ total: todos, pagina: 1, porPagina: 20 });
    expect(p1.corpo.dados.itens).toHaveLength(20);
    const p2 = await cadastro.chamar(apiCadastro.buscar, { query: { pagina: 2 } });
    expect(p2.corpo.dados.itens[0]?.codAvulso).not.toBe(p1.corpo.dados.itens[0]?.codAvulso);
    const nomes = p1.corpo.dados.itens.map((i) => i.nome);
    expect(nomes).toEqual([...nomes].sort());
    expect((await cadastro.chamarBruto(apiCadastro.buscar, { query: { pagina: '0' } })).status).toBe(400);
  });

  it('por nome sem acentos nem caixa: "JOAO" acha "JOÃO"; o nome editado é achado pelo novo', async () => {
    const codigos = async (busca: string) => {
      const r = await cadastro.chamar(apiCadastro.buscar, { query: { busca } });
      expect(r.status).toBe(200);
      return r.corpo.dados.itens.map((i) => i.codAvulso);
    };
    // The seed's name, written with accents.
    for (const busca of ['JOSE CARLOS', 'jose  carlos da silva', 'JOSÉ CARLOS', 'josé carlos']) {
      expect(await codigos(busca), busca).toContain('100001');
    }
    const r = await cadastro.chamar(apiCadastro.cadastrar, {
      corpo: novo({ nome: 'João Ávila Conceição', cpf: '123.456.789-09' }),
    });
    expect(r.status).toBe(200);
    const joao = r.corpo.dados;
    expect(joao.nome).toBe('JOÃO ÁVILA CONCEIÇÃO');
    for (const busca of ['JOAO', 'joao avila', 'CONCEICAO', 'Conceição', 'ávila conc', 'JOÃO']) {
      expect(await codigos(busca), busca).toContain(joao.codAvulso);
    }
    expect(await codigos('JOANA')).not.toContain(joao.codAvulso);
    expect(await codigos('joao_avila')).not.toContain(joao.codAvulso);

    const editado = await cadastro.chamar(apiCadastro.editar, {
      params: { cod: joao.codAvulso },
      corpo: {
        nome: 'Estêvão Gonçalves',
        cpf: joao.cpf,
        dataNascimento: joao.dataNascimento,
        sexo: joao.sexo,
        codSindicato: joao.codSindicato,
        artigo: joao.artigo === 55 ? 55 : 54,
        numChamada: joao.numChamada,
        situacao: joao.situacao,
      },
    });
    expect(editado.status).toBe(200);
    expect(await codigos('ESTEVAO GONCALVES')).toContain(joao.codAvulso);
    expect(await codigos('conceicao')).not.toContain(joao.codAvulso);
  });

  it('só o papel cadastro: 900002 e um trabalhador recebem 403 em toda rota, e nada muda', async () => {
    const antes = await contarAvulsos();
    for (const cod of ['900002', '100001']) {
      const c = await amb.logado(cod);
      expect((await c.chamar(apiCadastro.buscar, { query: {} })).status).toBe(403);
      const r = await c.chamar(apiCadastro.cadastrar, { corpo: novo({ cpf: '935.411.347-80' }) });
      expect(r.status).toBe(403);
      expect(r.corpo.codigoErro).toBe('AcessoNegado');
      expect((await c.chamar(apiCadastro.ver, { params: { cod: '100001' } })).status).toBe(403);
      expect(
        (
          await c.chamar(apiCadastro.impedir, {
            params: { cod: '100001' },
            corpo: { motivo: 'x', inicio: hoje },
          })
        ).status,
      ).toBe(403);
    }
    expect(await contarAvulsos()).toBe(antes);
  });
});

describe('habilitações e impedimentos valem na escolha e no rodízio', () => {
  it('uma habilitação com validade: concedida, alterada, vencida (some no portal), retirada', async () => {
    const cod = '100002';
    const r = await cadastro.chamar(apiCadastro.habilitar, {
      params: { cod },
      corpo: { codFuncao: 101, validaAte: hoje },
    });
    expect(r.status).toBe(200);
    expect(r.corpo.dados.habilitacoes.find((h) => h.codFuncao === 101)).toMatchObject({
      funcao: expect.any(String),
      validaAte: hoje,
      vigente: true,
    });
    // The same again changes nothing; another expiry is a change.
    await cadastro.chamar(apiCadastro.habilitar, {
      params: { cod },
      corpo: { codFuncao: 101, validaAte: hoje },
    });
    let worker = await amb.logado(cod);
    const lista = async () =>
      (await worker.chamar(apiAvulso.habilitacoes)).corpo.dados.map(
        (h: { codFuncao: number }) => h.codFuncao,
      );
    expect(await lista()).toContain(101);
    amb.relogio.avancar(DIA_MS);
    try {
      worker = await amb.logado(cod);
      expect(await lista()).not.toContain(101);
      const ficha = await (await amb.logado('900003')).chamar(apiCadastro.ver, { params: { cod } });
      expect(ficha.corpo.dados.habilitacoes.find((h) => h.codFuncao === 101)?.vigente).toBe(false);
    } finally {
      amb.relogio.avancar(-DIA_MS);
    }
    await cadastro.chamar(apiCadastro.habilitar, {
      params: { cod },
      corpo: { codFuncao: 101, validaAte: null },
    });
    const retirada = await cadastro.chamar(apiCadastro.desabilitar, { params: { cod, codFuncao: 101 } });
    expect(retirada.corpo.dados.habilitacoes.some((h) => h.codFuncao === 101)).toBe(false);
    expect((await cadastro.chamar(apiCadastro.desabilitar, { params: { cod, codFuncao: 101 } })).status).toBe(
      404,
    );
    expect(
      (await cadastro.chamar(apiCadastro.habilitar, { params: { cod }, corpo: { codFuncao: 999 } })).status,
    ).toBe(400);
    expect(
      (
        await cadastro.chamar(apiCadastro.habilitar, {
          params: { cod },
          corpo: { codFuncao: 101, validaAte: dia(-1) },
        })
      ).status,
    ).toBe(400);
    const linhas = await historico(cod);
    expect(linhas.map((l) => l.acao)).toEqual([
      'habilitacao.concedida',
      'habilitacao.alterada',
      'habilitacao.retirada',
    ]);
    expect(linhas[1]?.antes).toEqual({
      funcao: expect.stringMatching(/^101 /),
      validade: expect.stringMatching(/^até /),
    });
    expect(linhas[1]?.depois?.validade).toBe('sem validade');
  });

  it('impedir: a próxima escolha recebe TpaImpedido, o início mostra o motivo, o rodízio o vê; encerrar libera', async () => {
    const cod = '100008';
    const worker = await amb.logado(cod);
    const escala = await carregar(worker);
    const oferta = ofertasDe(escala, 1).find((o) => o.funcao.codFuncao === 101) ?? ofertasDe(escala, 1)[0];
    if (!oferta) throw new Error('a escala aberta não tem oferta de estiva');
    const postar = (escolhida: boolean) =>
      worker.post('/api/vagas', { numEscalacao: 4521, categoria: 1, escolhas: [escolha(oferta, escolhida)] });
    const primeira = await postar(true);
    expect(primeira.status, JSON.stringify(primeira.corpo)).toBe(200);

    const r = await cadastro.chamar(apiCadastro.impedir, {
      params: { cod },
      corpo: { motivo: 'Falta à escala sem justificativa', inicio: hoje, fim: dia(3) },
    });
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toMatchObject({ impedido: true });
    expect(r.corpo.dados.mensagensImpedimento).toContain('Falta à escala sem justificativa');
    const [impedimento] = r.corpo.dados.impedimentos;
    if (!impedimento) throw new Error('sem impedimento');
    expect(impedimento).toMatchObject({ ativo: true, inicio: hoje, fim: dia(3), criadoPor: '900003' });

    // At once, though the call keeps workers 2 s in memory: the route made it forget this one.
    const recusa = await postar(false);
    expect(recusa.status).toBe(403);
    expect(recusa.corpo.codigoErro).toBe('TpaImpedido');
    const sessao = await worker.chamar(apiSessao.sessao);
    expect(sessao.corpo.dados).toMatchObject({ impedimento: true });
    expect(sessao.corpo.dados.mensagensImpedimento).toContain('Falta à escala sem justificativa');
    const entrada = await lerEntradaRodizio(amb.db, 4521, { horasDescanso: amb.config.horasDescanso });
    expect(entrada.entrada.avulsos.find((a) => a.codAvulso === cod)).toMatchObject({
      impedido: true,
      motivoImpedimento: 'Falta à escala sem justificativa',
    });

    const encerrado = await cadastro.chamar(apiCadastro.encerrarImpedimento, {
      params: { cod, id: impedimento.id },
    });
    expect(encerrado.corpo.dados.impedido).toBe(false);
    expect(encerrado.corpo.dados.impedimentos[0]).toMatchObject({ ativo: false, encerradoPor: '900003' });
    // Ending it again changes nothing; another worker's impediment is not found.
    await cadastro.chamar(apiCadastro.encerrarImpedimento, { params: { cod, id: impedimento.id } });
    expect(
      (
        await cadastro.chamar(apiCadastro.encerrarImpedimento, {
          params: { cod: '100002', id: impedimento.id },
        })
      ).status,
    ).toBe(404);
    expect((await postar(false)).status).toBe(200);
    const linhas = await historico(cod);
    expect(linhas.map((l) => [l.acao, l.porNome])).toEqual([
      ['impedimento.criado', 'ROBERTO ALVES DE LIMA'],
      ['impedimento.encerrado', 'ROBERTO ALVES DE LIMA'],
    ]);
  });

  it('um impedimento futuro só vale a partir do seu início; fim antes do início é recusado', async () => {
    const cod = '100004';
    const r = await cadastro.chamar(apiCadastro.impedir, {
      params: { cod },
      corpo: { motivo: 'Exame médico pendente', inicio: dia(1) },
    });
    expect(r.corpo.dados.impedido).toBe(false);
    const worker = await amb.logado(cod);
    expect((await worker.chamar(apiSessao.sessao)).corpo.dados.impedimento).toBe(false);
    amb.relogio.avancar(DIA_MS);
    try {
      const amanha = await amb.logado(cod);
      expect((await amanha.chamar(apiSessao.sessao)).corpo.dados.mensagensImpedimento).toEqual([
        'Exame médico pendente',
      ]);
    } finally {
      amb.relogio.avancar(-DIA_MS);
    }
    const ruim = await cadastro.chamar(apiCadastro.impedir, {
      params: { cod },
      corpo: { motivo: 'x', inicio: dia(2), fim: dia(1) },
    });
    expect(ruim.status).toBe(400);
    expect(dadosDaRecusa<{ campo: string }[]>(ruim)?.[0]?.campo).toBe('fim');
    const vazio = await cadastro.chamarBruto(apiCadastro.impedir, {
      params: { cod },
      corpo: { motivo: ' ', inicio: hoje },
    });
    expect(vazio.status).toBe(400);
  });

  it('situação cancelada: impedido, com afastamento definitivo e a mensagem da situação', async () => {
    const cod = '100003';
    const atual = (await cadastro.chamar(apiCadastro.ver, { params: { cod } })).corpo.dados;
    const r = await cadastro.chamar(apiCadastro.editar, {
      params: { cod },
      corpo: {
        nome: atual.nome,
        cpf: atual.cpf,
        dataNascimento: atual.dataNascimento,
        sexo: atual.sexo,
        codSindicato: atual.codSindicato,
        artigo: atual.artigo as 54 | 55,
        numChamada: atual.numChamada,
        situacao: 'cancelado',
      },
    });
    expect(r.corpo.dados).toMatchObject({ situacao: 'cancelado', impedido: true });
    const linha = await amb.db
      .selectFrom('avulso')
      .select('afastamento_definitivo')
      .where('cod_avulso', '=', cod)
      .executeTakeFirstOrThrow();
    expect(linha.afastamento_definitivo).toBe(1);
    const worker = await amb.logado(cod);
    expect((await worker.chamar(apiSessao.sessao)).corpo.dados.mensagensImpedimento).toEqual([
      'Seu cadastro no OGMO está cancelado. Procure o OGMO.',
    ]);
  });
});
