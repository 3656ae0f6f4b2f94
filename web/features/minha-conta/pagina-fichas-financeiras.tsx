import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import type { FichaFinanceira } from '#common/api/financeiro.ts';
import { formatarMoeda } from '#common/formato.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { DOWNLOAD, fichasFinanceirasQuery } from './api.ts';
import { contagem, formatarEmissao } from './apresentacao.ts';
import { PaginaLista } from './componentes.tsx';
import { AcordeaoAnos, LinhaDocumento, ModalDetalhes, type PdfDocumento } from './listas.tsx';
import './minha-conta.css';
import { useFusoPorto } from '../../lib/fuso-porto.ts';

const pdf = (ano: number, f: FichaFinanceira): PdfDocumento => ({
  caminho: DOWNLOAD.fichaFinanceira,
  arquivo: f.arquivo,
  descricao: `da ficha financeira de ${f.nomeMes}/${ano}`,
});

/** Every value of a record (docs/produto/minha-conta.md §3), in the order a worker reads them. */
function camposFicha(f: FichaFinanceira, fuso: string): [string, string][] {
  const d = f.dados;
  return [
    ['Valor bruto', formatarMoeda(d.valorBruto)],
    ['Férias + 1/3', formatarMoeda(d.valorFerias)],
    ['13º salário', formatarMoeda(d.valor13Salario)],
    ['INSS', formatarMoeda(d.valorInss)],
    ['IRRF', formatarMoeda(d.valorIrrf)],
    ['IRRF sobre férias', formatarMoeda(d.valorIrrfFerias)],
    ['INSS sobre 13º', formatarMoeda(d.valorInss13)],
    ['IRRF sobre 13º', formatarMoeda(d.valorIrrf13)],
    ['FGTS do mês', formatarMoeda(d.valorFgtsMes)],
    ['FGTS sobre férias', formatarMoeda(d.valorFgtsFerias)],
    ['FGTS sobre 13º', formatarMoeda(d.valorFgts13)],
    ['Emissão', formatarEmissao(d.dataHoraEmissao, fuso)],
  ];
}

/** /minha-conta/financeiro/fichas-financeiras: one record per month, detail modal and PDF. */
export function PaginaFichasFinanceiras() {
  const consulta = useQuery(fichasFinanceirasQuery);
  const fuso = useFusoPorto();
  const [escolhida, setEscolhida] = useState<{ ano: number; f: FichaFinanceira } | null>(null);
  return (
    <PaginaLista
      titulo="Fichas financeiras"
      icone={<FileSpreadsheet size={28} />}
      texto="O resumo de cada mês: remuneração, descontos e depósitos de FGTS."
      consulta={consulta}
      carregando="Carregando fichas financeiras..."
      erro="Não foi possível carregar suas fichas financeiras."
      itens={(dados) => dados.fichasFinanceiras}
      vazia="Nenhuma ficha financeira disponível."
      voltarPara={caminhos.financeiro}
      modal={
        <ModalDetalhes
          escolhido={escolhida}
          aoFechar={() => setEscolhida(null)}
          titulo={
            escolhida ? `Ficha financeira · ${escolhida.f.nomeMes}/${escolhida.ano}` : 'Ficha financeira'
          }
          descricao="Valores da ficha financeira escolhida."
          pdf={({ ano, f }) => pdf(ano, f)}
          campos={({ f }) => camposFicha(f, fuso)}
        />
      }
    >
      {(anos) => (
        <AcordeaoAnos
          anos={anos}
          resumo={(ano) => contagem(ano.fichas.length, 'ficha', 'fichas')}
          conteudo={(ano) => (
            <ul className="mc-docs">
              {ano.fichas.map((f) => (
                <LinhaDocumento
                  key={f.arquivo}
                  titulo={
                    <>
                      {f.nomeMes}/{ano.ano}
                    </>
                  }
                  meta={<>Ficha nº {f.numeroFicha} · Valor bruto</>}
                  valor={formatarMoeda(f.dados.valorBruto)}
                  pdf={pdf(ano.ano, f)}
                  aoDetalhar={() => setEscolhida({ ano: ano.ano, f })}
                />
              ))}
            </ul>
          )}
        />
      )}
    </PaginaLista>
  );
}
