import { formatarCpf } from '#common/formato.ts';
import type { Organizacao } from '../../config.ts';
import type { Celula, Documento } from './base.ts';
import { grade, secao } from './base.ts';

/** Who a document is about, as printed on it. */
export interface TrabalhadorPdf {
  nome: string;
  codAvulso: string;
  cpf: string;
  pis: string | null;
  sindicato: string;
}

/** What every document needs besides its own data: the issuing body and the port's time zone. */
export interface ContextoPdf {
  organizacao: Organizacao;
  fuso: string;
}

function formatarPis(pis: string): string {
  const d = pis.replace(/\D/g, '').padStart(11, '0');
  return `${d.slice(0, 3)}.${d.slice(3, 8)}.${d.slice(8, 10)}-${d.slice(10)}`;
}

/** The worker's identification block: name, registration (codAvulso), CPF, PIS and union, plus extra cells. */
export function blocoTrabalhador(doc: Documento, t: TrabalhadorPdf, extra: Celula[] = []): void {
  secao(doc, 'Trabalhador');
  grade(doc, [
    [
      { rotulo: 'Nome', valor: t.nome, largura: 0.5 },
      { rotulo: 'Matrícula', valor: t.codAvulso, largura: 0.2 },
      { rotulo: 'CPF', valor: formatarCpf(t.cpf), largura: 0.3 },
    ],
    [
      { rotulo: 'Sindicato', valor: t.sindicato, largura: 0.25 },
      { rotulo: 'PIS/PASEP', valor: t.pis ? formatarPis(t.pis) : '', largura: 0.25 },
      ...extra,
    ],
  ]);
}
