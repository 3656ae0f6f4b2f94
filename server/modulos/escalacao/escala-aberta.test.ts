import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalaAberta } from '#common/api/escala-aberta.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { VALIDADE_ESCALA_ABERTA_MS } from './servico.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

describe('GET /api/escalaAberta', () => {
  it('é pública e traz a chamada aberta da demonstração', async () => {
    const c = await amb.cliente();
    const r = await c.chamar(apiEscalaAberta.escalaAberta);
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toMatchObject({ numEscalacao: 4521, horaChamada: '06:30' });
    expect(r.corpo.dados?.dataChamada).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('sem chamada aberta, dados é null (visto depois de VALIDADE_ESCALA_ABERTA_MS)', async () => {
    await amb.db.updateTable('escala').set({ aberta: 0 }).execute();
    const c = await amb.cliente();
    // Within the period, the answer read a moment ago.
    expect((await c.get('/api/escalaAberta')).corpo.dados).toMatchObject({ numEscalacao: 4521 });
    amb.relogio.avancar(VALIDADE_ESCALA_ABERTA_MS);
    const r = await c.chamar(apiEscalaAberta.escalaAberta);
    await amb.db.updateTable('escala').set({ aberta: 1 }).where('num_escalacao', '=', 4521).execute();
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({ sucesso: true, dados: null });
    amb.relogio.avancar(VALIDADE_ESCALA_ABERTA_MS);
    expect((await c.get('/api/escalaAberta')).corpo.dados).toMatchObject({ numEscalacao: 4521 });
  });
});
