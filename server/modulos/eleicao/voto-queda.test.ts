import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { abrirBanco } from '../../plataforma/banco/connection.ts';
import { dialetoTeste } from '../../test/ambiente.ts';
import { copiarModelo } from '../../test/bancos.ts';
import { esperarServidor, iniciarServidor, Navegador, type ServidorReal } from '../../test/servidor-real.ts';
import { CHAVE_APURACAO_TESTE, contar, criarEleicaoTeste } from './apoio-teste.ts';
import { apurarEleicao, encerrarEleicao } from './servico.ts';

/**
 * The real server in a process of its own, killed with SIGKILL the moment it answers a vote: the voter's
 * mark and the sealed ballot are both on disk (one transaction), and the tally after the crash counts the
 * vote exactly once (docs/decisions/0063-cedula-selada.md).
 */

let filho: ServidorReal | undefined;
const limpezas: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  filho?.processo.kill('SIGKILL');
  for (const f of limpezas.splice(0)) await f();
});

describe('POST /api/eleicoes/voto: processo morto logo depois da resposta', () => {
  it('o voto respondido está no banco, selado, e a apuração o conta uma vez', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    let abrir: () => ReturnType<typeof abrirBanco>;
    if (dialetoTeste() === 'sqlite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-voto-queda-'));
      limpezas.push(() => rmSync(dir, { recursive: true, force: true }));
      const arquivo = path.join(dir, 'portal-tpa.sqlite');
      copyFileSync(inject('modeloBanco'), arquivo);
      env.DATA_DIR = dir;
      env.DATABASE_URL = '';
      abrir = () => abrirBanco({ url: undefined, arquivoSqlite: arquivo });
    } else {
      const copia = await copiarModelo(inject('modeloBanco'));
      limpezas.push(copia.apagar);
      env.DATABASE_URL = copia.url;
      abrir = () => abrirBanco({ url: copia.url, arquivoSqlite: '' });
    }
    const antes = abrir();
    const id = await criarEleicaoTeste(antes.db, new Date(), [
      { matricula: 100801, nome: 'Clara Nunes', sexo: 'F' },
      { matricula: 100802, nome: 'Davi Souza' },
    ]);
    await antes.fechar();

    const servidor = await iniciarServidor(env);
    filho = servidor;
    await esperarServidor(servidor);
    const nav = new Navegador(servidor.base);
    await nav.entrar('100161');

    const r = await nav.pedir('POST', '/api/eleicoes/voto', { idEleicao: id, voto: 100802 });
    servidor.processo.kill('SIGKILL');
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({ sucesso: true, dados: null });
    expect((await servidor.terminou).sinal).toBe('SIGKILL');
    filho = undefined;

    const depois = abrir();
    try {
      expect(
        await depois.db.selectFrom('votante').select('cod_avulso').where('eleicao_id', '=', id).execute(),
      ).toEqual([{ cod_avulso: '100161' }]);
      expect(await contar(depois.db, 'cedula', id)).toBe(1);
      await encerrarEleicao(depois.db, id, new Date(), CHAVE_APURACAO_TESTE);
      const resultado = await apurarEleicao(depois.db, id, new Date());
      expect(resultado).toMatchObject({ cedulas: 1, votantes: 1, validos: 1, brancos: 0, nulos: 0 });
      expect(resultado.candidatos.map((c) => [c.matricula, c.votos])).toEqual([
        [100802, 1],
        [100801, 0],
      ]);
    } finally {
      await depois.fechar();
    }
  }, 60_000);
});
