import { CATEGORIA } from '#common/dominio.ts';
import { nomeProprio, preencher } from '#common/formato.ts';
import { nomePorao } from '#common/porao.ts';
import { formatarNoFuso } from '#common/tempo.ts';

/** How the offers screen writes holds, vacancies and times (docs/produto/escalacao.md §2 'Offers screen', §9). */

/** 1 → '01 vaga', 3 → '03 vagas' (padded to 2, plural above 1). */
export function textoVagas(numVagas: number): string {
  return `${preencher(numVagas, 2)} ${numVagas > 1 ? 'vagas' : 'vaga'}`;
}

/**
 * What a function button shows under its name: the vacancies, or for Conferente the hold. In the flat list
 * of the Estivador who chooses the hold (`comPorao`) the hold comes first, so the same function in three
 * holds is three buttons a worker can tell apart (docs/decisions/0120-telas-conferidas.md).
 */
export function detalheOferta(
  codCategoria: number,
  numVagas: number,
  numPorao: string,
  comPorao = false,
): string {
  if (codCategoria === CATEGORIA.conferente) return nomePorao(numPorao);
  return comPorao ? `${nomePorao(numPorao)} · ${textoVagas(numVagas)}` : textoVagas(numVagas);
}

/** The typing time of a confirmed worker: the ISO instant as HH:mm:ss on the port's clock. */
export function horaDigitacao(iso: string, fuso: string): string {
  return formatarNoFuso(iso, fuso, 'HH:mm:ss');
}

/** The category header: its name, 'Erro' for an unknown segment. */
export function nomeCategoria(nome: string | undefined): string {
  return nome ?? 'Erro';
}

/**
 * A confirmed worker's name in proper case; in the group 'Multifuncionais' with the union in brackets
 * (the server may already have written it).
 */
export function nomeConfirmado(nomeAvulso: string, sindicato: string, multifuncional: boolean): string {
  const sufixo = ` (${sindicato})`;
  const nome = nomeAvulso.endsWith(sufixo) ? nomeAvulso.slice(0, -sufixo.length) : nomeAvulso;
  return multifuncional ? `${nomeProprio(nome)}${sufixo}` : nomeProprio(nome);
}

/** 12 → '12 escolhas', 1 → '01 escolha' (the live count of workers who chose an offer). */
export function rotuloEscolhas(qtd: number): string {
  return `${preencher(qtd, 2)} ${qtd === 1 ? 'escolha' : 'escolhas'}`;
}
