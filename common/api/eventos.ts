import { z } from '../zod-pt.ts';
import { arquivo, definirEndpoint } from './endpoint.ts';
import { escalaAbertaSchema } from './escala-aberta.ts';

/**
 * GET /api/eventos: the call as it happens, one Server-Sent Events stream per logged-in client
 * (docs/decisions/0160). Each message is `event: <tipo>` and `data: <one of these as JSON>`. The stream opens
 * with `estado` (a fresh state, so a reconnection never misses a change), then sends changes; a comment line
 * every few seconds keeps proxies from closing it. The worker's session ending (logout, expiry) ends it.
 */

/** How many workers chose an offer so far (absolute values: applying one twice changes nothing). */
export const contagemOfertaSchema = z.object({
  seqCategoria: z.number(),
  qtdEscolhas: z.number(),
});
export type ContagemOfertaEvento = z.infer<typeof contagemOfertaSchema>;

/** The first message: the open call now and the categories whose counts this stream follows. */
export const eventoEstadoSchema = z.object({
  escalaAberta: escalaAbertaSchema.nullable(),
  categorias: z.array(z.number()),
});

/** A call opened, closed, was published or changed otherwise; `escalaAberta` is the open call after it. */
export const eventoEscalaSchema = z.object({
  numEscalacao: z.number().nullable(),
  escalaAberta: escalaAbertaSchema.nullable(),
});

/**
 * The choices' counts of a category's offers: every offer when `completo` (the first after connecting), else
 * only those that changed since the previous message. At most one per category per second on each stream
 * (`AO_VIVO_INTERVALO_MS`, docs/decisions/0171; the streams are served in slices spread over that second,
 * docs/decisions/0172).
 */
export const eventoContagensSchema = z.object({
  numEscalacao: z.number(),
  codCategoria: z.number(),
  completo: z.boolean(),
  ofertas: z.array(contagemOfertaSchema),
  /**
   * When the server began reading these counts (ms since the epoch): every change it had acknowledged before
   * is in them. Lets a client (and `npm run bench:ao-vivo`) tell how fresh the message is.
   */
  em: z.number(),
});

/** The confirmed list of a category changed: an open panel reads it again. */
export const eventoConfirmadosSchema = z.object({
  numEscalacao: z.number(),
  codCategoria: z.number(),
  /** As in `contagens`: every choice acknowledged before this time is in the list it announces. */
  em: z.number(),
});

/** A service message for this worker is waiting (GET /api/sessao brings the queue). */
export const eventoMensagemSchema = z.object({});

export const eventosAoVivo = {
  estado: eventoEstadoSchema,
  escala: eventoEscalaSchema,
  contagens: eventoContagensSchema,
  confirmados: eventoConfirmadosSchema,
  mensagem: eventoMensagemSchema,
} as const;

export type TipoEventoAoVivo = keyof typeof eventosAoVivo;
export type EventoAoVivo<T extends TipoEventoAoVivo = TipoEventoAoVivo> = z.infer<(typeof eventosAoVivo)[T]>;

export const apiEventos = {
  eventos: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/eventos',
    resposta: arquivo('text/event-stream'),
    erros: ['MuitasRequisicoes'],
    acesso: 'sessao',
    grupo: 'Ao vivo',
    resumo: 'A chamada ao vivo: um fluxo Server-Sent Events por cliente',
    descricao:
      'Abre com `estado` e segue com `escala` (aberta, fechada, publicada), `contagens` (escolhas por oferta, no máximo uma mensagem por categoria por segundo), `confirmados` e `mensagem`; cada `data` é um JSON descrito em common/api/eventos.ts. Uma linha de comentário a cada 20 s mantém a conexão; o fim da sessão encerra o fluxo. Cada trabalhador tem no máximo 8 fluxos abertos por servidor (429 no seguinte). Ao reconectar, o cliente recebe o estado de novo.',
  }),
} as const;
