import { SITUACOES_ESCOLHA } from '#common/dominio.ts';
import type { DecisaoAvulso, SituacaoEscolha } from '../rodizio/index.ts';
import { textoEscolha, textoEscolhaV1, textoMotivo, textoMotivoV1 } from '../rodizio/index.ts';

/**
 * The rotation's audit as it is stored (docs/decisions/0154, addendum): codes, not sentences. The engine
 * writes one paragraph and a sentence per choice for each of the ~6,000 workers of a Santos call (~9 MB);
 * storing them took most of the rotation's time on PostgreSQL. What makes those sentences is small: per
 * worker the engaged position, the rest setting, the impediment message and, per choice, the offer, its
 * situation and preference; per offer, its description and last engaged number (`escala_auditoria_oferta`).
 * Those are stored with the call and rendered into the same Portuguese when read, by the engine's own
 * sentence builders (server/modulos/rodizio/auditoria.ts), so the text is the one the engine wrote.
 *
 * Immutability: everything the text depends on is stored with the call when the rotation runs (the offers'
 * descriptions too, not read from the requisitions), and the wording belongs to format version 1: a change
 * of wording must come as a new version, rendering old calls with the old words.
 *
 * A row written before this format (a JSON object: server/modulos/rodizio's DecisaoAvulso with its texts) is read
 * as it is.
 */

/**
 * Version 2 (docs/decisions/0214): 'sua 1ª escolha', the offers named with their date and shift, numbers as
 * 'Chamada 047'. Version 1 rows (calls rotated before) render with version 1's words.
 */
const VERSAO = 2;
const VERSOES = new Set([1, 2]);

/** Situation ↔ code in the stored arrays: the index in SITUACOES_ESCOLHA (append only). */
const SITUACOES: readonly SituacaoEscolha[] = SITUACOES_ESCOLHA;
const CODIGO_SITUACAO = new Map(SITUACOES.map((s, i) => [s, i]));

/** One offer of the call as the audit names it. */
export interface OfertaAuditada {
  descricao: string;
  /** numChamada of the offer's last engaged worker in rotation order; null when nobody. */
  ultimoEscalado: number | null;
}

export interface EscolhaLida {
  ordem: number;
  preferencia: number;
  situacao: SituacaoEscolha;
  texto: string;
}

export interface DecisaoLida {
  motivo: string;
  escolhas: EscolhaLida[];
}

/**
 * [versão, ordem engajada (0: none), horas de descanso, [oferta, situação, preferência, …], motivo do
 * impedimento, dobra?: [oferta, ordem na lista, horas de descanso reduzidas] (docs/decisions/0218)]
 */
type Codigo = [number, number, number, number[], string | null, [number, number, number]?];

/** The double shift a worker got in the same call (docs/decisions/0218). */
export interface DobraGravada {
  ofertaId: number;
  ordem: number;
  horas: number;
}

/** The compact text stored for one worker (~60 bytes instead of ~1.5 KB). */
export function codificarDecisao(
  d: DecisaoAvulso,
  horasDescanso: number,
  motivoImpedimento: string | null | undefined,
  dobra?: DobraGravada,
): string {
  const escolhas: number[] = [];
  for (const e of d.escolhas) {
    escolhas.push(e.ofertaId, CODIGO_SITUACAO.get(e.situacao) ?? 0, e.preferencia);
  }
  const impedido = d.escolhas.some((e) => e.situacao === 'impedido');
  const codigo: Codigo = [
    VERSAO,
    d.ordem ?? 0,
    horasDescanso,
    escolhas,
    impedido ? (motivoImpedimento ?? null) : null,
  ];
  if (dobra) codigo.push([dobra.ofertaId, dobra.ordem, dobra.horas]);
  return JSON.stringify(codigo);
}

type Lido = { antigo: DecisaoAvulso } | { codigo: Codigo };

function ler(texto: string): Lido {
  const valor = JSON.parse(texto) as unknown;
  if (Array.isArray(valor) && VERSOES.has(valor[0])) return { codigo: valor as Codigo };
  return { antigo: valor as DecisaoAvulso };
}

/** The offers a stored decision names (to read only their descriptions); none for an old row. */
export function ofertasDaDecisao(texto: string): number[] {
  const l = ler(texto);
  if ('antigo' in l) return [];
  const ids: number[] = [];
  for (let i = 0; i < l.codigo[3].length; i += 3) ids.push(l.codigo[3][i] as number);
  const dobra = l.codigo[5];
  if (dobra && !ids.includes(dobra[0])) ids.push(dobra[0]);
  return ids;
}

/** The paragraph and the sentences, as the engine wrote them. */
export function lerDecisao(texto: string, ofertas: ReadonlyMap<number, OfertaAuditada>): DecisaoLida {
  const l = ler(texto);
  if ('antigo' in l) {
    return {
      motivo: l.antigo.motivo,
      escolhas: l.antigo.escolhas.map((e) => ({
        ordem: e.ordem,
        preferencia: e.preferencia,
        situacao: e.situacao,
        texto: e.texto,
      })),
    };
  }
  const [versao, ordem, horas, lista, motivoImpedimento] = l.codigo;
  const escolha = versao === 1 ? textoEscolhaV1 : textoEscolha;
  const motivo = versao === 1 ? textoMotivoV1 : textoMotivo;
  const escolhas: EscolhaLida[] = [];
  let impedido = false;
  let nomePrimeira = '';
  for (let i = 0; i < lista.length; i += 3) {
    const id = lista[i] as number;
    const situacao = SITUACOES[lista[i + 1] as number] ?? 'preenchida';
    const oferta = ofertas.get(id);
    const descricao = oferta?.descricao ?? `oferta ${id}`;
    if (i === 0) nomePrimeira = ` (${descricao})`;
    if (situacao === 'impedido') impedido = true;
    escolhas.push({
      ordem: i / 3 + 1,
      preferencia: lista[i + 2] as number,
      situacao,
      texto: escolha(i / 3, descricao, situacao, horas, motivoImpedimento, oferta?.ultimoEscalado),
    });
  }
  const paragrafo = motivo(
    { impedido, motivoImpedimento },
    escolhas,
    ordem === 0 ? null : ordem,
    nomePrimeira,
  );
  const dobra = l.codigo[5];
  if (!dobra) return { motivo: paragrafo, escolhas };
  const [id, ordemDobra, horasDobra] = dobra;
  const descricao = ofertas.get(id)?.descricao ?? `oferta ${id}`;
  return {
    motivo:
      `${paragrafo} Dobra: escalado também na sua ${ordemDobra}ª escolha (${descricao}), ` +
      `com o descanso mínimo de ${horasDobra} horas entre os dois turnos, como o acordo coletivo permite.`,
    escolhas,
  };
}
