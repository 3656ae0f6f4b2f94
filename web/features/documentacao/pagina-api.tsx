import { useQuery } from '@tanstack/react-query';
import { FileJson } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Alerta, Carregando } from '../../components/ui/estados.tsx';
import {
  agruparPorGrupo,
  caminhoLegivel,
  type DocumentoOpenApi,
  type Esquema,
  limitesEmPalavras,
  type Operacao,
  objetoDe,
  type Rota,
  tipoEmPalavras,
} from './openapi.ts';
import './documentacao.css';

/** The OpenAPI document, the one /api answer without the envelope (so not through the API client). */
const CAMINHO_DOCUMENTO = '/api/openapi.json';

async function buscarDocumento(): Promise<DocumentoOpenApi> {
  const resposta = await fetch(CAMINHO_DOCUMENTO, { headers: { Accept: 'application/json' } });
  if (!resposta.ok) throw new Error(`GET ${CAMINHO_DOCUMENTO}: ${resposta.status}`);
  return (await resposta.json()) as DocumentoOpenApi;
}

/** A text of the document: paragraphs at blank lines, `code` between backquotes. */
function Texto({ texto }: { texto: string }) {
  return (
    <>
      {texto.split(/\n\s*\n/).map((paragrafo) => (
        <p key={paragrafo}>
          {paragrafo.split('`').map((parte, i) =>
            // Odd parts were between backquotes.
            i % 2 ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
              <code key={i}>{parte}</code>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <Fragment key={i}>{parte.replace(/\s*\n\s*/g, ' ')}</Fragment>
            ),
          )}
        </p>
      ))}
    </>
  );
}

/** The fields of an object schema, nested as far as the schema goes. */
function Campos({ esquema, profundidade = 0 }: { esquema: Esquema; profundidade?: number }) {
  const objeto = objetoDe(esquema);
  const propriedades = { ...objeto?.properties, ...objeto?.patternProperties };
  const nomes = Object.keys(propriedades);
  if (!objeto || nomes.length === 0 || profundidade > 5) return null;
  const obrigatorios = new Set(objeto.required ?? []);
  return (
    <ul className="api-campos">
      {nomes.map((nome) => {
        const campo = propriedades[nome] as Esquema;
        const limites = limitesEmPalavras(campo);
        // A field kept under patternProperties (server/plugins/openapi.ts) is named by its pattern.
        const legivel = nome.replace(/^\^\\\$(\w+)\$$/, '$$$1');
        return (
          <li key={nome}>
            <code className="api-campo-nome">{legivel}</code>{' '}
            <span className="api-campo-tipo">{tipoEmPalavras(campo)}</span>
            {obrigatorios.has(nome) ? null : <span className="api-campo-opcional"> (opcional)</span>}
            {limites.length ? <span className="api-campo-limites">: {limites.join(', ')}</span> : null}
            {campo.description ? <span className="api-campo-descricao"> — {campo.description}</span> : null}
            <Campos esquema={campo} profundidade={profundidade + 1} />
          </li>
        );
      })}
    </ul>
  );
}

const ONDE: Record<string, string> = { path: 'no caminho', query: 'na consulta', header: 'no cabeçalho' };

