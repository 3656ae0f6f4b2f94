import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogoErros, isCodigoErroServidor } from '#common/erros.ts';
import { carregarConfig } from '../../config.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { conversar, enviarBruto, escutar, type RespostaBruta } from '../../test/socket-bruto.ts';

/**
 * Issue 12, item 7: the answers written below the routes (router, node's HTTP parser, the request time limit)
 * are the envelope with a catalogue code, the security headers and `no-store`, and never echo the URL.
 */
let amb: AmbienteTeste;
let porta: number;

beforeAll(async () => {
  // A short request time limit, so the slow requests below are cut in a fraction of a second.
  amb = await criarAmbiente({
    limites: { ...carregarConfig({}).limites, tempoRequisicaoSegundos: 0.4, conexoesPorEndereco: 0 },
  });
  porta = await escutar(amb.app);
});
afterAll(async () => {
  await amb.fechar();
});

const MARCA = 'MARCA-ECOADA';
const XSRF = 'xsrf-de-teste';

/** The refusal is the envelope the catalogue describes, with the headers every /api answer has. */
function conferirRecusa(r: RespostaBruta, codigo: keyof typeof catalogoErros, rotulo: string) {
  expect(r.status, rotulo).toBe(catalogoErros[codigo].status);
  const corpo = JSON.parse(r.corpo) as Record<string, unknown>;
  expect(corpo, rotulo).toMatchObject({ sucesso: false, codigoErro: codigo });
  expect(isCodigoErroServidor(corpo.codigoErro), rotulo).toBe(true);
  expect(typeof corpo.mensagem, rotulo).toBe('string');
  expect(r.cabecalhos['content-type'], rotulo).toBe('application/json; charset=utf-8');
  expect(r.cabecalhos['cache-control'], rotulo).toBe('no-store');
  expect(r.cabecalhos['x-content-type-options'], rotulo).toBe('nosniff');
  expect(r.cabecalhos['x-frame-options'], rotulo).toBe('DENY');
  expect(r.cabecalhos['content-security-policy'], rotulo).toContain("default-src 'self'");
  expect(r.texto, rotulo).not.toContain(MARCA);
  expect(r.texto, rotulo).not.toContain('FST_ERR');
}

function get(caminho: string, extra = ''): string {
  return `GET ${caminho} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;
}

describe('respostas abaixo das rotas, no envelope', () => {
  it('endereço acima de 16 KB: 431 CabecalhosMuitoGrandes', async () => {
    const r = await enviarBruto(porta, get(`/api/config?${MARCA}=${'a'.repeat(17 * 1024)}`));
    conferirRecusa(r, 'CabecalhosMuitoGrandes', 'url longa');
  });

  it('cabeçalho acima de 16 KB: 431 CabecalhosMuitoGrandes', async () => {
    const r = await enviarBruto(porta, get('/api/config', `X-${MARCA}: ${'b'.repeat(17 * 1024)}\r\n`));
    conferirRecusa(r, 'CabecalhosMuitoGrandes', 'cabeçalho longo');
  });

  it('parâmetro de caminho acima de 100 caracteres: 414 EnderecoMuitoLongo', async () => {
    const parametro = `${MARCA}${'9'.repeat(120)}`;
    const r = await enviarBruto(
      porta,
      `POST /api/avulso/mensagens/${parametro}/lida HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    conferirRecusa(r, 'EnderecoMuitoLongo', 'POST');
    conferirRecusa(
      await enviarBruto(porta, get(`/api/verificacao/${parametro}`)),
      'EnderecoMuitoLongo',
      'GET',
    );
  });

  it('codificação percentual inválida: 400 DadosInvalidos', async () => {
    const r = await enviarBruto(
      porta,
      'POST /api/avulso/mensagens/%ff/lida HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    conferirRecusa(r, 'DadosInvalidos', '%ff');
    expect(r.texto).not.toContain('%ff');
    conferirRecusa(
      await enviarBruto(porta, get(`/api/verificacao/%E0%A4%A${MARCA}`)),
      'DadosInvalidos',
      'GET',
    );
  });

  it('requisição malformada (linha, cabeçalho): 400 DadosInvalidos', async () => {
    const casos = [
      `${MARCA} \x01 lixo\r\n\r\n`,
      `GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-${MARCA} sem dois pontos\r\n\r\n`,
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n${MARCA}\r\n`,
    ];
    for (const caso of casos)
      conferirRecusa(await enviarBruto(porta, caso), 'DadosInvalidos', caso.slice(0, 30));
  });

  it('cabeçalhos que não terminam de chegar: 408 TempoEsgotado e a conexão fechada', async () => {
    const r = await conversar(porta, (s) => {
      s.write(`GET /api/config?${MARCA} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    });
    conferirRecusa(r, 'TempoEsgotado', 'cabeçalhos lentos');
  });

  it('conexão aberta que nunca manda nada: 408 TempoEsgotado e fechada', async () => {
    conferirRecusa(await conversar(porta, () => {}), 'TempoEsgotado', 'conexão muda');
  });

  it('corpo gotejado além do tempo: 408 TempoEsgotado e a conexão fechada', async () => {
    const r = await conversar(porta, (s) => {
      s.write(
        'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Cookie: XSRF-TOKEN=${XSRF}\r\nX-XSRF-TOKEN: ${XSRF}\r\nContent-Length: 100\r\n\r\n{"login":`,
      );
      // One byte whenever the server is still listening: the body never completes.
      const gota = setInterval(() => {
        if (s.writable) s.write(' ');
      }, 50);
      s.once('close', () => clearInterval(gota));
    });
    conferirRecusa(r, 'TempoEsgotado', 'corpo lento');
  });

  it('uma requisição normal continua com seus cabeçalhos de sempre', async () => {
    const r = await enviarBruto(porta, get('/api/config'));
    expect(r.status).toBe(200);
    expect(JSON.parse(r.corpo)).toMatchObject({ sucesso: true });
    expect(r.cabecalhos['cache-control']).toBe('no-store');
  });
});
