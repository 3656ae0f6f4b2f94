import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The bare route of the rush benchmark: a Fastify app with no plugins that answers GET /vagas with a
 * precomputed JSON body (a real GET /api/vagas body of the same run, read from the file in argv[2]).
 * Its throughput is the ceiling the real route is compared with. Listens on 127.0.0.1, a free port,
 * and prints {"porta": N} on stdout.
 */
const arquivo = process.argv[2];
if (!arquivo) throw new Error('uso: node bench/rota-nua.ts <corpo.json>');
const corpo = readFileSync(arquivo, 'utf8');

const app = Fastify({ logger: false });
app.get('/vagas', async (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('cache-control', 'no-store');
  return reply.send(corpo);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const endereco = app.server.address();
const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
process.stdout.write(`${JSON.stringify({ porta })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
