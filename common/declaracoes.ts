import type {
  DadosContatoMp945,
  DadosTpaLockdown,
  DadosTpaMp945,
  SituacoesAfastamento,
} from './api/declaracoes.ts';
import { dataIsoParaBr } from './campos-pessoais.ts';
import { SINDICATO_OGMO } from './dominio.ts';
import { dataPorExtenso, formatarCpf, formatarPis } from './formato.ts';

/**
 * The texts of both declarations as pure functions: the screen shows them before the worker confirms,
 * the server prints the very same text in the PDF (docs/produto/minha-conta.md §2, §6).
 */

export type TipoDeclaracao = 'lockdown' | 'mp945';
export const TIPOS_DECLARACAO = ['lockdown', 'mp945'] as const satisfies readonly TipoDeclaracao[];

export const TITULOS_DECLARACAO: Record<TipoDeclaracao, string> = {
  lockdown: 'Declaração de atividade para o lockdown',
  mp945: 'Declaração de afastamento (MP 945)',
};

/** What the worker reads at each outcome (docs/produto/minha-conta.md §2, §4; {product} is OGMO). */
export const MENSAGENS_DECLARACAO: Record<
  TipoDeclaracao,
  { naoHabilitado: string; jaEmitida: string; emitida: string; erroEnvio: string }
> = {
  lockdown: {
    naoHabilitado:
      'Favor entrar em contato com o OGMO para solicitar a liberação da declaração de atividade para o lockdown!',
    jaEmitida: 'Você já emitiu sua declaração de atividade para o lockdown!',
    emitida: 'Declaração emitida com sucesso!',
    erroEnvio: 'Erro ao emitir a declaração de atividade para o lockdown!',
  },
  mp945: {
    naoHabilitado:
      'Favor entrar em contato com o OGMO para verificar a liberação da declaração de afastamento!',
    jaEmitida: 'Você já enviou sua declaração de afastamento ao OGMO!',
    emitida: 'Declaração enviada com sucesso!',
    erroEnvio: 'Erro ao enviar a declaração de afastamento!',
  },
};

/** Default of ErroGenerico when loading or accessing fails without a message (docs/produto/minha-conta.md §8). */
export const MENSAGEM_ERRO_CONSULTA = 'Erro ao consultar a declaração de afastamento!';
export const MENSAGEM_ERRO_DADOS_PESSOAIS =
  'Erro ao obter seus dados pessoais para a emissão da declaração! Entre em contato com o OGMO!';

/** First part of the verification code: LKD-7K3M-9QX2, AFT-…. */
export const PREFIXOS_CODIGO: Record<TipoDeclaracao, string> = { lockdown: 'LKD', mp945: 'AFT' };

export interface OrganizacaoDeclaracao {
  nome: string;
  nomeCompleto: string;
  cidade: string;
  porto: string;
}

export type BlocoDeclaracao =
  | { tipo: 'paragrafo'; texto: string }
  | { tipo: 'opcao'; marcada: boolean; texto: string };

export interface TextoDeclaracao {
  titulo: string;
  blocos: BlocoDeclaracao[];
  /** 'Recife, 21 de novembro de 2026.' */
  localData: string;
  /** Lines under the signature rule. */
  assinatura: string[];
}

/** The five situations of MP 945/2020, art. 2º, in the order the worker reads them. */
export const SITUACOES_AFASTAMENTO: readonly { chave: keyof SituacoesAfastamento; texto: string }[] = [
  {
    chave: 'sintomas',
    texto:
      'Apresento sintomas compatíveis com a covid-19 (tosse seca, dor de garganta ou dificuldade respiratória, com ou sem febre).',
  },
  { chave: 'covid19', texto: 'Fui diagnosticado(a) com a covid-19.' },
  {
    chave: 'cuidado',
    texto: 'Estou em isolamento domiciliar por morar com pessoa diagnosticada com a covid-19.',
  },
  { chave: 'gestante', texto: 'Estou gestante ou lactante.' },
  {
    chave: 'doenca',
    texto:
      'Tenho imunodeficiência, doença respiratória ou doença preexistente crônica ou grave (como doença cardiovascular, respiratória ou metabólica).',
  },
];

/** 'yyyy-MM-dd' → the long date of the lockdown declaration, '21 de novembro de 2026'. */
function porExtenso(dataIso: string): string {
  const [ano, mes, dia] = dataIso.split('-').map(Number);
  return dataPorExtenso(new Date(ano ?? 2000, (mes ?? 1) - 1, dia ?? 1));
}

export interface EntradaLockdown {
  dadosTPA: DadosTpaLockdown;
  codSindicato: number;
  organizacao: OrganizacaoDeclaracao;
  /** yyyy-MM-dd, the port's local date of the declaration. */
  data: string;
}

