import { describe, expect, it } from 'vitest';
import { catalogoErros, isCodigoErroServidor, MENSAGEM_SEM_COMUNICACAO } from './erros.ts';

const OBRIGATORIOS = [
  'CredenciaisInvalidas',
  'ContaBloqueada',
  'NaoAutenticado',
  'AcessoNegado',
  'XsrfInvalido',
  'DadosInvalidos',
  'NaoEncontrado',
  'TpaImpedido',
  'EscalaFechada',
  'SemHabilitacao',
  'SemDescanso',
  'EleicaoInexistente',
  'VotoJaRegistrado',
  'DeclaracaoNaoHabilitada',
  'DeclaracaoJaEmitida',
  'MuitasRequisicoes',
  'ErroInterno',
];

describe('catálogo de erros', () => {
  it('tem todos os códigos de docs/produto/decisoes.md §2', () => {
    for (const codigo of OBRIGATORIOS) expect(isCodigoErroServidor(codigo), codigo).toBe(true);
  });

  it('cada código tem um status HTTP de erro e uma mensagem em português', () => {
    for (const [codigo, { status, mensagem }] of Object.entries(catalogoErros)) {
      expect(status >= 400 && status <= 599, `${codigo}: ${status}`).toBe(true);
      expect(mensagem.length, codigo).toBeGreaterThan(5);
      // Portuguese sentences: a capital letter first, an ending punctuation (or the spec's own 'TPA IMPEDIDO').
      expect(mensagem, codigo).toMatch(/^[A-ZÀ-Ú]/);
      expect(mensagem, codigo).not.toMatch(/\b(error|invalid|not found|forbidden|the)\b/i);
    }
  });

  it('usa os status da regra do envelope', () => {
    expect(catalogoErros.DadosInvalidos.status).toBe(400);
    expect(catalogoErros.NaoAutenticado.status).toBe(401);
    expect(catalogoErros.CredenciaisInvalidas.status).toBe(401);
    expect(catalogoErros.XsrfInvalido.status).toBe(403);
    expect(catalogoErros.AcessoNegado.status).toBe(403);
    expect(catalogoErros.NaoEncontrado.status).toBe(404);
    expect(catalogoErros.MuitasRequisicoes.status).toBe(429);
    expect(catalogoErros.ErroInterno.status).toBe(500);
  });

  it('SemComunicacao é do cliente, não do servidor', () => {
    expect(isCodigoErroServidor('SemComunicacao')).toBe(false);
    expect(isCodigoErroServidor('toString')).toBe(false);
    expect(isCodigoErroServidor(undefined)).toBe(false);
    expect(MENSAGEM_SEM_COMUNICACAO).toBe('Sem comunicação com o servidor!');
  });
});
