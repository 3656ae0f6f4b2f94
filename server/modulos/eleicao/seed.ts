import { CATEGORIA_OGMO, VOTO_BRANCO, VOTO_NULO } from '#common/dominio.ts';
import { nomeProprio } from '#common/formato.ts';
import type { Config } from '../../config.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { Aleatorio } from '../../plataforma/semente/aleatorio.ts';
import type { ApuracaoTable, CandidatoTable, CedulaTable } from './tabelas.ts';
import { novaUrna, selarVoto } from './urna.ts';

/**
 * The demo's CPATP elections: the current one, open, where every worker entitled to vote has voted
 * except 100006 (who lands on /eleicao after login); and the previous one, closed, so OGMO staff can
 * see a result. Candidates are demo workers of several unions, both sexes, all with a photo.
 */

export const DESCRICAO_ELEICAO_DEMO = 'Eleição da CPATP 2026/2027 — representantes dos trabalhadores';
export const NAO_VOTOU_DEMO = '100006';
/**
 * The demo commission's code for both demo elections (README): a real election gets a random one from
 * `npm run eleicao:chave`, shown once and never stored (docs/decisions/0063-cedula-selada.md).
 */
export const CHAVE_APURACAO_DEMO = 'DEMO-CPAT-PSUA-PE26-2027-TPA2';

