import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Check } from 'lucide-react';
import { agruparHabilitacoes } from '#common/dominio.ts';
import { Acordeao } from '../../components/ui/acordeao.tsx';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { habilitacoesQuery } from '../avulso/api.ts';
import { contagem } from './apresentacao.ts';
import { CabecalhoPagina, EstadoConsulta, ListaVazia } from './componentes.tsx';
import './minha-conta.css';

/** /minha-conta/habilitacoes: the qualifications grouped by category, the first category open. */
export function PaginaHabilitacoes() {
  const consulta = useQuery(habilitacoesQuery);
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Habilitações" icone={<BadgeCheck size={28} />}>
        As funções em que você está habilitado, por categoria.
      </CabecalhoPagina>
      <EstadoConsulta
        consulta={consulta}
        carregando="Carregando habilitações..."
        erro="Não foi possível carregar suas habilitações."
      >
        {(itens) => {
          const grupos = agruparHabilitacoes(itens);
          if (!grupos.length) return <ListaVazia>Você ainda não possui habilitações registradas.</ListaVazia>;
          return (
            <Acordeao
              abertosInicialmente={[grupos[0]?.nome ?? '']}
              itens={grupos.map((g) => ({
                valor: g.nome,
                titulo: (
                  <span className="mc-titulo-grupo">
                    {g.nome}
                    <span className="mc-contagem">{contagem(g.dados.length, 'função', 'funções')}</span>
                  </span>
                ),
                conteudo: (
                  <ul className="mc-habilitacoes">
                    {g.dados.map((d) => (
                      <li key={d.descricao}>
                        <Check aria-hidden size={18} />
                        {d.descricao}
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
        <BotaoVoltar para={caminhos.minhaConta} />
      </div>
    </div>
  );
}
