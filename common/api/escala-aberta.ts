import { z } from '../zod-pt.ts';

/** GET /api/escalaAberta: the open call, or null when there is none. */
export const escalaAbertaSchema = z.object({
  numEscalacao: z.number(),
  /** yyyy-MM-dd */
  dataChamada: z.string(),
  /** HH:mm */
  horaChamada: z.string(),
});
export type EscalaAberta = z.infer<typeof escalaAbertaSchema>;
