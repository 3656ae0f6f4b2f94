import { type LoaderFunctionArgs, redirect } from 'react-router';
import { categoriaPorSegmento } from '#common/dominio.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { exigirLogin } from '../../lib/guarda.ts';
import { temOfertas } from './estado-escala.ts';
import { estadoEscala, garantirVagas } from './loja-escala.ts';

/**
 * Guard of /escalacao/ofertas/:categoria: allowed only if the loaded call has offers in that category,
 * otherwise back to /escalacao. Loaders run in parallel, so the login guard is awaited here first.
 */
export async function guardaOfertas({ params }: Pick<LoaderFunctionArgs, 'params'>): Promise<null> {
  await exigirLogin();
  await garantirVagas();
  const categoria = categoriaPorSegmento(params.categoria);
  if (!categoria || !temOfertas(estadoEscala().escalaCarregada, categoria.codigo)) {
    throw redirect(caminhos.escalacao);
  }
  return null;
}
