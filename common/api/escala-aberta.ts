import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/** GET /api/escalaAberta: the open call, or null when there is none. */
export const escalaAbertaSchema = z.object({
  numEscalacao: z.number(),
  /** yyyy-MM-dd */
  dataChamada: z.string(),
  /** HH:mm */
  horaChamada: z.string(),
});
export type EscalaAberta = z.infer<typeof escalaAbertaSchema>;

export const apiEscalaAberta = {
  escalaAberta: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/escalaAberta',
    resposta: escalaAbertaSchema.nullable(),
    erros: [],
    acesso: 'publico',
    grupo: 'Escalação',
    resumo: 'A chamada aberta agora, ou null quando não há nenhuma',
  }),
} as const;
