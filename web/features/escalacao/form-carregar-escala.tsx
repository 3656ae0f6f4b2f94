import { CircleAlert, CircleCheck, CircleDashed } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';
import { podeCarregarEscala, type StatusCarga, statusAoEditar } from './estado-escala.ts';
import { carregarVagas, useEstadoEscala } from './loja-escala.ts';

const DESCRICAO: Record<StatusCarga, string> = {
  I: 'Aguardando o número da escala',
  C: 'Carregando a escala',
  S: 'Escala carregada',
  E: 'Erro ao carregar a escala',
};

/** The status icon of spec §4 'Scheduling load status': I idle, C loading, S success, E error. */
function IconeStatus({ status }: { status: StatusCarga }) {
  return (
    <span
      className={`carga-status carga-status-${status}`}
      role="img"
      aria-label={DESCRICAO[status]}
      title={DESCRICAO[status]}
      data-status={status}
    >
      {status === 'C' ? <span className="spinner" aria-hidden /> : null}
      {status === 'S' ? <CircleCheck aria-hidden size={26} /> : null}
      {status === 'E' ? <CircleAlert aria-hidden size={26} /> : null}
      {status === 'I' ? <CircleDashed aria-hidden size={26} /> : null}
    </span>
  );
}

/** Test users only: load any call by its number ('Carregar Escala nº'). */
export function FormCarregarEscala() {
  const id = useId();
  const navigate = useNavigate();
  const { escalaCarregada } = useEstadoEscala();
  const numCarregada = escalaCarregada?.numEscalacao;
  const [numero, setNumero] = useState('');
  const [status, setStatus] = useState<StatusCarga>('I');
  const [mensagem, setMensagem] = useState<string | null>(null);

  async function carregar(evento: FormEvent) {
    evento.preventDefault();
    if (!podeCarregarEscala(status, numero, numCarregada)) return;
    setStatus('C');
    setMensagem(null);
    try {
      await carregarVagas(Number(numero));
      setStatus('S');
      navigate(caminhos.escalacao);
    } catch (erro) {
      setStatus('E');
      setMensagem(erro instanceof Error ? erro.message : null);
    }
  }

  return (
    <form className="cartao carga-escala" onSubmit={carregar} aria-label="Carregar escala">
      <label htmlFor={id} className="carga-escala-rotulo">
        Carregar Escala nº
      </label>
      <div className="carga-escala-linha">
        <input
          id={id}
          className="carga-escala-numero"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={9}
          autoComplete="off"
          value={numero}
          placeholder={numCarregada ? String(numCarregada) : ''}
          onChange={(e) => {
            const valor = e.target.value.replace(/\D/g, '');
            setNumero(valor);
            if (status !== 'C') setStatus(statusAoEditar(valor, numCarregada));
            setMensagem(null);
          }}
        />
        <IconeStatus status={status} />
        <button type="submit" className="botao" disabled={!podeCarregarEscala(status, numero, numCarregada)}>
          Carregar
        </button>
      </div>
      {status === 'E' && mensagem ? (
        <p className="carga-escala-erro" role="alert">
          {mensagem}
        </p>
      ) : null}
    </form>
  );
}
