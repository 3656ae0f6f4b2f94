import { dataHoraLocal, dataLocal, horaLocal, somarDias, TURNOS } from '#common/tempo.ts';
import type { Config } from '../../config.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { Aleatorio, nomeCompleto, pisValido } from '../../plataforma/semente/aleatorio.ts';
import {
  emLotes,
  habilitacoesSorteadas,
  historicoDeTrabalhos,
  linhaAvulso,
  PARAMETROS_PONTEIRO,
  retratoSvg,
  trabalhoAleatorio,
} from '../../plataforma/semente/comum.ts';
import type { AvulsoTable, TrabalhoTable } from './tabelas.ts';

/** The open call of the demo and the three closed ones before it (test users may load those). */
export const ESCALA_ABERTA_DEMO = 4521;
export const ESCALAS_FECHADAS_DEMO = [4518, 4519, 4520] as const;

export interface ContaDemo {
  codAvulso: string;
  nome: string;
  sexo: 'F' | 'M';
  codSindicato: number;
  codCategoria: number;
  artigo: number;
  habilitacoes: number[];
  impedimentos?: string[];
  escolhaPoraoEstiva?: boolean;
  cpf?: string;
  dataNascimento?: string;
  semFoto?: boolean;
}

/** The accounts of docs/produto/decisoes.md §4, all with password 123456. */
export const CONTAS_DEMO: readonly ContaDemo[] = [
  {
    codAvulso: '100001',
    nome: 'JOSÉ CARLOS DA SILVA',
    sexo: 'M',
    codSindicato: 1,
    codCategoria: 1,
    artigo: 55,
    habilitacoes: [101, 102, 104, 105, 107, 108, 110, 111, 119, 121, 129],
    cpf: '52998224725',
    dataNascimento: '1980-03-15',
  },
  {
    codAvulso: '100002',
    nome: 'MARIA DAS GRAÇAS OLIVEIRA',
    sexo: 'F',
    codSindicato: 2,
    codCategoria: 2,
    artigo: 55,
    habilitacoes: [201, 203, 204, 205, 206, 209, 210],
  },
  {
    codAvulso: '100003',
    nome: 'ANTÔNIO FERREIRA LIMA',
    sexo: 'M',
    codSindicato: 6,
    codCategoria: 6,
    artigo: 55,
    habilitacoes: [601, 603, 604, 606, 608, 610, 619, 620, 624],
    semFoto: true,
  },
  {
    codAvulso: '100004',
    nome: 'SEVERINO DOS SANTOS CAVALCANTI',
    sexo: 'M',
    codSindicato: 4,
    codCategoria: 4,
    artigo: 55,
    habilitacoes: [401, 402, 403, 404],
  },
  {
    codAvulso: '100005',
    nome: 'MARCOS ANTÔNIO BEZERRA',
    sexo: 'M',
    codSindicato: 1,
    codCategoria: 1,
    artigo: 54,
    habilitacoes: [101, 107, 110],
    impedimentos: [
      'Exame médico periódico (ASO) vencido em 10/11/2026. Procure o Setor de Saúde do OGMO.',
      'Treinamento NR-29 pendente. Compareça ao Setor de Treinamento para reciclagem.',
    ],
  },
  {
    codAvulso: '100006',
    nome: 'ANA PAULA DE MELO',
    sexo: 'F',
    codSindicato: 1,
    codCategoria: 1,
    artigo: 55,
    habilitacoes: [101, 104, 110, 111],
  },
  {
    codAvulso: '100007',
    nome: 'FRANCISCO DE ASSIS MOURA',
    sexo: 'M',
    codSindicato: 8,
    codCategoria: 1,
    artigo: 55,
    habilitacoes: [101, 107, 110, 121, 601, 603, 606, 610],
  },
  {
    // Not in docs/produto/decisoes.md §4: an Estivador who may choose the hold (escolhaPoraoEstiva), so the flat list of
    // docs/produto/escalacao.md §2 can be seen (docs/decisions/0021-escalacao-demo.md).
    codAvulso: '100008',
    nome: 'ANTÔNIO MARCOS FERREIRA',
    sexo: 'M',
    codSindicato: 1,
    codCategoria: 1,
    artigo: 55,
    habilitacoes: [101, 104, 107, 110, 111, 121],
    escolhaPoraoEstiva: true,
  },
  {
    codAvulso: '900001',
    nome: 'RODRIGO ALBUQUERQUE PESSOA',
    sexo: 'M',
    codSindicato: 9,
    codCategoria: 9,
    artigo: 55,
    habilitacoes: [101, 104, 107, 110, 121, 201, 204, 209, 401, 402, 404, 601, 603, 610],
  },
];

