import { nomeSindicato, VOTO_BRANCO, VOTO_NULO } from './dominio.ts';

/**
 * Pure rules of the CPATP election (docs/produto/escalacao.md §3, §4, §9), shared by the server, the web app and the
 * PDFs. The two pseudo-candidates close the ballot; real candidates have matricula below 999998.
 */

export type Sexo = 'F' | 'M';

export const NOME_VOTO_BRANCO = 'Voto em Branco';
export const NOME_VOTO_NULO = 'Voto Nulo';

export function ehVotoEspecial(matricula: number): boolean {
  return matricula === VOTO_BRANCO || matricula === VOTO_NULO;
}

/** 'Estivadora · Candidata a representante dos trabalhadores' (gender-aware union and role). */
export function rotuloCandidato(codSindicato: number, sexo: Sexo): { sindicato: string; papel: string } {
  return {
    sindicato: nomeSindicato(codSindicato, sexo),
    papel: `${sexo === 'F' ? 'Candidata' : 'Candidato'} a representante dos trabalhadores`,
  };
}

const colacao = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Candidates in Portuguese alphabetical order of their display name ('Álvaro' before 'Ana' before 'Bruno'). */
export function ordenarPorNome<T extends { nomeExibicao: string }>(candidatos: readonly T[]): T[] {
  return [...candidatos].sort(
    (a, b) => colacao.compare(a.nomeExibicao, b.nomeExibicao) || a.nomeExibicao.localeCompare(b.nomeExibicao),
  );
}

/** The question of the confirmation modal: 'Deseja confirmar seu voto para' + name, or 'seu' + white/null. */
export function perguntaConfirmacao(
  matricula: number,
  nomeExibicao: string,
): { inicio: string; alvo: string } {
  if (matricula === VOTO_BRANCO) return { inicio: 'Deseja confirmar seu', alvo: 'voto em branco' };
  if (matricula === VOTO_NULO) return { inicio: 'Deseja confirmar seu', alvo: 'voto nulo' };
  return { inicio: 'Deseja confirmar seu voto para', alvo: nomeExibicao };
}

/** Turnout as a fraction of the roll; 0 when the roll is empty. */
export function comparecimento(votantes: number, eleitores: number): number {
  return eleitores > 0 ? votantes / eleitores : 0;
}

const percentual = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** 0.4567 → '45,7%' */
export function formatarPercentual(fracao: number): string {
  return percentual.format(fracao).replace(/\s/g, '');
}
