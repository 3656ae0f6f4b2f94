import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import type { PasskeyEquipe } from '#common/api/passkeys.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { Alerta, Carregando } from '../../components/ui/estados.tsx';
import { ListaRevogavel } from '../../components/ui/lista-revogavel.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';
import { useDadosLogin } from '../../lib/sessao.ts';
import { historicoQuery, passkeysQuery, revogarPasskey } from './api.ts';

const mensagemDe = (erro: unknown) =>
  erro instanceof ErroApi ? erro.message : 'Sem comunicação com o servidor!';

const MOTIVOS: Record<NonNullable<PasskeyEquipe['motivoRevogacao']>, string> = {
  trabalhador: 'pelo trabalhador',
  equipe: 'pela equipe',
  senha: 'com a troca de senha',
};

/**
 * "Passkeys (entrar com a digital)" on the worker's file (issue 28; docs/decisions/0229, 0295): the worker's
 * passkeys, the revoked ones too, and "Revogar" after a confirmation. The API lets the role `cadastro` only,
 * the same role that opens the file; the section hides itself from anyone else.
 */
export function PasskeysDoTrabalhador({ cod, nome }: { cod: string; nome: string }) {
  const podeVer = useDadosLogin()?.papeis.includes('cadastro') ?? false;
  const fuso = useFusoPorto();
  const cliente = useQueryClient();
  const consulta = useQuery({ ...passkeysQuery(cod), enabled: podeVer });
  if (!podeVer) return null;
  const dataHora = (iso: string) => formatarNoFuso(iso, fuso, "dd/MM/yyyy 'às' HH:mm");
  const revogacao = (p: PasskeyEquipe) =>
    p.revogadaEm
      ? ` · revogada em ${dataHora(p.revogadaEm)}${p.motivoRevogacao ? ` ${MOTIVOS[p.motivoRevogacao]}` : ''}${p.revogadaPor && p.motivoRevogacao === 'equipe' ? ` (${p.revogadaPor})` : ''}`
      : '';
  return (
    <section className="cartao" aria-labelledby="titulo-passkeys">
      <h2 id="titulo-passkeys" className="cartao-titulo">
        <Fingerprint aria-hidden size={22} />
        Passkeys (entrar com a digital)
      </h2>
      <p className="texto-suave">
        Os aparelhos em que o trabalhador cadastrou a digital. Revogue a de um celular perdido ou trocado: ela
        deixa de entrar, e a senha continua valendo.
      </p>
      {consulta.isPending ? <Carregando texto="Carregando as passkeys..." /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {consulta.isSuccess && consulta.data.length === 0 ? (
        <Alerta tipo="info">Nenhuma passkey cadastrada.</Alerta>
      ) : null}
      <ListaRevogavel
        rotulo="Passkeys do trabalhador"
        itens={consulta.data ?? []}
        chave={(p) => p.id}
        nome={(p) => p.nome}
        detalhe={(p) =>
          `Criada em ${dataHora(p.criadaEm)} · último uso ${p.usadaEm ? dataHora(p.usadaEm) : 'nunca'}${revogacao(p)}`
        }
        revogado={(p) => p.revogadaEm !== null}
        rotuloRevogar={(p) => `Revogar a passkey ${p.nome}`}
        tituloConfirmacao="Revogar esta passkey?"
        confirmacao={(p) => (
          <p>
            A passkey <strong>{p.nome}</strong> de {nome} deixa de entrar no portal. O trabalhador entra com a
            senha e pode cadastrar a digital de novo em Minha conta. Fica no histórico quem revogou.
          </p>
        )}
        revogadoAviso={(p) => `Passkey revogada: ${p.nome}. Ela não entra mais no portal.`}
        revogar={(p) => revogarPasskey(cod, p.id)}
        depois={() =>
          Promise.all([
            cliente.invalidateQueries({ queryKey: passkeysQuery(cod).queryKey }),
            cliente.invalidateQueries({ queryKey: historicoQuery(cod).queryKey }),
          ])
        }
      />
    </section>
  );
}