const SINDICATOS_GERADOS: readonly { cod: number; qtd: number; categoria: number }[] = [
  { cod: 1, qtd: 110, categoria: 1 },
  { cod: 2, qtd: 40, categoria: 2 },
  { cod: 3, qtd: 15, categoria: 1 },
  { cod: 4, qtd: 35, categoria: 4 },
  { cod: 5, qtd: 15, categoria: 1 },
  { cod: 6, qtd: 45, categoria: 6 },
  { cod: 7, qtd: 20, categoria: 7 },
  { cod: 8, qtd: 20, categoria: 1 },
];

const faixa = (de: number, ate: number) => Array.from({ length: ate - de + 1 }, (_, i) => de + i);
const ESTIVA = faixa(101, 130);
const CONFERENCIA = faixa(201, 211);
const CONSERTO = faixa(301, 308);
const VIGIA = faixa(401, 404);
const BLOCO = faixa(501, 511);
const CAPATAZIA = faixa(601, 626);

function habilitacoesGeradas(rnd: Aleatorio, sindicato: number): number[] {
  const de = (base: number, lista: number[], min: number, max: number) =>
    habilitacoesSorteadas(rnd, base, lista, min, max);
  switch (sindicato) {
    case 1:
      return de(101, ESTIVA, 4, 9);
    case 2:
      return de(201, CONFERENCIA, 3, 6);
    case 3:
      return de(301, CONSERTO, 2, 4);
    case 4:
      return de(401, VIGIA, 1, 3);
    case 5:
      return de(501, BLOCO, 3, 5);
    case 8:
      return [...de(101, ESTIVA, 3, 5), ...de(601, CAPATAZIA, 3, 5)];
    default:
      return de(601, CAPATAZIA, 4, 8);
  }
}

/**
 * Workers, qualifications, engagements, photos, parameters, the calls and service messages of the demo.
 * Deterministic but for "now": the open call is today and the history ends yesterday.
 */
