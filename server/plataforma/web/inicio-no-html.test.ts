import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAvulso } from '#common/api/avulso.ts';
import { apiEscalaAberta } from '#common/api/escala-aberta.ts';
import { apiResultadoEscala } from '#common/api/gestao.ts';
import { apiSessao } from '#common/api/sessao.ts';
import { COOKIE_INICIO, type DadosInicioNoHtml, ID_DADOS_INICIO } from '#common/inicio-no-html.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { hashToken } from '../autenticacao/sessoes.ts';
import type { RenderizarInicio } from './inicio-no-html.ts';

/**
 * /inicio answered with the worker's home in the HTML (docs/decisions/0192-inicio-no-html.md), rendered by
 * web/inicio-servidor.tsx from the source, on both databases: only for the phone's own session cookie, only
 * when the client would land on that home, and the same answers the API gives that worker.
 */
const INDICE =
  '<!doctype html><html><head><title>Portal do TPA</title></head><body><div id="raiz"></div>' +
  '<script type="module" src="/assets/index-abc.js"></script></body></html>';
// A name an attacker would pick: it closes the script, opens a tag, and carries replace()'s patterns.
const NOME_HOSTIL = "JOAO </script><script>alert(1)</script> $' $& <!-- DA SILVA";

let amb: AmbienteTeste;
let web: string;

/**
 * The web app's module, run by Vitest (which compiles its TSX); named by a variable because the server's
 * type check has no JSX (web/tsconfig.json checks it).
 */
const RENDER_DO_INICIO = '#web/inicio-servidor.tsx';

beforeAll(async () => {
  const { htmlDoInicio } = (await import(/* @vite-ignore */ RENDER_DO_INICIO)) as {
    htmlDoInicio: RenderizarInicio;
  };
  web = mkdtempSync(path.join(tmpdir(), 'portal-inicio-'));
  writeFileSync(path.join(web, 'index.html'), INDICE);
  amb = await criarAmbiente({ webDir: web }, { renderizarInicio: htmlDoInicio });
  await amb.db.updateTable('avulso').set({ nome: NOME_HOSTIL }).where('cod_avulso', '=', '100002').execute();
});
afterAll(async () => {
  await amb.fechar();
  rmSync(web, { recursive: true, force: true });
});

function inicio(cookie: string | undefined, url = '/inicio', method: 'GET' | 'HEAD' = 'GET') {
  return amb.app.inject({
    method,
    url,
    ...(cookie === undefined ? {} : { cookies: { [COOKIE_INICIO]: cookie } }),
  });
}

function dadosDaPagina(html: string): DadosInicioNoHtml | null {
  const m = new RegExp(`<script type="application/json" id="${ID_DADOS_INICIO}">(.*?)</script>`).exec(html);
  return m?.[1] ? (JSON.parse(m[1]) as DadosInicioNoHtml) : null;
}

async function respostas(c: ClienteTeste) {
  return {
    sessao: (await c.chamar(apiSessao.sessao)).corpo.dados,
    escalaAberta: (await c.chamar(apiEscalaAberta.escalaAberta)).corpo.dados,
    config: (await c.chamar(apiSessao.config)).corpo.dados,
    ultimosTrabalhos: (await c.chamar(apiAvulso.ultimosTrabalhos)).corpo.dados,
    resultado: (await c.chamar(apiResultadoEscala.resultado, { query: {} })).corpo.dados,
  };
}

