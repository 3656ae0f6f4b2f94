import { ClipboardList, MessagesSquare, UserRound } from 'lucide-react';
import { Suspense } from 'react';
import { CartaoAcao, type CartaoAcaoProps, QuadroInicio } from '../../components/inicio/quadro-inicio.tsx';
import { InstalarApp } from '../../components/instalar-app.tsx';
import { caminhos } from '../../lib/caminhos.ts';

/** The worker's three cards. */
const CARTOES: readonly CartaoAcaoProps[] = [
  {
    para: caminhos.minhaConta,
    icone: <UserRound />,
    titulo: 'Minha conta',
    texto: 'Acesse seus dados, históricos e habilitações.',
    botao: 'Minha conta',
  },
  {
    para: caminhos.escalacao,
    icone: <ClipboardList />,
    titulo: 'Escalação',
    texto: 'Escalação eletrônica do Trabalhador Portuário Avulso, em sistema de rodízio.',
    botao: 'Escalar-se',
    destaque: true,
  },
  {
    para: caminhos.faleComOgmo,
    icone: <MessagesSquare />,
    titulo: 'Fale com o OGMO',
    texto: 'Dúvidas, sugestões e solicitações ao OGMO.',
    botao: 'Fale com o OGMO',
  },
];

/**
 * /inicio (docs/produto/escalacao.md §2): the home's frame with its three cards. While an election is
 * loaded the worker is on /eleicao, whose home shows the election's card in their place.
 */
export function PaginaInicio() {
  return (
    <QuadroInicio>
      <Suspense fallback={null}>
        <div className="cartoes-acao">
          {CARTOES.map((c) => (
            <CartaoAcao key={c.para} {...c} />
          ))}
        </div>
      </Suspense>
      <InstalarApp />
    </QuadroInicio>
  );
}
