import { MessagesSquare } from 'lucide-react';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import './inicio.css';

/** /fale-com-o-ogmo (docs/produto/escalacao.md §2): a placeholder that shows only 'Em breve!'. */
export function PaginaFaleComOgmo() {
  return (
    <div className="pilha">
      <div className="pagina-cabecalho">
        <h1>Fale com o OGMO</h1>
      </div>
      <section className="cartao em-breve">
        <MessagesSquare aria-hidden size={48} />
        <p>Em breve!</p>
      </section>
      <div>
        <BotaoVoltar para={caminhos.inicio} />
      </div>
    </div>
  );
}
