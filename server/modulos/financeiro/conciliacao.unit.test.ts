import { describe, expect, it } from 'vitest';
import { IndiceTrabalhos } from './conciliacao.ts';

const trabalho = {
  id: 7,
  cod_avulso: '100001',
  data_operacao: '20261126',
  hora_inicio: 7,
  hora_fim: 13,
  navio: 'MSC AURORA',
  funcao: 'Estivador',
};
const pago = {
  cod_avulso: '100001',
  movimento: '2026-11-26',
  turno: '07-13',
  navio: 'msc  aurora',
  funcao: 'ESTIVADOR',
};

describe('conciliação de um contracheque com o trabalho do portal', () => {
  const indice = new IndiceTrabalhos([
    trabalho,
    { ...trabalho, id: 8, hora_inicio: 13, hora_fim: 19, navio: 'CMA CGM' },
  ]);
  it('mesmo trabalhador, dia, turno, navio e função: conciliado', () => {
    expect(indice.conciliar(pago)).toEqual({ codigo: 'conciliado', idTrabalho: 7, detalhe: null });
  });
  it('sem engajamento no dia, turno, navio ou função diferentes: o motivo', () => {
    expect(indice.conciliar({ ...pago, movimento: '2026-11-25' }).codigo).toBe('sem_trabalho');
    expect(indice.conciliar({ ...pago, cod_avulso: '100002' }).codigo).toBe('sem_trabalho');
    const turno = indice.conciliar({ ...pago, turno: '01-07' });
    expect(turno.codigo).toBe('turno_diferente');
    expect(turno.detalhe).toContain('turno 07-13');
    expect(indice.conciliar({ ...pago, navio: 'OUTRO' }).codigo).toBe('navio_diferente');
    const funcao = indice.conciliar({ ...pago, funcao: 'Conferente' });
    expect(funcao).toMatchObject({ codigo: 'funcao_diferente', idTrabalho: null });
    expect(funcao.detalhe).toContain('função Estivador');
  });
});
