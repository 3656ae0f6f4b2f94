import { normalizarNome } from './importacao-celulas.ts';

/**
 * A payslip of an engagement against the jobs the portal knows (issue 25, docs/decisions/0243): the same
 * worker, day, shift, ship and function is the job it pays. Names are compared as people write them
 * (accents, case, spaces aside). When none matches, the reason says what differed from the closest job of
 * that worker on that day. A report, never a block.
 */

export interface TrabalhoConhecido {
  id: number;
  cod_avulso: string;
  /** yyyymmdd */
  data_operacao: string;
  hora_inicio: number;
  hora_fim: number;
  navio: string;
  funcao: string;
}

export interface EngajamentoPago {
  cod_avulso: string;
  /** yyyy-MM-dd */
  movimento: string;
  /** HH-HH */
  turno: string | null;
  navio: string | null;
  funcao: string | null;
}

export type CodigoConciliacao =
  | 'conciliado'
  | 'sem_trabalho'
  | 'turno_diferente'
  | 'navio_diferente'
  | 'funcao_diferente';

export interface ResultadoConciliacao {
  codigo: CodigoConciliacao;
  idTrabalho: number | null;
  /** Portuguese, for the staff's report; null when matched. */
  detalhe: string | null;
}

const dois = (n: number) => String(n).padStart(2, '0');
const turnoDe = (t: TrabalhoConhecido) => `${dois(t.hora_inicio)}-${dois(t.hora_fim)}`;

/** The jobs of a period indexed by worker and day. */
export class IndiceTrabalhos {
  private readonly porChave = new Map<string, TrabalhoConhecido[]>();
  constructor(trabalhos: Iterable<TrabalhoConhecido>) {
    for (const t of trabalhos) {
      const chave = `${t.cod_avulso}|${t.data_operacao}`;
      const lista = this.porChave.get(chave);
      if (lista) lista.push(t);
      else this.porChave.set(chave, [t]);
    }
  }

  conciliar(c: EngajamentoPago): ResultadoConciliacao {
    const data = c.movimento.replaceAll('-', '');
    const candidatos = this.porChave.get(`${c.cod_avulso}|${data}`) ?? [];
    if (candidatos.length === 0) {
      return {
        codigo: 'sem_trabalho',
        idTrabalho: null,
        detalhe: `Nenhum engajamento do trabalhador em ${c.movimento.split('-').reverse().join('/')} no portal (engajado fora do portal?).`,
      };
    }
    const navio = normalizarNome(c.navio ?? '');
    const funcao = normalizarNome(c.funcao ?? '');
    let melhor: { t: TrabalhoConhecido; diferencas: [CodigoConciliacao, string][] } | undefined;
    for (const t of candidatos) {
      const diferencas: [CodigoConciliacao, string][] = [];
      if (turnoDe(t) !== c.turno) diferencas.push(['turno_diferente', `turno ${turnoDe(t)}`]);
      if (normalizarNome(t.navio) !== navio) diferencas.push(['navio_diferente', `navio ${t.navio}`]);
      if (normalizarNome(t.funcao) !== funcao) diferencas.push(['funcao_diferente', `função ${t.funcao}`]);
      if (diferencas.length === 0) return { codigo: 'conciliado', idTrabalho: t.id, detalhe: null };
      if (!melhor || diferencas.length < melhor.diferencas.length) melhor = { t, diferencas };
    }
    const [primeira] = melhor?.diferencas ?? [];
    const nomes: Record<string, string> = {
      turno_diferente: 'Turno diferente',
      navio_diferente: 'Navio diferente',
      funcao_diferente: 'Função diferente',
    };
    return {
      codigo: primeira?.[0] ?? 'sem_trabalho',
      idTrabalho: null,
      detalhe: `${nomes[primeira?.[0] ?? ''] ?? 'Diferente'}: no portal, o engajamento do dia tem ${melhor?.diferencas.map((d) => d[1]).join(', ')}.`,
    };
  }
}
