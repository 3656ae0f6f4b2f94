import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Anchor } from 'lucide-react';
import { useState } from 'react';
import type { Trabalho } from '#common/api/avulso.ts';
import type { DadosLogin } from '#common/api/sessao.ts';
import { formatarCpf, nomeProprio, turno } from '#common/texto.ts';
import { configPublicaQuery } from '../../lib/api-sessao.ts';
import { dataTrabalho } from '../../lib/data-trabalho.ts';
import { FotoAvulso, useFotoDisponivel } from '../layout/foto-avulso.tsx';

interface CrachaProps {
  aberto: boolean;
  aoMudar: (aberto: boolean) => void;
  avulso: DadosLogin;
  trabalho: Trabalho;
}

/**
 * The full-screen identification badge shown at the port gate (docs/produto/escalacao.md §2). Sizes follow the
 * viewport; clicking the photo enlarges it, clicking anywhere else closes the badge.
 */
export function Cracha({ aberto, aoMudar, avulso, trabalho }: CrachaProps) {
  const [fotoAmpliada, setFotoAmpliada] = useState(false);
  const { data: config } = useQuery(configPublicaQuery);
  const temFoto = useFotoDisponivel(avulso.fotoUrl);
  const porto = config?.organizacao.porto ?? 'Porto de Suape';
  const orgao = config?.organizacao.nome ?? 'OGMO';

  function mudar(novo: boolean) {
    if (!novo) setFotoAmpliada(false);
    aoMudar(novo);
  }

  return (
    <Dialog.Root open={aberto} onOpenChange={mudar}>
      <Dialog.Portal>
        <Dialog.Overlay className="cracha-fundo" />
        <Dialog.Content className="cracha" aria-describedby="cracha-aviso" onClick={() => mudar(false)}>
          <div className="cracha-faixa">
            <Anchor aria-hidden />
            <Dialog.Title className="cracha-titulo">Crachá — {orgao}</Dialog.Title>
          </div>
          <div className={fotoAmpliada ? 'cracha-corpo cracha-foto-ampliada' : 'cracha-corpo'}>
            {temFoto ? (
              <button
                type="button"
                className="cracha-foto"
                aria-label={fotoAmpliada ? 'Reduzir foto' : 'Ampliar foto'}
                aria-pressed={fotoAmpliada}
                onClick={(e) => {
                  e.stopPropagation();
                  setFotoAmpliada((v) => !v);
                }}
              >
                <FotoAvulso fotoUrl={avulso.fotoUrl} nome={avulso.nome} />
              </button>
            ) : (
              // Without a photo there is nothing to enlarge: the initials, no button (a button named 'Ampliar
              // foto' showing 'AL' was axe's label-content-name-mismatch); the name is written beside them.
              <div className="cracha-foto cracha-sem-foto">
                <FotoAvulso fotoUrl="" nome={avulso.nome} decorativa />
              </div>
            )}
            <div className="cracha-identidade">
              <p className="cracha-nome">{nomeProprio(avulso.nome)}</p>
              <dl className="cracha-dados">
                <div>
                  <dt>Matrícula</dt>
                  <dd>{avulso.codAvulso}</dd>
                </div>
                <div>
                  <dt>Sindicato</dt>
                  <dd>{avulso.sindicato}</dd>
                </div>
                <div>
                  <dt>CPF</dt>
                  <dd>{formatarCpf(avulso.cpf)}</dd>
                </div>
              </dl>
            </div>
            <dl className="cracha-dados cracha-operacao">
              <div>
                <dt>Navio</dt>
                <dd>{trabalho.navio}</dd>
              </div>
              <div>
                <dt>Data/Hora</dt>
                <dd>
                  <span className="sem-quebra">{dataTrabalho(trabalho.dataOperacao)}</span>{' '}
                  <span className="sem-quebra">{turno(trabalho.horaInicio, trabalho.horaFim)}h</span>
                </dd>
              </div>
              <div>
                <dt>Cais</dt>
                <dd>{trabalho.localAtracacao}</dd>
              </div>
              <div>
                <dt>Mercadoria</dt>
                <dd>{trabalho.mercadoria}</dd>
              </div>
              <div>
                <dt>Função</dt>
                <dd>{trabalho.funcao}</dd>
              </div>
            </dl>
          </div>
          <p id="cracha-aviso" className="cracha-aviso">
            Crachá de identificação para acesso ao {porto}
          </p>
          <p className="cracha-dica">{temFoto ? 'Toque fora da foto para fechar' : 'Toque para fechar'}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
