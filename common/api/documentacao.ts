import { arquivo, definirEndpoint } from './endpoint.ts';

/** The API's own description, for the operators' and the OGMO's systems (docs/decisions/0110). */
export const apiDocumentacao = {
  openapi: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/openapi.json',
    resposta: arquivo('application/json'),
    erros: [],
    acesso: 'publico',
    grupo: 'Documentação',
    resumo: 'Este documento: a descrição OpenAPI 3.1 de todas as chamadas /api',
    descricao:
      'A única resposta /api que não vem no envelope: o corpo é o próprio documento. A versão legível está em /docs/api.',
  }),
} as const;
