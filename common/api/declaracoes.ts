import {
  cpf,
  dataPassada,
  emailOpcional,
  LIMITES,
  pis,
  rgNumero,
  telefoneOpcional,
  textoObrigatorio,
  uf,
} from '../campos-pessoais.ts';
import { z } from '../zod-pt.ts';
import { arquivo, definirEndpoint } from './endpoint.ts';

/**
 * The wire of both declarations (docs/produto/minha-conta.md §3, §5, §7). The same schemas validate the web forms
 * and, again, the server's bodies. Dates travel as typed, dd/mm/aaaa; CPF, PIS and RG as digits only;
 * the phone with its mask.
 */

const nome = textoObrigatorio(LIMITES.nome, {
  vazio: 'Informe o nome.',
  longo: `O nome pode ter no máximo ${LIMITES.nome} caracteres.`,
});
const rgOrgaoExp = textoObrigatorio(LIMITES.rgOrgaoExp, {
  vazio: 'Informe o órgão emissor do RG.',
  longo: `O órgão emissor pode ter no máximo ${LIMITES.rgOrgaoExp} caracteres.`,
});
const rgEmissao = dataPassada(
  'Informe a data de emissão do RG.',
  'A data de emissão não pode estar no futuro.',
);
const dataNascimento = dataPassada(
  'Informe a data de nascimento.',
  'A data de nascimento não pode estar no futuro.',
);

/** An instant the server gave when the flow began (dataHoraCorrente), sent back on issue. */
const dataHoraInicio = z.iso.datetime({ error: 'Data e hora de início inválidas.' });

// ---------------------------------------------------------------- Lockdown

export const dadosTpaLockdownSchema = z.object({
  nome,
  cpf: cpf(),
  rgNumero: rgNumero(),
  rgOrgaoExp,
  rgUF: uf('Informe a UF do RG.'),
  rgEmissao,
  endLogradouro: textoObrigatorio(LIMITES.endLogradouro, {
    vazio: 'Informe o endereço (rua e número).',
    longo: `O endereço pode ter no máximo ${LIMITES.endLogradouro} caracteres.`,
  }),
  endBairro: textoObrigatorio(LIMITES.endBairro, {
    vazio: 'Informe o bairro.',
    longo: `O bairro pode ter no máximo ${LIMITES.endBairro} caracteres.`,
  }),
  endCidade: textoObrigatorio(LIMITES.endCidade, {
    vazio: 'Informe a cidade.',
    longo: `A cidade pode ter no máximo ${LIMITES.endCidade} caracteres.`,
  }),
  endUF: uf('Informe a UF do endereço.'),
});
export type DadosTpaLockdown = z.output<typeof dadosTpaLockdownSchema>;

export const dadosContatoSchema = z.object({ email: emailOpcional(), telefone: telefoneOpcional() });
export type DadosContatoLockdown = z.output<typeof dadosContatoSchema>;

/** The DadosPessoais step of the lockdown flow: personal and contact data in one form. */
export const formularioLockdownSchema = dadosTpaLockdownSchema.extend(dadosContatoSchema.shape);
export type FormularioLockdown = z.output<typeof formularioLockdownSchema>;

export const emitirDeclaracaoLockdownBody = z.object({
  dadosTPA: dadosTpaLockdownSchema,
  dadosContato: dadosContatoSchema,
  dataHoraInicio,
});
export type EmitirDeclaracaoLockdownBody = z.input<typeof emitirDeclaracaoLockdownBody>;

/** The link of an issued declaration (a capability: no token header needed to open it). */
export const declaracaoEmitidaSchema = z.object({ url: z.string() });
export type DeclaracaoEmitida = z.infer<typeof declaracaoEmitidaSchema>;

/** Registry data as the server holds it: fields may be missing, the worker completes them. */
export const cadastroLockdownSchema = z.object({
  nome: z.string(),
  cpf: z.string(),
  rgNumero: z.string().nullable(),
  rgOrgaoExp: z.string().nullable(),
  rgUF: z.string().nullable(),
  rgEmissao: z.string().nullable(),
  endLogradouro: z.string().nullable(),
  endBairro: z.string().nullable(),
  endCidade: z.string().nullable(),
  endUF: z.string().nullable(),
});
export type CadastroLockdown = z.infer<typeof cadastroLockdownSchema>;

