import { Landmark, LayoutList, Megaphone, ShieldAlert, UserCog, Users, Vote } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { DIAS_SUSPENSAO_EPI, PAPEL_ESCALADOR } from '#common/dominio.ts';
import { nomeProprio } from '#common/texto.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useAvulso } from '../../lib/sessao.ts';
import { ResultadoEscala } from '../resultado-escala.tsx';
import { CaixaChamada } from './caixa-chamada.tsx';
import { TrabalhoCorrente } from './trabalho-corrente.tsx';
import './inicio.css';

export interface CartaoAcaoProps {
  para: string;
  icone: ReactNode;
  titulo: string;
  texto: string;
  botao: string;
  destaque?: boolean;
}

/** A call-to-action card of the home: icon, title, text and a button that is the card's link. */
export function CartaoAcao({ para, icone, titulo, texto, botao, destaque = false }: CartaoAcaoProps) {
  return (
    <article className={destaque ? 'cartao cartao-acao cartao-acao-destaque' : 'cartao cartao-acao'}>
      <span className="cartao-acao-icone" aria-hidden>
        {icone}
      </span>
      <h2 className="cartao-acao-titulo">{titulo}</h2>
      <p className="cartao-acao-texto">{texto}</p>
      <Link to={para} className={destaque ? 'botao botao-destaque' : 'botao'}>
        {botao}
      </Link>
    </article>
  );
}

/**
 * The home's frame (docs/produto/escalacao.md §2): greeting, call box, current job, the schedulers' card,
 * then `children` (the three cards on /inicio; the single 'Eleição CPATP' card on /eleicao) and the
 * 'Atenção!' notice.
 */
export function QuadroInicio({ children }: { children: ReactNode }) {
  const avulso = useAvulso();
  const primeiroNome = nomeProprio(avulso.nome).split(' ')[0];
  return (
    <div className="pilha inicio">
      {/* The page's one h1, so the cards' h2 follow a heading (axe: page-has-heading-one). */}
      <h1 className="inicio-saudacao">
        Olá, <strong>{primeiroNome}</strong>!
      </h1>
      {/* Parts React hydrates one by one (docs/decisions/0194-react-no-navegador.md). */}
      <Suspense fallback={null}>
        <CaixaChamada />
      </Suspense>
      <Suspense fallback={null}>
        <ResultadoEscala />
      </Suspense>
      <Suspense fallback={null}>
        <TrabalhoCorrente />
      </Suspense>
      {avulso.papeis.includes(PAPEL_ESCALADOR) ? (
        <div className="cartoes-acao">
          <CartaoAcao
            para={caminhos.gestao}
            icone={<LayoutList />}
            titulo="Gestão das escalas"
            texto="Crie escalas, cadastre requisições, abra, feche, apure o rodízio e publique."
            botao="Gerir escalas"
            destaque
          />
        </div>
      ) : null}
      {avulso.papeis.includes('financeiro') ? (
        <div className="cartoes-acao">
          <CartaoAcao
            para={caminhos.gestaoFinanceiro}
            icone={<Landmark />}
            titulo="Folha de pagamento"
            texto="Importe contracheques, fichas e informes da folha e confira a conciliação com os trabalhos."
            botao="Importar a folha"
            destaque
          />
        </div>
      ) : null}
      {avulso.papeis.includes('comunicacao') ? (
        <div className="cartoes-acao">
          <CartaoAcao
            para={caminhos.gestaoMensagens}
            icone={<Megaphone />}
            titulo="Mensagens aos trabalhadores"
            texto="Escreva os avisos do quadro Atenção! para todos, uma categoria, um sindicato ou uma lista."
            botao="Escrever mensagens"
            destaque
          />
        </div>
      ) : null}
      {avulso.papeis.includes('cadastro') ? (
        <div className="cartoes-acao">
          <CartaoAcao
            para={caminhos.gestaoTrabalhadores}
            icone={<Users />}
            titulo="Cadastro dos trabalhadores"
            texto="Cadastre trabalhadores, habilitações e impedimentos, e emita códigos de primeiro acesso."
            botao="Abrir o cadastro"
            destaque
          />
        </div>
      ) : null}
      {avulso.papeis.includes('eleicao') ? (
        <div className="cartoes-acao">
          <CartaoAcao
            para={caminhos.gestaoEleicoes}
            icone={<Vote />}
            titulo="Eleições da CPATP"
            texto="Crie a eleição com o período e os candidatos, imprima a zerésima e faça a cerimônia de chaves."
            botao="Preparar eleições"
            destaque
          />
        </div>
      ) : null}
      {avulso.papeis.includes('administrador') ? (
        <div className="cartoes-acao">
          <CartaoAcao
            para={caminhos.gestaoEquipe}
            icone={<UserCog />}
            titulo="Equipe do OGMO"
            texto="Conceda e retire os papéis da equipe; cada mudança fica no histórico."
            botao="Gerir a equipe"
            destaque
          />
        </div>
      ) : null}

      {children}

      <Suspense fallback={null}>
        <Atencao />
      </Suspense>
    </div>
  );
}

/** The 'Atenção!' notice at the foot of the home. */
function Atencao() {
  return (
    <section className="atencao" aria-labelledby="titulo-atencao">
      <h2 id="titulo-atencao" className="atencao-titulo">
        <ShieldAlert aria-hidden />
        Atenção!
      </h2>
      <ol className="atencao-lista">
        <li>
          O Informe de Rendimentos anual, para a declaração do Imposto de Renda, e as Fichas Financeiras
          mensais estão disponíveis no menu <strong>Minha conta</strong>, em{' '}
          <Link to={caminhos.financeiro}>Financeiro</Link>.
        </li>
        <li>
          É obrigatório o uso de EPI (equipamentos de proteção individual), fardamento e máscara nas áreas do
          porto. O trabalhador que não cumprir esta determinação poderá ser suspenso por {DIAS_SUSPENSAO_EPI}{' '}
          dias.
        </li>
        <li>As refeições devem ser feitas em local adequado, utilizando mesa e cadeira.</li>
      </ol>
    </section>
  );
}
