import { useQuery } from '@tanstack/react-query';
import { CircleCheck, History, Info } from 'lucide-react';
import { useState } from 'react';
import type { Trabalho } from '#common/api/avulso.ts';
import { turno } from '#common/formato.ts';
import { ultimosTrabalhosQuery } from '../../lib/api-avulso.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { dataTrabalho } from '../../lib/data-trabalho.ts';
import { DOWNLOAD } from './api.ts';
import { contagem, diaMes } from './apresentacao.ts';
import { PaginaLista } from './componentes.tsx';
import { AcordeaoAnos, AcordeaoMeses, ModalDetalhes } from './listas.tsx';
import './minha-conta.css';

const numero = (n: number) => String(n).padStart(6, '0');

/** The payslips that pay a job (issue 25): 'nº 000123', or nothing yet. */
function Pagamento({ t }: { t: Trabalho }) {
  const pagos = t.contracheques ?? [];
  if (pagos.length === 0) return <span className="mc-texto-suave">—</span>;
  return (
    <span className="mc-pago">
      <CircleCheck aria-hidden size={16} />
      Pago <span className="mc-nowrap">nº {pagos.map((c) => numero(c.numero)).join(', ')}</span>
    </span>
  );
}

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
            <th scope="col" className="oculto-estreito">
              Pagamento
            </th>
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
              <td className="mc-nowrap">
                {diaMes(t.dataOperacao)}
                {t.contracheques?.length ? (
                  <span className="mc-pago mc-pago-estreito">
                    <CircleCheck aria-hidden size={14} />
                    <span className="visualmente-oculto">pago</span>
                  </span>
                ) : null}
              </td>
              <td className="mc-nowrap">{turno(t.horaInicio, t.horaFim)}</td>
              <td className="oculto-estreito">{t.operador}</td>
              <td>{t.navio}</td>
              <td className="oculto-estreito">{t.mercadoria}</td>
              <td>{t.funcao}</td>
              <td className="oculto-estreito">
                <Pagamento t={t} />
              </td>
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
    <PaginaLista
      titulo="Últimas escalações"
      icone={<History size={28} />}
      texto="Seus engajamentos, do mais recente ao mais antigo. Toque em um trabalho para ver os detalhes."
      consulta={consulta}
      carregando="Carregando Últimas Escalações..."
      erro="Não foi possível carregar suas últimas escalações."
      itens={(dados) => dados.ultimosTrabalhos}
      vazia="Você ainda não possui escalações registradas."
      voltarPara={caminhos.minhaConta}
      modal={
        <ModalDetalhes
          escolhido={escolhido}
          aoFechar={() => setEscolhido(null)}
          titulo="Detalhes do Trabalho"
          descricao="Dados completos do trabalho escolhido."
          campos={(t) => [
            ['Data', dataTrabalho(t.dataOperacao)],
            ['Turno', turno(t.horaInicio, t.horaFim)],
            ['Operador', t.operador],
            ['Navio', t.navio],
            ['Local de atracação', t.localAtracacao],
            ['Mercadoria', t.mercadoria],
            ['Faina', t.faina],
            ['Função', t.funcao],
            [
              'Pagamento',
              t.contracheques?.length
                ? t.contracheques
                    .map(
                      (c) =>
                        `Contracheque nº ${numero(c.numero)} (${c.tipo === 'ccComplementar' ? 'Complementar' : 'Normal'})`,
                    )
                    .join('; ')
                : 'Nenhum contracheque ainda',
            ],
          ]}
          pdf={(t) => {
            const c = t.contracheques?.[0];
            return c
              ? {
                  caminho: DOWNLOAD.contracheque,
                  arquivo: c.arquivo,
                  descricao: `do contracheque nº ${numero(c.numero)}`,
                }
              : undefined;
          }}
        />
      }
    >
      {(anos) => (
        <AcordeaoAnos
          anos={anos}
          resumo={(ano) =>
            contagem(
              ano.meses.reduce((s, m) => s + m.trabalhos.length, 0),
              'trabalho',
              'trabalhos',
            )
          }
          conteudo={(ano, maisRecente) => (
            <AcordeaoMeses
              ano={ano.ano}
              meses={ano.meses}
              abrirPrimeiro={maisRecente}
              resumo={(mes) => contagem(mes.trabalhos.length, 'trabalho', 'trabalhos')}
              conteudo={(mes) => <TabelaTrabalhos trabalhos={mes.trabalhos} aoEscolher={setEscolhido} />}
            />
          )}
        />
      )}
    </PaginaLista>
  );
}
