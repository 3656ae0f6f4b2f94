import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/**
 * The health checks a load balancer or an orchestrator asks (issue 26, docs/operacao.md): liveness (the process
 * answers) and readiness (it can serve: the database answers, its migrations are the ones this release knows,
 * the push thread and, on PostgreSQL, the LISTEN connection are up). Public, cheap, never throttled, and they
 * tell nothing secret: no version, no address, no error text, only the state of each part.
 */

/** Each part's state: `ok`; `nao-se-aplica` (the LISTEN connection on SQLite); anything else is a failure. */
export const estadoVerificacao = z.enum([
  'ok',
  'nao-se-aplica',
  'falhou',
  'pendentes',
  'desconhecidas',
  'iniciando',
  'encerrando',
]);
export type EstadoVerificacao = z.infer<typeof estadoVerificacao>;

export const verificacoesSchema = z.object({
  /** The database answered a query within its time. */
  banco: estadoVerificacao,
  /** `pendentes`: migrations of this release not run; `desconhecidas`: the database has newer ones. */
  migracoes: estadoVerificacao,
  /** The thread that sends the notices to phones (docs/decisions/0162). */
  push: estadoVerificacao,
  /** PostgreSQL's LISTEN connection between the servers (docs/decisions/0160); SQLite: `nao-se-aplica`. */
  escuta: estadoVerificacao,
  /** `encerrando` once SIGTERM arrived: the balancer stops sending new clients here. */
  processo: estadoVerificacao,
});
export type Verificacoes = z.infer<typeof verificacoesSchema>;

export const apiSaude = {
  vivo: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/saude',
    resposta: z.object({ vivo: z.literal(true) }),
    erros: [],
    acesso: 'publico',
    grupo: 'Operação',
    resumo: 'O processo responde (liveness)',
    descricao: 'Não consulta o banco: responde enquanto o processo atende pedidos.',
  }),
  pronto: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/saude/pronto',
    resposta: z.object({ pronto: z.literal(true), verificacoes: verificacoesSchema }),
    erros: ['ServicoIndisponivel'],
    acesso: 'publico',
    grupo: 'Operação',
    resumo: 'O servidor pode atender (readiness)',
    descricao:
      'O banco responde, as migrações são as desta versão, a thread dos avisos no celular e, no PostgreSQL, a conexão LISTEN estão de pé. Se não, 503 ServicoIndisponivel com o estado de cada parte em `dados`.',
  }),
} as const;
