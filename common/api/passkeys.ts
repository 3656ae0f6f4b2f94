import { TAMANHO_USUARIO } from '../dominio.ts';
import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';
import { dadosLoginSchema } from './sessao.ts';

/**
 * Passkeys (WebAuthn; issue 28, docs/decisions/0229): a worker registers one in Minha conta and logs in at
 * /login with the phone's fingerprint or screen lock, the password kept as the fallback. The options are the
 * library's (@simplewebauthn/server) and go to @simplewebauthn/browser as they are; the answers are the
 * browser's JSON forms of the credential.
 */
const base64url = (max: number) =>
  z
    .string({ error: 'Resposta da passkey inválida.' })
    .max(max, 'Resposta da passkey inválida.')
    .regex(/^[\w-]*$/, 'Resposta da passkey inválida.');

/** The extension outputs a browser may add (none is asked for; unknown ones are dropped). */
const extensoes = z
  .object({
    appid: z.boolean().optional(),
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
    hmacCreateSecret: z.boolean().optional(),
  })
  .optional();
const anexo = z.enum(['platform', 'cross-platform']).optional();

/** RegistrationResponseJSON (navigator.credentials.create, as startRegistration answers it). */
export const respostaRegistroSchema = z.object({
  id: base64url(1400).min(1, 'Resposta da passkey inválida.'),
  rawId: base64url(1400).min(1, 'Resposta da passkey inválida.'),
  type: z.literal('public-key', { error: 'Resposta da passkey inválida.' }),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(40_000),
    authenticatorData: base64url(40_000).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8000).optional(),
  }),
  authenticatorAttachment: anexo,
  clientExtensionResults: extensoes.default({}),
});

/** AuthenticationResponseJSON (navigator.credentials.get, as startAuthentication answers it). */
export const respostaAutenticacaoSchema = z.object({
  id: base64url(1400).min(1, 'Resposta da passkey inválida.'),
  rawId: base64url(1400).min(1, 'Resposta da passkey inválida.'),
  type: z.literal('public-key', { error: 'Resposta da passkey inválida.' }),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(40_000),
    signature: base64url(20_000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: anexo,
  clientExtensionResults: extensoes.default({}),
});

export const registrarPasskeyBody = z.object({
  resposta: respostaRegistroSchema,
  /** How the worker will recognise it in the list (the phone's kind, by default). */
  nome: z
    .string()
    .trim()
    .max(60, 'O nome tem no máximo 60 caracteres.')
    .regex(/^[^\p{Cc}]*$/u, 'O nome não pode ter caracteres de controle.')
    .optional(),
});

export const entrarComPasskeyBody = z.object({ resposta: respostaAutenticacaoSchema });

const descritorCredencial = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON, as the library writes it (no extensions are asked). */
export const opcoesCriacaoSchema = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descritorCredencial).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});

/** PublicKeyCredentialRequestOptionsJSON, as the library writes it. */
export const opcoesAutenticacaoSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descritorCredencial).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});

export const passkeySchema = z.object({
  id: z.number(),
  nome: z.string(),
  criadaEm: z.string(),
  usadaEm: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** What staff see: every passkey of the worker, the revoked ones too, with who revoked and why. */
export const passkeyEquipeSchema = passkeySchema.extend({
  revogadaEm: z.string().nullable(),
  revogadaPor: z.string().nullable(),
  motivoRevogacao: z.enum(['trabalhador', 'equipe', 'senha']).nullable(),
});
export type PasskeyEquipe = z.infer<typeof passkeyEquipeSchema>;

const idSchema = z
  .string({ error: 'Passkey inexistente.' })
  .regex(/^[1-9]\d{0,9}$/, 'Passkey inexistente.')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'Passkey inexistente.'));

export const passkeyParams = z.object({ id: idSchema });
export const passkeyTrabalhadorParams = z.object({
  cod: z.string().regex(new RegExp(`^\\d{${TAMANHO_USUARIO}}$`), 'Trabalhador inexistente.'),
  id: idSchema,
});
export const trabalhadorParams = z.object({
  cod: z.string().regex(new RegExp(`^\\d{${TAMANHO_USUARIO}}$`), 'Trabalhador inexistente.'),
});

const GRUPO = 'Passkeys';
const SOMENTE_CADASTRO = 'Somente a equipe do OGMO com o papel cadastro.';

export const apiPasskeys = {
  opcoesRegistro: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/passkeys/registro/opcoes',
    resposta: opcoesCriacaoSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Começar o registro de uma passkey neste aparelho (as opções para o navegador)',
    descricao: 'Não no totem. O desafio vale 5 minutos.',
  }),
  registrar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/passkeys/registro',
    corpo: registrarPasskeyBody,
    resposta: passkeySchema,
    erros: ['AcessoNegado', 'CredenciaisInvalidas'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Guardar a passkey que o navegador criou',
  }),
  lista: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/passkeys',
    resposta: z.array(passkeySchema),
    erros: [],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'As passkeys do trabalhador',
  }),
  revogar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/passkeys/:id/revogar',
    params: passkeyParams,
    resposta: z.null(),
    erros: ['NaoEncontrado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Revogar uma passkey: ela deixa de entrar',
  }),
  opcoesLogin: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/login/passkey/opcoes',
    resposta: opcoesAutenticacaoSchema,
    erros: [],
    acesso: 'publico',
    grupo: GRUPO,
    resumo: 'Começar a entrada com a digital (as opções para o navegador)',
    descricao: 'O desafio é assinado, não guardado, e vale 5 minutos.',
  }),
  login: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/login/passkey',
    corpo: entrarComPasskeyBody,
    resposta: dadosLoginSchema,
    erros: ['CredenciaisInvalidas'],
    acesso: 'publico',
    grupo: GRUPO,
    resumo: 'Entrar com a digital: dados do trabalhador e o token da sessão (no `token` do envelope)',
    descricao:
      'Sem limite de tentativas de senha: a passkey não pode ser adivinhada. Nunca uma sessão de totem.',
  }),
  listaEquipe: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/trabalhadores/:cod/passkeys',
    params: trabalhadorParams,
    resposta: z.array(passkeyEquipeSchema),
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'As passkeys de um trabalhador, as revogadas também',
    descricao: SOMENTE_CADASTRO,
  }),
  revogarEquipe: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/trabalhadores/:cod/passkeys/:id/revogar',
    params: passkeyTrabalhadorParams,
    resposta: z.null(),
    erros: ['AcessoNegado', 'NaoEncontrado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Revogar uma passkey de um trabalhador (fica registrado quem revogou)',
    descricao: SOMENTE_CADASTRO,
  }),
} as const;
