import { TZDate } from '@date-fns/tz';
import {
  type EdicaoMensagem,
  edicaoMensagemSchema,
  LISTA_MAX,
  type NovaMensagem,
  novaMensagemSchema,
  TIPOS_PARA,
} from '#common/api/mensagens.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { z } from '#common/zod-pt.ts';

/**
 * The message forms' values and their checks (issue 30). Title and text are checked by the wire's own schema
 * (common/api/mensagens.ts); the audience and the period are what the screen asks (a select, a list typed or
 * pasted, the port's local date and time), turned into the wire's body on sending.
 */

/** The matrículas of a typed or pasted list: separated by spaces, commas, semicolons or lines. */
export function lerMatriculas(texto: string): string[] {
  return texto
    .split(/[\s,;]+/)
    .map((m) => m.trim())
    .filter((m) => m !== '');
}

/** 'yyyy-MM-ddTHH:mm' of an <input type="datetime-local">, read on the port's clock, as an ISO instant. */
export function instanteDoCampo(valor: string, fuso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(valor);
  if (!m) return null;
  const [, ano, mes, dia, hora, minuto] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(new TZDate(ano, mes - 1, dia, hora, minuto, 0, fuso).getTime()).toISOString();
}

/** An ISO instant as the value of a datetime-local field on the port's clock ('' for none). */
export function campoDoInstante(instante: string | null, fuso: string): string {
  return instante ? formatarNoFuso(instante, fuso, "yyyy-MM-dd'T'HH:mm") : '';
}

const periodo = {
  inicio: z.string(),
  fim: z.string(),
};
const fimDepoisDoInicio = (v: { inicio: string; fim: string }) => !v.inicio || !v.fim || v.fim > v.inicio;
const FIM_ANTES = { message: 'O fim deve ser depois do início.', path: ['fim'] };

export const formularioNovaSchema = z
  .object({
    titulo: novaMensagemSchema.shape.titulo,
    texto: novaMensagemSchema.shape.texto,
    tipo: z.enum(TIPOS_PARA),
    categoria: z.string(),
    sindicato: z.string(),
    matriculas: z.string(),
    ...periodo,
    aviso: z.boolean(),
  })
  .refine(fimDepoisDoInicio, FIM_ANTES)
  .superRefine((v, ctx) => {
    if (v.tipo !== 'trabalhadores') return;
    const lista = lerMatriculas(v.matriculas);
    const invalida = lista.find((m) => !/^\d{6}$/.test(m));
    const mensagem =
      lista.length === 0
        ? 'Informe ao menos uma matrícula.'
        : invalida
          ? `Matrícula inválida: ${invalida} (são 6 dígitos).`
          : lista.length > LISTA_MAX
            ? `No máximo ${LISTA_MAX} matrículas; para mais, use uma categoria ou um sindicato.`
            : null;
    if (mensagem) ctx.addIssue({ code: 'custom', message: mensagem, path: ['matriculas'] });
  });
export type FormularioNova = z.input<typeof formularioNovaSchema>;

export const formularioEdicaoSchema = z
  .object({
    titulo: edicaoMensagemSchema.shape.titulo,
    texto: edicaoMensagemSchema.shape.texto,
    ...periodo,
  })
  .refine(fimDepoisDoInicio, FIM_ANTES);
export type FormularioEdicao = z.input<typeof formularioEdicaoSchema>;

export const NOVA_VAZIA: FormularioNova = {
  titulo: '',
  texto: '',
  tipo: 'todos',
  categoria: '1',
  sindicato: '1',
  matriculas: '',
  inicio: '',
  fim: '',
  aviso: false,
};

export function corpoNovaMensagem(v: FormularioNova, fuso: string): NovaMensagem {
  const para: NovaMensagem['para'] =
    v.tipo === 'categoria'
      ? { tipo: 'categoria', codigo: Number(v.categoria) }
      : v.tipo === 'sindicato'
        ? { tipo: 'sindicato', codigo: Number(v.sindicato) }
        : v.tipo === 'trabalhadores'
          ? { tipo: 'trabalhadores', codAvulsos: [...new Set(lerMatriculas(v.matriculas))] }
          : { tipo: 'todos' };
  return {
    titulo: v.titulo.trim(),
    texto: v.texto.trim(),
    para,
    inicio: instanteDoCampo(v.inicio, fuso),
    fim: instanteDoCampo(v.fim, fuso),
    aviso: v.aviso,
  };
}

export function corpoEdicao(v: FormularioEdicao, fuso: string): EdicaoMensagem {
  return {
    titulo: v.titulo.trim(),
    texto: v.texto.trim(),
    inicio: instanteDoCampo(v.inicio, fuso),
    fim: instanteDoCampo(v.fim, fuso),
  };
}
