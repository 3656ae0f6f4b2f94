import type { RepescagemEscala, RequisicaoBody } from '#common/api/gestao.ts';
import type { Banco } from '../../plataforma/banco/connection.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { cancelarEscala, criarEscala, type Passo } from './ciclo.ts';
import { linhaEscala } from './repositorio.ts';
import { marcarRepescagem, repescagemDaEscala, repescagemDe, sobrasDaEscala } from './repositorio-rodizio.ts';
import { adicionarRequisicoes, type RegrasRequisicao } from './requisicoes.ts';
import type { SituacaoEscala } from './tabelas.ts';

/** The call's leftover vacancies in shifts not yet ended, as the requisitions of its second round. */
async function sobrasAbertas(
  banco: Banco,
  numPrincipal: number,
  agora: Date,
): Promise<Map<number, RequisicaoBody>> {
  const porRequisicao = new Map<number, RequisicaoBody>();
  for (const s of await sobrasDaEscala(banco.db, numPrincipal)) {
    const vagas = s.num_vagas - Number(s.escalados ?? 0);
    if (vagas <= 0 || Date.parse(s.fim) <= agora.getTime()) continue;
    let r = porRequisicao.get(s.num_requisicao);
    if (!r) {
      r = {
        codOperador: s.cod_operador,
        codNavio: s.cod_navio,
        dataOperacao: s.data_operacao,
        codPeriodo: s.cod_periodo,
        horaInicio: s.hora_inicio,
        horaFim: s.hora_fim,
        codLocalAtrac: s.cod_local_atrac,
        poroes: [],
      };
      porRequisicao.set(s.num_requisicao, r);
    }
    let porao = r.poroes.find((p) => p.numPorao === s.num_porao);
    if (!porao) {
      porao = { numPorao: s.num_porao, nomeMercadoria: s.mercadoria, tonelagem: s.tonelagem, funcoes: [] };
      r.poroes.push(porao);
    }
    porao.funcoes.push({ codFuncao: s.cod_funcao, numVagas: vagas });
  }
  return porRequisicao;
}

/**
 * What the staff page needs to offer the second round (docs/decisions/0268): null when the policy is off; else
 * how many vacancies it would offer now (0 when the call is not published, is itself a second round, already
 * has one, or none are left), with the rounds on either side.
 */
export async function situacaoRepescagem(
  banco: Banco,
  habilitada: boolean,
  numEscalacao: number,
  situacao: SituacaoEscala,
  agora: Date,
): Promise<RepescagemEscala | null> {
  if (!habilitada) return null;
  const [de, existente] = await Promise.all([
    repescagemDe(banco.db, numEscalacao),
    repescagemDaEscala(banco.db, numEscalacao),
  ]);
  let vagas = 0;
  if (situacao === 'publicada' && de === null && existente === null) {
    for (const r of (await sobrasAbertas(banco, numEscalacao, agora)).values()) {
      for (const p of r.poroes) for (const f of p.funcoes) vagas += f.numVagas;
    }
  }
  return { vagas, repescagem: existente, repescagemDe: de };
}

/**
 * The second round, 'repescagem' (docs/decisions/0217; docs/produto/gestao.md §6): when a published call left
 * vacancies unfilled, staff open a short round with only those vacancies, for the workers that call did not
 * engage. It is a new draft whose requisitions are the call's own with the leftover vacancies (shifts not yet
 * ended); it opens, closes, runs and publishes like any call; its rotation reads the pointers the published
 * call left (they continue) and leaves out the workers it engaged. A port policy, off unless REPESCAGEM is set.
 */
export async function criarRepescagem(
  banco: Banco,
  regras: RegrasRequisicao & { habilitada: boolean },
  numPrincipal: number,
  dados: { dataChamada: string; horaChamada: string; agora: Date; por: string },
): Promise<number> {
  if (!regras.habilitada) {
    throw new ErroApp('RepescagemIndisponivel', 'A repescagem não está habilitada neste porto (REPESCAGEM).');
  }
  const escala = await linhaEscala(banco.db, numPrincipal);
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (escala.situacao !== 'publicada') {
    throw new ErroApp(
      'SituacaoEscalaInvalida',
      `A repescagem é feita depois de publicar: a escala nº ${numPrincipal} está ${escala.situacao}.`,
      { dados: { situacao: escala.situacao } },
    );
  }
  if ((await repescagemDe(banco.db, numPrincipal)) !== null) {
    throw new ErroApp('RepescagemIndisponivel', `A escala nº ${numPrincipal} já é uma repescagem.`);
  }
  const existente = await repescagemDaEscala(banco.db, numPrincipal);
  if (existente !== null) {
    throw new ErroApp(
      'RepescagemIndisponivel',
      `A escala nº ${numPrincipal} já tem a repescagem nº ${existente}.`,
    );
  }
  const porRequisicao = await sobrasAbertas(banco, numPrincipal, dados.agora);
  if (porRequisicao.size === 0) {
    throw new ErroApp(
      'RepescagemIndisponivel',
      `A escala nº ${numPrincipal} não tem vagas não preenchidas em turnos que ainda não terminaram.`,
    );
  }
  const num = await criarEscala(banco.db, dados);
  const passo: Passo = { numEscalacao: num, agora: dados.agora, por: dados.por };
  try {
    await adicionarRequisicoes(banco, regras, num, [...porRequisicao.values()]);
    await marcarRepescagem(banco.db, num, numPrincipal);
  } catch (erro) {
    await cancelarEscala(banco.db, passo);
    throw erro;
  }
  return num;
}
