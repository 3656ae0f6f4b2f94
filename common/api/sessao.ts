import { SENHA_MAX, SENHA_MIN, TAMANHO_USUARIO } from '../dominio.ts';
import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/** POST /api/login (docs/produto/escalacao.md §5: user exactly 6 digits, password 6 to 8 digits). */
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

/** dadosLogin (docs/produto/escalacao.md §3, plus usuarioTeste from docs/produto/decisoes.md §1). */
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
  /** The photo's signed address; empty when the portal keeps no photo of the worker (the initials show). */
  fotoUrl: z.string(),
  impedimento: z.boolean(),
  mensagensImpedimento: z.array(z.string()),
  afastamentoDefinitivo: z.boolean(),
  escolhaPoraoEstiva: z.boolean(),
  parametros: z.array(parametroSchema),
  usuarioTeste: z.boolean(),
  /** Staff roles (issue 16): 'escalador' sees /gestao. Empty for workers. */
  papeis: z.array(z.string()),
});
export type DadosLogin = z.infer<typeof dadosLoginSchema>;

/** GET /api/config: public settings the client needs before login. */
export const configPublicaSchema = z.object({
  versao: z.string(),
  ambienteTestes: z.boolean(),
  /** The port's IANA time zone (FUSO_HORARIO): every time on screen is the port's (docs/decisions/0121-fuso-do-porto.md). */
  fusoHorario: z.string(),
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

export const apiSessao = {
  config: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/config',
    resposta: configPublicaSchema,
    erros: [],
    acesso: 'publico',
    grupo: 'Sessão',
    resumo: 'Configuração pública: versão, ambiente de testes e dados do OGMO',
    descricao: 'Também define o cookie XSRF-TOKEN que as chamadas que não são GET exigem.',
  }),
  login: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/login',
    corpo: loginBody,
    resposta: dadosLoginSchema,
    erros: ['CredenciaisInvalidas', 'MuitasRequisicoes', 'ContaBloqueada'],
    acesso: 'publico',
    grupo: 'Sessão',
    resumo: 'Entrar com usuário e senha: dados do trabalhador e o token da sessão (no `token` do envelope)',
    descricao:
      'Tentativas erradas impõem esperas crescentes e, por fim, um bloqueio; a recusa traz `dados.aguardarSegundos`.',
  }),
  logout: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/logout',
    resposta: z.null(),
    erros: [],
    acesso: 'sessao',
    grupo: 'Sessão',
    resumo: 'Sair: o token deixa de valer',
  }),
  sessao: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/sessao',
    resposta: dadosLoginSchema,
    erros: [],
    acesso: 'sessao',
    grupo: 'Sessão',
    resumo: 'Os dados do trabalhador da sessão de novo (por exemplo, ao recarregar a página)',
  }),
} as const;
