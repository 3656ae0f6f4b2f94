import { it } from 'vitest';
import { criarAmbiente } from '../test/ambiente.ts';
it('ev', async () => {
  const amb = await criarAmbiente();
  const c = await amb.logado('100008');
  console.log('logado');
  const r = await amb.app.inject({ method: 'GET', url: '/api/eventos', headers: { 'x-access-token': c.token ?? '' }, payloadAsStream: true });
  console.log('status', r.statusCode, r.headers);
  r.stream().destroy();
  const r2 = await amb.app.inject({ method: 'GET', url: '/api/eventos', headers: { 'x-access-token': 'x' }, payloadAsStream: true });
  console.log('status2', r2.statusCode);
  const partes = []; for await (const p of r2.stream()) partes.push(p);
  console.log('lido', Buffer.concat(partes).toString());
  await amb.fechar();
  console.log('fechado');
}, 20000);
