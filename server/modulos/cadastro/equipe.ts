import type { MembroEquipe } from '#common/api/equipe.ts';
import { CATEGORIA_OGMO, NOMES_PAPEIS, PAPEIS, type Papel } from '#common/dominio.ts';
import type { Db, DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import {
  apagarPapel,
  avulsoDoPapel,
  contarAdministradores,
  inserirPapel,
  membrosDaEquipe,
  papeisDaEquipe,
  papeisDe,
} from './repositorio-equipe.ts';
import { historicoDasAcoes, registrarHistorico } from './repositorio-historico.ts';

/** How many of the latest grants and removals the staff page lists. */
const LIMITE_HISTORICO = 100;

function emOrdem(papeis: readonly string[]): Papel[] {
  return PAPEIS.filter((p) => papeis.includes(p));
}

/** The roles as the history shows them: their screen names, in the catalogue's order. */
function textoPapeis(papeis: readonly Papel[]): string {
  return papeis.length === 0 ? '(nenhum)' : papeis.map((p) => NOMES_PAPEIS[p]).join(', ');
}

/** Every OGMO staff member (category 9) with their roles, and the latest grants and removals. */
export async function listarEquipe(db: DbOuTrx) {
  const [membros, papeis, historico] = await Promise.all([
    membrosDaEquipe(db),
    papeisDaEquipe(db),
    historicoDasAcoes(db, ['papel.concedido', 'papel.retirado'], LIMITE_HISTORICO),
  ]);
  const porMembro = new Map<string, string[]>();
  for (const p of papeis) porMembro.set(p.cod_avulso, [...(porMembro.get(p.cod_avulso) ?? []), p.papel]);
  return {
    membros: membros.map((m) => ({
      codAvulso: m.cod_avulso,
      nome: m.nome,
      papeis: emOrdem(porMembro.get(m.cod_avulso) ?? []),
    })),
    historico,
  };
}

async function membroNaTransacao(trx: DbOuTrx, codAvulso: string) {
  const avulso = await avulsoDoPapel(trx, codAvulso);
  if (!avulso) throw new ErroApp('NaoEncontrado', 'Não há trabalhador com esta matrícula.');
  const papeis = await papeisDe(trx, codAvulso);
  return { avulso, papeis: emOrdem(papeis.map((p) => p.papel)) };
}

export interface MudancaPapel {
  codAvulso: string;
  papel: Papel;
  por: string;
  agora: Date;
}

/** Grants a role to a staff member: a role already held changes nothing and writes no history. */
export async function concederPapel(db: Db, m: MudancaPapel): Promise<MembroEquipe> {
  return db.transaction().execute(async (trx) => {
    const { avulso, papeis } = await membroNaTransacao(trx, m.codAvulso);
    if (avulso.cod_categoria !== CATEGORIA_OGMO) throw new ErroApp('ForaDaEquipe');
    if (papeis.includes(m.papel)) return { codAvulso: avulso.cod_avulso, nome: avulso.nome, papeis };
    await inserirPapel(trx, m.codAvulso, m.papel);
    const depois = emOrdem([...papeis, m.papel]);
    await registrarHistorico(trx, {
      codAvulso: m.codAvulso,
      por: m.por,
      em: m.agora,
      acao: 'papel.concedido',
      antes: { papel: null, papeis: textoPapeis(papeis) },
      depois: { papel: NOMES_PAPEIS[m.papel], papeis: textoPapeis(depois) },
    });
    return { codAvulso: avulso.cod_avulso, nome: avulso.nome, papeis: depois };
  });
}

/** Takes a role away: one not held changes nothing; the last administrator keeps theirs. */
export async function retirarPapel(db: Db, m: MudancaPapel): Promise<MembroEquipe> {
  return db.transaction().execute(async (trx) => {
    const { avulso, papeis } = await membroNaTransacao(trx, m.codAvulso);
    if (!papeis.includes(m.papel)) return { codAvulso: avulso.cod_avulso, nome: avulso.nome, papeis };
    if (m.papel === 'administrador' && (await contarAdministradores(trx)) <= 1)
      throw new ErroApp('UltimoAdministrador');
    await apagarPapel(trx, m.codAvulso, m.papel);
    const depois = papeis.filter((p) => p !== m.papel);
    await registrarHistorico(trx, {
      codAvulso: m.codAvulso,
      por: m.por,
      em: m.agora,
      acao: 'papel.retirado',
      antes: { papel: NOMES_PAPEIS[m.papel], papeis: textoPapeis(papeis) },
      depois: { papel: null, papeis: textoPapeis(depois) },
    });
    return { codAvulso: avulso.cod_avulso, nome: avulso.nome, papeis: depois };
  });
}