/** The lockdown activity declaration, issued by the OGMO for the worker. Wording depends on the union (§6). */
export function textoDeclaracaoLockdown({
  dadosTPA: d,
  codSindicato,
  organizacao: org,
  data,
}: EntradaLockdown): TextoDeclaracao {
  const identificacao =
    `${d.nome}, portador(a) do RG nº ${d.rgNumero} ${d.rgOrgaoExp}/${d.rgUF}, expedido em ${d.rgEmissao}, ` +
    `inscrito(a) no CPF sob o nº ${formatarCpf(d.cpf)}, residente em ${d.endLogradouro}, ` +
    `bairro ${d.endBairro}, ${d.endCidade}/${d.endUF}`;
  const atividade =
    codSindicato === SINDICATO_OGMO
      ? `é portuário(a) deste Órgão Gestor, que presta os serviços de resgate, escalação e fiscalização do trabalho portuário no ${org.porto}`
      : `é trabalhador(a) portuário(a) avulso(a) registrado(a) neste Órgão Gestor, escalado(a) para as operações de carga e descarga de mercadorias no ${org.porto}`;
  const jornada =
    codSindicato === SINDICATO_OGMO
      ? 'Esses serviços acompanham as operações portuárias, que funcionam sem interrupção, em turnos de dia e de noite, inclusive aos sábados, domingos e feriados.'
      : 'O trabalho portuário avulso é prestado por escala, em turnos de dia e de noite, inclusive aos sábados, domingos e feriados.';
  return {
    titulo: 'DECLARAÇÃO DE ATIVIDADE',
    blocos: [
      {
        tipo: 'paragrafo',
        texto: `O ${org.nomeCompleto} (${org.nome}) declara, para os devidos fins, que ${identificacao}, ${atividade}.`,
      },
      {
        tipo: 'paragrafo',
        texto: `As operações portuárias são atividade essencial (Decreto Federal nº 10.282, de 20 de março de 2020). Por isso, durante o período de restrição de circulação (lockdown), o(a) declarado(a) precisa se deslocar entre a sua residência e o ${org.porto} para exercer as suas atividades.`,
      },
      { tipo: 'paragrafo', texto: jornada },
    ],
    localData: `${org.cidade}, ${porExtenso(data)}.`,
    assinatura: [org.nome, 'Emitida eletronicamente pelo Portal do TPA'],
  };
}

export interface EntradaMp945 {
  dadosTPA: DadosTpaMp945;
  situacoesAfastamento: SituacoesAfastamento;
  dadosContato: Pick<DadosContatoMp945, 'cidade' | 'uf'>;
  organizacao: OrganizacaoDeclaracao;
  /** yyyy-MM-dd, the port's local date of the declaration. */
  data: string;
}

/** The leave declaration the worker sends to the OGMO (MP 945/2020, art. 2º). */
export function textoDeclaracaoMp945({
  dadosTPA: d,
  situacoesAfastamento: s,
  dadosContato: c,
  organizacao: org,
  data,
}: EntradaMp945): TextoDeclaracao {
  return {
    titulo: 'DECLARAÇÃO DE AFASTAMENTO – MEDIDA PROVISÓRIA Nº 945/2020',
    blocos: [
      {
        tipo: 'paragrafo',
        texto:
          `Eu, ${d.nome}, nascido(a) em ${d.dataNascimento}, portador(a) do RG nº ${d.rgNumero}, ` +
          `expedido pelo(a) ${d.rgOrgaoExp}/${d.rgUF} em ${d.rgEmissao}, inscrito(a) no CPF sob o nº ` +
          `${formatarCpf(d.cpf)} e no PIS sob o nº ${formatarPis(d.pis)}, trabalhador(a) portuário(a) ` +
          `avulso(a) registrado(a) no ${org.nome}, declaro, para os fins do art. 2º da Medida Provisória ` +
          'nº 945, de 4 de abril de 2020, que me encontro na(s) situação(ões) assinalada(s) com X abaixo, ' +
          'que me impede(m) de ser escalado(a) para o trabalho:',
      },
      ...SITUACOES_AFASTAMENTO.map(
        ({ chave, texto }): BlocoDeclaracao => ({ tipo: 'opcao', marcada: s[chave] === true, texto }),
      ),
      {
        tipo: 'paragrafo',
        texto:
          `Declaro, ainda, que comunicarei ao ${org.nome} qualquer mudança nessas situações, que apresentarei ` +
          'os documentos que as comprovem quando solicitado(a) e que estou ciente de que prestar informação ' +
          'falsa é crime (art. 299 do Código Penal).',
      },
    ],
    localData: `${c.cidade}/${c.uf}, ${dataIsoParaBr(data)}.`,
    assinatura: [d.nome, `CPF ${formatarCpf(d.cpf)}`],
  };
}

/** '(X) texto' / '( ) texto': how a situation reads in plain text. */
export function textoOpcao(bloco: { marcada: boolean; texto: string }): string {
  return `(${bloco.marcada ? 'X' : ' '}) ${bloco.texto}`;
}

/** The whole declaration as plain text (tests, logs, accessibility). */
export function textoPlano(t: TextoDeclaracao): string {
  return [
    t.titulo,
    ...t.blocos.map((b) => (b.tipo === 'paragrafo' ? b.texto : textoOpcao(b))),
    t.localData,
    ...t.assinatura,
  ].join('\n');
}
