import { useQuery } from '@tanstack/react-query';
import { History, Info } from 'lucide-react';
import { useState } from 'react';
import type { Trabalho } from '#common/api/avulso.ts';
import { turno } from '#common/formato.ts';
import { Acordeao } from '../../components/ui/acordeao.tsx';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { FecharModal, Modal } from '../../components/ui/modal.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { ultimosTrabalhosQuery } from '../avulso/api.ts';
import { dataTrabalho } from '../inicio/data-trabalho.ts';
import { contagem, diaMes } from './apresentacao.ts';
import { CabecalhoPagina, Campos, EstadoConsulta, ListaVazia } from './componentes.tsx';
import './minha-conta.css';

function TabelaTrabalhos({
  trabalhos,
  aoEscolher,
}: {
  trabalhos: Trabalho[];
  aoEscolher: (t: Trabalho) => void;
}) {
  return (
    <div className="tabela-rolagem">
      <table className="tabela mc-tabela-trabalhos">
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Turno</th>
            <th scope="col" className="oculto-estreito">
              Operador
            </th>
            <th scope="col">Navio</th>
            <th scope="col" className="oculto-estreito">
              Mercadoria
            </th>
            <th scope="col">Função</th>
            <th scope="col">
              <span className="visualmente-oculto">Detalhes</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {trabalhos.map((t) => (
            <tr
              // A worker holds one shift at a time: day and start hour identify the job.
              key={`${t.dataOperacao}-${t.horaInicio}`}
              className="mc-linha-clicavel"
              onClick={() => aoEscolher(t)}
            >
              <td className="mc-nowrap">{diaMes(t.dataOperacao)}</td>
              <td className="mc-nowrap">{turno(t.horaInicio, t.horaFim)}</td>
              <td className="oculto-estreito">{t.operador}</td>
              <td>{t.navio}</td>
              <td className="oculto-estreito">{t.mercadoria}</td>
              <td>{t.funcao}</td>
              <td className="mc-celula-acao">
                <button
                  type="button"
                  className="botao botao-fantasma mc-botao-icone"
                  aria-label={`Detalhes do trabalho de ${dataTrabalho(t.dataOperacao)}, turno ${turno(t.horaInicio, t.horaFim)}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    aoEscolher(t);
                  }}
                >
                  <Info aria-hidden size={20} />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /minha-conta/ultimos-trabalhos: the job history by year then month, with a detail modal. */
export function PaginaUltimosTrabalhos() {
  const consulta = useQuery(ultimosTrabalhosQuery);
  const [escolhido, setEscolhido] = useState<Trabalho | null>(null);
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Últimas escalações" icone={<History size={28} />}>
        Seus engajamentos, do mais recente ao mais antigo. Toque em um trabalho para ver os detalhes.
      </CabecalhoPagina>
      <EstadoConsulta
        consulta={consulta}
        carregando="Carregando Últimas Escalações..."
        erro="Não foi possível carregar suas últimas escalações."
      >
        {({ ultimosTrabalhos }) => {
          if (!ultimosTrabalhos.length)
            return <ListaVazia>Você ainda não possui escalações registradas.</ListaVazia>;
          const primeiroAno = ultimosTrabalhos[0];
          return (
            <Acordeao
              abertosInicialmente={primeiroAno ? [String(primeiroAno.ano)] : []}
              itens={ultimosTrabalhos.map((ano) => ({
                valor: String(ano.ano),
                titulo: (
                  <span className="mc-titulo-grupo">
                    {ano.ano}
                    <span className="mc-contagem">
                      {contagem(
                        ano.meses.reduce((s, m) => s + m.trabalhos.length, 0),
                        'trabalho',
                        'trabalhos',
                      )}
                    </span>
                  </span>
                ),
                conteudo: (
                  <Acordeao
                    abertosInicialmente={
                      ano === primeiroAno && ano.meses[0] ? [`${ano.ano}-${ano.meses[0].mes}`] : []
                    }
                    itens={ano.meses.map((mes) => ({
                      valor: `${ano.ano}-${mes.mes}`,
                      titulo: (
                        <span className="mc-titulo-grupo">
                          {mes.nomeMes}
                          <span className="mc-contagem">
                            {contagem(mes.trabalhos.length, 'trabalho', 'trabalhos')}
                          </span>
                        </span>
                      ),
                      conteudo: <TabelaTrabalhos trabalhos={mes.trabalhos} aoEscolher={setEscolhido} />,
                    }))}
                  />
                ),
              }))}
            />
          );
        }}
      </EstadoConsulta>
      <div>
        <BotaoVoltar para={caminhos.minhaConta} />
      </div>
      <Modal
        aberto={escolhido !== null}
        aoMudar={(aberto) => {
          if (!aberto) setEscolhido(null);
        }}
        titulo="Detalhes do Trabalho"
        descricao="Dados completos do trabalho escolhido."
        acoes={
          <FecharModal asChild>
            <button type="button" className="botao">
              Fechar
            </button>
          </FecharModal>
        }
      >
        {escolhido ? (
          <Campos
            campos={[
              ['Data', dataTrabalho(escolhido.dataOperacao)],
              ['Turno', turno(escolhido.horaInicio, escolhido.horaFim)],
              ['Operador', escolhido.operador],
              ['Navio', escolhido.navio],
              ['Local de atracação', escolhido.localAtracacao],
              ['Mercadoria', escolhido.mercadoria],
              ['Faina', escolhido.faina],
              ['Função', escolhido.funcao],
            ]}
          />
        ) : null}
      </Modal>
    </div>
  );
}
