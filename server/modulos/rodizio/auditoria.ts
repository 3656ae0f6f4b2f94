import { aparenciaFuncao } from '#common/funcoes.ts';
import { nomePorao } from '#common/porao.ts';
import { preencher, turno } from '#common/texto.ts';
import type {
  AvulsoRodizio,
  DecisaoAvulso,
  DecisaoEscolha,
  EscolhaRodizio,
  OfertaRodizio,
  SituacaoEscolha,
} from './tipos.ts';

/**
 * An offer as the audit names it (docs/decisions/0214): ship, hold, function, and the shift's date and hours,
 * so the same ship, hold and function in two shifts read apart: 'MSC AURORA, Porão 2, Estivador, 23/11 07-13'.
 * `dataOperacao` yyyymmdd.
 */
export function descreverOferta(oferta: {
  nomeNavio: string;
  numPorao: string;
  codFuncao: number;
  dataOperacao?: string;
  horaInicio?: number;
  horaFim?: number;
}): string {
  const base = `${oferta.nomeNavio}, ${nomePorao(oferta.numPorao)}, ${aparenciaFuncao(oferta.codFuncao).nome}`;
  const { dataOperacao: d, horaInicio, horaFim } = oferta;
  if (d === undefined || horaInicio === undefined || horaFim === undefined) return base;
  return `${base}, ${d.slice(6, 8)}/${d.slice(4, 6)} ${turno(horaInicio, horaFim)}`;
}

/** 'Chamada 047': the number as the top bar writes it (web/components/layout/barra-superior.tsx). */
export function numeroChamada(numChamada: number): string {
  return `Chamada ${preencher(numChamada, 3)}`;
}

/** What follows 'sua 2ª escolha (…)' for each situation but 'preenchida', whose words name the offer's last engaged. */
function complemento(
  situacao: SituacaoEscolha,
  horasDescanso: number,
  motivoImpedimento: string | null | undefined,
): string {
  switch (situacao) {
    case 'escalado':
      return ': escalado';
    case 'sem-vagas':
      return ' não tinha vagas';
    case 'sem-habilitacao':
      return ' não valeu: no momento do rodízio você não tinha habilitação para a função';
    case 'sem-descanso':
      return ` não valeu: você não teria o descanso mínimo de ${horasDescanso} horas entre esse turno e outro trabalho seu`;
    case 'impedido':
      return motivoImpedimento
        ? ` não valeu: você estava impedido no momento do rodízio (${motivoImpedimento})`
        : ' não valeu: você estava impedido no momento do rodízio';
    case 'nao-necessaria':
      return ' não foi necessária: você já estava escalado numa escolha anterior';
    case 'turno-encerrado':
      return ' não valeu: o turno já tinha terminado quando o rodízio foi apurado';
    case 'ja-escalado':
      return ' não valeu: você já tinha sido escalado na escala principal (a repescagem é de quem não foi)';
    case 'preenchida':
      return ' foi preenchida por trabalhadores à sua frente no rodízio';
  }
}

const ORDINAIS = Array.from({ length: 20 }, (_, i) => `sua ${i + 1}ª escolha`);
const ordinal = (posicao: number) => ORDINAIS[posicao] ?? `sua ${posicao + 1}ª escolha`;

/**
 * The sentence about one choice: 'sua 2ª escolha (MSC AURORA, Porão 2, Estivador, 23/11 07-13) foi
 * preenchida …'. `posicao` is 0-based in the worker's list; `ultimo` is the offer's last engaged numChamada (for
 * 'preenchida'). The stored audit (server/modulos/gestao/auditoria-gravada.ts) renders its codes with this same
 * function (format version 2; version 1's words are `textoEscolhaV1`).
 */
export function textoEscolha(
  posicao: number,
  descricao: string,
  situacao: SituacaoEscolha,
  horasDescanso: number,
  motivoImpedimento: string | null | undefined,
  ultimo: number | null | undefined,
): string {
  if (situacao === 'preenchida') return ordinal(posicao) + textoPreenchida(descricao, ultimo);
  return `${ordinal(posicao)} (${descricao})${complemento(situacao, horasDescanso, motivoImpedimento)}`;
}

/** ' (MSC AURORA, …) foi preenchida … (último escalado: Chamada 412)'. */
function textoPreenchida(descricao: string, ultimo: number | null | undefined): string {
  const n = ultimo == null || Number.isNaN(ultimo) ? 0 : ultimo;
  return ` (${descricao})${complemento('preenchida', 0, null)} (último escalado: ${numeroChamada(n)})`;
}

