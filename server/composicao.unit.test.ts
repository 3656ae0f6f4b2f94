import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { moduloAoVivo } from './modulos/ao-vivo/index.ts';
import { moduloAvulso } from './modulos/avulso/index.ts';
import { moduloCadastro } from './modulos/cadastro/index.ts';
import { moduloDeclaracoes } from './modulos/declaracoes/index.ts';
import { moduloEleicao } from './modulos/eleicao/index.ts';
import { moduloEscalacao } from './modulos/escalacao/index.ts';
import { moduloFinanceiro } from './modulos/financeiro/index.ts';
import { moduloGestao } from './modulos/gestao/index.ts';
import { moduloMensagens } from './modulos/mensagens/index.ts';
import { moduloOperacao } from './modulos/operacao/index.ts';
import { moduloPush } from './modulos/push/index.ts';
import { moduloSessao } from './modulos/sessao/index.ts';
import type { Contexto } from './plataforma/http/contexto.ts';
import type { Metricas } from './plataforma/metricas.ts';

/**
 * Each module's plugin says what it needs (docs/ARCHITECTURE.md): without the platform's `app.ctx` none of them
 * registers, and one whose routes use another module's decorator refuses to come before it. fastify-plugin checks
 * this before the plugin runs, so a bare Fastify with a stand-in `ctx` is enough here.
 */
const modulos = [
  ['ao-vivo', moduloAoVivo],
  ['avulso', moduloAvulso],
  ['cadastro', moduloCadastro],
  ['declaracoes', moduloDeclaracoes],
  ['eleicao', moduloEleicao],
  ['escalacao', moduloEscalacao],
  ['financeiro', moduloFinanceiro],
  ['gestao', moduloGestao],
  ['mensagens', moduloMensagens],
  ['operacao', moduloOperacao],
  ['push', moduloPush],
  ['sessao', moduloSessao],
] as const;

function comPlataforma() {
  const app = Fastify({ logger: false });
  app.decorate('ctx', {} as Contexto);
  app.decorate('metricas', {} as Metricas);
  app.decorateRequest('sessao', null);
  return app;
}

describe('os plugins dos módulos', () => {
  it.each(modulos)('%s exige o app.ctx da plataforma', async (_nome, modulo) => {
    const app = Fastify({ logger: false });
    await expect(app.register(modulo).ready()).rejects.toThrow(/The decorator 'ctx'.* is not present/);
  });

  it.each([
    ['ao-vivo', moduloAoVivo, 'escalacao'],
    ['gestao', moduloGestao, 'escalacao'],
    ['sessao', moduloSessao, 'ao-vivo'],
    ['operacao', moduloOperacao, 'escalacao'],
  ] as const)('%s recusa vir antes de %s, que ele usa', async (nome, modulo, falta) => {
    await expect(comPlataforma().register(modulo).ready()).rejects.toThrow(
      `The dependency '${falta}' of plugin '${nome}' is not registered`,
    );
  });
});
