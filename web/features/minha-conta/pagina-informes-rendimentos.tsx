import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { DOWNLOAD, informesRendimentosQuery } from './api.ts';
import { BotaoBaixarPdf, CabecalhoPagina, EstadoConsulta, ListaVazia } from './componentes.tsx';
import './minha-conta.css';

/** /minha-conta/financeiro/informes-rendimentos: exercise and calendar year, with the PDF. */
export function PaginaInformesRendimentos() {
  const consulta = useQuery(informesRendimentosQuery);
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Informes de rendimentos" icone={<Landmark size={28} />}>
        O comprovante anual para a declaração do Imposto de Renda.
      </CabecalhoPagina>
      <EstadoConsulta
        consulta={consulta}
        carregando="Carregando informes de rendimentos..."
        erro="Não foi possível carregar seus informes de rendimentos."
      >
        {({ informesRendimentos }) =>
          informesRendimentos.length ? (
            <section className="cartao mc-cartao-tabela">
              <table className="tabela mc-tabela-informes">
                <thead>
                  <tr>
                    <th scope="col">Exercício</th>
                    <th scope="col">Ano-calendário</th>
                    <th scope="col">
                      <span className="visualmente-oculto">PDF</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {informesRendimentos.map((i) => (
                    <tr key={i.arquivo}>
                      <td className="mc-ano">{i.dados.anoExercicio}</td>
                      <td className="mc-ano">{i.dados.anoCalendario}</td>
                      <td className="mc-celula-acao">
                        <BotaoBaixarPdf
                          caminho={DOWNLOAD.informeRendimentos}
                          arquivo={i.arquivo}
                          descricao={`do informe de rendimentos do ano-calendário ${i.dados.anoCalendario}`}
                          compacto
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : (
            <ListaVazia>Nenhum informe de rendimentos disponível.</ListaVazia>
          )
        }
      </EstadoConsulta>
      <div>
        <BotaoVoltar para={caminhos.financeiro} />
      </div>
    </div>
  );
}
