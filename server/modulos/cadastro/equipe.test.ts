import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEquipe, type MembroEquipe } from '#common/api/equipe.ts';
import { PAPEIS, type Papel } from '#common/dominio.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

let amb: AmbienteTeste;
let admin: ClienteTeste;

beforeAll(async () => {
  amb = await criarAmbiente();
  admin = await amb.logado('900003');
});
afterAll(async () => {
  await amb.fechar();
});

/** One read call of each staff area and the role it belongs to: the role matrix walks every pair. */
const AREAS: readonly { papel: Papel; metodo: 'GET'; url: string }[] = [
  { papel: 'administrador', metodo: 'GET', url: '/api/gestao/equipe' },
  { papel: 'administrador', metodo: 'GET', url: '/api/seguranca/bloqueios' },
  { papel: 'cadastro', metodo: 'GET', url: '/api/gestao/trabalhadores' },
  { papel: 'cadastro', metodo: 'GET', url: '/api/gestao/trabalhadores/100001/historico' },
  { papel: 'escalador', metodo: 'GET', url: '/api/gestao/escalas' },
  { papel: 'escalador', metodo: 'GET', url: '/api/gestao/cadastros' },
  { papel: 'financeiro', metodo: 'GET', url: '/api/gestao/financeiro/importacoes' },
  { papel: 'eleicao', metodo: 'GET', url: '/api/eleicoes' },
];

async function papeisDe(codAvulso: string): Promise<string[]> {
  const linhas = await amb.db
    .selectFrom('papel')
    .select('papel')
    .where('cod_avulso', '=', codAvulso)
    .execute();
  return linhas.map((l) => l.papel).sort();
}

describe('GET /api/gestao/equipe', () => {
  it('lista a equipe do OGMO (categoria 9) com os papéis da demonstração', async () => {
    const r = await admin.chamar(apiEquipe.listar);
    expect(r.status).toBe(200);
    const porCodigo = new Map(r.corpo.dados.membros.map((m: MembroEquipe) => [m.codAvulso, m.papeis]));
    expect(porCodigo.get('900002')).toEqual(['escalador']);
    expect(porCodigo.get('900003')).toEqual(['administrador', 'cadastro', 'comunicacao', 'eleicao']);
    expect(porCodigo.get('900004')).toEqual(['financeiro']);
    expect(porCodigo.get('900001')).toEqual([]);
    // Only staff: no worker of another category is listed.
    expect(porCodigo.has('100001')).toBe(false);
  });

  it('sem sessão: 401; sem o papel administrador: 403 AcessoNegado', async () => {
    const anonimo = await amb.cliente();
    expect((await anonimo.chamar(apiEquipe.listar)).status).toBe(401);
    for (const cod of ['900002', '900004', '100001']) {
      const c = await amb.logado(cod);
      const r = await c.chamar(apiEquipe.listar);
      expect(r.status, cod).toBe(403);
      expect(r.corpo.codigoErro).toBe('AcessoNegado');
      const conceder = await c.chamar(apiEquipe.conceder, {
        params: { cod: cod },
        corpo: { papel: 'administrador' },
      });
      expect(conceder.status, cod).toBe(403);
    }
    expect(await papeisDe('100001')).toEqual([]);
    expect(await papeisDe('900002')).toEqual(['escalador']);
  });
});

