import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ErroApi } from '../../lib/api-client.ts';
import { ModalConfirmacao } from './modal-confirmacao.tsx';

const mensagemDe = (erro: unknown) =>
  erro instanceof ErroApi ? erro.message : 'Sem comunicação com o servidor!';

interface ListaRevogavelProps<T> {
  /** The list's accessible name. */
  rotulo: string;
  itens: readonly T[];
  chave: (item: T) => string | number;
  nome: (item: T) => string;
  /** What the item shows under its name (dates, who, why). */
  detalhe: (item: T) => ReactNode;
  /** Revoked already: shown, without the button. */
  revogado: (item: T) => boolean;
  /** What "Revogar" says to a screen reader, e.g. "Revogar a passkey X". */
  rotuloRevogar: (item: T) => string;
  tituloConfirmacao: string;
  /** The confirmation's text: what revoking does. */
  confirmacao: (item: T) => ReactNode;
  /** The status line after a revocation. */
  revogadoAviso: (item: T) => string;
  revogar: (item: T) => Promise<unknown>;
  /** After each try (the lists to read again). */
  depois: () => Promise<unknown>;
}

/**
 * A list of things staff may revoke (a worker's passkeys, the OGMO's kiosks: docs/decisions/0295): each item with
 * its details and "Revogar", which asks first (ModalConfirmacao); the status line says what was revoked.
 */
export function ListaRevogavel<T>(p: ListaRevogavelProps<T>) {
  const [confirmar, setConfirmar] = useState<T | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const revogar = useMutation({
    mutationFn: (item: T) => p.revogar(item).then(() => item),
    onMutate: () => setAviso(null),
    onSuccess: (item) => {
      setConfirmar(null);
      setAviso(p.revogadoAviso(item));
    },
    onSettled: p.depois,
  });
  return (
    <>
      {p.itens.length > 0 ? (
        <ul className="lista-revogavel" aria-label={p.rotulo}>
          {p.itens.map((item) => (
            <li key={p.chave(item)}>
              <span>
                <strong>{p.nome(item)}</strong>
                <br />
                <span className="texto-suave">{p.detalhe(item)}</span>
              </span>
              {p.revogado(item) ? null : (
                <button
                  type="button"
                  className="botao botao-secundario"
                  disabled={revogar.isPending}
                  onClick={() => setConfirmar(item)}
                  aria-label={p.rotuloRevogar(item)}
                >
                  Revogar
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {aviso ? (
        <p className="lista-revogavel-aviso" role="status">
          {aviso}
        </p>
      ) : null}
      <ModalConfirmacao
        aberto={confirmar !== null}
        aoFechar={() => {
          setConfirmar(null);
          revogar.reset();
        }}
        aoConfirmar={() => confirmar !== null && revogar.mutate(confirmar)}
        titulo={p.tituloConfirmacao}
        texto={confirmar !== null ? p.confirmacao(confirmar) : null}
        acao="Revogar"
        perigo
        enviando={revogar.isPending}
        erro={revogar.isError ? mensagemDe(revogar.error) : null}
      />
    </>
  );
}
