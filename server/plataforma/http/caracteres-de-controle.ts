import type { FastifyRequest } from 'fastify';
import { caractereProibido } from '#common/caracteres-de-controle.ts';
import { catalogoErros } from '#common/erros.ts';
import { ErroApp } from './erro-app.ts';

/**
 * The one check of every text the API accepts (issue 28 item 6, docs/decisions/0221): before any schema,
 * every string and every key of the parsed JSON body, of the query and of the path parameters. A control
 * character or a lone surrogate is 400 DadosInvalidos naming the field, whatever the route. A body the route
 * reads as a file (`tipoCorpo`: the operators' CSVs, the payroll) is checked by its own reader, line by line and
 * column by column (0215, 0241).
 */

const PROFUNDIDADE_MAXIMA = 64;

function procurar(
  valor: unknown,
  caminho: string,
  profundidade: number,
): { campo: string; c: string } | undefined {
  if (typeof valor === 'string') {
    const c = caractereProibido(valor);
    return c ? { campo: caminho, c } : undefined;
  }
  if (valor === null || typeof valor !== 'object' || profundidade > PROFUNDIDADE_MAXIMA) return undefined;
  if (Buffer.isBuffer(valor)) return undefined;
  for (const [chave, v] of Object.entries(valor)) {
    const aqui = caminho ? `${caminho}.${chave}` : chave;
    const c = caractereProibido(chave);
    if (c) return { campo: aqui, c };
    const achado = procurar(v, aqui, profundidade + 1);
    if (achado) return achado;
  }
  return undefined;
}

export async function recusarCaracteresDeControle(request: FastifyRequest): Promise<void> {
  // A route that reads a file (`tipoCorpo`: the CSVs, and their JSON twin) names the line and the column itself.
  const leArquivo = request.routeOptions.config.endpoint?.tipoCorpo !== undefined;
  const achado =
    procurar(request.params, '', 0) ??
    procurar(request.query, '', 0) ??
    (leArquivo ? undefined : procurar(request.body, '', 0));
  if (!achado) return;
  const campo = achado.campo || 'corpo';
  const mensagem =
    achado.c === 'surrogate isolado'
      ? `O campo ${campo} tem um caractere inválido (surrogate isolado).`
      : `O campo ${campo} tem um caractere de controle (${achado.c}) não permitido.`;
  throw new ErroApp('DadosInvalidos', `${catalogoErros.DadosInvalidos.mensagem} ${mensagem}`, {
    dados: [{ campo, mensagem }],
  });
}