describe('conceder e retirar papéis', () => {
  it('concede e retira com a auditoria: quem, quando, antes e depois; repetir não muda nada', async () => {
    const antes = await amb.db.selectFrom('historico_avulso').select('id').execute();
    const r = await admin.chamar(apiEquipe.conceder, {
      params: { cod: '900002' },
      corpo: { papel: 'cadastro' },
    });
    expect(r.status).toBe(200);
    expect(r.corpo.dados.papeis).toEqual(['cadastro', 'escalador']);
    expect(await papeisDe('900002')).toEqual(['cadastro', 'escalador']);
    const repetido = await admin.chamar(apiEquipe.conceder, {
      params: { cod: '900002' },
      corpo: { papel: 'cadastro' },
    });
    expect(repetido.corpo.dados.papeis).toEqual(['cadastro', 'escalador']);

    const retirado = await admin.chamar(apiEquipe.retirar, { params: { cod: '900002', papel: 'cadastro' } });
    expect(retirado.status).toBe(200);
    expect(retirado.corpo.dados.papeis).toEqual(['escalador']);
    expect(await papeisDe('900002')).toEqual(['escalador']);

    const linhas = await amb.db
      .selectFrom('historico_avulso')
      .selectAll()
      .where('id', 'not in', antes.length ? antes.map((l) => l.id) : [-1])
      .orderBy('id')
      .execute();
    expect(linhas.map((l) => [l.cod_avulso, l.por, l.acao])).toEqual([
      ['900002', '900003', 'papel.concedido'],
      ['900002', '900003', 'papel.retirado'],
    ]);
    expect(linhas[0]?.em).toBe(amb.relogio.now().toISOString());
    expect(JSON.parse(linhas[0]?.antes ?? 'null')).toEqual({ papel: null, papeis: 'Escalação' });
    expect(JSON.parse(linhas[0]?.depois ?? 'null')).toEqual({
      papel: 'Cadastro',
      papeis: 'Cadastro, Escalação',
    });
    expect(JSON.parse(linhas[1]?.depois ?? 'null')).toEqual({ papel: null, papeis: 'Escalação' });

    const lista = await admin.chamar(apiEquipe.listar);
    const [ultima] = lista.corpo.dados.historico;
    expect(ultima).toMatchObject({
      codAvulso: '900002',
      por: '900003',
      porNome: 'ROBERTO ALVES DE LIMA',
      acao: 'papel.retirado',
      descricao: 'Papel retirado',
    });
  });

  it('recusas: matrícula inexistente (404), trabalhador fora da equipe (409), papel inválido (400), o último administrador (409)', async () => {
    const inexistente = await admin.chamar(apiEquipe.conceder, {
      params: { cod: '123999' },
      corpo: { papel: 'cadastro' },
    });
    expect(inexistente.status).toBe(404);
    expect(inexistente.corpo.codigoErro).toBe('NaoEncontrado');

    const fora = await admin.chamar(apiEquipe.conceder, {
      params: { cod: '100001' },
      corpo: { papel: 'cadastro' },
    });
    expect(fora.status).toBe(409);
    expect(fora.corpo.codigoErro).toBe('ForaDaEquipe');
    expect(await papeisDe('100001')).toEqual([]);

    const invalido = await admin.chamarBruto(apiEquipe.conceder, {
      params: { cod: '900002' },
      corpo: { papel: 'rei' },
    });
    expect(invalido.status).toBe(400);
    expect(invalido.corpo.codigoErro).toBe('DadosInvalidos');
    const matricula = await admin.chamarBruto(apiEquipe.retirar, {
      params: { cod: '9x', papel: 'cadastro' },
    });
    expect(matricula.status).toBe(400);

    const ultimo = await admin.chamar(apiEquipe.retirar, {
      params: { cod: '900003', papel: 'administrador' },
    });
    expect(ultimo.status).toBe(409);
    expect(ultimo.corpo.codigoErro).toBe('UltimoAdministrador');
    expect(await papeisDe('900003')).toContain('administrador');
  });

  it('o histórico é só acréscimo: o banco recusa mudar ou apagar uma linha', async () => {
    await expect(amb.db.updateTable('historico_avulso').set({ por: '000000' }).execute()).rejects.toThrow();
    await expect(amb.db.deleteFrom('historico_avulso').execute()).rejects.toThrow();
  });
});

describe('a matriz papel × área', () => {
  it('cada papel entra só na sua área; os outros recebem 403 AcessoNegado', async () => {
    const membro = await amb.logado('900001');
    for (const papel of PAPEIS) {
      const concedido = await admin.chamar(apiEquipe.conceder, {
        params: { cod: '900001' },
        corpo: { papel },
      });
      expect(concedido.corpo.dados.papeis).toEqual([papel]);
      for (const area of AREAS) {
        const r = await membro.requisitar({ method: area.metodo, url: area.url });
        const esperado = area.papel === papel ? 200 : 403;
        expect(r.status, `${papel} em ${area.url}`).toBe(esperado);
        if (esperado === 403) expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'AcessoNegado' });
      }
      const retirado = await admin.chamar(apiEquipe.retirar, { params: { cod: '900001', papel } });
      expect(retirado.corpo.dados.papeis).toEqual([]);
    }
    // With no role at all, every area refuses.
    for (const area of AREAS) {
      expect((await membro.requisitar({ method: area.metodo, url: area.url })).status, area.url).toBe(403);
    }
  });
});
