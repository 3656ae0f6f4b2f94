import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Banco } from '../banco/connection.ts';
import { BarramentoLocal, BarramentoPostgres } from './barramento.ts';
import { type EventoNoFio, Eventos } from './eventos.ts';

export type { EventosDoDominio } from './catalogo.ts';
export type { AlcanceEvento, Evento, NomeEvento, OrigemEvento, OuvinteEvento } from './eventos.ts';
export { Eventos } from './eventos.ts';

/**
 * Os eventos do app: no PostgreSQL com `DATABASE_URL`, atravessam os servidores pelo LISTEN/NOTIFY (resolve
 * quando este servidor já escuta, para não perder nada do que vier depois de pronto); no SQLite há um processo só,
 * e o barramento fica mudo.
 */
export async function criarEventos(
  banco: Banco,
  config: Config,
  relatarFalha: (erro: unknown) => void,
): Promise<Eventos> {
  if (banco.dialeto !== 'postgres' || !config.databaseUrl) {
    return new Eventos(new BarramentoLocal<EventoNoFio>(), relatarFalha);
  }
  const barramento = new BarramentoPostgres<EventoNoFio>(
    config.databaseUrl,
    async (canal, payload) => {
      await sql`select pg_notify(${canal}, ${payload})`.execute(banco.db);
    },
    relatarFalha,
  );
  const eventos = new Eventos(barramento, relatarFalha);
  await barramento.iniciar();
  return eventos;
}
