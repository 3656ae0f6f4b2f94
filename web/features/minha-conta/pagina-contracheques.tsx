import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import type { Contracheque } from '#common/api/financeiro.ts';
import { nomeTipoContracheque } from '#common/api/financeiro.ts';
import { formatarMoeda, preencher } from '#common/formato.ts';
import { Acordeao } from '../../components/ui/acordeao.tsx';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { FecharModal, Modal } from '../../components/ui/modal.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { contrachequesQuery, DOWNLOAD } from './api.ts';
import { contagem, formatarEmissao, formatarMovimento, ouTraco } from './apresentacao.ts';
import { BotaoBaixarPdf, CabecalhoPagina, Campos, EstadoConsulta, ListaVazia } from './componentes.tsx';
import './minha-conta.css';

const numero = (n: number) => preencher(n, 6);

function LinhaContracheque({ c, aoDetalhar }: { c: Contracheque; aoDetalhar: () => void }) {
  const complementar = c.dados.tipo === 'ccComplementar';
  return (
    <li className="mc-doc">
      <div className="mc-doc-texto">
        <span className="mc-doc-titulo">{ouTraco(c.dados.operacao)}</span>
        <span className="mc-doc-meta">
          {formatarMovimento(c.dados.movimento)} · Nº {numero(c.numero)}
          {complementar ? <span className="mc-selo">Complementar</span> : null}
        </span>
      </div>
      <span className="mc-doc-valor">{formatarMoeda(c.dados.liquido)}</span>
      <div className="mc-doc-acoes">
        <button type="button" className="botao botao-secundario mc-botao-detalhes" onClick={aoDetalhar}>
          Detalhes
        </button>
        <BotaoBaixarPdf
          caminho={DOWNLOAD.contracheque}
          arquivo={c.arquivo}
          descricao={`do contracheque nº ${numero(c.numero)}`}
          compacto
        />
      </div>
    </li>
  );
}

/** /minha-conta/financeiro/contracheques: payslips by year then month, detail modal and PDF. */
export function PaginaContracheques() {
  const consulta = useQuery(contrachequesQuery);
  const [escolhido, setEscolhido] = useState<Contracheque | null>(null);
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Contracheques" icone={<Receipt size={28} />}>
        Um contracheque por engajamento, com o valor líquido. Baixe o PDF para guardar ou imprimir.
      </CabecalhoPagina>
      <EstadoConsulta
        consulta={consulta}
        carregando="Carregando contracheques..."
        erro="Não foi possível carregar seus contracheques."
      >
        {({ contracheques }) => {
          if (!contracheques.length) return <ListaVazia>Nenhum contracheque disponível.</ListaVazia>;
          const primeiro = contracheques[0];
          return (
            <Acordeao
              abertosInicialmente={primeiro ? [String(primeiro.ano)] : []}
              itens={contracheques.map((ano) => ({
                valor: String(ano.ano),
                titulo: (
                  <span className="mc-titulo-grupo">
                    {ano.ano}
                    <span className="mc-contagem">
                      {contagem(
                        ano.meses.reduce((s, m) => s + m.contracheques.length, 0),
                        'contracheque',
                        'contracheques',
                      )}
                    </span>
                  </span>
                ),
                conteudo: (
                  <Acordeao
                    abertosInicialmente={
                      ano === primeiro && ano.meses[0] ? [`${ano.ano}-${ano.meses[0].mes}`] : []
                    }
                    itens={ano.meses.map((mes) => ({
                      valor: `${ano.ano}-${mes.mes}`,
                      titulo: (
                        <span className="mc-titulo-grupo">
                          {mes.nomeMes}
                          <span className="mc-contagem">
                            {contagem(mes.contracheques.length, 'contracheque', 'contracheques')} ·{' '}
                            {formatarMoeda(mes.contracheques.reduce((s, c) => s + c.dados.liquido, 0))}
                          </span>
                        </span>
                      ),
                      conteudo: (
                        <ul className="mc-docs">
                          {mes.contracheques.map((c) => (
                            <LinhaContracheque key={c.arquivo} c={c} aoDetalhar={() => setEscolhido(c)} />
                          ))}
                        </ul>
                      ),
                    }))}
                  />
                ),
              }))}
            />
          );
        }}
      </EstadoConsulta>
      <div>
        <BotaoVoltar para={caminhos.financeiro} />
      </div>
      <Modal
        aberto={escolhido !== null}
        aoMudar={(aberto) => {
          if (!aberto) setEscolhido(null);
        }}
        titulo={escolhido ? `Contracheque nº ${numero(escolhido.numero)}` : 'Contracheque'}
        descricao="Dados do contracheque escolhido."
        acoes={
          escolhido ? (
            <>
              <FecharModal asChild>
                <button type="button" className="botao botao-secundario">
                  Fechar
                </button>
              </FecharModal>
              <BotaoBaixarPdf
                caminho={DOWNLOAD.contracheque}
                arquivo={escolhido.arquivo}
                descricao={`do contracheque nº ${numero(escolhido.numero)}`}
              />
            </>
          ) : null
        }
      >
        {escolhido ? (
          <Campos
            campos={[
              ['Tipo', nomeTipoContracheque(escolhido.dados.tipo)],
              ['Movimento', formatarMovimento(escolhido.dados.movimento)],
              ['Operação', ouTraco(escolhido.dados.operacao)],
              ['Turno', ouTraco(escolhido.dados.turno)],
              ['Operador', ouTraco(escolhido.dados.operador)],
              ['Navio', ouTraco(escolhido.dados.navio)],
              ['Porão', ouTraco(escolhido.dados.porao)],
              ['Sindicato', ouTraco(escolhido.dados.sindicato)],
              ['Função', ouTraco(escolhido.dados.funcao)],
              ['Líquido', <strong key="liquido">{formatarMoeda(escolhido.dados.liquido)}</strong>],
              ['Emissão', formatarEmissao(escolhido.dados.datahoraEmissao)],
            ]}
          />
        ) : null}
      </Modal>
    </div>
  );
}
