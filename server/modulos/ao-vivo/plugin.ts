import fp from 'fastify-plugin';
import { linhaDeSessaoVigente } from '../../plataforma/autenticacao/sessoes.ts';
import { rotasEventos } from './rotas.ts';
import { Transmissor } from './transmissor.ts';

/** What the rest of the app tells the live streams and the other servers. */
export interface AoVivo {
  transmissor: Transmissor;
  /** A session ended here (logout): its streams end, and the other servers forget its tokens at once (the event `sessao-encerrada`). */
  sessaoEncerrada(sessaoId: string, tokenHashes: readonly string[]): void;
  /** A service message was queued for a worker: their streams, on every server, are told (the event `mensagem-enviada`). */
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
 * The call as it happens (docs/decisions/0160): the Server-Sent Events streams of this server's clients, fed by
 * the domain events (server/plataforma/eventos, decision 0200), which carry the other servers' on PostgreSQL;
 * `app.aoVivo`, and GET /api/eventos.
 */
export const moduloAoVivo = fp(
  async (app) => {
    const { config, clock, sessoes, eventos } = app.ctx;
    const relatarFalha = (erro: unknown) => app.log.error({ err: erro }, 'ao vivo');
    const transmissor = new Transmissor(app.escalacao, {
      intervaloContagensMs: config.aoVivo.intervaloContagensMs,
      fatias: config.aoVivo.fatias,
      maximoPendenteBytes: 256 * 1024,
      releituraMemoriaMs: 5_000,
      relatarFalha,
    });

    // The call's events (this server's and, through the bus, the others'); the call's module heard them first.
    eventos.assinar(['escolhas', 'escala'], (evento) => transmissor.aoAviso(evento));
    eventos.assinar('sessao-encerrada', (evento) => {
      // This server's own cache dropped the tokens when it ended the session.
      if (evento.origem === 'remota') for (const hash of evento.tokenHashes) sessoes.esquecer(hash);
      transmissor.encerrarSessao(evento.sessaoId);
    });
    eventos.assinar('mensagem-enviada', (evento) => transmissor.avisarMensagem(evento.codAvulso));
    eventos.aoPerderEventos(() => sessoes.limpar());

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

    const aoVivo: AoVivo = {
      transmissor,
      sessaoEncerrada(sessaoId, tokenHashes) {
        eventos.emitir('sessao-encerrada', { sessaoId, tokenHashes: [...tokenHashes] });
      },
      mensagemEnfileirada(codAvulso) {
        eventos.emitir('mensagem-enviada', { codAvulso });
      },
      escutaDePe: () => eventos.escutaDePe(),
    };
    app.decorate('aoVivo', aoVivo);
    await app.register(rotasEventos);
  },
  {
    name: 'ao-vivo',
    fastify: '5.x',
    dependencies: ['escalacao'],
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The live streams and the servers' bus (server/modulos/ao-vivo/plugin.ts). */
    aoVivo: AoVivo;
  }
}
