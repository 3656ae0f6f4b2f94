import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { apiPasskeys, type Passkey } from '#common/api/passkeys.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { Alerta } from '../../components/ui/estados.tsx';
import { chamar, ErroApi } from '../../lib/api-client.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';
import { ehQuiosque } from '../../lib/token.ts';

const passkeysQuery = {
  queryKey: ['passkeys'],
  queryFn: () => chamar(apiPasskeys.lista),
} as const;

function suportaPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !ehQuiosque();
}

function mensagemDe(e: unknown): string {
  if (e instanceof ErroApi) return e.message;
  if (e instanceof Error && e.name === 'NotAllowedError') {
    return 'O cadastro foi cancelado ou o tempo acabou. Tente de novo.';
  }
  if (e instanceof Error && e.name === 'InvalidStateError') return 'Este aparelho já está cadastrado.';
  return 'Não foi possível cadastrar agora. Tente de novo.';
}

/**
 * "Entrar com a digital" in /minha-conta/configuracoes (docs/decisions/0229): the worker registers this phone's
 * passkey (fingerprint, face or screen lock), sees the registered ones and revokes any. The password keeps
 * working. Absent at the kiosk and in a browser without WebAuthn.
 */
export function PasskeysDaConta() {
  const [suportado] = useState(suportaPasskeys);
  const fuso = useFusoPorto();
  const queryClient = useQueryClient();
  const lista = useQuery({ ...passkeysQuery, enabled: suportado });
  const [aviso, setAviso] = useState<string | null>(null);

  const cadastrar = useMutation({
    mutationFn: async () => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = await chamar(apiPasskeys.opcoesRegistro);
      const resposta = await startRegistration({ optionsJSON });
      return chamar(apiPasskeys.registrar, { corpo: { resposta } });
    },
    onMutate: () => setAviso(null),
    onSuccess: (p) => {
      setAviso(`Digital cadastrada: ${p.nome}. Na próxima vez, toque em "Entrar com a digital".`);
      return queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
    },
  });

  const revogar = useMutation({
    mutationFn: (p: Passkey) => chamar(apiPasskeys.revogar, { params: { id: p.id } }).then(() => p),
    onMutate: () => setAviso(null),
    onSuccess: (p) => {
      setAviso(`Passkey revogada: ${p.nome}. Ela não entra mais no portal.`);
      return queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
    },
  });

  if (!suportado) return null;
  const erro = cadastrar.error ?? revogar.error;
  const passkeys = lista.data ?? [];

  return (
    <section className="cartao mc-passkeys" aria-labelledby="titulo-passkeys">
      <h2 id="titulo-passkeys" className="cartao-titulo">
        <Fingerprint aria-hidden size={24} />
        Entrar com a digital
      </h2>
      <p className="texto-suave">
        Cadastre este aparelho para entrar com a digital, o rosto ou o bloqueio de tela, sem digitar a senha.
        A senha continua valendo.
      </p>
      {lista.isError ? <Alerta tipo="erro">Não foi possível carregar as passkeys.</Alerta> : null}
      {passkeys.length > 0 ? (
        <ul className="mc-passkeys-lista" aria-label="Passkeys cadastradas">
          {passkeys.map((p) => (
            <li key={p.id}>
              <div>
                <strong>{p.nome}</strong>
                <span className="texto-suave">
                  Cadastrada em {formatarNoFuso(p.criadaEm, fuso, 'dd/MM/yyyy')}
                  {p.usadaEm
                    ? ` · último uso ${formatarNoFuso(p.usadaEm, fuso, "dd/MM/yyyy 'às' HH:mm")}`
                    : ''}
                </span>
              </div>
              <button
                type="button"
                className="botao botao-secundario"
                disabled={revogar.isPending}
                aria-label={`Revogar a passkey ${p.nome}`}
                onClick={() => revogar.mutate(p)}
              >
                Revogar
              </button>
            </li>
          ))}
        </ul>
      ) : lista.isSuccess ? (
        <p>Nenhuma digital cadastrada.</p>
      ) : null}
      {aviso ? (
        <p className="mc-passkeys-aviso" role="status">
          {aviso}
        </p>
      ) : null}
      {erro ? <Alerta tipo="erro">{mensagemDe(erro)}</Alerta> : null}
      <button
        type="button"
        className="botao botao-destaque"
        disabled={cadastrar.isPending}
        aria-busy={cadastrar.isPending}
        onClick={() => cadastrar.mutate()}
      >
        {cadastrar.isPending ? 'Cadastrando...' : 'Cadastrar este aparelho'}
      </button>
    </section>
  );
}
