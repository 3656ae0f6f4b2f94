import { normalizarNome } from '#common/busca-trabalhador.ts';
import { CATEGORIA_OGMO, PAPEL_ESCALADOR, type Papel, SINDICATO_OGMO } from '#common/dominio.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { Aleatorio, cpfValido, pisValido } from '../../plataforma/semente/aleatorio.ts';
import { retratoSvg } from '../../plataforma/semente/comum.ts';

/** The account that runs calls in the demo (issue 16): OGMO staff with the role, not a test user. */
export const ESCALADOR_DEMO = '900002';
/** The demo's administrator (issue 30): grants roles, keeps the workers, writes messages, sets up elections. */
export const ADMINISTRADOR_DEMO = '900003';
/** The demo's payroll clerk (issue 25): imports the pay documents. */
export const FINANCEIRO_DEMO = '900004';

interface MembroDemo {
  codAvulso: string;
  nome: string;
  sexo: 'F' | 'M';
  dataNascimento: string;
  papeis: readonly Papel[];
}

/** In this order: 900002 keeps the rotation number and documents it had before the others were added. */
const EQUIPE_DEMO: readonly MembroDemo[] = [
  {
    codAvulso: ESCALADOR_DEMO,
    nome: 'MARIANA CAVALCANTI DE SÁ',
    sexo: 'F',
    dataNascimento: '1984-06-12',
    papeis: [PAPEL_ESCALADOR],
  },
  {
    codAvulso: ADMINISTRADOR_DEMO,
    nome: 'ROBERTO ALVES DE LIMA',
    sexo: 'M',
    dataNascimento: '1979-02-23',
    papeis: ['administrador', 'cadastro', 'comunicacao', 'eleicao'],
  },
  {
    codAvulso: FINANCEIRO_DEMO,
    nome: 'PATRÍCIA GOMES FERREIRA',
    sexo: 'F',
    dataNascimento: '1988-09-04',
    papeis: ['financeiro'],
  },
];

/** The OGMO's staff of the demo (category 9, union 9), each with a photo and their roles. */
export async function semearEquipe(db: DbOuTrx, senhaHash: string): Promise<void> {
  const rnd = new Aleatorio(20261123);
  for (const membro of EQUIPE_DEMO) {
    const maior = await db
      .selectFrom('avulso')
      .select((eb) => eb.fn.max('num_chamada').as('n'))
      .executeTakeFirst();
    let cpf = cpfValido(rnd);
    while (await db.selectFrom('avulso').select('cpf').where('cpf', '=', cpf).executeTakeFirst()) {
      cpf = cpfValido(rnd);
    }
    await db
      .insertInto('avulso')
      .values({
        cod_avulso: membro.codAvulso,
        nome: membro.nome,
        nome_busca: normalizarNome(membro.nome),
        sexo: membro.sexo,
        cod_sindicato: SINDICATO_OGMO,
        cod_categoria: CATEGORIA_OGMO,
        artigo: 55,
        num_chamada: Number(maior?.n ?? 0) + 1,
        cpf,
        data_nascimento: membro.dataNascimento,
        rg_numero: rnd.digitos(8),
        rg_orgao_exp: 'SDS',
        rg_uf: 'PE',
        rg_emissao: '2015-03-02',
        pis: pisValido(rnd),
        end_logradouro: 'Avenida Portuária, 100',
        end_bairro: 'Centro',
        end_cidade: 'Ipojuca',
        end_uf: 'PE',
        email: null,
        telefone: null,
        impedimento: 0,
        afastamento_definitivo: 0,
        escolha_porao_estiva: 0,
        senha_hash: senhaHash,
      })
      .execute();
    await db
      .insertInto('foto')
      .values({ cod_avulso: membro.codAvulso, tipo: 'image/svg+xml', conteudo: retratoSvg(membro.nome, rnd) })
      .execute();
    await db
      .insertInto('papel')
      .values(membro.papeis.map((papel) => ({ cod_avulso: membro.codAvulso, papel })))
      .execute();
  }
}