export interface DadosAuditoria {
  /** Rotation order (the engine's worker numbering). */
  avulsos: readonly AvulsoRodizio[];
  escolhas: readonly EscolhaRodizio[];
  /** Each worker's choices best first, flat (RodizioPreparado.listaEscolhas / inicioLista). */
  listaEscolhas: Int32Array;
  inicioLista: Int32Array;
  ofertaDaEscolha: Int32Array;
  ofertas: readonly OfertaRodizio[];
  /** Per worker: the engaged choice's position in listaEscolhas, -1 when none. */
  escolhaDoAvulso: Int32Array;
  /** Per offer: numChamada of its last engaged worker in rotation order, NaN when none. */
  ultimoPorOferta: Float64Array;
  horasDescanso: number;
}

/**
 * Why every worker who chose got what they got (docs/decisions/0143), in words a worker understands. Each
 * choice above the engaged one failed for a reason the worker can check: it was full of workers ahead of
 * them in the rotation (stability guarantees it: a free vacancy or someone behind them there would be a
 * blocking pair), it had no vacancy, or it was not valid for them when the rotation ran. Sorted by codAvulso.
 */
export function auditar(d: DadosAuditoria): DecisaoAvulso[] {
  // Per offer, the words every worker who finds it full reads: written once, shared.
  const nomeOferta = d.ofertas.map((o) => ` (${o.descricao})`);
  const preenchida = d.ofertas.map((o, i) => textoPreenchida(o.descricao, d.ultimoPorOferta[i]));
  const quem = porCodigo(d.avulsos, d.inicioLista);

  return Array.from(quem, (w) => {
    const avulso = d.avulsos[w] as AvulsoRodizio;
    const a = d.inicioLista[w] as number;
    const b = d.inicioLista[w + 1] as number;
    const engajada = d.escolhaDoAvulso[w] as number;
    const escolhas: DecisaoEscolha[] = [];
    for (let k = a; k < b; k++) {
      const e = d.escolhas[d.listaEscolhas[k] as number] as EscolhaRodizio;
      const o = d.ofertaDaEscolha[d.listaEscolhas[k] as number] as number;
      let situacao: SituacaoEscolha;
      if (engajada >= 0 && k > engajada) situacao = 'nao-necessaria';
      else if (k === engajada) situacao = 'escalado';
      else if (d.ofertas[o]?.encerrada) situacao = 'turno-encerrado';
      else if (avulso.jaEscalado) situacao = 'ja-escalado';
      else if (avulso.impedido) situacao = 'impedido';
      else if (!e.habilitado) situacao = 'sem-habilitacao';
      else if (!e.comDescanso) situacao = 'sem-descanso';
      else if ((d.ofertas[o]?.capacidade ?? 0) === 0) situacao = 'sem-vagas';
      else situacao = 'preenchida';
      const nome = ordinal(k - a);
      const decisao: DecisaoEscolha = {
        ofertaId: e.ofertaId,
        ordem: k - a + 1,
        preferencia: e.preferencia,
        situacao,
        texto:
          situacao === 'preenchida'
            ? nome + preenchida[o]
            : nome + nomeOferta[o] + complemento(situacao, d.horasDescanso, avulso.motivoImpedimento),
      };
      if (situacao === 'preenchida') decisao.ultimoEscalado = d.ultimoPorOferta[o] as number;
      escolhas.push(decisao);
    }
    const ordemEscalado = engajada >= 0 ? engajada - a + 1 : null;
    return {
      codAvulso: avulso.codAvulso,
      numChamada: avulso.numChamada,
      artigo: avulso.artigo,
      resultado: ordemEscalado === null ? 'nao-escalado' : 'escalado',
      ofertaId: ordemEscalado === null ? null : (escolhas[ordemEscalado - 1]?.ofertaId ?? null),
      ordem: ordemEscalado,
      motivo: textoMotivo(
        avulso,
        escolhas,
        ordemEscalado,
        nomeOferta[d.ofertaDaEscolha[d.listaEscolhas[a] as number] as number] ?? '',
      ),
      escolhas,
    };
  });
}

/**
 * The workers who chose, by codAvulso. Codes are six digits (TAMANHO_USUARIO): then their numeric order is
 * their text order and the sort compares numbers; any other code falls back to comparing text.
 */
