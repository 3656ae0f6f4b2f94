import type { TextoDeclaracao } from '#common/declaracoes.ts';

/** The declaration as a sheet of paper: the very text the PDF will carry (common/declaracoes.ts). */
export function TextoDeclaracaoFolha({ texto }: { texto: TextoDeclaracao }) {
  return (
    <article className="declaracao-folha" aria-label="Texto da declaração">
      <h3 className="declaracao-titulo">{texto.titulo}</h3>
      {texto.blocos.map((bloco) =>
        bloco.tipo === 'paragrafo' ? (
          <p key={bloco.texto} className="declaracao-paragrafo">
            {bloco.texto}
          </p>
        ) : (
          <p key={bloco.texto} className={`declaracao-opcao${bloco.marcada ? ' marcada' : ''}`}>
            <span className="declaracao-marca" aria-hidden>
              ({bloco.marcada ? 'X' : '\u00a0\u00a0'})
            </span>
            <span className="visualmente-oculto">{bloco.marcada ? 'Marcado: ' : 'Não marcado: '}</span>
            <span>{bloco.texto}</span>
          </p>
        ),
      )}
      <p className="declaracao-local-data">{texto.localData}</p>
      <div className="declaracao-assinatura">
        {texto.assinatura.map((linha, i) => (
          <span key={linha} className={i === 0 ? 'principal' : undefined}>
            {linha}
          </span>
        ))}
      </div>
    </article>
  );
}
