import { z } from '../zod-pt.ts';
import { arquivo, definirEndpoint } from './endpoint.ts';

/**
 * A signed, expiring photo link (docs/produto/decisoes.md §1): /api/fotos/<codAvulso>?exp=…&sig=…. No
 * extension: the answer's type (and the file name it gives) is the stored photo's
 * (docs/decisions/0122-fotos-tipo-e-nome.md).
 */
export const fotoParams = z.object({ arquivo: z.string().regex(/^\d{6}$/, 'Foto inválida.') });
export const fotoQuery = z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) });

export const apiFotos = {
  foto: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/fotos/:arquivo',
    params: fotoParams,
    query: fotoQuery,
    resposta: arquivo('image/*'),
    erros: ['AcessoNegado', 'NaoEncontrado'],
    acesso: 'publico',
    grupo: 'Trabalhador',
    resumo: 'A foto do trabalhador, por um link assinado que expira (o link vem em dadosLogin.fotoUrl)',
  }),
} as const;
