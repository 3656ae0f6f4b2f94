import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import type { FichaFinanceira } from '#common/api/financeiro.ts';
import { formatarMoeda } from '#common/formato.ts';
import { Acordeao } from '../../components/ui/acordeao.tsx';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { FecharModal, Modal } from '../../components/ui/modal.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { DOWNLOAD, fichasFinanceirasQuery } from './api.ts';
import { contagem, formatarEmissao } from './apresentacao.ts';
import { BotaoBaixarPdf, CabecalhoPagina, Campos, EstadoConsulta, ListaVazia } from './componentes.tsx';
import './minha-conta.css';

/** Every value of a record (minha-conta.md §3), in the order a worker reads them. */
function camposFicha(f: FichaFinanceira): [string, string][] {
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
    ['Emissão', formatarEmissao(d.dataHoraEmissao)],
  ];
}

/** /minha-conta/financeiro/fichas-financeiras: one record per month, detail modal and PDF. */
export function PaginaFichasFinanceiras() {
  const consulta = useQuery(fichasFinanceirasQuery);
  const [escolhida, setEscolhida] = useState<{ ano: number; f: FichaFinanceira } | null>(null);
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Fichas financeiras" icone={<FileSpreadsheet size={28} />}>
        O resumo de cada mês: remuneração, descontos e depósitos de FGTS.
      </CabecalhoPagina>
      <EstadoConsulta
        consulta={consulta}
        carregando="Carregando fichas financeiras..."
        erro="Não foi possível carregar suas fichas financeiras."
      >
        {({ fichasFinanceiras }) => {
          if (!fichasFinanceiras.length) return <ListaVazia>Nenhuma ficha financeira disponível.</ListaVazia>;
          return (
            <Acordeao
              abertosInicialmente={fichasFinanceiras[0] ? [String(fichasFinanceiras[0].ano)] : []}
              itens={fichasFinanceiras.map((ano) => ({
                valor: String(ano.ano),
                titulo: (
                  <span className="mc-titulo-grupo">
                    {ano.ano}
                    <span className="mc-contagem">{contagem(ano.fichas.length, 'ficha', 'fichas')}</span>
                  </span>
                ),
                conteudo: (
                  <ul className="mc-docs">
                    {ano.fichas.map((f) => (
                      <li key={f.arquivo} className="mc-doc">
                        <div className="mc-doc-texto">
                          <span className="mc-doc-titulo">
                            {f.nomeMes}/{ano.ano}
                          </span>
                          <span className="mc-doc-meta">Ficha nº {f.numeroFicha} · Valor bruto</span>
                        </div>
                        <span className="mc-doc-valor">{formatarMoeda(f.dados.valorBruto)}</span>
                        <div className="mc-doc-acoes">
                          <button
                            type="button"
                            className="botao botao-secundario mc-botao-detalhes"
                            onClick={() => setEscolhida({ ano: ano.ano, f })}
                          >
                            Detalhes
                          </button>
                          <BotaoBaixarPdf
                            caminho={DOWNLOAD.fichaFinanceira}
                            arquivo={f.arquivo}
                            descricao={`da ficha financeira de ${f.nomeMes}/${ano.ano}`}
                            compacto
                          />
                        </div>
                      </li>
                    ))}
                  </ul>
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
        aberto={escolhida !== null}
        aoMudar={(aberto) => {
          if (!aberto) setEscolhida(null);
        }}
        titulo={escolhida ? `Ficha financeira · ${escolhida.f.nomeMes}/${escolhida.ano}` : 'Ficha financeira'}
        descricao="Valores da ficha financeira escolhida."
        acoes={
          escolhida ? (
            <>
              <FecharModal asChild>
                <button type="button" className="botao botao-secundario">
                  Fechar
                </button>
              </FecharModal>
              <BotaoBaixarPdf
                caminho={DOWNLOAD.fichaFinanceira}
                arquivo={escolhida.f.arquivo}
                descricao={`da ficha financeira de ${escolhida.f.nomeMes}/${escolhida.ano}`}
              />
            </>
          ) : null
        }
      >
        {escolhida ? <Campos campos={camposFicha(escolhida.f)} /> : null}
      </Modal>
    </div>
  );
}
