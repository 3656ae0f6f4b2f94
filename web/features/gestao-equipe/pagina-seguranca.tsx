import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole, MonitorSmartphone, ShieldAlert } from 'lucide-react';
import type { RegistroBloqueio } from '#common/api/seguranca.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { MenuGestao } from '../../components/layout/menu-gestao.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { ListaRevogavel } from '../../components/ui/lista-revogavel.tsx';
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
      {consulta.isSuccess && consulta.data.length === 0 ? (
        <Alerta tipo="info">Nenhum totem registrado.</Alerta>
      ) : null}
      <ListaRevogavel
        rotulo="Totens registrados"
        itens={consulta.data ?? []}
        chave={(t) => t.id}
        nome={(t) => t.nome}
        detalhe={(t) =>
          `Registrado por ${t.criadoPor} em ${dataHora(t.criadoEm)} · último uso ${t.usadoEm ? dataHora(t.usadoEm) : 'nunca'}${t.revogadoEm ? ` · revogado por ${t.revogadoPor ?? '—'} em ${dataHora(t.revogadoEm)}` : ''}`
        }
        revogado={(t) => t.revogadoEm !== null}
        rotuloRevogar={(t) => `Revogar o totem ${t.nome}`}
        tituloConfirmacao="Revogar este totem?"
        confirmacao={(t) => (
          <p>
            O totem <strong>{t.nome}</strong> deixa de ser do OGMO: os logins nele passam a contar como os de
            um aparelho desconhecido. Para voltar, registre-o de novo no navegador dele.
          </p>
        )}
        revogadoAviso={(t) =>
          `Totem revogado: ${t.nome}. Os logins nele voltam ao limite de um aparelho desconhecido.`
        }
        revogar={(t) => revogarTotem(t.id)}
        depois={() => cliente.invalidateQueries({ queryKey: totensQuery.queryKey })}
      />
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
        <ul className="lista-revogavel" aria-label="Bloqueios em vigor">
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
