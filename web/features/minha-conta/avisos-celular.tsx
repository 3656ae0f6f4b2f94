import { Bell, BellOff, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alerta } from '../../components/ui/estados.tsx';
import {
  ativarAvisos,
  avisosSuportados,
  desativarAvisos,
  type EstadoAvisos,
  lerEstadoAvisos,
} from '../../lib/avisos-push.ts';

const TEXTO_ESTADO: Record<EstadoAvisos, string> = {
  ativado: 'Ativado: este celular recebe os avisos.',
  desativado: 'Desativado: este celular não recebe avisos.',
  bloqueado:
    'Bloqueado pelo navegador. Para receber os avisos, permita as notificações deste site nas configurações do navegador e volte aqui.',
};

const TEXTO_MUDANDO = {
  ativando: 'Ativando: se o navegador perguntar, toque em Permitir.',
  desativando: 'Desativando os avisos deste celular…',
} as const;

function mensagemDe(erro: unknown): string {
  // ErroApi (the server's Portuguese message) is an Error too.
  if (erro instanceof Error) return erro.message;
  return 'Não foi possível mudar os avisos agora. Tente de novo.';
}

/**
 * The "Avisos no celular" card of /minha-conta/configuracoes (docs/produto/minha-conta.md §2,
 * docs/decisions/0162): turns this phone's notifications on and off. Absent at the totem and in a browser
 * without Web Push.
 */
export function AvisosCelular() {
  const [suportado] = useState(avisosSuportados);
  const [estado, setEstado] = useState<EstadoAvisos | null>(null);
  // What is being done now: the state line says it, not the state it is leaving ('Desativado' while 'Ativando…').
  const [mudando, setMudando] = useState<'ativando' | 'desativando' | null>(null);
  const ocupado = mudando !== null;
  const [erro, setErro] = useState<string | null>(null);

  useEffect(() => {
    if (!suportado) return;
    let vivo = true;
    lerEstadoAvisos()
      .then((e) => vivo && setEstado(e))
      .catch(() => vivo && setEstado('desativado'));
    return () => {
      vivo = false;
    };
  }, [suportado]);

  if (!suportado) return null;

  async function mudar(acao: () => Promise<EstadoAvisos>, agora: 'ativando' | 'desativando') {
    setMudando(agora);
    setErro(null);
    try {
      setEstado(await acao());
    } catch (e) {
      setErro(mensagemDe(e));
      setEstado(await lerEstadoAvisos().catch(() => 'desativado' as const));
    } finally {
      setMudando(null);
    }
  }

  const Icone = estado === 'ativado' ? BellRing : estado === 'bloqueado' ? BellOff : Bell;
  return (
    <section className="cartao mc-avisos" aria-labelledby="titulo-avisos-celular" aria-busy={ocupado}>
      <h2 id="titulo-avisos-celular" className="cartao-titulo">
        <Icone aria-hidden size={24} />
        Avisos no celular
      </h2>
      <p className="texto-suave">
        Receba um aviso quando a chamada abrir e quando sair o resultado da sua escala.
      </p>
      {mudando ? (
        <p className="mc-avisos-estado" role="status">
          {TEXTO_MUDANDO[mudando]}
        </p>
      ) : estado ? (
        <p className={`mc-avisos-estado mc-avisos-${estado}`} role="status">
          {TEXTO_ESTADO[estado]}
        </p>
      ) : null}
      {erro && <Alerta tipo="erro">{erro}</Alerta>}
      {estado === 'desativado' && (
        <button
          type="button"
          className="botao botao-destaque"
          disabled={ocupado}
          onClick={() => mudar(ativarAvisos, 'ativando')}
        >
          {ocupado ? 'Ativando...' : 'Ativar avisos'}
        </button>
      )}
      {estado === 'ativado' && (
        <button
          type="button"
          className="botao botao-secundario"
          disabled={ocupado}
          onClick={() => mudar(desativarAvisos, 'desativando')}
        >
          {ocupado ? 'Desativando...' : 'Desativar avisos'}
        </button>
      )}
    </section>
  );
}
