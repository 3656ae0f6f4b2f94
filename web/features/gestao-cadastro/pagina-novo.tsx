import { UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { NovoTrabalhador } from '#common/api/cadastro.ts';
import { MenuGestao } from '../../components/layout/menu-gestao.tsx';
import { BotaoVoltar } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { cadastrar } from './api.ts';
import { FormularioDados } from './formulario-dados.tsx';
import './gestao-cadastro.css';

/** /gestao/trabalhadores/novo (issue 30): registers a worker, then opens their file. */
export function PaginaNovoTrabalhador() {
  const navegar = useNavigate();
  return (
    <div className="pilha gestao-cadastro">
      <MenuGestao />
      <div className="pagina-cabecalho">
        <UserPlus aria-hidden size={28} />
        <h1>Cadastrar trabalhador</h1>
      </div>
      <section className="cartao" aria-label="Dados do trabalhador">
        <FormularioDados
          rotuloBotao="Cadastrar"
          enviar={async (dados) => {
            const ficha = await cadastrar(dados as NovoTrabalhador);
            navegar(caminhos.trabalhadorGestao(ficha.codAvulso));
          }}
        />
      </section>
      <BotaoVoltar para={caminhos.gestaoTrabalhadores} />
    </div>
  );
}
