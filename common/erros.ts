/**
 * The error catalogue shared by server and client (docs/produto/decisoes.md §2).
 * Each code has its HTTP status and the Portuguese message a worker reads.
 */
export const catalogoErros = {
  CredenciaisInvalidas: { status: 401, mensagem: 'Usuário ou senha inválidos!' },
  ContaBloqueada: {
    status: 429,
    mensagem: 'Acesso bloqueado temporariamente por excesso de tentativas. Tente novamente mais tarde.',
  },
  NaoAutenticado: { status: 401, mensagem: 'Sua sessão expirou. Entre novamente.' },
  AcessoNegado: { status: 403, mensagem: 'Você não tem permissão para acessar este recurso.' },
  XsrfInvalido: {
    status: 403,
    mensagem: 'Requisição recusada por segurança. Recarregue a página e tente novamente.',
  },
  DadosInvalidos: { status: 400, mensagem: 'Dados inválidos. Verifique os campos informados.' },
  NaoEncontrado: { status: 404, mensagem: 'Recurso não encontrado.' },
  ConteudoMuitoGrande: { status: 413, mensagem: 'Os dados enviados são grandes demais.' },
  TipoConteudoInvalido: { status: 415, mensagem: 'Formato de dados não suportado. Envie JSON.' },
  TpaImpedido: { status: 403, mensagem: 'TPA IMPEDIDO' },
  EscalaFechada: { status: 409, mensagem: 'A chamada desta escala não está aberta!' },
  OutraEscalaAberta: {
    status: 409,
    mensagem: 'Já existe uma escala aberta. Feche-a antes de abrir outra.',
  },
  SituacaoEscalaInvalida: {
    status: 409,
    mensagem: 'Esta ação não é possível na situação atual da escala.',
  },
  EscalaSemRequisicoes: {
    status: 409,
    mensagem: 'A escala não tem requisições: cadastre ao menos uma antes de abri-la.',
  },
  RodizioDesatualizado: {
    status: 409,
    mensagem:
      'O resultado desta escala foi apurado antes de outra mudança (ponteiros ou engajamentos de outra escala). Apure o rodízio de novo antes de publicar.',
  },
  RepescagemIndisponivel: {
    status: 409,
    mensagem: 'A repescagem não é possível para esta escala.',
  },
  SemHabilitacao: { status: 409, mensagem: 'Você não possui habilitação para a função!' },
  SemDescanso: { status: 409, mensagem: 'Você não possui descanso suficiente para esta operação!' },
  EleicaoInexistente: { status: 404, mensagem: 'Não há eleição aberta para votação.' },
  VotoJaRegistrado: { status: 409, mensagem: 'Seu voto já foi registrado nesta eleição.' },
  EleicaoEmAndamento: {
    status: 409,
    mensagem: 'A eleição ainda está aberta: o resultado só sai depois do encerramento.',
  },
  EleicaoEncerrada: { status: 409, mensagem: 'Esta eleição já foi encerrada.' },
  DeclaracaoNaoHabilitada: {
    status: 403,
    mensagem: 'Favor entrar em contato com o OGMO para solicitar a liberação da declaração!',
  },
  DeclaracaoJaEmitida: { status: 409, mensagem: 'Você já emitiu esta declaração!' },
  DadosAcessoIncorretos: {
    status: 403,
    mensagem: 'CPF ou data de nascimento não conferem com o seu cadastro.',
  },
  MuitasRequisicoes: {
    status: 429,
    mensagem: 'Muitas tentativas. Aguarde alguns instantes e tente novamente.',
  },
  TempoEsgotado: {
    status: 408,
    mensagem: 'A requisição demorou demais para chegar. Verifique a conexão e tente novamente.',
  },
  ImportacaoEmAndamento: {
    status: 409,
    mensagem: 'Outra importação da folha está sendo gravada. Tente de novo em instantes.',
  },
  MensagemEncerrada: { status: 409, mensagem: 'Esta mensagem já foi encerrada.' },
  UrnaJaPreparada: {
    status: 409,
    mensagem: 'A urna desta eleição já tem chave: ela não é trocada depois de criada.',
  },
  ForaDaEquipe: {
    status: 409,
    mensagem: 'Somente a equipe do OGMO (categoria 9) recebe papéis.',
  },
  UltimoAdministrador: {
    status: 409,
    mensagem:
      'O OGMO precisa de ao menos um administrador: conceda o papel a outra pessoa antes de retirá-lo.',
  },
  CpfEmUso: { status: 409, mensagem: 'Já há um trabalhador cadastrado com este CPF.' },
  NumChamadaEmUso: { status: 409, mensagem: 'Este número de chamada já é de outro trabalhador.' },
  PrimeiroAcessoRecusado: {
    status: 403,
    mensagem:
      'Os dados não conferem com o código de acesso, ou o código venceu ou já foi usado. Confira ou peça outro código ao OGMO.',
  },
  SenhaAtualIncorreta: { status: 403, mensagem: 'A senha atual não confere.' },
  EnderecoMuitoLongo: { status: 414, mensagem: 'O endereço da requisição é longo demais.' },
  CabecalhosMuitoGrandes: {
    status: 431,
    mensagem: 'O endereço ou os cabeçalhos da requisição são grandes demais.',
  },
  ServicoIndisponivel: {
    status: 503,
    mensagem: 'O portal não está pronto para atender agora. Tente novamente em instantes.',
  },
  ErroInterno: { status: 500, mensagem: 'Erro interno no servidor. Tente novamente em instantes.' },
} as const satisfies Record<string, { status: number; mensagem: string }>;

export type CodigoErroServidor = keyof typeof catalogoErros;

/** SemComunicacao is the client's own code (docs/produto/escalacao.md §8). */
export type CodigoErro = CodigoErroServidor | 'SemComunicacao';

export const MENSAGEM_SEM_COMUNICACAO = 'Sem comunicação com o servidor!';

export function isCodigoErroServidor(valor: unknown): valor is CodigoErroServidor {
  return typeof valor === 'string' && Object.hasOwn(catalogoErros, valor);
}
