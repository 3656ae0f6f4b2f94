import { ErroApi } from '../../lib/api-client.ts';

/** The server's message, or the flow's default when the server gave none (docs/produto/minha-conta.md §8). */
export function mensagemDoErro(erro: unknown, padrao: string): string {
  if (erro instanceof ErroApi && erro.codigoErro !== 'SemComunicacao' && erro.message) return erro.message;
  return padrao;
}

/** A second attempt is refused with the link of the declaration already issued. */
export function urlDaDeclaracaoExistente(erro: unknown): string | null {
  if (!(erro instanceof ErroApi) || erro.codigoErro !== 'DeclaracaoJaEmitida') return null;
  const dados = erro.dados as { url?: unknown } | undefined;
  return typeof dados?.url === 'string' ? dados.url : null;
}
