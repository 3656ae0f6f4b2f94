import { expect } from 'vitest';
import { apiCadastro, type NovoTrabalhador, type Trabalhador } from '#common/api/cadastro.ts';
import type { ClienteTeste } from '../../test/ambiente.ts';

/** Helpers of the cadastro tests. */

/**
 * A worker registered through the API by the registry staff (`cadastro`, 900003): CPF 935.411.347-80,
 * male, union 1, with the name, birth date and article given. Answers the worker as the API answered.
 */
export async function cadastrarTrabalhador(
  cadastro: ClienteTeste,
  dados: Pick<NovoTrabalhador, 'nome' | 'dataNascimento' | 'artigo'>,
): Promise<Trabalhador> {
  const r = await cadastro.chamar(apiCadastro.cadastrar, {
    corpo: { cpf: '935.411.347-80', sexo: 'M', codSindicato: 1, ...dados },
  });
  expect(r.status, JSON.stringify(r.corpo)).toBe(200);
  return r.corpo.dados;
}
