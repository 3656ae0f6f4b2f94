import { useQuery } from '@tanstack/react-query';
import { CalendarHeart } from 'lucide-react';
import { useState } from 'react';
import type { Contracheque13Ferias } from '#common/api/financeiro.ts';
import { formatarMoeda, preencher } from '#common/formato.ts';
import { Acordeao } from '../../components/ui/acordeao.tsx';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { FecharModal, Modal } from '../../components/ui/modal.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { contracheques13FeriasQuery, DOWNLOAD } from './api.ts';
import { contagem, formatarEmissao, ouTraco } from './apresentacao.ts';
import { BotaoBaixarPdf, CabecalhoPagina, Campos, EstadoConsulta, ListaVazia } from './componentes.tsx';
import './minha-conta.css';

const numero = (n: number) => preencher(n, 6);

/** /minha-conta/financeiro/contracheques-13-ferias: 13th-salary and holiday payslips by year. */
export function PaginaContracheques13Ferias() {
  const consulta = useQuery(contracheques13FeriasQuery);
  const [escolhido, setEscolhido] = useState<{ ano: number; c: Contracheque13Ferias } | null>(null);
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Contracheques de 13º e Férias" icone={<CalendarHeart size={28} />}>
        O pagamento anual do 13º salário e das férias, com o valor líquido.
      </CabecalhoPagina>
      <EstadoConsulta
        consulta={consulta}
        carregando="Carregando contracheques de 13º e férias..."
        erro="Não foi possível carregar seus contracheques de 13º e férias."
      >
        {({ contracheques13Ferias }) => {
          if (!contracheques13Ferias.length)
            return <ListaVazia>Nenhum contracheque de 13º ou férias disponível.</ListaVazia>;
          return (
            <Acordeao
              abertosInicialmente={contracheques13Ferias[0] ? [String(contracheques13Ferias[0].ano)] : []}
              itens={contracheques13Ferias.map((ano) => ({
                valor: String(ano.ano),
                titulo: (
                  <span className="mc-titulo-grupo">
                    {ano.ano}
                    <span className="mc-contagem">
                      {contagem(ano.contracheques13Ferias.length, 'contracheque', 'contracheques')}
                    </span>
                  </span>
                ),
                conteudo: (
                  <ul className="mc-docs">
                    {ano.contracheques13Ferias.map((c) => (
                      <li key={c.arquivo} className="mc-doc">
                        <div className="mc-doc-texto">
                          <span className="mc-doc-titulo">{c.dados.cc}</span>
                          <span className="mc-doc-meta">
                            {c.nomeMes}/{ano.ano} · Nº {numero(c.numero)}
                          </span>
                        </div>
                        <span className="mc-doc-valor">{formatarMoeda(c.dados.liquido)}</span>
                        <div className="mc-doc-acoes">
                          <button
                            type="button"
                            className="botao botao-secundario mc-botao-detalhes"
                            onClick={() => setEscolhido({ ano: ano.ano, c })}
                          >
                            Detalhes
                          </button>
                          <BotaoBaixarPdf
                            caminho={DOWNLOAD.contracheque13Ferias}
                            arquivo={c.arquivo}
                            descricao={`do contracheque de ${c.dados.cc} nº ${numero(c.numero)}`}
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
        aberto={escolhido !== null}
        aoMudar={(aberto) => {
          if (!aberto) setEscolhido(null);
        }}
        titulo={escolhido ? `${escolhido.c.dados.cc} · nº ${numero(escolhido.c.numero)}` : 'Contracheque'}
        descricao="Dados do contracheque de 13º ou férias escolhido."
        acoes={
          escolhido ? (
            <>
              <FecharModal asChild>
                <button type="button" className="botao botao-secundario">
                  Fechar
                </button>
              </FecharModal>
              <BotaoBaixarPdf
                caminho={DOWNLOAD.contracheque13Ferias}
                arquivo={escolhido.c.arquivo}
                descricao={`do contracheque de ${escolhido.c.dados.cc} nº ${numero(escolhido.c.numero)}`}
              />
            </>
          ) : null
        }
      >
        {escolhido ? (
          <Campos
            campos={[
              ['Tipo', escolhido.c.dados.cc],
              ['Mês', `${escolhido.c.nomeMes}/${escolhido.ano}`],
              ['Número', numero(escolhido.c.numero)],
              ['Sindicato', ouTraco(escolhido.c.dados.sindicato)],
              ['Líquido', <strong key="liquido">{formatarMoeda(escolhido.c.dados.liquido)}</strong>],
              ['Emissão', formatarEmissao(escolhido.c.dados.datahoraEmissao)],
            ]}
          />
        ) : null}
      </Modal>
    </div>
  );
}