/** A UUID v4 drawn from the seeded generator: the demo is the same on every machine. */
function uuidDeterministico(rnd: Aleatorio): string {
  const hex = Array.from({ length: 32 }, () => rnd.inteiro(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + rnd.inteiro(0, 3)).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** 'MARIA DAS GRAÇAS OLIVEIRA' → 'Maria Oliveira': the ballot name, first and last names. */
export function nomeDeUrna(nome: string): string {
  const partes = nomeProprio(nome).split(' ');
  return partes.length > 1 ? `${partes[0]} ${partes[partes.length - 1]}` : (partes[0] ?? nome);
}

interface Eleitor {
  cod_avulso: string;
  nome: string;
  sexo: 'F' | 'M';
  cod_sindicato: number;
  temFoto: boolean;
}

function escolherCandidatos(rnd: Aleatorio, eleitores: Eleitor[], fixos: string[], n: number): Eleitor[] {
  const comFoto = eleitores.filter((e) => e.temFoto && e.cod_avulso >= '100101');
  const escolhidos = eleitores.filter((e) => fixos.includes(e.cod_avulso));
  const sindicatos = new Set(escolhidos.map((e) => e.cod_sindicato));
  // One woman at least among the generated ones, then different unions.
  const mulher = rnd.amostra(
    comFoto.filter((e) => e.sexo === 'F'),
    1,
  );
  for (const e of mulher) {
    escolhidos.push(e);
    sindicatos.add(e.cod_sindicato);
  }
  for (const e of rnd.amostra(comFoto, comFoto.length)) {
    if (escolhidos.length >= n) break;
    if (sindicatos.has(e.cod_sindicato) || escolhidos.includes(e)) continue;
    escolhidos.push(e);
    sindicatos.add(e.cod_sindicato);
  }
  return escolhidos;
}

function votoAleatorio(rnd: Aleatorio, candidatos: { matricula: number; peso: number }[]): number {
  const sorteio = rnd.proximo();
  if (sorteio < 0.04) return VOTO_BRANCO;
  if (sorteio < 0.07) return VOTO_NULO;
  const total = candidatos.reduce((s, c) => s + c.peso, 0);
  let alvo = rnd.proximo() * total;
  for (const c of candidatos) {
    alvo -= c.peso;
    if (alvo <= 0) return c.matricula;
  }
  return candidatos[0]?.matricula ?? VOTO_BRANCO;
}

async function inserirEmLotes<T>(itens: T[], inserir: (lote: T[]) => Promise<unknown>) {
  for (let i = 0; i < itens.length; i += 400) await inserir(itens.slice(i, i + 400));
}

export async function semearEleicao(db: DbOuTrx, _config: Config, agora: Date): Promise<void> {
  const rnd = new Aleatorio(20261121);
  const linhas = await db
    .selectFrom('avulso as a')
    .leftJoin('foto as f', 'f.cod_avulso', 'a.cod_avulso')
    .select(['a.cod_avulso', 'a.nome', 'a.sexo', 'a.cod_sindicato', 'f.cod_avulso as foto'])
    .where('a.afastamento_definitivo', '=', 0)
    .where('a.cod_categoria', '<>', CATEGORIA_OGMO)
    .orderBy('a.cod_avulso')
    .execute();
  const eleitores: Eleitor[] = linhas.map((l) => ({
    cod_avulso: l.cod_avulso,
    nome: l.nome,
    sexo: l.sexo,
    cod_sindicato: l.cod_sindicato,
    temFoto: l.foto !== null,
  }));

  const criar = async (
    descricao: string,
    abertura: Date,
    encerramento: Date | null,
    candidatos: Eleitor[],
    votantes: Eleitor[],
  ) => {
    const urna = await novaUrna(CHAVE_APURACAO_DEMO);
    const { id } = await db
      .insertInto('eleicao')
      .values({
        descricao,
        abertura: abertura.toISOString(),
        encerramento: encerramento?.toISOString() ?? null,
        situacao: encerramento ? 'encerrada' : 'aberta',
        eleitores: encerramento ? eleitores.length : null,
        chave_publica: urna.chavePublica,
        sal_chave: urna.sal,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const linhasCandidato: CandidatoTable[] = candidatos.map((c) => ({
      eleicao_id: id,
      matricula: Number(c.cod_avulso),
      nome_exibicao: nomeDeUrna(c.nome),
      sexo: c.sexo,
      cod_sindicato: c.cod_sindicato,
    }));
    await db.insertInto('candidato').values(linhasCandidato).execute();
    const pesos = linhasCandidato.map((c) => ({ matricula: c.matricula, peso: rnd.inteiro(2, 10) }));
    const votos = votantes.map(() => votoAleatorio(rnd, pesos));
    const cedulas: CedulaTable[] = votos
      .map((voto) => ({
        eleicao_id: id,
        id: uuidDeterministico(rnd),
        selo: selarVoto(urna.chavePublica, id, voto),
      }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    if (encerramento) {
      // A closed election's tally, as closing would have written it.
      const porVoto = new Map<number, number>();
      for (const v of votos) porVoto.set(v, (porVoto.get(v) ?? 0) + 1);
      const apuracao: ApuracaoTable[] = [...porVoto].map(([voto, n]) => ({ eleicao_id: id, voto, votos: n }));
      await db.insertInto('apuracao').values(apuracao).execute();
    }
    await inserirEmLotes(
      [...votantes].sort((a, b) => (a.cod_avulso < b.cod_avulso ? -1 : 1)),
      (lote) =>
        db
          .insertInto('votante')
          .values(lote.map((v) => ({ eleicao_id: id, cod_avulso: v.cod_avulso })))
          .execute(),
    );
    await inserirEmLotes(cedulas, (lote) => db.insertInto('cedula').values(lote).execute());
  };

  const dia = 24 * 60 * 60 * 1000;
  // The previous term's election, two years ago, closed after a week with about 80% turnout.
  const aberturaAnterior = new Date(agora.getTime() - 730 * dia);
  await criar(
    'Eleição da CPATP 2024/2025 — representantes dos trabalhadores',
    aberturaAnterior,
    new Date(aberturaAnterior.getTime() + 7 * dia),
    escolherCandidatos(rnd, eleitores, ['100004'], 5),
    eleitores.filter(() => rnd.chance(0.8)),
  );
  // The current one opened three days ago; only 100006 has not voted.
  await criar(
    DESCRICAO_ELEICAO_DEMO,
    new Date(agora.getTime() - 3 * dia),
    null,
    escolherCandidatos(rnd, eleitores, ['100002', '100004'], 7),
    eleitores.filter((e) => e.cod_avulso !== NAO_VOTOU_DEMO),
  );
}
