import { useMutation, useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { MensagemServico } from '#common/api/avulso.ts';
import { ATRASO_FILA_MENSAGENS_MS } from '#common/dominio.ts';
import { chamar } from '../../lib/api-client.ts';
import { enderecosAvulso } from '../../lib/enderecos-api.ts';
import { useDadosLogin } from '../../lib/sessao.ts';
import { Modal } from '../ui/modal.tsx';

const CHAVE_MENSAGENS = ['avulso', 'mensagens'] as const;

/**
 * Service messages (docs/produto/escalacao.md §2): one at a time with 'Fechar'; closing marks it read on the server
 * and the next appears 500 ms later.
 */
export function FilaMensagens() {
  const avulso = useDadosLogin();
  const { data } = useQuery({
    queryKey: [...CHAVE_MENSAGENS, avulso?.codAvulso],
    queryFn: () => chamar(enderecosAvulso.mensagens),
    enabled: avulso !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const marcarLida = useMutation({
    mutationFn: (codigo: number) => chamar(enderecosAvulso.marcarMensagemLida, { params: { codigo } }),
  });
  const [fechadas, setFechadas] = useState<ReadonlySet<number>>(new Set());
  const [pausa, setPausa] = useState(false);
  const temporizador = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(temporizador.current), []);

  const atual = avulso ? data?.find((m) => !fechadas.has(m.codigo)) : undefined;

  function fechar(mensagem: MensagemServico) {
    marcarLida.mutate(mensagem.codigo);
    setFechadas((anteriores) => new Set(anteriores).add(mensagem.codigo));
    setPausa(true);
    window.clearTimeout(temporizador.current);
    temporizador.current = window.setTimeout(() => setPausa(false), ATRASO_FILA_MENSAGENS_MS);
  }

  if (!atual) return null;
  return (
    <Modal
      aberto={!pausa}
      aoMudar={(aberto) => {
        if (!aberto) fechar(atual);
      }}
      titulo={
        <span className="mensagem-titulo">
          <Megaphone aria-hidden size={22} />
          {atual.titulo}
        </span>
      }
      acoes={
        <button type="button" className="botao" onClick={() => fechar(atual)}>
          Fechar
        </button>
      }
    >
      <p className="mensagem-corpo">{atual.corpo}</p>
    </Modal>
  );
}