describe('/inicio com a página do trabalhador no HTML', () => {
  it('com o cookie do celular: a home de 100001 pintada, e as respostas que a API daria a ele', async () => {
    const c = await amb.logado('100001');
    const r = await inicio(c.token);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers.vary).toBe('Cookie, Accept-Encoding');
    const html = r.body;
    expect(html).toContain('<body id="inicio">');
    // The frame and the home, as the client's first render paints them.
    expect(html).toContain('<h1 class="inicio-saudacao">Olá, <strong>');
    expect(html).toContain('Escalado para a operação');
    expect(html).toContain('aria-label="Informações sobre a escala"');
    expect(html).toContain('Mat. <!-- -->100001');
    // The scripts of index.html are still there, after the home.
    expect(html.indexOf('/assets/index-abc.js')).toBeGreaterThan(html.indexOf('Escalado para a operação'));
    const dados = dadosDaPagina(html);
    expect(dados).not.toBeNull();
    const { token: _token, ...semToken } = dados as DadosInicioNoHtml;
    expect(semToken).toEqual(await respostas(c));

    // Compressed for a browser that accepts it: the same page, in under a quarter of the bytes.
    const br = await amb.app.inject({
      method: 'GET',
      url: '/inicio',
      headers: { 'accept-encoding': 'gzip, br' },
      cookies: { [COOKIE_INICIO]: c.token as string },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 4);
    const descomprimido = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(descomprimido).toContain('Escalado para a operação');
    expect(dadosDaPagina(descomprimido)?.sessao).toEqual(dados?.sessao);
  });

  it('sem cookie, com um cookie que não é sessão, longo demais, ou depois do logout: o index.html', async () => {
    const c = await amb.logado('100001');
    const token = c.token as string;
    for (const cookie of [undefined, '', 'abc', 'x'.repeat(40), `${token}x`, 'a'.repeat(5000)]) {
      const r = await inicio(cookie);
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(INDICE);
      expect(r.headers['cache-control']).toBe('no-cache');
    }
    expect(dadosDaPagina((await inicio(token)).body)).not.toBeNull();
    expect((await c.post(apiSessao.logout.caminho)).status).toBe(200);
    expect((await inicio(token)).body).toBe(INDICE);
  });

  it('uma sessão na metade da vida não é renovada pela página: o próprio cliente renova, como sempre', async () => {
    const c = await amb.logado('100003');
    const token = c.token as string;
    const hash = hashToken(token);
    const criada = new Date(
      amb.relogio.now().getTime() - (amb.config.sessao.maximaHoras / 2) * 3_600_000 - 60_000,
    );
    await amb.db
      .updateTable('sessao')
      .set({ criada_em: criada.toISOString() })
      .where('token_hash', '=', hash)
      .execute();
    amb.app.ctx.sessoes.esquecer(hash);
    expect((await inicio(token)).body).toBe(INDICE);
    // The page renewed nothing: the worker's next request is the one that gets the new token.
    const r = await c.requisitar({
      method: 'GET',
      url: apiSessao.sessao.caminho,
      headers: { 'x-access-token': token },
    });
    expect(r.status).toBe(200);
    expect(typeof (r.corpo as { token?: unknown }).token).toBe('string');
  });

  it('a sessão do totem nunca: o que é do quiosque não fica em página nenhuma', async () => {
    const c = await amb.logado('100001', { quiosque: true });
    expect((await c.get(apiSessao.sessao.caminho)).status).toBe(200);
    const r = await inicio(c.token);
    expect(r.body).toBe(INDICE);
    expect(r.body).not.toContain(ID_DADOS_INICIO);
  });

  it('com eleição pendente (100006) o cliente vai votar: nada da home no HTML', async () => {
    const c = await amb.logado('100006');
    expect((await c.get('/api/eleicoes/pendente')).corpo.dados).not.toBeNull();
    expect((await inicio(c.token)).body).toBe(INDICE);
  });

  it('só GET de /inicio: HEAD, outros caminhos e a API seguem como antes', async () => {
    const c = await amb.logado('100001');
    const token = c.token as string;
    const head = await inicio(token, '/inicio', 'HEAD');
    expect(head.body).toBe('');
    expect(head.headers['cache-control']).toBe('no-cache');
    // A prefetch or prerender asks nothing: the page may never be shown.
    for (const cabecalho of [{ 'sec-purpose': 'prefetch;prerender' }, { purpose: 'prefetch' }]) {
      const r = await amb.app.inject({
        method: 'GET',
        url: '/inicio',
        headers: cabecalho,
        cookies: { [COOKIE_INICIO]: token },
      });
      expect(r.body).toBe(INDICE);
    }
    expect((await inicio(token, '/minha-conta')).body).toBe(INDICE);
    expect((await inicio(token, '/inicio/')).body).toContain(ID_DADOS_INICIO);
    expect((await inicio(token, '/%69nicio')).body).toContain(ID_DADOS_INICIO);
    // The cookie is never a session for the API: only X-Access-Token is.
    const api = await amb.app.inject({
      method: 'GET',
      url: '/api/sessao',
      cookies: { [COOKIE_INICIO]: token },
    });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toMatchObject({ sucesso: false, codigoErro: 'NaoAutenticado' });
  });

  it('um nome hostil não fecha o script nem abre tag: o JSON lê de volta o nome como está', async () => {
    const c = await amb.logado('100002');
    const html = (await inicio(c.token)).body;
    const dados = dadosDaPagina(html);
    expect(dados?.sessao.nome).toBe(NOME_HOSTIL);
    // index.html's one script, plus the answers': no other script, no comment opened by the data.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- DA SILVA');
  });
});

describe('/inicio quando o servidor não consegue montar a página', () => {
  it('uma falha ao desenhar a home serve o index.html, nunca um 500', async () => {
    const outro = await criarAmbiente(
      { webDir: web },
      {
        renderizarInicio: () => {
          throw new Error('falha de teste');
        },
      },
    );
    try {
      const c = await outro.logado('100001');
      const r = await outro.app.inject({
        method: 'GET',
        url: '/inicio',
        cookies: { [COOKIE_INICIO]: c.token as string },
      });
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(INDICE);
    } finally {
      await outro.fechar();
    }
  });
});
