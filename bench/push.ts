import { fork } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { carregarConfig } from '../server/config.ts';
import { chavesVapid } from '../server/modulos/push/chaves.ts';
import { EnviadorPush, type ResumoEnvio } from '../server/modulos/push/envio.ts';
import { abrirBanco } from '../server/plataforma/banco/connection.ts';
import { migrar } from '../server/plataforma/banco/migrate.ts';
import { iniciarReceptorPush } from '../server/test/receptor-push.ts';

/**
 * `node bench/push.ts [N]`: the notices of a call opening to N subscriptions (default 6,000, Santos size;
 * docs/decisions/0162), sent by this process to a push receiver in a child process on 127.0.0.1 (HTTPS, so
 * its TLS work is not counted here). Reports the time to the last answer, this process's CPU per notice and
 * the event loop's delay while sending: what the choices starting at that moment would feel.
 */

if (process.argv[2] === '--receptor') {
  const receptor = await iniciarReceptorPush();
  process.send?.({ origem: receptor.origem, certificado: receptor.certificado.toString() });
} else {
  const n = Number(process.argv[2] ?? 6000);
  const filho = fork(import.meta.filename, ['--receptor'], { stdio: 'inherit' });
  const { origem, certificado } = await new Promise<{ origem: string; certificado: string }>((r) =>
    filho.once('message', (m) => r(m as { origem: string; certificado: string })),
  );
  const pasta = mkdtempSync(path.join(tmpdir(), 'bench-push-'));
  const banco = abrirBanco({ url: undefined, arquivoSqlite: path.join(pasta, 'push.db') });
  try {
    await migrar(banco.db);
    await banco.db
      .insertInto('escala')
      .values({
        num_escalacao: 1,
        data_chamada: '2026-11-24',
        hora_chamada: '07:00',
        aberta: 1,
        situacao: 'aberta',
      })
      .execute();
    const agora = new Date().toISOString();
    for (let i = 0; i < n; i += 500) {
      await banco.db
        .insertInto('assinatura_push')
        .values(
          Array.from({ length: Math.min(500, n - i) }, (_, j) => {
            const ecdh = createECDH('prime256v1');
            ecdh.generateKeys();
            return {
              endpoint: `${origem}/ok/${i + j}`,
              p256dh: ecdh.getPublicKey().toString('base64url'),
              auth: randomBytes(16).toString('base64url'),
              cod_avulso: String(100000 + i + j),
              sessao_id: `s${i + j}`,
              criada_em: agora,
            };
          }),
        )
        .execute();
    }
    const config = carregarConfig({ ...process.env, PUSH_SERVICOS: '127.0.0.1' });
    let resumo: ResumoEnvio | undefined;
    const enviador = new EnviadorPush({
      db: banco.db,
      chaves: await chavesVapid(banco.db, config),
      contato: config.push.contato,
      servicos: config.push.servicos,
      ca: certificado,
      // The receiver is on 127.0.0.1, on a port of its own: what only tests and benchmarks may reach (0220).
      excecoes: { portas: [Number(new URL(origem).port)], redesPermitidas: ['127.0.0.1/32'] },
      relatarFalha: (erro) => console.error(erro),
      registrar: (r) => {
        resumo = r;
      },
    });
    const atraso = monitorEventLoopDelay({ resolution: 1 });
    atraso.enable();
    const cpu = process.cpuUsage();
    enviador.escalaAberta({ numEscalacao: 1, dataChamada: '2026-11-24', horaChamada: '07:00' });
    await enviador.aguardarEnvios();
    const gasto = process.cpuUsage(cpu);
    atraso.disable();
    // The same span with nothing to do: on a loaded machine the delay is mostly the machine's.
    const base = monitorEventLoopDelay({ resolution: 1 });
    base.enable();
    await new Promise((r) => setTimeout(r, resumo?.duracaoMs ?? 1000));
    base.disable();
    const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
    const fatias = (h: typeof atraso) => ({
      p50: ms(h.percentile(50)),
      p99: ms(h.percentile(99)),
      max: ms(h.max),
    });
    console.log(
      JSON.stringify(
        {
          assinaturas: n,
          ...resumo,
          cpuPorAvisoMs: Number(((gasto.user + gasto.system) / 1000 / n).toFixed(3)),
          atrasoLacoMs: fatias(atraso),
          atrasoLacoOciosoMs: fatias(base),
        },
        null,
        2,
      ),
    );
    await enviador.fechar();
  } finally {
    await banco.fechar();
    rmSync(pasta, { recursive: true, force: true });
    filho.kill();
  }
}
