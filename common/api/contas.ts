import { emailOpcional, telefoneOpcional } from '../campos-pessoais.ts';
import { SENHA_MAX, SENHA_MIN } from '../dominio.ts';
import { z } from '../zod-pt.ts';
import { cpfCadastro, dataIso } from './cadastro.ts';
import { definirEndpoint } from './endpoint.ts';
import { codAvulsoSchema, codParams } from './equipe.ts';

/**
 * The worker's account (issue 30, docs/decisions/0232): a first-access code issued by the staff, the first
 * access with it, the password changed in Minha conta, and the phone and e-mail the worker keeps. Never at the
 * kiosk.
 */

/** How long a first-access code lasts. */
export const HORAS_VALIDADE_CODIGO = 72;

const senha = (vazio: string) =>
  z
    .string({ error: vazio })
    .min(1, vazio)
    .regex(
      new RegExp(`^\\d{${SENHA_MIN},${SENHA_MAX}}$`),
      `A senha tem de ${SENHA_MIN} a ${SENHA_MAX} dígitos numéricos.`,
    );

/** The code as printed (XXXX-XXXX); typed with or without the dash, in any case. */
export const codigoAcessoSchema = z
  .string({ error: 'Informe o código de acesso.' })
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{8}$/, 'O código de acesso tem 8 letras e números.'));

export const primeiroAcessoBody = z.object({
  codAvulso: codAvulsoSchema,
  cpf: cpfCadastro,
  dataNascimento: dataIso('Informe a data de nascimento.'),
  codigo: codigoAcessoSchema,
  novaSenha: senha('Informe a nova senha.'),
});
export type PrimeiroAcessoBody = z.input<typeof primeiroAcessoBody>;

export const mudarSenhaBody = z.object({
  senhaAtual: senha('Informe a senha atual.'),
  novaSenha: senha('Informe a nova senha.'),
});
export type MudarSenhaBody = z.input<typeof mudarSenhaBody>;

export const dadosPessoaisSchema = z.object({
  telefone: telefoneOpcional(),
  email: emailOpcional(),
});
export type DadosPessoais = z.input<typeof dadosPessoaisSchema>;

export const apiContas = {
  emitirCodigo: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/trabalhadores/:cod/codigo-acesso',
    params: codParams,
    resposta: z.object({
      /** Shown once: the server keeps only its hash. */
      codigo: z.string(),
      /** Instant (ISO UTC) after which it no longer opens the account. */
      validoAte: z.string(),
    }),
    erros: ['AcessoNegado', 'NaoEncontrado'],
    acesso: 'sessao',
    resumo: 'Emite um código de primeiro acesso (ou de nova senha); encerra as sessões do trabalhador.',
    descricao: 'Somente a equipe de cadastro do OGMO (papel `cadastro`). O código aparece uma vez só.',
    grupo: 'Cadastro (equipe)',
  }),
  primeiroAcesso: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/primeiro-acesso',
    corpo: primeiroAcessoBody,
    resposta: z.null(),
    erros: ['PrimeiroAcessoRecusado', 'ContaBloqueada'],
    acesso: 'publico',
    caro: true,
    resumo: 'Cria a senha com o código emitido pela equipe, o CPF e a data de nascimento (uso único).',
    descricao: 'As tentativas erradas contam como as do login: esperas crescentes e bloqueio.',
    grupo: 'Sessão',
  }),
  mudarSenha: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/avulso/senha',
    corpo: mudarSenhaBody,
    resposta: z.null(),
    erros: ['AcessoNegado', 'SenhaAtualIncorreta', 'ContaBloqueada', 'MuitasRequisicoes'],
    acesso: 'sessao',
    resumo: 'Troca a senha; as outras sessões do trabalhador terminam (esta recebe um token novo).',
    descricao: 'Nunca no totem.',
    grupo: 'Minha conta',
  }),
  dadosPessoais: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/avulso/dados-pessoais',
    resposta: z.object({ telefone: z.string(), email: z.string() }),
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    resumo: 'O telefone e o e-mail do trabalhador.',
    descricao: 'Nunca no totem.',
    grupo: 'Minha conta',
  }),
  mudarDadosPessoais: definirEndpoint({
    metodo: 'PUT',
    caminho: '/api/avulso/dados-pessoais',
    corpo: dadosPessoaisSchema,
    resposta: z.object({ telefone: z.string(), email: z.string() }),
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    resumo: 'Altera o telefone e o e-mail (auditado; a equipe de cadastro os vê).',
    descricao: 'Nunca no totem.',
    grupo: 'Minha conta',
  }),
};
