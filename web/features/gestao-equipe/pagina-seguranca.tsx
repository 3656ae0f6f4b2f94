import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole, MonitorSmartphone, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import type { RegistroBloqueio, Totem } from '#common/api/seguranca.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { MenuGestao } from '../../components/layout/menu-gestao.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';
import { bloqueiosQuery, revogarTotem, totensQuery } from './api.ts';
import { bloqueiosVigentes } from './bloqueios.ts';
import './gestao-equipe.css';

/**
 * /gestao/seguranca (issue 28; docs/decisions/0228, 0295), for the role `administrador`: the OGMO's kiosks
 * (registered in Minha conta from the kiosk's own browser), each revoked after a confirmation, and the login
 * locks in force. Each registration and revocation keeps who and when on the server.
 */

const mensagemDe = (erro: unknown) => (erro instanceof ErroApi ? erro.message : 'Erro inesperado.');

const POLITICAS: Record<RegistroBloqueio['politica'], string> = {
  login: 'Login',
  aparelho: 'Aparelho conhecido',
  totem: 'Totem do OGMO',
  declaracao: 'Declaração (MP 945)',
  'primeiro-acesso': 'Primeiro acesso',
};

function useDataHora() {
  const fuso = useFusoPorto();
  return (iso: string) => formatarNoFuso(iso, fuso, "dd/MM/yyyy 'às' HH:mm");
}

function Totens() {
  const consulta = useQuery(totensQuery);
  const cliente = useQueryClient();
  const dataHora = useDataHora();
  const [confirmar, setConfirmar] = useState<Totem | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const revogar = useMutation({
    mutationFn: (t: Totem) => revogarTotem(t.id).then(() => t),
    onMutate: () => setAviso(null),
    onSuccess: (t) => {
      setConfirmar(null);
      setAviso(`Totem revogado: ${t.nome}. Os logins nele voltam ao limite de um aparelho desconhecido.`);
    },
    onSettled: () => cliente.invalidateQueries({ queryKey: totensQuery.queryKey }),
  });
  const totens = consulta.data ?? [];
  return (
    <section className="cartao" aria-labelledby="titulo-totens">
      <h2 id="titulo-totens" className="cartao-titulo">
        <MonitorSmartphone aria-hidden size={22} />
        Totens do OGMO
      </h2>
      <p className="texto-suave">
        Um totem é registrado em Minha conta › Configurações, no navegador do próprio totem. Revogue o de um
        totem trocado ou retirado: o registro dele deixa de valer.
      </p>
      {consulta.isPending ? <Carregando texto="Carregando os totens..." /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {consulta.isSuccess && totens.length === 0 ? (
        <Alerta tipo="info">Nenhum totem registrado.</Alerta>
      ) : null}
      {totens.length > 0 ? (
        <ul className="seguranca-lista" aria-label="Totens registrados">
          {totens.map((t) => (
            <li key={t.id}>
              <span>
                <strong>{t.nome}</strong>
                {t.revogadoEm ? ' — revogado' : ''}
                <br />
                <span className="texto-suave">
                  Registrado por {t.criadoPor} em {dataHora(t.criadoEm)} · último uso{' '}
                  {t.usadoEm ? dataHora(t.usadoEm) : 'nunca'}
                  {t.revogadoEm ? ` · revogado por ${t.revogadoPor ?? '—'} em ${dataHora(t.revogadoEm)}` : ''}
                </span>
              </span>
              {t.revogadoEm ? null : (
                <button
                  type="button"
                  className="botao botao-secundario"
                  disabled={revogar.isPending}
                  onClick={() => setConfirmar(t)}
                  aria-label={`Revogar o totem ${t.nome}`}
                >
                  Revogar
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {aviso ? (
        <p className="seguranca-aviso" role="status">
          {aviso}
        </p>
      ) : null}
      <Modal
        aberto={confirmar !== null}
        aoMudar={(aberto) => {
          if (!aberto) setConfirmar(null);
        }}
        titulo="Revogar este totem?"
        acoes={
          <>
            <button type="button" className="botao botao-secundario" onClick={() => setConfirmar(null)}>
              Voltar
            </button>
            <button
              type="button"
              className="botao botao-perigo"
              disabled={revogar.isPending}
              onClick={() => confirmar && revogar.mutate(confirmar)}
            >
              Revogar
            </button>
          </>
        }
      >
        <p>
          O totem <strong>{confirmar?.nome}</strong> deixa de ser do OGMO: os logins nele passam a contar como
          os de um aparelho desconhecido. Para voltar, registre-o de novo no navegador dele.
        </p>
        {revogar.isError ? <Alerta tipo="erro">{mensagemDe(revogar.error)}</Alerta> : null}
      </Modal>
    </section>
  );
}

function Bloqueios() {
  const consulta = useQuery(bloqueiosQuery);
  const dataHora = useDataHora();
  const vigentes = consulta.data ? bloqueiosVigentes(consulta.data, new Date()) : [];
  return (
    <section className="cartao" aria-labelledby="titulo-bloqueios">
      <h2 id="titulo-bloqueios" className="cartao-titulo">
        <LockKeyhole aria-hidden size={22} />
        Bloqueios de acesso em vigor
      </h2>
      <p className="texto-suave">
        Contas com tentativas erradas demais, esperando o fim do bloqueio. O trabalhador que entra com a senha
        certa depois do fim, ou com a digital, sai daqui.
      </p>
      {consulta.isPending ? <Carregando texto="Carregando os bloqueios..." /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {consulta.isSuccess && vigentes.length === 0 ? (
        <Alerta tipo="info">Nenhum bloqueio em vigor.</Alerta>
      ) : null}
      {vigentes.length > 0 ? (
        <ul className="seguranca-lista" aria-label="Bloqueios em vigor">
          {vigentes.map((b) => (
            <li key={`${b.politica}:${b.sujeito}`}>
              <span>
                <strong>{b.sujeito}</strong> — {POLITICAS[b.politica]}
                <br />
                <span className="texto-suave">
                  {b.falhas} tentativas erradas · bloqueado em {dataHora(b.em)} até{' '}
                  {b.ate ? dataHora(b.ate) : '—'}
                  {b.ip ? ` · de ${b.ip}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function PaginaSeguranca() {
  return (
    <div className="pilha gestao-equipe">
      <MenuGestao />
      <div className="pagina-cabecalho">
        <ShieldAlert aria-hidden size={28} />
        <h1>Totens e bloqueios</h1>
      </div>
      <Totens />
      <Bloqueios />
      <BotaoVoltar para={caminhos.inicio} />
    </div>
  );
}
