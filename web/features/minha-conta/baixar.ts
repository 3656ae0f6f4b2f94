import { useCallback, useRef, useState } from 'react';
import { nomeDoArquivo } from '#common/api/financeiro.ts';
import { baixarArquivo, ErroApi } from '../../lib/api-client.ts';
import { salvarArquivo } from '../../lib/salvar-arquivo.ts';
import type { EndpointDownload } from './api.ts';

export type EstadoDownload =
  | { status: 'ocioso' }
  | { status: 'baixando' }
  | { status: 'concluido' }
  | { status: 'erro'; mensagem: string };

/**
 * Downloads one document (docs/produto/minha-conta.md §4): asks for it by `arquivo`, saves it under the last path segment
 * of `arquivo`; the state drives the button (progress, done, failure).
 */
export function useBaixarDocumento(caminho: EndpointDownload, arquivo: string) {
  const [estado, setEstado] = useState<EstadoDownload>({ status: 'ocioso' });
  const emCurso = useRef(false);
  const baixar = useCallback(async () => {
    if (emCurso.current) return;
    emCurso.current = true;
    setEstado({ status: 'baixando' });
    try {
      const blob = await baixarArquivo(caminho, { query: { arquivo } });
      salvarArquivo(blob, nomeDoArquivo(arquivo));
      setEstado({ status: 'concluido' });
    } catch (erro) {
      const mensagem = erro instanceof ErroApi ? erro.message : 'Erro inesperado.';
      setEstado({ status: 'erro', mensagem });
    } finally {
      emCurso.current = false;
    }
  }, [caminho, arquivo]);
  return { estado, baixar };
}
