import { isValidCpf, isValidPis } from '@brazilian-utils/brazilian-utils';
import { z } from './zod-pt.ts';

/**
 * Personal-data fields of the declaration forms (docs/produto/minha-conta.md §5 and §9), one definition for the
 * web forms and the server. Each check aborts on failure, so a field carries one clear message.
 * `.trim()`, `.toUpperCase()` and `.toLowerCase()` normalise the value before it is checked.
 */

export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/** docs/produto/decisoes.md §1: lower-case letters, digits and ._%+- before the @; a 2-4 letter ending. */
export const PADRAO_EMAIL = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/;

/**
 * Masks of docs/produto/minha-conta.md §9 in IMask notation: 0 a digit, [0] an optional one. The spec writes the
 * phone as (00) 00000-0009, where 9 is an optional digit (ngx-mask); IMask would print a literal 9.
 */
export const MASCARAS = {
  cpf: '000.000.000-00',
  data: '00/00/0000',
  telefone: '(00) 00000-000[0]',
  rgNumero: '00000000000',
  pis: '00000000000',
} as const;

export const LIMITES = {
  nome: 80,
  rgOrgaoExp: 20,
  endLogradouro: 80,
  endBairro: 40,
  endCidade: 40,
  email: 60,
  cidade: 40,
  rgNumero: 11,
} as const;

const falha = (error: string) => ({ error, abort: true });

/** 'dd/mm/yyyy' of a day that exists (no 31/02), from 1900 on. */
export function dataBrValida(valor: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(valor);
  if (!m) return false;
  const [dia, mes, ano] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (ano < 1900) return false;
  const d = new Date(Date.UTC(ano, mes - 1, dia));
  return d.getUTCFullYear() === ano && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

/** 'dd/mm/yyyy' → 'yyyy-MM-dd' */
export function dataBrParaIso(valor: string): string {
  return `${valor.slice(6, 10)}-${valor.slice(3, 5)}-${valor.slice(0, 2)}`;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy' */
export function dataIsoParaBr(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** A past date, compared as text against today's UTC date plus a day of slack for time zones. */
function naoFutura(valor: string): boolean {
  const amanha = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return dataBrParaIso(valor) <= amanha;
}

/** A required text: trimmed, then 1..max characters. */
export function textoObrigatorio(max: number, mensagens: { vazio: string; longo: string }) {
  return z
    .string({ error: mensagens.vazio })
    .trim()
    .min(1, falha(mensagens.vazio))
    .max(max, falha(mensagens.longo));
}

export function cpf() {
  return z
    .string({ error: 'Informe o CPF.' })
    .trim()
    .min(1, falha('Informe o CPF.'))
    .regex(/^\d{11}$/, falha('O CPF deve ter 11 dígitos.'))
    .refine(isValidCpf, falha('CPF inválido: confira os números digitados.'));
}

export function pis() {
  return z
    .string({ error: 'Informe o PIS.' })
    .trim()
    .min(1, falha('Informe o PIS.'))
    .regex(/^\d{11}$/, falha('O PIS deve ter 11 dígitos.'))
    .refine(isValidPis, falha('PIS inválido: confira os números digitados.'));
}

export function rgNumero() {
  return z
    .string({ error: 'Informe o número do RG.' })
    .trim()
    .min(1, falha('Informe o número do RG.'))
    .regex(/^\d{1,11}$/, falha('O número do RG tem apenas dígitos, no máximo 11.'));
}

/** A past date typed as dd/mm/aaaa. */
export function dataPassada(mensagemVazio: string, mensagemFutura: string) {
  return z
    .string({ error: mensagemVazio })
    .trim()
    .min(1, falha(mensagemVazio))
    .regex(/^\d{2}\/\d{2}\/\d{4}$/, falha('Use o formato dd/mm/aaaa.'))
    .refine(dataBrValida, falha('Data inexistente: confira o dia, o mês e o ano.'))
    .refine(naoFutura, falha(mensagemFutura));
}

export function uf(mensagemVazio: string) {
  return z
    .string({ error: mensagemVazio })
    .trim()
    .toUpperCase()
    .min(1, falha(mensagemVazio))
    .length(2, falha('A UF tem exatamente 2 letras.'))
    .refine((v) => (UFS as readonly string[]).includes(v), falha('UF inexistente. Use a sigla, como PE.'));
}

/** Optional e-mail: empty or the pattern of docs/produto/decisoes.md §1, forced to lower case. */
export function emailOpcional() {
  return z
    .string({ error: 'E-mail inválido.' })
    .trim()
    .toLowerCase()
    .max(LIMITES.email, falha(`O e-mail pode ter no máximo ${LIMITES.email} caracteres.`))
    .refine((v) => v === '' || PADRAO_EMAIL.test(v), falha('E-mail inválido. Exemplo: nome@provedor.com.br'));
}

/** Optional phone, kept with its mask: (00) 00000-0009. */
export function telefoneOpcional() {
  return z
    .string({ error: 'Telefone inválido.' })
    .trim()
    .refine(
      (v) => v === '' || /^\(\d{2}\) \d{5}-\d{3,4}$/.test(v),
      falha('Telefone incompleto. Use o formato (00) 00000-0000.'),
    );
}
