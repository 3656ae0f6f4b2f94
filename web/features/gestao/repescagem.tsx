import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EscalaDetalhe } from '#common/api/gestao.ts';
import { formatarDataIso } from '#common/formato.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { Alerta } from '../../components/ui/estados.tsx';
import { ModalConfirmacao } from '../../components/ui/modal-confirmacao.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { criarRepescagem, escalasQuery } from './api.ts';
import { contar, mensagemDe } from './comum.tsx';

/**
 * The second round on a call's page (docs/decisions/0217, 0268): only when the port's REPESCAGEM policy is on
 * (the server then sends `repescagem`). A published call with vacancies left offers "Abrir repescagem"; the
 * confirmation says how many and that only workers it did not engage may choose; the new draft opens next.
 */
export function Repescagem({ escala, fuso }: { escala: EscalaDetalhe; fuso: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmando, setConfirmando] = useState(false);
  const [hora, setHora] = useState('');
  const criar = useMutation({
    mutationFn: () =>
      criarRepescagem(escala.numEscalacao, { dataChamada: escala.dataChamada, horaChamada: hora }),
    onSuccess: async ({ numEscalacao }) => {
      setConfirmando(false);
      await queryClient.invalidateQueries({ queryKey: ['gestao', 'escala', escala.numEscalacao] });
      await queryClient.invalidateQueries({ queryKey: escalasQuery.queryKey });
      navigate(caminhos.escalaGestao(numEscalacao));
    },
  });
  const r = escala.repescagem;
  if (!r) return null;
  const vagas = contar(r.vagas, 'vaga que sobrou', 'vagas que sobraram');
  return (
    <>
      {r.repescagemDe !== null ? (
        <Alerta tipo="info">
          Repescagem da{' '}
          <Link to={caminhos.escalaGestao(r.repescagemDe)} className="gestao-link">
            escala nº {r.repescagemDe}
          </Link>
          : só quem não foi engajado nela pode escolher.
        </Alerta>
      ) : null}
      {r.repescagem !== null ? (
        <p>
          Repescagem desta escala:{' '}
          <Link to={caminhos.escalaGestao(r.repescagem)} className="gestao-link">
            escala nº {r.repescagem}
          </Link>
        </p>
      ) : null}
      {escala.situacao === 'publicada' && r.vagas > 0 ? (
        <div className="gestao-acoes-linha">
          <button
            type="button"
            className="botao botao-secundario"
            onClick={() => {
              setHora(formatarNoFuso(new Date(), fuso, 'HH:mm'));
              criar.reset();
              setConfirmando(true);
            }}
          >
            <RotateCcw aria-hidden size={20} />
            Abrir repescagem
          </button>
        </div>
      ) : null}
      <ModalConfirmacao
        aberto={confirmando}
        aoFechar={() => setConfirmando(false)}
        aoConfirmar={() => criar.mutate()}
        titulo="Abrir repescagem"
        texto={
          <>
            <p>
              Escala nº {escala.numEscalacao}: a repescagem oferece as {vagas} em turnos que ainda não
              terminaram. <strong>Só quem não foi engajado nesta escala poderá escolher</strong>; o rodízio
              continua de onde parou.
            </p>
            <p>
              Ela é criada como rascunho para {formatarDataIso(escala.dataChamada)}: abra-a na página
              seguinte.
            </p>
          </>
        }
        acao="Criar repescagem"
        enviando={criar.isPending}
        erro={criar.isError ? mensagemDe(criar.error) : null}
      >
        <div className="campo">
          <label htmlFor="repescagem-hora">Hora da chamada da repescagem</label>
          <input id="repescagem-hora" type="time" value={hora} onChange={(e) => setHora(e.target.value)} />
        </div>
      </ModalConfirmacao>
    </>
  );
}
