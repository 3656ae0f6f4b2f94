import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/**
 * Web Push, "Avisos no celular" (issue 15, docs/decisions/0162): the server's VAPID public key, and the
 * subscription a browser's PushManager made, posted as `PushSubscription.toJSON()` gives it. Never from a
 * kiosk (/totem) session.
 */

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export const chavePushSchema = z.object({
  /** The VAPID public key (base64url, an uncompressed P-256 point): PushManager's applicationServerKey. */
  chavePublica: z.string(),
});

/**
 * No control characters: no browser's endpoint has one, and PostgreSQL's text refuses NUL outright (the fuzz
 * suite found a 500 there, docs/decisions/0064).
 */
const semControle = (s: string) => ![...s].some((c) => c < ' ' || c === '\u007f');
const MENSAGEM_CONTROLE = 'O endereço da assinatura tem caracteres inválidos.';

export const assinaturaPushBody = z.object({
  endpoint: z
    .string({ error: 'Informe o endereço da assinatura.' })
    .max(1000, 'O endereço da assinatura é longo demais.')
    .refine(semControle, MENSAGEM_CONTROLE)
    .url('O endereço da assinatura não é uma URL.')
    .startsWith('https://', 'O endereço da assinatura precisa ser https.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: 'Informe a chave p256dh da assinatura.' })
        .regex(BASE64URL, 'A chave p256dh da assinatura não é base64url.')
        .min(80, 'A chave p256dh da assinatura tem tamanho errado.')
        .max(100, 'A chave p256dh da assinatura tem tamanho errado.'),
      auth: z
        .string({ error: 'Informe o segredo auth da assinatura.' })
        .regex(BASE64URL, 'O segredo auth da assinatura não é base64url.')
        .min(16, 'O segredo auth da assinatura tem tamanho errado.')
        .max(40, 'O segredo auth da assinatura tem tamanho errado.'),
    },
    { error: 'Informe as chaves da assinatura.' },
  ),
});
export type AssinaturaPushBody = z.infer<typeof assinaturaPushBody>;

export const cancelarPushBody = z.object({
  endpoint: z
    .string({ error: 'Informe o endereço da assinatura.' })
    .max(1000, 'O endereço da assinatura é longo demais.')
    .refine(semControle, MENSAGEM_CONTROLE),
});

/** What a notification carries (encrypted to the browser); web/public/sw-push.js shows it. */
export const mensagemPushSchema = z.object({
  titulo: z.string(),
  corpo: z.string(),
  /** The page a click opens. */
  url: z.string(),
  /** Notifications with the same tag replace each other on the phone. */
  tag: z.string(),
});
export type MensagemPush = z.infer<typeof mensagemPushSchema>;

export const apiPush = {
  chave: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/push/chave',
    resposta: chavePushSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: 'Avisos no celular',
    resumo: 'A chave pública VAPID com que o navegador assina os avisos',
  }),
  assinar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/push/assinatura',
    corpo: assinaturaPushBody,
    resposta: z.null(),
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: 'Avisos no celular',
    resumo: 'Liga os avisos neste aparelho (a assinatura do PushManager)',
    descricao:
      'Guarda a assinatura para o trabalhador e a sessão: a saída (logout) a remove. Recusada numa sessão do totem.',
  }),
  cancelar: definirEndpoint({
    metodo: 'DELETE',
    caminho: '/api/push/assinatura',
    corpo: cancelarPushBody,
    resposta: z.null(),
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: 'Avisos no celular',
    resumo: 'Desliga os avisos neste aparelho',
    descricao:
      'Remove a assinatura do trabalhador com este endereço; sem ela, responde sucesso do mesmo jeito.',
  }),
} as const;
