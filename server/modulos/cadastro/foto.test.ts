import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCadastro, type Trabalhador } from '#common/api/cadastro.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';
import { cadastrarTrabalhador } from './apoio-teste.ts';

let amb: AmbienteTeste;
let cadastro: ClienteTeste;
let novo: Trabalhador;

beforeAll(async () => {
  amb = await criarAmbiente();
  cadastro = await amb.logado('900003');
  novo = await cadastrarTrabalhador(cadastro, {
    nome: 'Fotógrafo de Teste',
    dataNascimento: '1985-03-10',
    artigo: 54,
  });
});
afterAll(async () => {
  await amb.fechar();
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A phone's photo: large, lying on its side (EXIF orientation 6), with the camera's and the author's EXIF. */
async function jpegDeCelular(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Fulano de Tal', Copyright: 'Segredo', Make: 'Celular' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function enviarFoto(c: ClienteTeste, cod: string, corpo: Buffer, tipo = 'image/jpeg') {
  return c.chamarBruto(apiCadastro.foto, { params: { cod }, corpo }, { headers: { 'content-type': tipo } });
}

async function fotoNoBanco(cod: string) {
  return amb.db
    .selectFrom('foto')
    .select(['tipo', 'conteudo'])
    .where('cod_avulso', '=', cod)
    .executeTakeFirst();
}

async function historicoDeFoto(cod: string) {
  const r = await cadastro.chamar(apiCadastro.historico, { params: { cod } });
  return r.corpo.dados.filter((l) => l.acao === 'foto.alterada');
}

describe('foto do crachá', () => {
  it('uma JPEG com EXIF sai recodificada, de pé, no máximo 600 × 800, sem EXIF; a ficha e o link mostram a nova', async () => {
    const original = await jpegDeCelular();
    const lida = await sharp(original).metadata();
    expect(lida.exif).toBeDefined();
    expect(lida.orientation).toBe(6);
    expect(await fotoNoBanco(novo.codAvulso)).toBeUndefined();
    expect(novo.fotoUrl).toBe('');

    const r = await enviarFoto(cadastro, novo.codAvulso, original);
    expect(r.status).toBe(200);
    const ficha = (r.corpo as { dados: Trabalhador }).dados;
    expect(ficha.fotoUrl).toMatch(new RegExp(`^/api/fotos/${novo.codAvulso}\\?exp=\\d+&sig=`));

    const guardada = await fotoNoBanco(novo.codAvulso);
    expect(guardada?.tipo).toBe('image/jpeg');
    const conteudo = Buffer.from(guardada?.conteudo ?? []);
    const meta = await sharp(conteudo).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    // 2000 × 1500 turned upright is 1500 × 2000, then fitted into 600 × 800.
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(conteudo.includes(Buffer.from('Segredo'))).toBe(false);

    // The link the file gives serves exactly the new bytes; the worker's own GET /api/trabalhadores/:cod too.
    const servida = await cadastro.requisitar({ method: 'GET', url: ficha.fotoUrl });
    expect(servida.status).toBe(200);
    expect(servida.headers['content-type']).toBe('image/jpeg');
    expect(sha256(servida.bruto)).toBe(sha256(conteudo));
    const vista = await cadastro.chamar(apiCadastro.ver, { params: { cod: novo.codAvulso } });
    expect(vista.corpo.dados.fotoUrl).toBe(ficha.fotoUrl);

    const [linha, ...outras] = await historicoDeFoto(novo.codAvulso);
    expect(outras).toEqual([]);
    expect(linha).toMatchObject({
      por: '900003',
      descricao: 'Foto do crachá trocada',
      antes: null,
      depois: {
        foto: `sha256:${sha256(conteudo)} (${Math.round(conteudo.byteLength / 1024)} KB)`,
        dimensoes: '600 × 800',
      },
    });
  });

  it('PNG com transparência e WebP também; o histórico liga a foto de antes à de depois pelo digesto', async () => {
    const antes = Buffer.from((await fotoNoBanco(novo.codAvulso))?.conteudo ?? []);
    const png = await sharp({
      create: { width: 300, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect((await enviarFoto(cadastro, novo.codAvulso, png, 'image/png')).status).toBe(200);
    const dePng = Buffer.from((await fotoNoBanco(novo.codAvulso))?.conteudo ?? []);
    const meta = await sharp(dePng).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 400, hasAlpha: false });

    const webp = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#aa0000' } })
      .webp()
      .toBuffer();
    // The declared type does not matter: what decodes is what counts.
    expect((await enviarFoto(cadastro, novo.codAvulso, webp, 'application/octet-stream')).status).toBe(200);
    const deWebp = Buffer.from((await fotoNoBanco(novo.codAvulso))?.conteudo ?? []);
    expect((await sharp(deWebp).metadata()).format).toBe('jpeg');

    const linhas = await historicoDeFoto(novo.codAvulso);
    expect(linhas).toHaveLength(3);
    expect(linhas[1]?.antes?.foto).toContain(sha256(antes));
    expect(linhas[1]?.depois?.foto).toContain(sha256(dePng));
    expect(linhas[2]?.antes?.foto).toContain(sha256(dePng));
    expect(linhas[2]?.depois?.foto).toContain(sha256(deWebp));
  });

  it('o que não é imagem de verdade é recusado com 400 em português, e nada muda', async () => {
    const antes = sha256(Buffer.from((await fotoNoBanco(novo.codAvulso))?.conteudo ?? []));
    const linhasAntes = (await historicoDeFoto(novo.codAvulso)).length;
    const jpeg = await jpegDeCelular();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const falsos: [string, Buffer, string][] = [
      ['texto com nome de JPEG', Buffer.from('isto não é uma imagem'), 'image/jpeg'],
      ['JPEG cortada ao meio', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'],
      [
        'só o cabeçalho de uma PNG',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        'image/png',
      ],
      ['SVG com script', svg, 'image/jpeg'],
      ['GIF', gif, 'application/octet-stream'],
      ['vazio', Buffer.alloc(0), 'image/jpeg'],
    ];
    for (const [nome, corpo, tipo] of falsos) {
      const r = await enviarFoto(cadastro, novo.codAvulso, corpo, tipo);
      expect(r.status, nome).toBe(400);
      expect(r.corpo, nome).toMatchObject({ sucesso: false, codigoErro: 'DadosInvalidos' });
      expect(dadosDaRecusa<{ campo: string; mensagem: string }[]>(r)?.[0]?.mensagem, nome).toMatch(
        /JPEG, PNG ou WebP|corrompido/,
      );
    }
    // A JSON body is not a photo either.
    const json = await cadastro.chamarBruto(
      apiCadastro.foto,
      { params: { cod: novo.codAvulso }, corpo: { foto: 'x' } },
      { headers: { 'content-type': 'application/json' } },
    );
    expect(json.status).toBe(400);
    expect(sha256(Buffer.from((await fotoNoBanco(novo.codAvulso))?.conteudo ?? []))).toBe(antes);
    expect(await historicoDeFoto(novo.codAvulso)).toHaveLength(linhasAntes);
  });

  it('acima de 5 MB: 413 ConteudoMuitoGrande; matrícula inexistente: 404; e nada muda', async () => {
    const antes = sha256(Buffer.from((await fotoNoBanco(novo.codAvulso))?.conteudo ?? []));
    const grande = Buffer.concat([await jpegDeCelular(), Buffer.alloc(5 * 1024 * 1024)]);
    const r = await enviarFoto(cadastro, novo.codAvulso, grande);
    expect(r.status).toBe(413);
    expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'ConteudoMuitoGrande' });
    const inexistente = await enviarFoto(cadastro, '099999', await jpegDeCelular());
    expect(inexistente.status).toBe(404);
    expect(await fotoNoBanco('099999')).toBeUndefined();
    expect(sha256(Buffer.from((await fotoNoBanco(novo.codAvulso))?.conteudo ?? []))).toBe(antes);
  });

  it('só o papel cadastro: o escalador 900002 e o próprio trabalhador recebem 403, e nada muda', async () => {
    const antes = await fotoNoBanco('100001');
    for (const cod of ['900002', '100001']) {
      const c = await amb.logado(cod);
      const r = await enviarFoto(c, '100001', await jpegDeCelular());
      expect(r.status).toBe(403);
      expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'AcessoNegado' });
    }
    const depois = await fotoNoBanco('100001');
    expect(depois?.tipo).toBe(antes?.tipo);
    expect(sha256(Buffer.from(depois?.conteudo ?? []))).toBe(sha256(Buffer.from(antes?.conteudo ?? [])));
  });

  it('a foto nova é a do crachá do trabalhador: o link do seu login serve os bytes novos', async () => {
    const foto = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#00aa44' } })
      .jpeg()
      .toBuffer();
    expect((await enviarFoto(cadastro, '100001', foto)).status).toBe(200);
    const guardada = Buffer.from((await fotoNoBanco('100001'))?.conteudo ?? []);
    const trabalhador = await amb.cliente();
    const login = await trabalhador.entrar('100001');
    expect(login.status).toBe(200);
    const { fotoUrl } = login.corpo.dados;
    expect(fotoUrl).not.toBe('');
    const servida = await trabalhador.requisitar({ method: 'GET', url: fotoUrl });
    expect(servida.status).toBe(200);
    expect(sha256(servida.bruto)).toBe(sha256(guardada));
  });
});
