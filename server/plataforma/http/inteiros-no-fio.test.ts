import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste, ClienteTeste, RespostaTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

/**
 * Issue 12, item 6: every integer on the wire has the bounds of its column (32-bit in both databases), so
 * 2^31 and beyond are input errors (400 DadosInvalidos), never a 500 from PostgreSQL.
 */
let amb: AmbienteTeste;
let avulso: ClienteTeste;
let equipe: ClienteTeste;

beforeAll(async () => {
  amb = await criarAmbiente();
  avulso = await amb.logado('100006');
  equipe = await amb.logado('900003');
});
afterAll(async () => {
  await amb.fechar();
});

const FORA = ['2147483648', '-2147483649', '99999999999999999999999', '1e400'];

function recusado(r: RespostaTeste, onde: string) {
  expect(r.status, onde).toBe(400);
  expect(r.corpo, onde).toMatchObject({ sucesso: false, codigoErro: 'DadosInvalidos' });
}

describe('inteiros fora de 32 bits', () => {
  it('POST /api/eleicoes/voto com idEleicao ≥ 2^31', async () => {
    for (const idEleicao of [2147483648, 2 ** 53, 1e300]) {
      recusado(await avulso.post('/api/eleicoes/voto', { idEleicao, voto: 1 }), `idEleicao ${idEleicao}`);
    }
  });

  it('POST /api/avulso/mensagens/:codigo/lida', async () => {
    for (const n of FORA) recusado(await avulso.post(`/api/avulso/mensagens/${n}/lida`), n);
  });

  it('rotas da equipe com :id fora do intervalo', async () => {
    for (const n of FORA) {
      recusado(await equipe.post(`/api/eleicoes/${n}/encerrar`), `encerrar ${n}`);
      for (const rota of ['resultado', 'resultado.pdf', 'zeresima', 'zeresima.pdf']) {
        recusado(await equipe.get(`/api/eleicoes/${n}/${rota}`), `${rota} ${n}`);
      }
    }
  });

  it('a escalação: consultas e corpo', async () => {
    for (const n of FORA) {
      recusado(await avulso.get('/api/vagas', { numEscalacao: n }), `vagas ${n}`);
      recusado(
        await avulso.get('/api/avulsosConfirmados', { numEscalacao: '4518', codCategoria: n }),
        `codCategoria ${n}`,
      );
      recusado(
        await avulso.get('/api/avulsosConfirmados', { numEscalacao: n, codCategoria: '1' }),
        `confirmados ${n}`,
      );
    }
    const escolha = {
      numRequisicao: 1,
      codOperador: 1,
      codNavio: 1,
      dataOperacao: '20261123',
      codPeriodo: 1,
      numPorao: '1',
      numPoraoFuncao: '1',
      codFuncao: 1,
      nomeFuncao: 'X',
      seqCategoria: 1,
      seqCategoTPA: 1,
      escolhida: true,
      preferencia: null,
    };
    for (const campo of Object.keys(escolha).filter((k) => typeof Reflect.get(escolha, k) === 'number')) {
      recusado(
        await avulso.post('/api/vagas', {
          numEscalacao: 4518,
          categoria: 1,
          escolhas: [{ ...escolha, [campo]: 2147483648 }],
        }),
        `escolha.${campo}`,
      );
    }
    recusado(
      await avulso.post('/api/vagas', { numEscalacao: 2147483648, categoria: 1, escolhas: [escolha] }),
      'numEscalacao',
    );
    recusado(
      await avulso.post('/api/vagas', { numEscalacao: 4518, categoria: 2147483648, escolhas: [escolha] }),
      'categoria',
    );
  });

  it('o maior inteiro de 32 bits ainda é aceito como entrada (só não existe)', async () => {
    const r = await avulso.post('/api/avulso/mensagens/2147483647/lida');
    expect(r.status).not.toBe(400);
    expect(r.status).toBeLessThan(500);
  });
});
