import { WifiOff } from 'lucide-react';
import { useConexao } from '../../lib/conexao.ts';

/** Port time (the device may be in another zone): the same zone as every time the portal shows. */
const hora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Recife',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The banner of a screen read without a network (docs/decisions/0132): from when the data is, and that
 * choices and other writes wait for a connection (they are never queued).
 */
export function AvisoSemConexao() {
  const { dadosDe, online } = useConexao();
  if (dadosDe === null && online) return null;
  return (
    <div className="aviso-sem-conexao alerta alerta-aviso" role="status">
      <WifiOff aria-hidden size={20} />
      <div>
        <strong>
          {dadosDe === null ? 'Sem conexão.' : `Sem conexão, dados de ${hora.format(dadosDe)}.`}
        </strong>{' '}
        Escolhas, declarações e outras ações precisam de conexão.
      </div>
    </div>
  );
}