export const acessarDeclaracaoLockdownSchema = z.object({
  declaracao: declaracaoEmitidaSchema.nullable(),
  habilitacao: z.object({ habilitado: z.boolean() }).nullable(),
  dadosTPA: cadastroLockdownSchema.nullable(),
  /** The registry's contact data, to prefill the form (a field of our design). */
  dadosContato: z.object({ email: z.string().nullable(), telefone: z.string().nullable() }).nullable(),
  /** ISO instant. */
  dataHoraCorrente: z.string(),
  /** yyyy-MM-dd, the port's local date. */
  dataCorrente: z.string(),
});
export type AcessarDeclaracaoLockdown = z.infer<typeof acessarDeclaracaoLockdownSchema>;

// ---------------------------------------------------------------- MP 945 (leave)

export const formularioAcessoSchema = z.object({ cpf: cpf(), dataNascimento });
export type FormularioAcesso = z.output<typeof formularioAcessoSchema>;

export const dadosTpaMp945Schema = z.object({
  nome,
  cpf: cpf(),
  dataNascimento,
  rgNumero: rgNumero(),
  rgOrgaoExp,
  rgUF: uf('Informe a UF do RG.'),
  rgEmissao,
  pis: pis(),
});
export type DadosTpaMp945 = z.output<typeof dadosTpaMp945Schema>;

export const MENSAGEM_SEM_SITUACAO = 'Marque pelo menos uma situação.';

export const situacoesAfastamentoSchema = z
  .object({
    sintomas: z.boolean().default(false),
    covid19: z.boolean().default(false),
    cuidado: z.boolean().default(false),
    gestante: z.boolean().default(false),
    doenca: z.boolean().default(false),
  })
  .refine((s) => s.sintomas || s.covid19 || s.cuidado || s.gestante || s.doenca, {
    error: MENSAGEM_SEM_SITUACAO,
  });
export type SituacoesAfastamento = z.output<typeof situacoesAfastamentoSchema>;

export const dadosContatoMp945Schema = z.object({
  cidade: textoObrigatorio(LIMITES.cidade, {
    vazio: 'Informe a cidade.',
    longo: `A cidade pode ter no máximo ${LIMITES.cidade} caracteres.`,
  }),
  uf: uf('Informe a UF.'),
  email: emailOpcional(),
  telefone: telefoneOpcional(),
});
export type DadosContatoMp945 = z.output<typeof dadosContatoMp945Schema>;

export const enviarDeclaracaoMp945Body = z.object({
  dadosTPA: dadosTpaMp945Schema,
  situacoesAfastamento: situacoesAfastamentoSchema,
  dadosContato: dadosContatoMp945Schema,
  dataHoraInicio,
});
export type EnviarDeclaracaoMp945Body = z.input<typeof enviarDeclaracaoMp945Body>;

/** The answer of dadosAcesso: the registry's data; missing fields come null and the worker fills them. */
export const cadastroMp945Schema = z.object({
  nome: z.string(),
  cpf: z.string(),
  dataNascimento: z.string(),
  rgNumero: z.string().nullable(),
  rgOrgaoExp: z.string().nullable(),
  rgUF: z.string().nullable(),
  rgEmissao: z.string().nullable(),
  pis: z.string().nullable(),
});
export type CadastroMp945 = z.infer<typeof cadastroMp945Schema>;

export const acessarDeclaracaoMp945Schema = z.object({
  declaracao: declaracaoEmitidaSchema.nullable(),
  habilitacao: z.object({ habilitado: z.boolean(), dataHoraCorrente: z.string() }).nullable(),
});
export type AcessarDeclaracaoMp945 = z.infer<typeof acessarDeclaracaoMp945Schema>;

// ---------------------------------------------------------------- Public verification

export const PADRAO_CODIGO_VERIFICACAO = /^(LKD|AFT)-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

