import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { caminhos } from '../../lib/caminhos.ts';
import { DOWNLOAD, informesRendimentosQuery } from './api.ts';
import { BotaoBaixarPdf, PaginaLista } from './componentes.tsx';
import './minha-conta.css';

/** /minha-conta/financeiro/informes-rendimentos: exercise and calendar year, with the PDF. */
export function PaginaInformesRendimentos() {
  const consulta = useQuery(informesRendimentosQuery);
  return (
    <PaginaLista
      titulo="Informes de rendimentos"
      icone={<Landmark size={28} />}
      texto="O comprovante anual para a declaração do Imposto de Renda."
      consulta={consulta}
      carregando="Carregando informes de rendimentos..."
      erro="Não foi possível carregar seus informes de rendimentos."
      itens={(dados) => dados.informesRendimentos}
      vazia="Nenhum informe de rendimentos disponível."
      voltarPara={caminhos.financeiro}
    >
      {(informesRendimentos) => (
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
      )}
    </PaginaLista>
  );
}
