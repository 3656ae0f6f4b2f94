import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Check } from 'lucide-react';
import { agruparHabilitacoes } from '#common/dominio.ts';
import { Acordeao } from '../../components/ui/acordeao.tsx';
import { habilitacoesQuery } from '../../lib/api-avulso.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { contagem } from './apresentacao.ts';
import { PaginaLista } from './componentes.tsx';
import { TituloGrupo } from './listas.tsx';
import './minha-conta.css';

/** /minha-conta/habilitacoes: the qualifications grouped by category, the first category open. */
export function PaginaHabilitacoes() {
  const consulta = useQuery(habilitacoesQuery);
  return (
    <PaginaLista
      titulo="Habilitações"
      icone={<BadgeCheck size={28} />}
      texto="As funções em que você está habilitado, por categoria."
      consulta={consulta}
      carregando="Carregando habilitações..."
      erro="Não foi possível carregar suas habilitações."
      itens={agruparHabilitacoes}
      vazia="Você ainda não possui habilitações registradas."
      voltarPara={caminhos.minhaConta}
    >
      {(grupos) => (
        <Acordeao
          abertosInicialmente={[grupos[0]?.nome ?? '']}
          itens={grupos.map((g) => ({
            valor: g.nome,
            titulo: <TituloGrupo nome={g.nome} resumo={contagem(g.dados.length, 'função', 'funções')} />,
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
      )}
    </PaginaLista>
  );
}
