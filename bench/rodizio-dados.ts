import { categoriaDaFuncao } from '#common/funcoes.ts';
import type {
  AvulsoRodizio,
  EntradaRodizio,
  EscolhaRodizio,
  OfertaRodizio,
  PonteiroFuncao,
} from '#server/modulos/rodizio/tipos.ts';
import { Aleatorio } from '#server/plataforma/semente/aleatorio.ts';
import { FUNCAO_BASE, funcoesDaCategoria, SINDICATOS_RUSH } from './seed-rush.ts';

/**
 * A closed call in memory for the matching's benchmark (docs/decisions/0144), shaped like the rush's port
 * (bench/seed-rush.ts): Santos-like union shares, 80 % registered, the base function of the category plus
 * 3-8 others (multifunctional workers also capatazia), per category requisitions of four holds with four
 * function offers each over four shifts; every worker chooses `escolhasPorAvulso` offers of functions they
 * hold (multifunctional ones in both categories, interleaved in time), a few choices stopped being valid
 * (1 % lost the qualification, 2 % the rest) and 0.5 % of the workers were impeded after choosing.
 * Pointers are random per function. Deterministic per seed.
 */
export interface OpcoesChamadaRodizio {
  trabalhadores: number;
  ofertasPorCategoria: number;
  escolhasPorAvulso: number;
  /** Vacancies per offer are 1..maxVagas (Conferente: 1). */
  maxVagas: number;
  semente: number;
}

const SINDICATOS = SINDICATOS_RUSH;

const INICIO_MS = Date.parse('2026-11-23T09:30:00.000Z');

export function gerarChamadaRodizio(o: OpcoesChamadaRodizio): EntradaRodizio {
  const rnd = new Aleatorio(o.semente);
  const ofertas: OfertaRodizio[] = [];
  const ofertasPorFuncao = new Map<number, number[]>();
  let id = 1;
  for (const codCategoria of [1, 2, 4, 6]) {
    const base = FUNCAO_BASE[codCategoria] as number;
    const outras = funcoesDaCategoria(codCategoria).filter((c) => c !== base);
    const requisicoes = Math.ceil(o.ofertasPorCategoria / 16);
    for (let r = 0; r < requisicoes; r++) {
      for (let p = 0; p < 4; p++) {
        for (const codFuncao of [base, ...rnd.amostra(outras, 3)]) {
          ofertas.push({
            id,
            codFuncao,
            codCategoria,
            capacidade: codCategoria === 2 ? 1 : rnd.inteiro(1, o.maxVagas),
            descricao: `NAVIO ${r + 1}, ${codCategoria === 6 ? 'Bloco' : 'Porão'} ${p + 1}, Função ${codFuncao}`,
          });
          const lista = ofertasPorFuncao.get(codFuncao) ?? [];
          lista.push(id);
          ofertasPorFuncao.set(codFuncao, lista);
          id++;
        }
      }
    }
  }

  const avulsos: AvulsoRodizio[] = [];
  const escolhas: EscolhaRodizio[] = [];
  let codigo = 200_001;
  SINDICATOS.forEach(({ codSindicato, codCategoria, parte }, i) => {
    const qtd =
      i === SINDICATOS.length - 1
        ? o.trabalhadores - (codigo - 200_001)
        : Math.round(o.trabalhadores * parte);
    for (let n = 0; n < qtd; n++) {
      const codAvulso = String(codigo++);
      const impedido = rnd.chance(0.005);
      avulsos.push({
        codAvulso,
        numChamada: n + 1,
        artigo: rnd.chance(0.8) ? 55 : 54,
        impedido,
        motivoImpedimento: impedido ? 'Exame periódico vencido' : null,
      });
      const categorias = codSindicato === 8 ? [codCategoria, 6] : [codCategoria];
      const disponiveis: number[] = [];
      for (const cat of categorias) {
        const base = FUNCAO_BASE[cat] as number;
        const outras = funcoesDaCategoria(cat).filter((c) => c !== base);
        const proprias = [base, ...rnd.amostra(outras, rnd.inteiro(3, 8))];
        for (const f of proprias) disponiveis.push(...(ofertasPorFuncao.get(f) ?? []));
      }
      const escolhidas = rnd.amostra(disponiveis, Math.min(disponiveis.length, o.escolhasPorAvulso));
      const preferencia = new Map<number, number>();
      let t = INICIO_MS + rnd.inteiro(0, 4 * 3_600_000);
      for (const ofertaId of escolhidas) {
        const cat = categoriaDaFuncao(ofertas[ofertaId - 1]?.codFuncao ?? 0);
        const pref = (preferencia.get(cat) ?? 0) + 1;
        preferencia.set(cat, pref);
        t += rnd.inteiro(0, 20_000);
        escolhas.push({
          codAvulso,
          ofertaId,
          preferencia: pref,
          horaDigitacao: new Date(t).toISOString(),
          habilitado: !rnd.chance(0.01),
          comDescanso: !rnd.chance(0.02),
        });
      }
    }
  });

  const maiorNumero = Math.ceil(o.trabalhadores * 0.4);
  const ponteiros: PonteiroFuncao[] = [...ofertasPorFuncao.keys()].map((codFuncao) => ({
    codFuncao,
    registro: rnd.chance(0.9) ? rnd.inteiro(1, maiorNumero) : null,
    cadastro: rnd.chance(0.9) ? rnd.inteiro(1, maiorNumero) : null,
  }));
  return { ofertas, avulsos, escolhas, ponteiros };
}
