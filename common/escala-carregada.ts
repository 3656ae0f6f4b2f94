import type {
  CategoriaCompartilhada,
  CategoriaEscala,
  EscalaCarregada,
  PessoalEscala,
  VagasResposta,
} from './api/escalacao.ts';

/**
 * escalaCarregada (docs/produto/escalacao.md §3) out of GET /api/vagas' two parts
 * (docs/decisions/0134-vagas-compartilhada-e-pessoal.md): the call's offers, the same for everyone, and the
 * worker's own part. The server decided every personal fact (qualifications, rest, choices); this only puts
 * them on the offers and counts them as docs/decisions/0020-escalacao-regras.md says: qtdDisponiveis =
 * offers the worker may choose (habilitado and comDescanso), qtdEscolhas = offers the worker has chosen.
 */
export function montarEscalaCarregada(resposta: VagasResposta): EscalaCarregada {
  const { pessoal, categorias, ...cabecalho } = resposta;
  const indice = indicePessoal(pessoal);
  const montadas: Record<string, CategoriaEscala> = {};
  for (const [chave, categoria] of Object.entries(categorias)) {
    montadas[chave] = montarComIndice(categoria, indice);
  }
  return { ...cabecalho, categorias: montadas };
}

/** One category only (a client that shows one category need not build the others). */
export function montarCategoria(categoria: CategoriaCompartilhada, pessoal: PessoalEscala): CategoriaEscala {
  return montarComIndice(categoria, indicePessoal(pessoal));
}

interface IndicePessoal {
  habilitacoes: ReadonlySet<number>;
  semDescanso: ReadonlySet<number>;
  escolhas: ReadonlyMap<number, PessoalEscala['escolhas'][number]>;
}

function indicePessoal(pessoal: PessoalEscala): IndicePessoal {
  return {
    habilitacoes: new Set(pessoal.habilitacoes),
    semDescanso: new Set(pessoal.semDescanso),
    escolhas: new Map(pessoal.escolhas.map((e) => [e.seqCategoria, e])),
  };
}

function montarComIndice(categoria: CategoriaCompartilhada, indice: IndicePessoal): CategoriaEscala {
  let qtdDisponiveis = 0;
  let qtdEscolhasCategoria = 0;
  const requisicoes = categoria.requisicoes.map((req) => {
    const comDescanso = !indice.semDescanso.has(req.numRequisicao);
    let qtdEscolhas = 0;
    const poroes = req.poroes.map((porao) => ({
      ...porao,
      funcoes: porao.funcoes.map((oferta) => {
        const habilitado = indice.habilitacoes.has(oferta.codFuncao);
        if (habilitado && comDescanso) qtdDisponiveis++;
        const escolha = indice.escolhas.get(oferta.seqCategoria);
        if (escolha) qtdEscolhas++;
        return {
          ...oferta,
          seqCategoTPA: escolha?.seqCategoTPA ?? 0,
          habilitado,
          comDescanso,
          escolhida: escolha !== undefined,
          preferencia: escolha?.preferencia ?? null,
          situacao: 0 as const,
          mensagem: null,
        };
      }),
    }));
    qtdEscolhasCategoria += qtdEscolhas;
    return { ...req, qtdEscolhas, poroes };
  });
  return {
    codCategoria: categoria.codCategoria,
    qtdOfertas: categoria.qtdOfertas,
    qtdDisponiveis,
    qtdEscolhas: qtdEscolhasCategoria,
    requisicoes,
  };
}