function Detalhes({ operacao }: { operacao: Operacao }) {
  const parametros = operacao.parameters ?? [];
  const corpo = Object.entries(operacao.requestBody?.content ?? {});
  const respostas = Object.entries(operacao.responses ?? {});
  return (
    <div className="api-detalhes">
      {operacao.description ? <Texto texto={operacao.description} /> : null}
      <p className="api-acesso">
        {operacao.security?.length
          ? 'Exige sessão: envie o token do login no cabeçalho X-Access-Token.'
          : 'Pública: não exige sessão.'}
      </p>
      {parametros.length ? (
        <>
          <h3>Parâmetros</h3>
          <ul className="api-campos">
            {parametros.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className="api-campo-nome">{p.name}</code>{' '}
                <span className="api-campo-tipo">{p.schema ? tipoEmPalavras(p.schema) : 'texto'}</span>,{' '}
                {ONDE[p.in] ?? p.in}
                {p.required ? null : <span className="api-campo-opcional"> (opcional)</span>}
                {p.schema && limitesEmPalavras(p.schema).length ? (
                  <span className="api-campo-limites">: {limitesEmPalavras(p.schema).join(', ')}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {corpo.map(([tipo, { schema }]) => (
        <Fragment key={tipo}>
          <h3>
            Corpo (<code>{tipo}</code>)
          </h3>
          {schema ? <Campos esquema={schema} /> : null}
          {schema && !objetoDe(schema) ? <p>{tipoEmPalavras(schema)}</p> : null}
        </Fragment>
      ))}
      <h3>Respostas</h3>
      <dl className="api-respostas">
        {respostas.map(([status, resposta]) => {
          const json = resposta.content?.['application/json']?.schema;
          const dados = status === '200' ? json?.properties?.dados : undefined;
          const arquivos = Object.keys(resposta.content ?? {}).filter((t) => t !== 'application/json');
          return (
            <div key={status} className="api-resposta">
              <dt>{status}</dt>
              <dd>
                {resposta.description ? <Texto texto={resposta.description} /> : null}
                {dados ? (
                  <>
                    <p>
                      <code>dados</code>: {tipoEmPalavras(dados)}
                    </p>
                    <Campos esquema={dados} />
                  </>
                ) : null}
                {arquivos.length ? (
                  <p>
                    Tipo: <code>{arquivos.join(', ')}</code>
                  </p>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

function RotaApi({ rota }: { rota: Rota }) {
  return (
    <details className="api-operacao">
      <summary>
        <span className={`api-metodo api-metodo-${rota.metodo}`}>{rota.metodo.toUpperCase()}</span>{' '}
        <code className="api-caminho">{caminhoLegivel(rota.caminho)}</code>
        {rota.operacao.summary ? <span className="api-resumo">{rota.operacao.summary}</span> : null}
      </summary>
      <Detalhes operacao={rota.operacao} />
    </details>
  );
}

function idDoGrupo(grupo: string): string {
  return `grupo-${grupo
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;
}

/**
 * /docs/api (issue 29): the OpenAPI document of GET /api/openapi.json, readable by integrators in Portuguese and
 * accessible (it replaced Swagger UI, English, with 2 critical and 125 serious axe findings and no viewport).
 * Public, as the document is; loaded on demand.
 */
export function PaginaApi() {
  const consulta = useQuery({
    queryKey: ['openapi'],
    queryFn: buscarDocumento,
    staleTime: Number.POSITIVE_INFINITY,
  });
  let conteudo: ReactNode;
  if (consulta.isPending) conteudo = <Carregando texto="Carregando a descrição da API..." />;
  else if (consulta.isError)
    conteudo = <Alerta tipo="erro">Não foi possível carregar a descrição da API. Tente de novo.</Alerta>;
  else {
    const documento = consulta.data;
    const grupos = agruparPorGrupo(documento);
    conteudo = (
      <>
        <section className="cartao api-introducao" aria-labelledby="titulo-introducao">
          <h2 id="titulo-introducao" className="cartao-titulo">
            Como usar
          </h2>
          <p className="texto-suave">
            Versão {documento.info.version} · OpenAPI {documento.openapi}
          </p>
          {documento.info.description ? <Texto texto={documento.info.description} /> : null}
          <p>
            <a className="botao botao-secundario" href={CAMINHO_DOCUMENTO} download="portal-tpa-openapi.json">
              <FileJson aria-hidden size={20} /> Baixar o documento OpenAPI (JSON)
            </a>
          </p>
        </section>
        <nav className="cartao api-indice" aria-label="Grupos da API">
          <ul>
            {grupos.map(([grupo, rotas]) => (
              <li key={grupo}>
                <a href={`#${idDoGrupo(grupo)}`}>
                  {grupo} ({rotas.length})
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {grupos.map(([grupo, rotas]) => (
          <section key={grupo} className="cartao api-grupo" aria-labelledby={idDoGrupo(grupo)}>
            <h2 id={idDoGrupo(grupo)} className="cartao-titulo">
              {grupo}
            </h2>
            {rotas.map((rota) => (
              <RotaApi key={`${rota.metodo} ${rota.caminho}`} rota={rota} />
            ))}
          </section>
        ))}
      </>
    );
  }
  return (
    <div className="pilha documentacao-api">
      <div className="pagina-cabecalho">
        <h1>API do Portal do TPA</h1>
      </div>
      <p className="texto-suave">
        Para quem integra sistemas ao portal: cada chamada de <code>/api</code>, o que ela recebe e o que
        responde.
      </p>
      {conteudo}
    </div>
  );
}
