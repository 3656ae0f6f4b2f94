import type { SegmentoCategoria } from '#common/dominio.ts';

/** Every route of docs/produto/escalacao.md §2 and docs/produto/minha-conta.md §2, with its href. */
export const caminhos = {
  login: '/login',
  totem: '/totem',
  inicio: '/inicio',
  funcoes: '/funcoes',
  faleComOgmo: '/fale-com-o-ogmo',
  eleicao: '/eleicao',
  escalacao: '/escalacao',
  ofertas: (categoria: SegmentoCategoria | string) => `/escalacao/ofertas/${categoria}`,
  minhaConta: '/minha-conta',
  habilitacoes: '/minha-conta/habilitacoes',
  ultimosTrabalhos: '/minha-conta/ultimos-trabalhos',
  configuracoes: '/minha-conta/configuracoes',
  mudarSenha: '/minha-conta/mudar-senha',
  mudarDadosPessoais: '/minha-conta/mudar-dados-pessoais',
  financeiro: '/minha-conta/financeiro',
  contracheques: '/minha-conta/financeiro/contracheques',
  contracheques13Ferias: '/minha-conta/financeiro/contracheques-13-ferias',
  fichasFinanceiras: '/minha-conta/financeiro/fichas-financeiras',
  informesRendimentos: '/minha-conta/financeiro/informes-rendimentos',
  declaracaoLockdown: '/minha-conta/declaracao-lockdown',
  declaracaoMp945: '/minha-conta/declaracao-mp945',
  gestao: '/gestao',
  escalaGestao: (num: number) => `/gestao/escalas/${num}`,
  documentacaoApi: '/docs/api',
} as const;
