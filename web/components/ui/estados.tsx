import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function Carregando({ texto = 'Carregando...' }: { texto?: string }) {
  return (
    <div className="carregando" role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
      <span>{texto}</span>
    </div>
  );
}

type TipoAlerta = 'erro' | 'aviso' | 'sucesso' | 'info';
const ICONES = { erro: XCircle, aviso: AlertTriangle, sucesso: CheckCircle2, info: Info } as const;

export function Alerta({ tipo, children }: { tipo: TipoAlerta; children: ReactNode }) {
  const Icone = ICONES[tipo];
  return (
    <div className={`alerta alerta-${tipo}`} role={tipo === 'erro' ? 'alert' : 'status'}>
      <Icone aria-hidden size={20} />
      <div>{children}</div>
    </div>
  );
}

/** The 'Voltar' button of every page: a link to the page above. */
export function BotaoVoltar({ para, desabilitado = false }: { para: string; desabilitado?: boolean }) {
  if (desabilitado) {
    return (
      <button type="button" className="botao botao-secundario botao-voltar" disabled>
        Voltar
      </button>
    );
  }
  return (
    <Link to={para} className="botao botao-secundario botao-voltar">
      Voltar
    </Link>
  );
}

/** A large tile linking to a page (account hub, settings, finance). */
export function Tile({ para, icone, titulo }: { para: string; icone: ReactNode; titulo: string }) {
  return (
    <Link to={para} className="tile">
      {icone}
      <span>{titulo}</span>
    </Link>
  );
}
