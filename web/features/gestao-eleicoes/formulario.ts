import { TZDate } from '@date-fns/tz';
import { type NovaEleicao, novaEleicaoSchema } from '#common/api/eleicoes-gestao.ts';
import { z } from '#common/zod-pt.ts';

/**
 * The new election form (issue 30): description and candidates checked by the wire's own schema
 * (common/api/eleicoes-gestao.ts); the period typed on the port's clock (datetime-local), sent as instants.
 */

/** 'yyyy-MM-ddTHH:mm' read on the port's clock, as an ISO instant ('' when empty or malformed). */
export function instanteDoCampo(valor: string, fuso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(valor);
  if (!m) return '';
  const [, ano, mes, dia, hora, minuto] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(new TZDate(ano, mes - 1, dia, hora, minuto, 0, fuso).getTime()).toISOString();
}

export const formularioEleicaoSchema = z
  .object({
    descricao: novaEleicaoSchema.shape.descricao,
    inicio: z.string().min(1, 'Informe o início da votação.'),
    fim: z.string().min(1, 'Informe o fim da votação.'),
    candidatos: novaEleicaoSchema.shape.candidatos,
  })
  .refine((v) => !v.inicio || !v.fim || v.fim > v.inicio, {
    message: 'O fim da votação deve ser depois do início.',
    path: ['fim'],
  });
export type FormularioEleicao = z.input<typeof formularioEleicaoSchema>;

export const ELEICAO_VAZIA: FormularioEleicao = {
  descricao: '',
  inicio: '',
  fim: '',
  candidatos: [{ codAvulso: '', nome: '' }],
};

export function corpoNovaEleicao(v: FormularioEleicao, fuso: string): NovaEleicao {
  return {
    descricao: v.descricao.trim(),
    inicio: instanteDoCampo(v.inicio, fuso),
    fim: instanteDoCampo(v.fim, fuso),
    candidatos: v.candidatos.map((c) => ({
      codAvulso: c.codAvulso.trim(),
      ...(c.nome?.trim() ? { nome: c.nome.trim() } : {}),
    })),
  };
}
