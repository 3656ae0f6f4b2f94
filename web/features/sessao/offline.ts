import { buscarSessao } from '../../lib/api-sessao.ts';
import { registrarServiceWorker } from '../../lib/conexao.ts';
import { queryClient } from '../../lib/consultas.ts';
import { ehQuiosque, lerToken } from '../../lib/token.ts';

/**
 * The offline-readable app for a logged-in worker on their own phone, never at a kiosk
 * (docs/decisions/0132). When the service worker first takes control, the badge's data, the qualifications
 * and the job history are read again through it, so they are there at the next reload without a network.
 */
export function ativarOffline(): void {
  if (!lerToken() || ehQuiosque()) return;
  registrarServiceWorker(() => {
    void buscarSessao().catch(() => undefined);
    void queryClient.refetchQueries({ queryKey: ['avulso'] });
  });
}
