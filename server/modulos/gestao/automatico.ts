import { TZDate } from '@date-fns/tz';
import type { FastifyInstance } from 'fastify';
import { POR_AUTOMATICO } from '#common/api/gestao.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { abrirEscala, fecharEscala } from './ciclo.ts';
import { escalasParaHorario } from './repositorio.ts';

/**
 * The optional scheduled open and close (docs/decisions/0269): every process checks every
 * `INTERVALO_HORARIO_MS` and takes the same steps staff take (ciclo.ts), named `POR_AUTOMATICO`. Each step is one
 * conditional UPDATE, so when two servers check at once the call moves once and only the winner announces it;
 * the other's refusal is expected and skipped. Off unless ABERTURA_AUTOMATICA_MINUTOS or FECHAMENTO_AUTOMATICO.
 */
export const INTERVALO_HORARIO_MS = 30_000;

/** Refusals that mean "someone (another server, a staff member) got there first" or "not ready": skipped. */
const RECUSAS_ESPERADAS = new Set(['SituacaoEscalaInvalida', 'OutraEscalaAberta', 'EscalaSemRequisicoes']);

function instanteDaChamada(dataChamada: string, horaChamada: string, fuso: string): number {
  const [ano, mes, dia] = dataChamada.split('-').map(Number);
  const [hora, minuto] = horaChamada.split(':').map(Number);
  return new TZDate(ano ?? 0, (mes ?? 1) - 1, dia ?? 1, hora ?? 0, minuto ?? 0, 0, fuso).getTime();
}

export interface PassosNoHorario {
  abertas: number[];
  fechadas: number[];
}

/**
 * One check at `agora`: first closes every open call whose call time has come (FECHAMENTO_AUTOMATICO), then opens
 * the earliest draft whose opening window has begun and whose call time has not passed (ABERTURA_AUTOMATICA_MINUTOS;
 * one call open at a time, so at most one).
 */
export async function passarHorasMarcadas(app: FastifyInstance, agora: Date): Promise<PassosNoHorario> {
  const { banco, config, eventos } = app.ctx;
  const { aberturaAutomaticaMinutos: antes, fechamentoAutomatico, fila } = config.rodizio;
  const feitos: PassosNoHorario = { abertas: [], fechadas: [] };
  if (antes === null && !fechamentoAutomatico) return feitos;
  const escalas = (await escalasParaHorario(banco.db)).map((e) => ({
    ...e,
    instante: instanteDaChamada(e.data_chamada, e.hora_chamada, config.fusoHorario),
  }));
  const tentar = async (passo: () => Promise<void>): Promise<boolean> => {
    try {
      await passo();
      return true;
    } catch (erro) {
      if (erro instanceof ErroApp && RECUSAS_ESPERADAS.has(erro.codigoErro)) return false;
      throw erro;
    }
  };
  if (fechamentoAutomatico) {
    for (const e of escalas) {
      if (e.situacao !== 'aberta' || e.instante > agora.getTime()) continue;
      const num = e.num_escalacao;
      const passo = { numEscalacao: num, agora, por: POR_AUTOMATICO };
      if (
        await tentar(() => fecharEscala(banco, (u) => app.escalacao.alterarEstado(num, u), passo, eventos))
      ) {
        feitos.fechadas.push(num);
      }
    }
  }
  if (antes !== null) {
    const prontas = escalas
      .filter((e) => e.situacao === 'rascunho')
      .filter((e) => e.instante - antes * 60_000 <= agora.getTime() && agora.getTime() < e.instante)
      .sort((a, b) => a.instante - b.instante || a.num_escalacao - b.num_escalacao);
    for (const e of prontas) {
      const num = e.num_escalacao;
      const passo = { numEscalacao: num, agora, por: POR_AUTOMATICO };
      const abrir = () =>
        abrirEscala(banco.db, (u) => app.escalacao.alterarEstado(num, u), passo, fila, eventos);
      if (await tentar(abrir)) {
        feitos.abertas.push(num);
        break;
      }
    }
  }
  return feitos;
}

/** The timer of every process (started with the app when either policy is on; stopped when it closes). */
export function agendarHorasMarcadas(app: FastifyInstance): void {
  const { config, clock } = app.ctx;
  if (config.rodizio.aberturaAutomaticaMinutos === null && !config.rodizio.fechamentoAutomatico) return;
  let emCurso: Promise<void> | undefined;
  const timer = setInterval(() => {
    emCurso ??= passarHorasMarcadas(app, clock.now())
      .then((r) => {
        if (r.abertas.length + r.fechadas.length > 0) app.log.info(r, 'escalas no horário marcado');
      })
      .catch((erro: unknown) => app.log.error({ err: erro }, 'falha ao abrir ou fechar no horário marcado'))
      .finally(() => {
        emCurso = undefined;
      });
  }, INTERVALO_HORARIO_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await emCurso;
  });
}
