import { nomeDoArquivo } from '#common/api/financeiro.ts';
import { nomeSindicato } from '#common/dominio.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { ContextoPdf, TrabalhadorPdf } from '../../plataforma/pdf/trabalhador.ts';
import { pdfContracheque } from './pdf-contracheque.ts';
import { pdfFichaFinanceira } from './pdf-ficha-financeira.ts';
import { pdfInformeRendimentos } from './pdf-informe-rendimentos.ts';
import {
  buscarContracheque,
  buscarFicha,
  buscarInforme,
  TIPOS_13_FERIAS,
  TIPOS_ENGAJAMENTO,
  trabalhadorDoDocumento,
} from './repositorio.ts';

/** The four kinds of pay document a worker downloads (docs/produto/minha-conta.md §7). */
export type TipoDocumento =
  | 'contracheque'
  | 'contracheque13Ferias'
  | 'fichaFinanceira'
  | 'informeRendimentos';

export interface DocumentoPdf {
  /** The name it is saved under: the last path segment of `arquivo`. */
  nome: string;
  pdf: Buffer;
}

async function trabalhadorDe(db: DbOuTrx, codAvulso: string): Promise<TrabalhadorPdf | undefined> {
  const a = await trabalhadorDoDocumento(db, codAvulso);
  if (!a) return undefined;
  return {
    nome: a.nome,
    codAvulso: a.cod_avulso,
    cpf: a.cpf,
    pis: a.pis,
    sindicato: nomeSindicato(a.cod_sindicato, a.sexo),
  };
}

/**
 * Draws the PDF of one of the worker's documents from the database. `arquivo` is only ever compared with
 * the identifiers issued to this worker; undefined when it is not one of them (the route answers 404).
 */
export async function gerarDocumento(
  db: DbOuTrx,
  contexto: ContextoPdf,
  codAvulso: string,
  tipo: TipoDocumento,
  arquivo: string,
): Promise<DocumentoPdf | undefined> {
  const trabalhador = await trabalhadorDe(db, codAvulso);
  if (!trabalhador) return undefined;
  let pdf: Buffer | undefined;
  switch (tipo) {
    case 'contracheque':
    case 'contracheque13Ferias': {
      const tipos = tipo === 'contracheque' ? TIPOS_ENGAJAMENTO : TIPOS_13_FERIAS;
      const achado = await buscarContracheque(db, codAvulso, arquivo, tipos);
      // A payslip shows the union it was issued under.
      if (achado)
        pdf = await pdfContracheque(
          achado,
          { ...trabalhador, sindicato: achado.contracheque.sindicato },
          contexto,
        );
      break;
    }
    case 'fichaFinanceira': {
      const achada = await buscarFicha(db, codAvulso, arquivo);
      if (achada) pdf = await pdfFichaFinanceira(achada, trabalhador, contexto);
      break;
    }
    case 'informeRendimentos': {
      const achado = await buscarInforme(db, codAvulso, arquivo);
      if (achado) pdf = await pdfInformeRendimentos(achado, trabalhador, contexto);
      break;
    }
  }
  return pdf ? { nome: nomeDoArquivo(arquivo), pdf } : undefined;
}
