import fp from 'fastify-plugin';
import { rotasCadastro } from './rotas.ts';
import { rotasContas } from './rotas-contas.ts';
import { rotasEquipe } from './rotas-equipe.ts';
import { rotasPasskeysDaEquipe } from './rotas-passkeys.ts';

/**
 * The workers' record kept by the staff, the staff's roles, first access and the worker's own account (issue 30),
 * and the worker's passkeys as staff see and revoke them (issue 28, 0295): its routes, each file in its own context (the role checks and the CSV and photo parsers stay where they are).
 */
export const moduloCadastro = fp(
  async (app) => {
    await app.register(rotasEquipe);
    await app.register(rotasCadastro);
    await app.register(rotasContas);
    await app.register(rotasPasskeysDaEquipe);
  },
  {
    name: 'cadastro',
    fastify: '5.x',
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);
