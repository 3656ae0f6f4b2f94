import { SENHA_MAX, SENHA_MIN, TAMANHO_USUARIO } from '../dominio.ts';
import { z } from '../zod-pt.ts';

/** POST /api/login (escalacao.md §5: user exactly 6 digits, password 6 to 8 digits). */
export const loginBody = z.object({
  login: z
    .string({ error: 'Informe o usuário.' })
    .min(1, 'Informe o usuário.')
    .regex(new RegExp(`^\\d{${TAMANHO_USUARIO}}$`), `O usuário tem ${TAMANHO_USUARIO} dígitos.`),
  password: z
    .string({ error: 'Informe a senha.' })
    .min(1, 'Informe a senha.')
    .regex(
      new RegExp(`^\\d{${SENHA_MIN},${SENHA_MAX}}$`),
      `A senha tem de ${SENHA_MIN} a ${SENHA_MAX} dígitos numéricos.`,
    ),
  /** Kiosk (totem) login: a much shorter session. */
  quiosque: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const parametroSchema = z.object({ nome: z.string(), valor: z.string() });
export type Parametro = z.infer<typeof parametroSchema>;

/** dadosLogin (escalacao.md §3, plus usuarioTeste from decisions.md §1). */
export const dadosLoginSchema = z.object({
  codAvulso: z.string(),
  nome: z.string(),
  sexo: z.enum(['F', 'M']),
  codSindicato: z.number(),
  sindicato: z.string(),
  codCategoria: z.number(),
  artigo: z.number(),
  numChamada: z.number(),
  cpf: z.string(),
  fotoUrl: z.string(),
  impedimento: z.boolean(),
  mensagensImpedimento: z.array(z.string()),
  afastamentoDefinitivo: z.boolean(),
  escolhaPoraoEstiva: z.boolean(),
  parametros: z.array(parametroSchema),
  usuarioTeste: z.boolean(),
});
export type DadosLogin = z.infer<typeof dadosLoginSchema>;

/** GET /api/config: public settings the client needs before login. */
export const configPublicaSchema = z.object({
  versao: z.string(),
  ambienteTestes: z.boolean(),
  organizacao: z.object({
    nome: z.string(),
    nomeCompleto: z.string(),
    endereco: z.string(),
    telefoneSede: z.string(),
    telefoneEscalacao: z.string(),
    telefoneFiscalizacao: z.string(),
    cidade: z.string(),
    porto: z.string(),
  }),
});
export type ConfigPublica = z.infer<typeof configPublicaSchema>;
