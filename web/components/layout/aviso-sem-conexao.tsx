import { WifiOff } from 'lucide-react';
import { formatarNoFuso } from '#common/tempo.ts';
import { useConexao } from '../../lib/conexao.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';

/**
 * The banner of a screen read without a network (docs/decisions/0132): from when the data is, and that
 * choices and other writes wait for a connection (they are never queued).
 */
export function AvisoSemConexao() {
  const { dadosDe, online } = useConexao();
  if (dadosDe === null && online) return null;
  return <Faixa dadosDe={dadosDe} />;
}

/**
 * The banner itself. Only it asks the port's time zone (the config): the frame around the page is hydrated first,
 * and a question it started would answer while React still hydrates the footer, which would then render what the
 * server's HTML did not have (a hydration mismatch; docs/decisions/0194-react-no-navegador.md).
 */
function Faixa({ dadosDe }: { dadosDe: number | null }) {
  // Port time (the device may be in another zone), as every time the portal shows (decision 0121).
  const fuso = useFusoPorto();
  return (
    <div className="aviso-sem-conexao alerta alerta-aviso" role="status">
      <WifiOff aria-hidden size={20} />
      <div>
        <strong>
          {dadosDe === null
            ? 'Sem conexão.'
            : `Sem conexão, dados de ${formatarNoFuso(new Date(dadosDe), fuso, 'HH:mm')}.`}
        </strong>{' '}
        Escolhas, declarações e outras ações precisam de conexão.
      </div>
    </div>
  );
}