function porCodigo(avulsos: readonly AvulsoRodizio[], inicioLista: Int32Array): Int32Array {
  const quem: number[] = [];
  for (let w = 0; w < avulsos.length; w++)
    if ((inicioLista[w + 1] as number) > (inicioLista[w] as number)) quem.push(w);
  const primeiro = avulsos[quem[0] ?? 0]?.codAvulso ?? '';
  const numericos = quem.every((w) => {
    const c = (avulsos[w] as AvulsoRodizio).codAvulso;
    return c.length === primeiro.length && c.length <= 15 && /^\d+$/.test(c);
  });
  if (numericos) {
    const numero = new Float64Array(avulsos.length);
    for (const w of quem) numero[w] = Number((avulsos[w] as AvulsoRodizio).codAvulso);
    return Int32Array.from(quem).sort((x, y) => (numero[x] as number) - (numero[y] as number));
  }
  const codigo = (w: number) => (avulsos[w] as AvulsoRodizio).codAvulso;
  return Int32Array.from(quem).sort((x, y) => (codigo(x) < codigo(y) ? -1 : codigo(x) > codigo(y) ? 1 : 0));
}

/**
 * The paragraph (docs/decisions/0143, worded as 0214) from the choices' sentences; `nomePrimeira` is ' (…)' of
 * the first choice. Shared with the stored audit's rendering.
 */
export function textoMotivo(
  avulso: Pick<AvulsoRodizio, 'impedido' | 'motivoImpedimento'>,
  escolhas: readonly Pick<DecisaoEscolha, 'texto'>[],
  ordemEscalado: number | null,
  nomePrimeira: string,
): string {
  if (ordemEscalado === 1) return `Escalado na sua 1ª escolha${nomePrimeira}.`;
  if (ordemEscalado !== null) {
    let texto = `Escalado na sua ${ordemEscalado}ª escolha: ${escolhas[0]?.texto}`;
    for (let i = 1; i < ordemEscalado - 1; i++) texto += `; ${escolhas[i]?.texto}`;
    return `${texto}.`;
  }
  if (avulso.impedido) {
    return avulso.motivoImpedimento
      ? `Não escalado: você estava impedido no momento do rodízio (${avulso.motivoImpedimento}).`
      : 'Não escalado: você estava impedido no momento do rodízio.';
  }
  return `Não escalado: ${escolhas.map((e) => e.texto).join('; ')}.`;
}

/**
 * Format version 1's words (docs/decisions/0143, before 0214): audits stored by calls rotated before
 * 2026-11-26 keep reading as their workers first read them. Frozen: never change these strings.
 */
const COMPLEMENTO_V1: Readonly<Record<SituacaoEscolha, string>> = {
  escalado: ': escalado',
  'sem-vagas': ' não tinha vagas',
  'sem-habilitacao': ' não valeu: no momento do rodízio você não tinha habilitação para a função',
  'sem-descanso': ' não valeu: você não teria o descanso mínimo de {h} horas antes desse turno',
  impedido: ' não valeu: você estava impedido no momento do rodízio',
  'nao-necessaria': ' não foi necessária: você já estava escalado numa preferência anterior',
  'turno-encerrado': ' não valeu: o turno já tinha terminado quando o rodízio foi apurado',
  'ja-escalado':
    ' não valeu: você já tinha sido escalado na escala principal (a repescagem é de quem não foi)',
  preenchida: ' foi preenchida por trabalhadores à sua frente no rodízio',
};

export function textoEscolhaV1(
  posicao: number,
  descricao: string,
  situacao: SituacaoEscolha,
  horasDescanso: number,
  motivoImpedimento: string | null | undefined,
  ultimo: number | null | undefined,
): string {
  const inicio = `a ${posicao + 1}ª (${descricao})`;
  if (situacao === 'preenchida') {
    const n = ultimo == null || Number.isNaN(ultimo) ? 0 : ultimo;
    return `${inicio}${COMPLEMENTO_V1.preenchida} (último escalado: nº ${preencher(n, 4)})`;
  }
  if (situacao === 'impedido' && motivoImpedimento)
    return `${inicio}${COMPLEMENTO_V1.impedido} (${motivoImpedimento})`;
  return inicio + COMPLEMENTO_V1[situacao].replace('{h}', String(horasDescanso));
}

export function textoMotivoV1(
  avulso: Pick<AvulsoRodizio, 'impedido' | 'motivoImpedimento'>,
  escolhas: readonly Pick<DecisaoEscolha, 'texto'>[],
  ordemEscalado: number | null,
  nomePrimeira: string,
): string {
  if (ordemEscalado === 1) return `Escalado na sua 1ª preferência${nomePrimeira}.`;
  if (ordemEscalado !== null) {
    return `Escalado na sua ${ordemEscalado}ª preferência: ${escolhas
      .slice(0, ordemEscalado - 1)
      .map((e) => e.texto)
      .join('; ')}.`;
  }
  return textoMotivo(avulso, escolhas, null, nomePrimeira);
}
