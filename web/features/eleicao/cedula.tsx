import { Ban, Check, CircleSlash, Square } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Candidato, EleicaoPendente } from '#common/api/eleicoes.ts';
import { VOTO_BRANCO, VOTO_NULO } from '#common/dominio.ts';
import { ehVotoEspecial, perguntaConfirmacao, rotuloCandidato } from '#common/eleicao.ts';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { registrarVoto } from './api.ts';
import { estadoEleicao } from './estado.ts';
import { FotoCandidato } from './foto-candidato.tsx';

/** docs/produto/escalacao.md §4: nothing chosen → chosen → confirming → sending → success or error. */
type Etapa = 'escolhendo' | 'confirmando' | 'enviando' | 'erro';

export const MENSAGEM_ERRO_VOTO = 'Erro ao registrar o voto! Favor contactar a equipe de escalação do OGMO.';

function CartaoCandidato({
  candidato,
  escolhido,
  aoEscolher,
}: {
  candidato: Candidato;
  escolhido: boolean;
  aoEscolher: () => void;
}) {
  const rotulo =
    candidato.sexo && candidato.codSindicato !== null
      ? rotuloCandidato(candidato.codSindicato, candidato.sexo)
      : null;
  return (
    <li>
      <button
        type="button"
        className={escolhido ? 'candidato candidato-escolhido' : 'candidato'}
        aria-pressed={escolhido}
        onClick={aoEscolher}
      >
        <FotoCandidato fotoUrl={candidato.fotoUrl} />
        <span className="candidato-texto">
          <span className="candidato-nome">{candidato.nomeExibicao}</span>
          {rotulo ? (
            <>
              <span className="candidato-sindicato">{rotulo.sindicato}</span>
              <span className="candidato-papel">{rotulo.papel}</span>
            </>
          ) : null}
        </span>
        <span className="candidato-marca" aria-hidden>
          {escolhido ? <Check size={18} strokeWidth={3} /> : null}
        </span>
      </button>
    </li>
  );
}

function OpcaoEspecial({
  candidato,
  escolhido,
  aoEscolher,
}: {
  candidato: Candidato;
  escolhido: boolean;
  aoEscolher: () => void;
}) {
  const Icone = candidato.matricula === VOTO_BRANCO ? Square : CircleSlash;
  return (
    <button
      type="button"
      className={escolhido ? 'voto-especial candidato-escolhido' : 'voto-especial'}
      aria-pressed={escolhido}
      onClick={aoEscolher}
    >
      <Icone aria-hidden size={22} />
      <span>{candidato.nomeExibicao}</span>
      <span className="candidato-marca" aria-hidden>
        {escolhido ? <Check size={18} strokeWidth={3} /> : null}
      </span>
    </button>
  );
}

/** The ballot of /eleicao: description, candidates, white and null, 'Registrar Voto' and its modals. */
export function Cedula({ eleicao }: { eleicao: EleicaoPendente }) {
  const navigate = useNavigate();
  const [escolha, setEscolha] = useState<Candidato | null>(null);
  const [etapa, setEtapa] = useState<Etapa>('escolhendo');
  const reais = eleicao.candidatos.filter((c) => !ehVotoEspecial(c.matricula));
  const especiais = eleicao.candidatos.filter((c) => ehVotoEspecial(c.matricula));

  // Success or failure, the election data goes and the worker goes home (docs/produto/escalacao.md §4).
  function concluir() {
    estadoEleicao.limpar();
    navigate(caminhos.inicio, { replace: true });
  }

  async function confirmar() {
    if (!escolha) return;
    setEtapa('enviando');
    try {
      await registrarVoto({ idEleicao: eleicao.eleicao.$id, voto: escolha.matricula });
      concluir();
    } catch {
      setEtapa('erro');
    }
  }

  const pergunta = escolha ? perguntaConfirmacao(escolha.matricula, escolha.nomeExibicao) : null;
  const enviando = etapa === 'enviando';

  return (
    <div className="cedula">
      <header className="cedula-cabecalho">
        <p className="cedula-sobretitulo">Eleição CPATP</p>
        <h1>{eleicao.eleicao.descricao ?? 'Escolha o seu representante'}</h1>
        <p className="cedula-instrucao">
          Toque no candidato da sua escolha e depois em <strong>Registrar Voto</strong>. O voto é secreto e só
          pode ser registrado uma vez.
        </p>
      </header>

      <section aria-labelledby="titulo-candidatos">
        <h2 id="titulo-candidatos" className="cedula-secao">
          Candidatos
        </h2>
        <ul className="candidatos">
          {reais.map((c) => (
            <CartaoCandidato
              key={c.matricula}
              candidato={c}
              escolhido={escolha?.matricula === c.matricula}
              aoEscolher={() => setEscolha(c)}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="titulo-especiais">
        <h2 id="titulo-especiais" className="cedula-secao">
          Ou, se preferir
        </h2>
        <div className="votos-especiais">
          {especiais.map((c) => (
            <OpcaoEspecial
              key={c.matricula}
              candidato={c}
              escolhido={escolha?.matricula === c.matricula}
              aoEscolher={() => setEscolha(c)}
            />
          ))}
        </div>
      </section>

      <div className="cedula-acoes">
        <p className="cedula-escolha" aria-live="polite">
          {escolha ? (
            <>
              Sua escolha: <strong>{escolha.nomeExibicao}</strong>
            </>
          ) : (
            'Nenhuma opção escolhida'
          )}
        </p>
        <div className="cedula-botoes">
          <BotaoVoltar para={caminhos.eleicao} />
          <button
            type="button"
            className="botao botao-destaque"
            disabled={!escolha}
            onClick={() => setEtapa('confirmando')}
          >
            Registrar Voto
          </button>
        </div>
      </div>

      <Modal
        aberto={etapa === 'confirmando' || etapa === 'enviando'}
        aoMudar={(aberto) => {
          if (!aberto && !enviando) setEtapa('escolhendo');
        }}
        titulo="Confirmar voto"
        className="modal-voto"
        acoes={
          <>
            <button
              type="button"
              className="botao botao-secundario"
              disabled={enviando}
              onClick={() => setEtapa('escolhendo')}
            >
              Não
            </button>
            <button type="button" className="botao botao-destaque" disabled={enviando} onClick={confirmar}>
              {enviando ? (
                <>
                  <span className="spinner" aria-hidden /> Registrando voto
                </>
              ) : (
                'Sim'
              )}
            </button>
          </>
        }
      >
        {escolha && pergunta ? (
          <div className="confirmacao">
            {ehVotoEspecial(escolha.matricula) ? (
              <span className="confirmacao-icone" aria-hidden>
                {escolha.matricula === VOTO_NULO ? <Ban /> : <Square />}
              </span>
            ) : (
              <FotoCandidato fotoUrl={escolha.fotoUrl} />
            )}
            <p className="confirmacao-pergunta">
              {pergunta.inicio} <strong>{pergunta.alvo}</strong>?
            </p>
          </div>
        ) : null}
      </Modal>

      <Modal
        aberto={etapa === 'erro'}
        aoMudar={(aberto) => {
          if (!aberto) concluir();
        }}
        titulo="Erro"
        acoes={
          <button type="button" className="botao" onClick={concluir}>
            OK
          </button>
        }
      >
        <p>{MENSAGEM_ERRO_VOTO}</p>
      </Modal>
    </div>
  );
}
