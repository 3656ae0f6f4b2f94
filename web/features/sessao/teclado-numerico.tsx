import { Delete, Eraser } from 'lucide-react';

interface TecladoNumericoProps {
  /** Called with the key pressed: a digit, 'apagar' (backspace) or 'limpar' (clear the field). */
  aoTeclar: (tecla: string) => void;
  desabilitado?: boolean;
}

const DIGITOS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The kiosk's on-screen numeric keyboard (docs/produto/escalacao.md §2): big touch targets, digits only. */
export function TecladoNumerico({ aoTeclar, desabilitado = false }: TecladoNumericoProps) {
  return (
    <fieldset className="teclado-numerico">
      <legend className="visualmente-oculto">Teclado numérico</legend>
      {DIGITOS.map((d) => (
        <button key={d} type="button" className="tecla" disabled={desabilitado} onClick={() => aoTeclar(d)}>
          {d}
        </button>
      ))}
      <button
        type="button"
        className="tecla tecla-acao"
        disabled={desabilitado}
        onClick={() => aoTeclar('limpar')}
        aria-label="Limpar campo"
      >
        <Eraser aria-hidden />
      </button>
      <button type="button" className="tecla" disabled={desabilitado} onClick={() => aoTeclar('0')}>
        0
      </button>
      <button
        type="button"
        className="tecla tecla-acao"
        disabled={desabilitado}
        onClick={() => aoTeclar('apagar')}
        aria-label="Apagar último dígito"
      >
        <Delete aria-hidden />
      </button>
    </fieldset>
  );
}
