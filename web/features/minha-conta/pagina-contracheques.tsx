import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import type { Contracheque } from '#common/api/financeiro.ts';
import { nomeTipoContracheque } from '#common/api/financeiro.ts';
import { formatarMoeda, preencher } from '#common/formato.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { contrachequesQuery, DOWNLOAD } from './api.ts';
import { contagem, formatarEmissao, formatarMovimento, ouTraco } from './apresentacao.ts';
import { PaginaLista } from './componentes.tsx';
import { AcordeaoAnos, AcordeaoMeses, LinhaDocumento, ModalDetalhes, type PdfDocumento } from './listas.tsx';
import './minha-conta.css';
import { useFusoPorto } from '../../lib/fuso-porto.ts';

const numero = (n: number) => preencher(n, 6);

const pdf = (c: Contracheque): PdfDocumento => ({
  caminho: DOWNLOAD.contracheque,
  arquivo: c.arquivo,
  descricao: `do contracheque nº ${numero(c.numero)}`,
});

/** /minha-conta/financeiro/contracheques: payslips by year then month, detail modal and PDF. */
export function PaginaContracheques() {
  const consulta = useQuery(contrachequesQuery);
  const fuso = useFusoPorto();
  const [escolhido, setEscolhido] = useState<Contracheque | null>(null);
  return (
    <PaginaLista
      titulo="Contracheques"
      icone={<Receipt size={28} />}
      texto="Um contracheque por engajamento, com o valor líquido. Baixe o PDF para guardar ou imprimir."
      consulta={consulta}
      carregando="Carregando contracheques..."
      erro="Não foi possível carregar seus contracheques."
      itens={(dados) => dados.contracheques}
      vazia="Nenhum contracheque disponível."
      voltarPara={caminhos.financeiro}
      modal={
        <ModalDetalhes
          escolhido={escolhido}
          aoFechar={() => setEscolhido(null)}
          titulo={escolhido ? `Contracheque nº ${numero(escolhido.numero)}` : 'Contracheque'}
          descricao="Dados do contracheque escolhido."
          pdf={pdf}
          campos={(c) => [
            ['Tipo', nomeTipoContracheque(c.dados.tipo)],
            ['Movimento', formatarMovimento(c.dados.movimento)],
            ['Operação', ouTraco(c.dados.operacao)],
            ['Turno', ouTraco(c.dados.turno)],
            ['Operador', ouTraco(c.dados.operador)],
            ['Navio', ouTraco(c.dados.navio)],
            ['Porão', ouTraco(c.dados.porao)],
            ['Sindicato', ouTraco(c.dados.sindicato)],
            ['Função', ouTraco(c.dados.funcao)],
            ['Líquido', <strong key="liquido">{formatarMoeda(c.dados.liquido)}</strong>],
            ['Emissão', formatarEmissao(c.dados.datahoraEmissao, fuso)],
          ]}
        />
      }
    >
      {(anos) => (
        <AcordeaoAnos
          anos={anos}
          resumo={(ano) =>
            contagem(
              ano.meses.reduce((s, m) => s + m.contracheques.length, 0),
              'contracheque',
              'contracheques',
            )
          }
          conteudo={(ano, maisRecente) => (
            <AcordeaoMeses
              ano={ano.ano}
              meses={ano.meses}
              abrirPrimeiro={maisRecente}
              resumo={(mes) => (
                <>
                  {contagem(mes.contracheques.length, 'contracheque', 'contracheques')} ·{' '}
                  {formatarMoeda(mes.contracheques.reduce((s, c) => s + c.dados.liquido, 0))}
                </>
              )}
              conteudo={(mes) => (
                <ul className="mc-docs">
                  {mes.contracheques.map((c) => (
                    <LinhaDocumento
                      key={c.arquivo}
                      titulo={ouTraco(c.dados.operacao)}
                      meta={
                        <>
                          {formatarMovimento(c.dados.movimento)} · Nº {numero(c.numero)}
                          {c.dados.tipo === 'ccComplementar' ? (
                            <span className="mc-selo">Complementar</span>
                          ) : null}
                        </>
                      }
                      valor={formatarMoeda(c.dados.liquido)}
                      pdf={pdf(c)}
                      aoDetalhar={() => setEscolhido(c)}
                    />
                  ))}
                </ul>
              )}
            />
          )}
        />
      )}
    </PaginaLista>
  );
}
