import { ultimosTrabalhosQuery } from '../../lib/api-avulso.ts';
import { configPublicaQuery, escalaAbertaQuery } from '../../lib/api-sessao.ts';
import { queryClient } from '../../lib/consultas.ts';
import { resultadoEscalaQuery } from '../../lib/resultado-escala.ts';
import { sessao } from '../../lib/sessao.ts';

/**
 * How long /inicio waits for its answers before it shows without them (a bad connection must not hold the
 * home; what arrives later then moves the cards, as before).
 */
const ESPERA_MAXIMA_MS = 2_000;

/**
 * The answers the home's frame shows above its cards (call box, published result, current job), asked while
 * the page's code downloads, so the page renders once with them: the cards no longer jump down when they
 * arrive (Lighthouse measured a CLS of 0.36-0.39 on /inicio; docs/decisions/0133-orcamentos-do-celular.md).
 * A failed answer is left to the components, which show it as before.
 */
export async function prepararInicio(): Promise<null> {
  // Without a session the login guard (a parent loader, run beside this one) redirects: ask nothing.
  if (!sessao.temToken()) return null;
  const respostas = Promise.allSettled([
    queryClient.ensureQueryData(escalaAbertaQuery),
    queryClient.ensureQueryData(configPublicaQuery),
    queryClient.ensureQueryData(resultadoEscalaQuery),
    queryClient.ensureQueryData(ultimosTrabalhosQuery),
  ]);
  await Promise.race([respostas, new Promise((fim) => setTimeout(fim, ESPERA_MAXIMA_MS))]);
  return null;
}
