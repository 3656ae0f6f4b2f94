import { useMutation, useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { formatarDataIso } from '#common/formato.ts';
import { Alerta } from '../../components/ui/estados.tsx';
import { copiarRequisicoes, escalasQuery } from './api.ts';
import { contar, mensagemDe } from './comum.tsx';

/**
 * Copies an earlier call's requisitions into this draft (docs/decisions/0265): the dates move by the distance
 * between the two calls; all or nothing, by the form's rules.
 */
export function CopiarRequisicoes({
  numEscalacao,
  aoCopiar,
}: {
  numEscalacao: number;
  aoCopiar: () => void;
}) {
  const id = useId();
  const escalas = useQuery(escalasQuery);
  const [origem, setOrigem] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const copiar = useMutation({
    mutationFn: (de: number) => copiarRequisicoes(numEscalacao, de),
    onSuccess: aoCopiar,
  });
  const opcoes = (escalas.data ?? [])
    .filter((e) => e.numEscalacao !== numEscalacao && e.contagens.requisicoes > 0)
    .sort((a, b) => b.numEscalacao - a.numEscalacao);

  function enviar() {
    copiar.reset();
    if (origem === '') {
      setErro('Escolha a escala de onde copiar.');
      return;
    }
    setErro(null);
    copiar.mutate(Number(origem));
  }

  return (
    <section className="cartao" aria-labelledby={`${id}-titulo`}>
      <h3 id={`${id}-titulo`} className="cartao-titulo">
        <Copy aria-hidden size={22} />
        Copiar de outra escala
      </h3>
      <p className="texto-suave">
        As requisições da escala escolhida entram neste rascunho com as datas andando a distância entre as
        duas chamadas. Entram todas ou nenhuma.
      </p>
      <div className="gestao-busca">
        <div className="campo">
          <label htmlFor={`${id}-origem`}>Escala de origem</label>
          <select
            id={`${id}-origem`}
            value={origem}
            onChange={(e) => setOrigem(e.target.value)}
            aria-invalid={erro ? true : undefined}
            aria-describedby={erro ? `${id}-erro` : undefined}
          >
            <option value="">Selecione</option>
            {opcoes.map((e) => (
              <option key={e.numEscalacao} value={e.numEscalacao}>
                nº {e.numEscalacao} · {formatarDataIso(e.dataChamada)} ·{' '}
                {contar(e.contagens.requisicoes, 'requisição', 'requisições')}
              </option>
            ))}
          </select>
          {erro ? (
            <span id={`${id}-erro`} className="campo-erro">
              {erro}
            </span>
          ) : null}
        </div>
        <button type="button" className="botao botao-secundario" onClick={enviar} disabled={copiar.isPending}>
          {copiar.isPending ? 'Copiando...' : 'Copiar requisições'}
        </button>
      </div>
      <div aria-live="polite">
        {copiar.isError ? <Alerta tipo="erro">{mensagemDe(copiar.error)}</Alerta> : null}
        {copiar.data ? (
          <Alerta tipo="sucesso">
            {contar(copiar.data.requisicoes.length, 'requisição copiada', 'requisições copiadas')} da escala
            nº {copiar.variables}
            {copiar.data.deslocamentoDias === 0
              ? ', nas mesmas datas.'
              : `, com as datas ${contar(Math.abs(copiar.data.deslocamentoDias), 'dia', 'dias')} ${copiar.data.deslocamentoDias > 0 ? 'depois' : 'antes'}.`}
          </Alerta>
        ) : null}
      </div>
    </section>
  );
}
