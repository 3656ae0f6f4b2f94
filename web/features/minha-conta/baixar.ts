import { useCallback, useRef, useState } from 'react';
import { nomeDoArquivo } from '#common/api/financeiro.ts';
import { baixarArquivo, ErroApi } from '../../lib/api-client.ts';
import type { EndpointDownload } from './api.ts';

/** Saves a blob under `nome` through an object URL and a temporary <a download>. */
export function salvarArquivo(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: revoke it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export type EstadoDownload =
  | { fase: 'ocioso' }
  | { fase: 'baixando' }
  | { fase: 'concluido' }
  | { fase: 'erro'; mensagem: string };

/**
 * Downloads one document (docs/produto/minha-conta.md §4): asks for it by `arquivo`, saves it under the last path segment
 * of `arquivo`; the state drives the button (progress, done, failure).
 */
export function useBaixarDocumento(caminho: EndpointDownload, arquivo: string) {
  const [estado, setEstado] = useState<EstadoDownload>({ fase: 'ocioso' });
  const emCurso = useRef(false);
  const baixar = useCallback(async () => {
    if (emCurso.current) return;
    emCurso.current = true;
    setEstado({ fase: 'baixando' });
    try {
      const blob = await baixarArquivo(caminho, { query: { arquivo } });
      salvarArquivo(blob, nomeDoArquivo(arquivo));
      setEstado({ fase: 'concluido' });
    } catch (erro) {
      const mensagem = erro instanceof ErroApi ? erro.message : 'Erro inesperado.';
      setEstado({ fase: 'erro', mensagem });
    } finally {
      emCurso.current = false;
    }
  }, [caminho, arquivo]);
  return { estado, baixar };
}
