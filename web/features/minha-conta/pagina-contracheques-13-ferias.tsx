import { useQuery } from '@tanstack/react-query';
import { CalendarHeart } from 'lucide-react';
import { useState } from 'react';
import type { Contracheque13Ferias } from '#common/api/financeiro.ts';
import { formatarMoeda, preencher } from '#common/formato.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { contracheques13FeriasQuery, DOWNLOAD } from './api.ts';
import { contagem, formatarEmissao, ouTraco } from './apresentacao.ts';
import { PaginaLista } from './componentes.tsx';
import { AcordeaoAnos, LinhaDocumento, ModalDetalhes, type PdfDocumento } from './listas.tsx';
import './minha-conta.css';
import { useFusoPorto } from '../../lib/fuso-porto.ts';

const numero = (n: number) => preencher(n, 6);

const pdf = (c: Contracheque13Ferias): PdfDocumento => ({
  caminho: DOWNLOAD.contracheque13Ferias,
  arquivo: c.arquivo,
  descricao: `do contracheque de ${c.dados.cc} nº ${numero(c.numero)}`,
});

/** /minha-conta/financeiro/contracheques-13-ferias: 13th-salary and holiday payslips by year. */
export function PaginaContracheques13Ferias() {
  const consulta = useQuery(contracheques13FeriasQuery);
  const fuso = useFusoPorto();
  const [escolhido, setEscolhido] = useState<{ ano: number; c: Contracheque13Ferias } | null>(null);
  return (
    <PaginaLista
      titulo="Contracheques de 13º e Férias"
      icone={<CalendarHeart size={28} />}
      texto="O pagamento anual do 13º salário e das férias, com o valor líquido."
      consulta={consulta}
      carregando="Carregando contracheques de 13º e férias..."
      erro="Não foi possível carregar seus contracheques de 13º e férias."
      itens={(dados) => dados.contracheques13Ferias}
      vazia="Nenhum contracheque de 13º ou férias disponível."
      voltarPara={caminhos.financeiro}
      modal={
        <ModalDetalhes
          escolhido={escolhido}
          aoFechar={() => setEscolhido(null)}
          titulo={escolhido ? `${escolhido.c.dados.cc} · nº ${numero(escolhido.c.numero)}` : 'Contracheque'}
          descricao="Dados do contracheque de 13º ou férias escolhido."
          pdf={({ c }) => pdf(c)}
          campos={({ ano, c }) => [
            ['Tipo', c.dados.cc],
            ['Mês', `${c.nomeMes}/${ano}`],
            ['Número', numero(c.numero)],
            ['Sindicato', ouTraco(c.dados.sindicato)],
            ['Líquido', <strong key="liquido">{formatarMoeda(c.dados.liquido)}</strong>],
            ['Emissão', formatarEmissao(c.dados.datahoraEmissao, fuso)],
          ]}
        />
      }
    >
      {(anos) => (
        <AcordeaoAnos
          anos={anos}
          resumo={(ano) => contagem(ano.contracheques13Ferias.length, 'contracheque', 'contracheques')}
          conteudo={(ano) => (
            <ul className="mc-docs">
              {ano.contracheques13Ferias.map((c) => (
                <LinhaDocumento
                  key={c.arquivo}
                  titulo={c.dados.cc}
                  meta={
                    <>
                      {c.nomeMes}/{ano.ano} · Nº {numero(c.numero)}
                    </>
                  }
                  valor={formatarMoeda(c.dados.liquido)}
                  pdf={pdf(c)}
                  aoDetalhar={() => setEscolhido({ ano: ano.ano, c })}
                />
              ))}
            </ul>
          )}
        />
      )}
    </PaginaLista>
  );
}