export async function semearFundacao(db: DbOuTrx, config: Config, senhaHash: string, agora: Date) {
  const rnd = new Aleatorio(20171127);
  const fuso = config.fusoHorario;
  const hoje = dataLocal(agora, fuso);

  const avulsos: AvulsoTable[] = [];
  const habilitacoes: { cod_avulso: string; cod_funcao: number }[] = [];
  const impedimentos: { cod_avulso: string; ordem: number; mensagem: string }[] = [];
  const fotos: { cod_avulso: string; tipo: string; conteudo: Uint8Array }[] = [];
  const cpfs = new Set<string>();
  let numChamada = 1;

  const novoAvulso = (conta: ContaDemo): AvulsoTable =>
    linhaAvulso(
      rnd,
      cpfs,
      {
        ...conta,
        numChamada: numChamada++,
        senhaHash,
        impedimento: conta.impedimentos !== undefined,
      },
      (r) => ({
        rg_numero: r.digitos(r.inteiro(7, 9)),
        rg_orgao_exp: 'SDS',
        rg_uf: 'PE',
        rg_emissao: `${r.inteiro(2005, 2022)}-${String(r.inteiro(1, 12)).padStart(2, '0')}-${String(r.inteiro(1, 28)).padStart(2, '0')}`,
        pis: pisValido(r),
        end_logradouro: `Rua ${r.escolher(['da Aurora', 'do Sol', 'Nova', 'das Flores', 'Vinte e Um de Abril', 'Estrada de Gaibu'])}, ${r.inteiro(10, 999)}`,
        end_bairro: r.escolher([
          'Centro',
          'Boa Viagem',
          'Nossa Senhora do Ó',
          'Gaibu',
          'Pontezinha',
          'Prazeres',
        ]),
        end_cidade: r.escolher(['Recife', 'Jaboatão dos Guararapes', 'Cabo de Santo Agostinho', 'Ipojuca']),
        end_uf: 'PE',
      }),
    );

  for (const conta of CONTAS_DEMO) {
    const avulso = novoAvulso(conta);
    avulsos.push(avulso);
    for (const cod_funcao of conta.habilitacoes)
      habilitacoes.push({ cod_avulso: conta.codAvulso, cod_funcao });
    conta.impedimentos?.forEach((mensagem, i) => {
      impedimentos.push({ cod_avulso: conta.codAvulso, ordem: i + 1, mensagem });
    });
    if (!conta.semFoto)
      fotos.push({
        cod_avulso: conta.codAvulso,
        tipo: 'image/svg+xml',
        conteudo: retratoSvg(conta.nome, rnd),
      });
  }
  const jose = avulsos[0];
  if (jose) {
    jose.email = 'jose.silva@exemplo.com.br';
    jose.telefone = '(81) 98765-4321';
  }

  let codigo = 100101;
  for (const { cod, qtd, categoria } of SINDICATOS_GERADOS) {
    for (let i = 0; i < qtd; i++) {
      const sexo = rnd.chance(cod === 2 || cod === 6 ? 0.25 : 0.1) ? 'F' : 'M';
      const conta: ContaDemo = {
        codAvulso: String(codigo++),
        nome: nomeCompleto(rnd, sexo),
        sexo,
        codSindicato: cod,
        codCategoria: categoria,
        artigo: rnd.chance(0.8) ? 55 : 54,
        habilitacoes: habilitacoesGeradas(rnd, cod),
      };
      avulsos.push(novoAvulso(conta));
      for (const cod_funcao of new Set(conta.habilitacoes)) {
        habilitacoes.push({ cod_avulso: conta.codAvulso, cod_funcao });
      }
      if (rnd.chance(0.7)) {
        fotos.push({
          cod_avulso: conta.codAvulso,
          tipo: 'image/svg+xml',
          conteudo: retratoSvg(conta.nome, rnd),
        });
      }
    }
  }

  // Engagements: two years for the demo accounts, three weeks for everyone else.
  const trabalhos: Omit<TrabalhoTable, 'id'>[] = [];
  const habilitacoesDe = new Map<string, number[]>();
  for (const h of habilitacoes)
    habilitacoesDe.set(h.cod_avulso, [...(habilitacoesDe.get(h.cod_avulso) ?? []), h.cod_funcao]);
  const contasDemo = new Set(CONTAS_DEMO.map((c) => c.codAvulso));
  for (const avulso of avulsos) {
    const funcoes = habilitacoesDe.get(avulso.cod_avulso) ?? [101];
    const dias = contasDemo.has(avulso.cod_avulso) ? 730 : 21;
    const chancePorDia = contasDemo.has(avulso.cod_avulso) ? 0.45 : 0.35;
    trabalhos.push(...historicoDeTrabalhos(rnd, avulso.cod_avulso, hoje, dias, chancePorDia, funcoes, fuso));
  }
  // 100001 is at work right now: the shift that contains "now" (docs/decisions/0004-trabalho-corrente.md).
  const hora = horaLocal(agora, fuso);
  const turnoAgora = TURNOS.find((t) =>
    t.horaFim > t.horaInicio
      ? hora >= t.horaInicio && hora < t.horaFim
      : hora >= t.horaInicio || hora < t.horaFim,
  );
  if (turnoAgora) {
    const dataTurno =
      turnoAgora.horaFim < turnoAgora.horaInicio && hora < turnoAgora.horaFim ? somarDias(hoje, -1) : hoje;
    trabalhos.push({
      ...trabalhoAleatorio(rnd, '100001', dataTurno, turnoAgora, 101, fuso),
      operador: 'Tecon Suape',
      navio: 'MSC AURORA',
      local_atracacao: 'Cais CMU Leste',
      mercadoria: 'Contêineres',
      faina: 'Descarga',
    });
  }

  await emLotes(avulsos, 200, (lote) => db.insertInto('avulso').values(lote).execute());
  await emLotes(habilitacoes, 500, (lote) => db.insertInto('habilitacao').values(lote).execute());
  if (impedimentos.length) await db.insertInto('impedimento_mensagem').values(impedimentos).execute();
  await emLotes(fotos, 100, (lote) => db.insertInto('foto').values(lote).execute());
  await emLotes(trabalhos, 500, (lote) => db.insertInto('trabalho').values(lote).execute());

  await db
    .insertInto('parametro')
    .values([
      ...PARAMETROS_PONTEIRO,
      { nome: 'EXIBIR_BOTAO_DECLARACAO_LOCKDOWN', valor: 'todos' },
      { nome: 'EXIBIR_BOTAO_DECLARACAO_MP945', valor: 'todos' },
    ])
    .execute();

  const { data: dataHoje } = dataHoraLocal(agora, fuso);
  const dataIso = (yyyymmdd: string) =>
    `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
  await db
    .insertInto('escala')
    .values([
      ...ESCALAS_FECHADAS_DEMO.map((num, i) => ({
        num_escalacao: num,
        data_chamada: dataIso(somarDias(hoje, i - ESCALAS_FECHADAS_DEMO.length)),
        hora_chamada: '06:30',
        aberta: 0,
        situacao: 'fechada' as const,
      })),
      {
        num_escalacao: ESCALA_ABERTA_DEMO,
        data_chamada: dataHoje,
        hora_chamada: '06:30',
        aberta: 1,
        situacao: 'aberta',
      },
    ])
    .execute();

  await db
    .insertInto('mensagem_servico')
    .values([
      {
        cod_avulso: '100001',
        titulo: 'Atualização cadastral',
        corpo:
          'Seu cadastro vence em 30 dias. Compareça ao atendimento do OGMO com documento de identidade e comprovante de residência para atualizá-lo.',
        criada_em: agora.toISOString(),
      },
      {
        cod_avulso: '100001',
        titulo: 'Treinamento NR-29',
        corpo:
          'Estão abertas as inscrições para a reciclagem da NR-29 (segurança e saúde no trabalho portuário). Inscreva-se no Setor de Treinamento até sexta-feira.',
        criada_em: agora.toISOString(),
      },
    ])
    .execute();
}
