import type { MensagemPush } from '#common/api/push.ts';
import { diaMesAbreviado, formatarDataIso, turno } from '#common/formato.ts';

/**
 * What the notifications say (docs/produto/minha-conta.md §"Avisos no celular", docs/decisions/0162): short,
 * in Portuguese, nothing beyond what the worker's own screen shows (no name, no CPF). A click opens `url`.
 */

export function mensagemEscalaAberta(e: {
  numEscalacao: number;
  dataChamada: string;
  horaChamada: string;
}): MensagemPush {
  return {
    titulo: 'Chamada aberta',
    corpo: `A escala nº ${e.numEscalacao} (${formatarDataIso(e.dataChamada)}, ${e.horaChamada}) está aberta. Toque para escolher suas vagas.`,
    url: '/escalacao',
    tag: `escala-${e.numEscalacao}`,
  };
}

export interface TrabalhoDoAviso {
  funcao: string;
  navio: string;
  faina: string;
  dataOperacao: string;
  horaInicio: number;
  horaFim: number;
  localAtracacao: string;
}

/** The worker's own outcome of a published call: engaged with the job, or not engaged. */
export function mensagemResultado(numEscalacao: number, trabalho: TrabalhoDoAviso | null): MensagemPush {
  const base = { url: '/inicio', tag: `resultado-${numEscalacao}` };
  if (!trabalho) {
    return {
      ...base,
      titulo: 'Você não foi escalado',
      corpo: `Escala nº ${numEscalacao}: você não foi escalado. Toque para ver o motivo.`,
    };
  }
  const t = trabalho;
  return {
    ...base,
    titulo: 'Você foi escalado!',
    corpo: `Escala nº ${numEscalacao}: ${t.funcao} no ${t.navio}, ${t.faina}, ${diaMesAbreviado(t.dataOperacao)}, turno ${turno(t.horaInicio, t.horaFim)}, ${t.localAtracacao}.`,
  };
}

/** A staff message (issue 30): its title, and its text cut to what a notification shows; opens the home's queue. */
export function mensagemServico(idMensagem: number, m: { titulo: string; texto: string }): MensagemPush {
  const corpo = m.texto.length > 140 ? `${m.texto.slice(0, 139).trimEnd()}…` : m.texto;
  return { titulo: m.titulo, corpo, url: '/inicio', tag: `mensagem-${idMensagem}` };
}
