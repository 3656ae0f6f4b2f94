import { inteiro32DaUrl } from '../inteiros.ts';
import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/** GET /api/avulso/habilitacoes: one item per qualification. */
export const habilitacaoSchema = z.object({
  codCategoria: z.number(),
  codFuncao: z.number(),
  descricao: z.string(),
});
export type Habilitacao = z.infer<typeof habilitacaoSchema>;

/** A job (docs/produto/minha-conta.md §3) and the current job (docs/produto/escalacao.md §3). */
export const trabalhoSchema = z.object({
  /** yyyymmdd */
  dataOperacao: z.string(),
  /** yyyymmdd as a number, for sorting. */
  dataNumerica: z.number(),
  horaInicio: z.number(),
  horaFim: z.number(),
  operador: z.string(),
  navio: z.string(),
  localAtracacao: z.string(),
  mercadoria: z.string(),
  faina: z.string(),
  funcao: z.string(),
  /**
   * The payslips that pay this job (issue 25: matched at import to worker, day, shift, ship and function);
   * empty when none yet. Only in the history.
   */
  contracheques: z
    .array(
      z.object({
        numero: z.number(),
        /** The identifier of GET /api/avulso/contracheque. */
        arquivo: z.string(),
        tipo: z.enum(['ccNormal', 'ccComplementar']),
      }),
    )
    .optional(),
});
export type Trabalho = z.infer<typeof trabalhoSchema>;

export const mesTrabalhosSchema = z.object({
  nomeMes: z.string(),
  mes: z.number(),
  trabalhos: z.array(trabalhoSchema),
});
export const anoTrabalhosSchema = z.object({ ano: z.number(), meses: z.array(mesTrabalhosSchema) });

export const ultimosTrabalhosSchema = z.object({
  ultimosTrabalhos: z.array(anoTrabalhosSchema),
  trabalhoCorrente: trabalhoSchema.nullable(),
});
export type UltimosTrabalhos = z.infer<typeof ultimosTrabalhosSchema>;

/** Queued service message (docs/produto/escalacao.md §3). */
export const mensagemServicoSchema = z.object({ codigo: z.number(), titulo: z.string(), corpo: z.string() });
export type MensagemServico = z.infer<typeof mensagemServicoSchema>;
export const codigoMensagemParams = z.object({ codigo: inteiro32DaUrl().positive() });

export const apiAvulso = {
  habilitacoes: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/avulso/habilitacoes',
    resposta: z.array(habilitacaoSchema),
    erros: [],
    acesso: 'sessao',
    grupo: 'Trabalhador',
    resumo: 'As habilitações (funções) do trabalhador',
  }),
  ultimosTrabalhos: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/avulso/ultimosTrabalhos',
    resposta: ultimosTrabalhosSchema,
    erros: [],
    acesso: 'sessao',
    grupo: 'Trabalhador',
    resumo: 'Os últimos engajamentos por ano e mês, e o trabalho corrente',
  }),
  mensagens: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/avulso/mensagens',
    resposta: z.array(mensagemServicoSchema),
    erros: [],
    acesso: 'sessao',
    grupo: 'Trabalhador',
    resumo: 'As mensagens de serviço ainda não lidas, da mais antiga à mais nova',
  }),
  marcarMensagemLida: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/avulso/mensagens/:codigo/lida',
    params: codigoMensagemParams,
    resposta: z.null(),
    erros: ['NaoEncontrado'],
    acesso: 'sessao',
    grupo: 'Trabalhador',
    resumo: 'Marca a mensagem como lida (idempotente)',
  }),
} as const;
