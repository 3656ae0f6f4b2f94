import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { linhaDeSessaoVigente } from '../../plataforma/autenticacao/sessoes.ts';
import { type Barramento, BarramentoLocal, BarramentoPostgres } from './barramento.ts';
import { Transmissor } from './transmissor.ts';

/** What the rest of the app tells the live streams and the other servers. */
export interface AoVivo {
  transmissor: Transmissor;
  /** A session ended here (logout): its streams end, and the other servers forget its tokens at once. */
  sessaoEncerrada(sessaoId: string, tokenHashes: readonly string[]): void;
  /** A service message was queued for a worker: their streams, on every server, are told. */
  mensagemEnfileirada(codAvulso: string): void;
  /** The LISTEN connection is up; null on SQLite, where there is no bus (readiness). */
  escutaDePe(): boolean | null;
}

/**
 * When the server stops, the streams end with this `retry:` hint: the phones come back within it, spread out,
 * to another server or to this one restarted (issue 26, docs/operacao.md).
 */
export const RETRY_AO_ENCERRAR_MS = 3_000;

/**
 * The call as it happens (docs/decisions/0160): the Server-Sent Events streams of this server's clients and
 * the bus that makes several servers on one PostgreSQL behave as one (LISTEN/NOTIFY). On SQLite there is one
 * process and the bus is silent.
 */
export const pluginAoVivo = fp(
  async (app) => {
    const { banco, config, clock, sessoes } = app.ctx;
    const relatarFalha = (erro: unknown) => app.log.error({ err: erro }, 'ao vivo');
    const barramento: Barramento =
      banco.dialeto === 'postgres' && config.databaseUrl
        ? new BarramentoPostgres(
            config.databaseUrl,
            async (canal, payload) => {
              await sql`select pg_notify(${canal}, ${payload})`.execute(banco.db);
            },
            relatarFalha,
          )
        : new BarramentoLocal();
    const transmissor = new Transmissor(app.escalacao, {
      intervaloContagensMs: config.aoVivo.intervaloContagensMs,
      fatias: config.aoVivo.fatias,
      maximoPendenteBytes: 256 * 1024,
      releituraMemoriaMs: 5_000,
      relatarFalha,
    });

    app.escalacao.assinar((aviso) => {
      transmissor.aoAviso(aviso);
      if (aviso.origem === 'local') barramento.enviar({ tipo: 'escalacao', aviso });
    });
    barramento.assinar(
      (mensagem) => {
        if (mensagem.tipo === 'escalacao') {
          // The module drops what it holds of that change and relays it to this server's listeners.
          app.escalacao.anunciar({ ...mensagem.aviso, origem: 'remota' });
        } else if (mensagem.tipo === 'sessao') {
          for (const hash of mensagem.tokenHashes) sessoes.esquecer(hash);
          transmissor.encerrarSessao(mensagem.sessaoId);
        } else {
          transmissor.avisarMensagem(mensagem.codAvulso);
        }
      },
      () => {
        app.escalacao.invalidar(undefined, 'remota');
        sessoes.limpar();
      },
    );
    if (barramento instanceof BarramentoPostgres) await barramento.iniciar();

    // The heartbeat also ends the streams of sessions that expired or were revoked elsewhere.
    const pulso = setInterval(() => {
      const agora = clock.now().getTime();
      void transmissor.pulsar(async (cliente) =>
        linhaDeSessaoVigente(config, agora, await sessoes.obter(cliente.tokenHash)),
      );
    }, config.aoVivo.pulsoMs);
    pulso.unref();

    app.addHook('preClose', async () => {
      clearInterval(pulso);
      transmissor.encerrarTodos(RETRY_AO_ENCERRAR_MS);
    });
    app.addHook('onClose', async () => {
      await barramento.fechar();
    });

    const aoVivo: AoVivo = {
      transmissor,
      sessaoEncerrada(sessaoId, tokenHashes) {
        transmissor.encerrarSessao(sessaoId);
        barramento.enviar({ tipo: 'sessao', sessaoId, tokenHashes: [...tokenHashes] });
      },
      mensagemEnfileirada(codAvulso) {
        transmissor.avisarMensagem(codAvulso);
        barramento.enviar({ tipo: 'mensagem', codAvulso });
      },
      escutaDePe: () => (barramento instanceof BarramentoPostgres ? barramento.ouvindo : null),
    };
    app.decorate('aoVivo', aoVivo);
  },
  { name: 'ao-vivo', fastify: '5.x', dependencies: ['escalacao'], decorators: { fastify: ['ctx'] } },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The live streams and the servers' bus (server/modulos/ao-vivo/plugin.ts). */
    aoVivo: AoVivo;
  }
}
