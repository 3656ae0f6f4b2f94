import type { CodigoErroServidor } from '#common/erros.ts';
import { catalogoErros } from '#common/erros.ts';

/**
 * A refusal the worker should read: the envelope carries its code and message,
 * the HTTP status comes from the catalogue unless given.
 */
export class ErroApp extends Error {
  readonly codigoErro: CodigoErroServidor;
  readonly status: number;
  readonly dados: unknown;

  constructor(
    codigoErro: CodigoErroServidor,
    mensagem?: string,
    opcoes?: { dados?: unknown; status?: number },
  ) {
    super(mensagem ?? catalogoErros[codigoErro].mensagem);
    this.codigoErro = codigoErro;
    this.status = opcoes?.status ?? catalogoErros[codigoErro].status;
    this.dados = opcoes?.dados;
  }
}
