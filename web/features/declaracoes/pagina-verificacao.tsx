import { useQuery } from '@tanstack/react-query';
import { SearchCheck, ShieldCheck, ShieldX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Carregando } from '../../components/ui/estados.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { configDeclaracaoQuery, verificacaoQuery } from './api.ts';
import './declaracoes.css';
import { formatarNoFuso } from '#common/tempo.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';

export const caminhoVerificacao = (codigo: string) => `/verificar/${encodeURIComponent(codigo)}`;

/**
 * /verificar/:codigo, public (no login): the page the QR code of a declaration points to. It says whether
 * the code belongs to a declaration the portal issued, for whom (name, masked CPF) and when.
 */
export function PaginaVerificacao() {
  const { codigo = '' } = useParams();
  const consulta = useQuery(verificacaoQuery(codigo));
  const config = useQuery(configDeclaracaoQuery);
  const fuso = useFusoPorto();
  const org = config.data?.organizacao.nome ?? 'OGMO';

  return (
    <div className="pilha pagina-verificacao">
      <div className="pagina-cabecalho">
        <h1>Verificação de declaração</h1>
      </div>

      {consulta.isPending ? <Carregando texto="Verificando o código..." /> : null}

      {consulta.data ? (
        <section className="cartao verificacao-resultado autentica" aria-live="polite">
          <div className="verificacao-selo">
            <ShieldCheck aria-hidden size={40} />
            <div>
              <h2>Declaração autêntica</h2>
              <p>
                Emitida pelo {org} por meio do Portal do TPA. Confira se os dados abaixo são os mesmos do
                documento apresentado.
              </p>
            </div>
          </div>
          <dl className="verificacao-dados">
            <div>
              <dt>Documento</dt>
              <dd>{consulta.data.titulo}</dd>
            </div>
            <div>
              <dt>Emitida para</dt>
              <dd>{consulta.data.nome}</dd>
            </div>
            <div>
              <dt>CPF</dt>
              <dd>{consulta.data.cpfMascarado}</dd>
            </div>
            <div>
              <dt>Emitida em</dt>
              <dd>{formatarNoFuso(consulta.data.emitidaEm, fuso, "dd/MM/yyyy 'às' HH:mm")}</dd>
            </div>
            <div>
              <dt>Código</dt>
              <dd className="verificacao-codigo">{consulta.data.codigo}</dd>
            </div>
          </dl>
        </section>
      ) : null}

      {consulta.error ? (
        <section className="cartao verificacao-resultado invalida" aria-live="polite">
          <div className="verificacao-selo">
            <ShieldX aria-hidden size={40} />
            <div>
              <h2>
                {consulta.error instanceof ErroApi && consulta.error.codigoErro === 'NaoEncontrado'
                  ? 'Declaração não encontrada'
                  : 'Não foi possível verificar'}
              </h2>
              <p>{consulta.error.message}</p>
              <p className="verificacao-codigo-lido">
                Código consultado: <strong>{codigo.toUpperCase()}</strong>
              </p>
            </div>
          </div>
        </section>
      ) : null}

      <FormularioOutroCodigo />
    </div>
  );
}

function FormularioOutroCodigo() {
  const navigate = useNavigate();
  const [valor, setValor] = useState('');
  function verificar(e: FormEvent) {
    e.preventDefault();
    const codigo = valor.trim().toUpperCase();
    if (codigo) navigate(caminhoVerificacao(codigo));
  }
  return (
    <section className="cartao">
      <form className="verificacao-outro" onSubmit={verificar}>
        <div className="campo">
          <label htmlFor="outro-codigo">Verificar outro código</label>
          <input
            id="outro-codigo"
            value={valor}
            onChange={(e) => setValor(e.target.value.toUpperCase())}
            placeholder="LKD-0000-0000"
            maxLength={20}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
        <button type="submit" className="botao" disabled={valor.trim() === ''}>
          <SearchCheck aria-hidden size={20} />
          Verificar
        </button>
      </form>
    </section>
  );
}
