import { randomBytes, randomInt } from 'node:crypto';
import type { TextoDeclaracao, TipoDeclaracao } from '#common/declaracoes.ts';
import { PREFIXOS_CODIGO } from '#common/declaracoes.ts';
import type { Config } from '../../config.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { gerarPdfDeclaracao } from './pdf.ts';
import { declaracaoDoAvulso, inserirDeclaracao } from './repositorio.ts';

/**
 * Issuing a declaration: a verification code, a capability token for the PDF link, the PDF itself, and
 * one INSERT that the database refuses when the worker already has a declaration of that kind
 * (unique cod_avulso + tipo), so two simultaneous submits cannot both issue one.
 * docs/decisions/0050-declaracoes.md, 0051-declaracoes-pdf-e-verificacao.md
 */

/** No 0/O, 1/I/L: the code is read from paper and typed by people. */
const ALFABETO_CODIGO = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * 'LKD-7K3M-9QX2': 8 symbols of 31, about 40 bits, from the system's CSPRNG
 * (the demo seed passes its own deterministic draw).
 */
export function gerarCodigoVerificacao(
  tipo: TipoDeclaracao,
  sortear: (n: number) => number = (n) => randomInt(n),
): string {
  const simbolo = () => ALFABETO_CODIGO[sortear(ALFABETO_CODIGO.length)];
  const grupo = () => Array.from({ length: 4 }, simbolo).join('');
  return `${PREFIXOS_CODIGO[tipo]}-${grupo()}-${grupo()}`;
}

export function urlDeclaracao(token: string): string {
  return `/api/declaracoes/${token}.pdf`;
}

export function urlVerificacao(config: Config, codigo: string): string {
  return `${config.urlPublica}/verificar/${codigo}`;
}

const SUBTITULOS: Record<TipoDeclaracao, string> = {
  lockdown: 'Atividade · lockdown',
  mp945: 'Afastamento · MP 945/2020',
};

export interface NovaDeclaracao {
  tipo: TipoDeclaracao;
  codAvulso: string;
  texto: TextoDeclaracao;
  /** As printed: the name and CPF the worker confirmed. */
  nome: string;
  cpf: string;
  dadosTPA: unknown;
  dadosContato: unknown;
  situacoes: unknown;
  dataHoraInicio: string;
  emitidaEm: Date;
  /** Demo seed only: a fixed code. */
  codigo?: string;
}

export interface ResultadoEmissao {
  url: string;
  /** false: the worker already had one; `url` is that one's and nothing was written. */
  criada: boolean;
}

export async function emitirDeclaracao(
  db: DbOuTrx,
  config: Config,
  nova: NovaDeclaracao,
): Promise<ResultadoEmissao> {
  // A repeated code or token (about 1 in 10^12) also hits a unique constraint: draw again.
  for (let tentativa = 0; tentativa < 3; tentativa++) {
    const codigo = tentativa === 0 && nova.codigo ? nova.codigo : gerarCodigoVerificacao(nova.tipo);
    const token = randomBytes(32).toString('base64url');
    const pdf = await gerarPdfDeclaracao({
      organizacao: config.organizacao,
      texto: nova.texto,
      subtitulo: SUBTITULOS[nova.tipo],
      codigo,
      urlVerificacao: urlVerificacao(config, codigo),
      emitidaEm: nova.emitidaEm,
      fusoHorario: config.fusoHorario,
    });
    const inserida = await inserirDeclaracao(db, {
      tipo: nova.tipo,
      cod_avulso: nova.codAvulso,
      codigo_verificacao: codigo,
      token_url: token,
      emitida_em: nova.emitidaEm.toISOString(),
      data_hora_inicio: nova.dataHoraInicio,
      nome: nova.nome,
      cpf: nova.cpf,
      dados_tpa: JSON.stringify(nova.dadosTPA),
      dados_contato: JSON.stringify(nova.dadosContato),
      situacoes: nova.situacoes === null ? null : JSON.stringify(nova.situacoes),
      pdf,
    });
    if (inserida) return { url: urlDeclaracao(token), criada: true };
    const existente = await declaracaoDoAvulso(db, nova.codAvulso, nova.tipo);
    if (existente) return { url: urlDeclaracao(existente.token_url), criada: false };
  }
  throw new Error('Não foi possível gerar um código de verificação único.');
}
