import { ClipboardList, MessagesSquare, UserRound } from 'lucide-react';
import { Suspense } from 'react';
import { CartaoAcao, QuadroInicio } from '../../components/inicio/quadro-inicio.tsx';
import { InstalarApp } from '../../components/instalar-app.tsx';
import { caminhos } from '../../lib/caminhos.ts';

/**
 * /inicio (docs/produto/escalacao.md §2): the home's frame with its three cards. While an election is
 * loaded the worker is on /eleicao, whose home shows the election's card in their place.
 */
export function PaginaInicio() {
  return (
    <QuadroInicio>
      <Suspense fallback={null}>
        <div className="cartoes-acao">
          <CartaoAcao
            para={caminhos.minhaConta}
            icone={<UserRound />}
            titulo="Minha conta"
            texto="Acesse seus dados, históricos e habilitações."
            botao="Minha conta"
          />
          <CartaoAcao
            para={caminhos.escalacao}
            icone={<ClipboardList />}
            titulo="Escalação"
            texto="Escalação eletrônica do Trabalhador Portuário Avulso, em sistema de rodízio."
            botao="Escalar-se"
            destaque
          />
          <CartaoAcao
            para={caminhos.faleComOgmo}
            icone={<MessagesSquare />}
            titulo="Fale com o OGMO"
            texto="Dúvidas, sugestões e solicitações ao OGMO."
            botao="Fale com o OGMO"
          />
        </div>
      </Suspense>
      <InstalarApp />
    </QuadroInicio>
  );
}
