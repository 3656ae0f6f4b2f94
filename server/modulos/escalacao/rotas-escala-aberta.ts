import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEscalaAberta } from '#common/api/escala-aberta.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';

/**
 * GET /api/escalaAberta: public, the logged-out screen shows the call box too (spec §4, logout reloads it).
 * Every phone and kiosk asks on each screen: `app.escalacao` answers from memory (one read per second;
 * staff opening or closing a call through the module is seen at once).
 */
export const rotasEscalaAberta: FastifyPluginAsyncZod = async (app) => {
  registrar(app, apiEscalaAberta.escalaAberta, async () => ok(await app.escalacao.escalaAberta()));
};