export const codigoVerificacaoParams = z.object({
  codigo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(PADRAO_CODIGO_VERIFICACAO, 'Código de verificação inválido. Confira o código impresso.'),
});

export const verificacaoSchema = z.object({
  codigo: z.string(),
  tipo: z.enum(['lockdown', 'mp945']),
  titulo: z.string(),
  nome: z.string(),
  /** ***.982.247-** */
  cpfMascarado: z.string(),
  /** ISO instant of issue. */
  emitidaEm: z.string(),
});
export type Verificacao = z.infer<typeof verificacaoSchema>;

/**
 * The PDF link: /api/declaracoes/<43-char token>.pdf. A malformed name is an unknown declaration (404), not
 * bad input: the handler checks the form, so the link gives away nothing about what a valid one looks like.
 */
export const arquivoDeclaracaoParams = z.object({ arquivo: z.string().max(100) });

export const apiDeclaracoes = {
  acessarLockdown: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/lockdown/acessarDeclaracao',
    resposta: acessarDeclaracaoLockdownSchema,
    erros: [],
    acesso: 'sessao',
    grupo: 'Declarações',
    resumo: 'Declaração de atividade (lockdown): se está habilitada, a já emitida e os dados do cadastro',
  }),
  emitirLockdown: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/lockdown/emitirDeclaracao',
    corpo: emitirDeclaracaoLockdownBody,
    resposta: declaracaoEmitidaSchema,
    erros: ['DeclaracaoNaoHabilitada', 'DeclaracaoJaEmitida'],
    acesso: 'sessao',
    grupo: 'Declarações',
    resumo: 'Emite a declaração de atividade; responde o link do PDF',
    caro: true,
    descricao: 'Uma segunda emissão é recusada (DeclaracaoJaEmitida) com o link da primeira em `dados.url`.',
  }),
  acessarMp945: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/mp945/acessarDeclaracao',
    resposta: acessarDeclaracaoMp945Schema,
    erros: [],
    acesso: 'sessao',
    grupo: 'Declarações',
    resumo: 'Declaração de afastamento (MP 945): se está habilitada e a já emitida',
  }),
  dadosAcessoMp945: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/mp945/dadosAcesso',
    corpo: formularioAcessoSchema,
    resposta: cadastroMp945Schema,
    erros: ['DeclaracaoNaoHabilitada', 'DeclaracaoJaEmitida', 'DadosAcessoIncorretos', 'MuitasRequisicoes'],
    acesso: 'sessao',
    grupo: 'Declarações',
    resumo: 'Confere CPF e data de nascimento do trabalhador e devolve seus dados cadastrais',
    caro: true,
    descricao:
      'Falhas contam para um bloqueio temporário: `dados.tentativasRestantes` diz quantas restam (DadosAcessoIncorretos).',
  }),
  enviarMp945: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/mp945/enviarDeclaracao',
    corpo: enviarDeclaracaoMp945Body,
    resposta: declaracaoEmitidaSchema,
    erros: ['DeclaracaoNaoHabilitada', 'DeclaracaoJaEmitida', 'DadosAcessoIncorretos', 'MuitasRequisicoes'],
    acesso: 'sessao',
    grupo: 'Declarações',
    resumo: 'Emite a declaração de afastamento; responde o link do PDF',
    caro: true,
  }),
  pdf: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/declaracoes/:arquivo',
    params: arquivoDeclaracaoParams,
    resposta: arquivo('application/pdf'),
    erros: ['NaoEncontrado'],
    acesso: 'publico',
    grupo: 'Declarações',
    resumo: 'O PDF de uma declaração emitida; o link (um segredo de 256 bits) é a autorização',
    caro: true,
  }),
  verificacao: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/verificacao/:codigo',
    params: codigoVerificacaoParams,
    resposta: verificacaoSchema,
    erros: ['NaoEncontrado'],
    acesso: 'publico',
    grupo: 'Declarações',
    resumo: 'Verificação pública de uma declaração pelo código impresso nela',
    caro: true,
  }),
} as const;
