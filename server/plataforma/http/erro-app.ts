import type { CodigoErroServidor } from '#common/erros.ts';
import { catalogoErros } from '#common/erros.ts';

/**
 * A refusal of the domain, thrown by services and routes alike: the envelope carries its code and message (the
 * catalogue's, unless a more precise one is given) and the HTTP status is always the catalogue's
 * (common/erros.ts), so no service chooses a status; tratar-erros.ts turns it into HTTP at the edge.
 */
export class ErroApp extends Error {
  readonly codigoErro: CodigoErroServidor;
  readonly status: number;
  readonly dados: unknown;

  constructor(codigoErro: CodigoErroServidor, mensagem?: string, opcoes?: { dados?: unknown }) {
    super(mensagem ?? catalogoErros[codigoErro].mensagem);
    this.codigoErro = codigoErro;
    this.status = catalogoErros[codigoErro].status;
    this.dados = opcoes?.dados;
  }
}
