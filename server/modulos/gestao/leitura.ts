import type { EscalaDetalhe, EscalaResumo, RequisicaoGestao } from '#common/api/gestao.ts';
import { funcaoPorCodigo } from '#common/funcoes.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { estruturaEscala } from '../escalacao/index.ts';
import { avisosEnviadosDaEscala } from '../push/index.ts';
import {
  contagensDe,
  contagensEscalas,
  escolhasPorOferta,
  linhaEscala,
  passosDaEscala,
  ultimasEscalas,
} from './repositorio.ts';

/** What the staff screens read: the calls with their counts, and one call in full. */

/** Every call, newest first (by number: a new call always takes the next one). */
export async function listarEscalas(db: DbOuTrx): Promise<EscalaResumo[]> {
  const [escalas, contagens] = await Promise.all([ultimasEscalas(db, 500), contagensEscalas(db)]);
  return escalas.map((e) => ({
    numEscalacao: e.num_escalacao,
    dataChamada: e.data_chamada,
    horaChamada: e.hora_chamada,
    situacao: e.situacao,
    contagens: contagensDe(contagens, e.num_escalacao),
  }));
}

/** The call as read here; the route adds the second round's state, which needs the port's policy and clock. */
export type DetalheEscala = Omit<EscalaDetalhe, 'repescagem'>;

export async function detalharEscala(db: DbOuTrx, numEscalacao: number): Promise<DetalheEscala> {
  const escala = await linhaEscala(db, numEscalacao);
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  const [estrutura, contagens, escolhas, avisos] = await Promise.all([
    estruturaEscala(db, numEscalacao),
    contagensEscalas(db, numEscalacao),
    escolhasPorOferta(db, numEscalacao),
    avisosEnviadosDaEscala(db, numEscalacao),
  ]);
  const aviso = (evento: string) => {
    const a = avisos.find((x) => x.evento === evento);
    return a
      ? {
          trabalhadores: a.trabalhadores,
          aparelhos: a.aparelhos,
          enviados: a.enviados,
          falhas: a.falhas,
          removidas: a.removidas,
          terminadoEm: a.terminado_em,
        }
      : null;
  };
  const porRequisicao = new Map<number, RequisicaoGestao>();
  const requisicoes = estrutura.requisicoes.map((r) => {
    const req: RequisicaoGestao = {
      numRequisicao: r.num_requisicao,
      codCategoria: r.cod_categoria,
      codOperador: r.cod_operador,
      nomeOperador: r.nome_operador,
      codNavio: r.cod_navio,
      nomeNavio: r.nome_navio,
      dataOperacao: r.data_operacao,
      codPeriodo: r.cod_periodo,
      horaInicio: r.hora_inicio,
      horaFim: r.hora_fim,
      codLocalAtrac: r.cod_local_atrac,
      nomeLocalAtrac: r.nome_local_atrac,
      poroes: [],
    };
    porRequisicao.set(r.num_requisicao, req);
    return req;
  });
  for (const p of estrutura.poroes) {
    porRequisicao.get(p.num_requisicao)?.poroes.push({
      numPorao: p.num_porao,
      nomeMercadoria: p.mercadoria,
      tonelagem: p.tonelagem,
      funcoes: [],
    });
  }
  for (const o of estrutura.ofertas) {
    const porao = porRequisicao.get(o.num_requisicao)?.poroes.find((p) => p.numPorao === o.num_porao);
    porao?.funcoes.push({
      seqCategoria: o.seq_categoria,
      codFuncao: o.cod_funcao,
      nomeFuncao: funcaoPorCodigo(o.cod_funcao)?.nome ?? `Função ${o.cod_funcao}`,
      numVagas: o.num_vagas,
      qtdEscolhas: escolhas.get(o.seq_categoria) ?? 0,
    });
  }
  return {
    numEscalacao: escala.num_escalacao,
    dataChamada: escala.data_chamada,
    horaChamada: escala.hora_chamada,
    situacao: escala.situacao,
    contagens: contagensDe(contagens, numEscalacao),
    passos: passosDaEscala(escala),
    requisicoes,
    avisos: { abertura: aviso('escala-aberta'), resultado: aviso('resultado') },
  };
}
