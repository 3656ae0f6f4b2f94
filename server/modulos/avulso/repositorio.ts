import { mensagemSituacao } from '#common/api/cadastro.ts';
import type { DadosLogin } from '#common/api/sessao.ts';
import { CATEGORIA_OGMO, nomeSindicato } from '#common/dominio.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import type { Config } from '../../config.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { listarParametros } from '../../plataforma/parametros.ts';
import { urlFoto } from './fotos.ts';

/** The worker's row, password hash included (login: checked, then turned into dadosLogin). */
export async function buscarAvulso(db: DbOuTrx, codAvulso: string) {
  return db.selectFrom('avulso').selectAll().where('cod_avulso', '=', codAvulso).executeTakeFirst();
}

export type LinhaAvulso = NonNullable<Awaited<ReturnType<typeof buscarAvulso>>>;

/** dadosLogin of docs/produto/escalacao.md §3 for the logged-in worker. */
export async function carregarDadosLogin(
  db: DbOuTrx,
  config: Config,
  segredoFotos: string,
  agora: Date,
  codAvulso: string,
  opcoes: {
    /** The row when the caller has just read it (login). */
    linha?: LinhaAvulso;
    /** The parameters (the login route keeps them a couple of seconds in memory). */
    lerParametros?: () => Promise<{ nome: string; valor: string }[]>;
  } = {},
): Promise<DadosLogin | undefined> {
  const { linha, lerParametros = () => listarParametros(db) } = opcoes;
  const avulso = linha ?? (await buscarAvulso(db, codAvulso));
  if (!avulso) return undefined;
  const hoje = dataHoraLocal(agora, config.fusoHorario).data;
  const situacao = avulso.situacao ?? 'ativo';
  // The messages only matter to an impeded worker (the home screen shows them instead of the call): the legacy
  // ones, then the motives of the staff's impediments in force today (issue 30), then the status.
  const [mensagens, motivos, parametros, papeis, foto] = await Promise.all([
    avulso.impedimento === 1
      ? db
          .selectFrom('impedimento_mensagem')
          .select('mensagem')
          .where('cod_avulso', '=', codAvulso)
          .orderBy('ordem')
          .execute()
      : [],
    db
      .selectFrom('impedimento')
      .select('motivo')
      .where('cod_avulso', '=', codAvulso)
      .where('encerrado_em', 'is', null)
      .where('inicio', '<=', hoje)
      .where((eb) => eb.or([eb('fim', 'is', null), eb('fim', '>=', hoje)]))
      .orderBy('inicio')
      .orderBy('id')
      .execute(),
    lerParametros(),
    // Only the OGMO's staff hold roles: a worker's login never pays for this read.
    avulso.cod_categoria === CATEGORIA_OGMO
      ? db.selectFrom('papel').select('papel').where('cod_avulso', '=', codAvulso).orderBy('papel').execute()
      : [],
    // Whether the portal keeps a photo of the worker (an external photo server is asked by the phone itself):
    // without one the screens show the initials and ask for nothing, instead of a 404 per picture (issue 29).
    config.fotoBaseUrl
      ? true
      : db
          .selectFrom('foto')
          .select('cod_avulso')
          .where('cod_avulso', '=', codAvulso)
          .executeTakeFirst()
          .then((l) => l !== undefined),
  ]);
  return {
    codAvulso: avulso.cod_avulso,
    nome: avulso.nome,
    sexo: avulso.sexo,
    codSindicato: avulso.cod_sindicato,
    sindicato: nomeSindicato(avulso.cod_sindicato, avulso.sexo),
    codCategoria: avulso.cod_categoria,
    artigo: avulso.artigo,
    numChamada: avulso.num_chamada,
    cpf: avulso.cpf,
    fotoUrl: foto ? urlFoto(config, segredoFotos, avulso.cod_avulso, agora) : '',
    impedimento: avulso.impedimento === 1 || situacao !== 'ativo' || motivos.length > 0,
    mensagensImpedimento: [
      ...mensagens.map((m) => m.mensagem),
      ...motivos.map((m) => m.motivo),
      ...(situacao === 'afastado' || situacao === 'cancelado' ? [mensagemSituacao(situacao)] : []),
    ],
    afastamentoDefinitivo: avulso.afastamento_definitivo === 1,
    escolhaPoraoEstiva: avulso.escolha_porao_estiva === 1,
    parametros,
    usuarioTeste: config.usuariosTeste.includes(avulso.cod_avulso),
    papeis: papeis.map((p) => p.papel),
  };
}

/** The worker's stored photo (GET /api/fotos/:arquivo). */
export async function fotoDoAvulso(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('foto')
    .select(['tipo', 'conteudo'])
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

/** The worker's qualifications, by function code. */
/** The worker's qualifications in force on `hoje` (yyyy-MM-dd): one past its `valida_ate` is gone (issue 30). */
export async function habilitacoesDoAvulso(db: DbOuTrx, codAvulso: string, hoje: string) {
  return db
    .selectFrom('habilitacao')
    .select('cod_funcao')
    .where('cod_avulso', '=', codAvulso)
    .where((eb) => eb.or([eb('valida_ate', 'is', null), eb('valida_ate', '>=', hoje)]))
    .orderBy('cod_funcao')
    .execute();
}

/** The service messages to the worker (or to everyone) the worker has not closed, oldest first. */
export async function mensagensNaoLidas(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('mensagem_servico as m')
    .leftJoin('mensagem_lida as l', (j) =>
      j.onRef('l.id_mensagem', '=', 'm.id').on('l.cod_avulso', '=', codAvulso),
    )
    .select(['m.id', 'm.titulo', 'm.corpo'])
    .where((eb) => eb.or([eb('m.cod_avulso', '=', codAvulso), eb('m.cod_avulso', 'is', null)]))
    .where('l.id_mensagem', 'is', null)
    .orderBy('m.id')
    .execute();
}

/** Whether a service message is addressed to the worker (or to everyone). */
export async function mensagemVisivel(db: DbOuTrx, codAvulso: string, id: number): Promise<boolean> {
  const linha = await db
    .selectFrom('mensagem_servico')
    .select('id')
    .where('id', '=', id)
    .where((eb) => eb.or([eb('cod_avulso', '=', codAvulso), eb('cod_avulso', 'is', null)]))
    .executeTakeFirst();
  return linha !== undefined;
}

/** Marks a message read by the worker; a second time changes nothing. */
export async function marcarMensagemLida(
  db: DbOuTrx,
  codAvulso: string,
  id: number,
  agora: Date,
): Promise<void> {
  await db
    .insertInto('mensagem_lida')
    .values({ id_mensagem: id, cod_avulso: codAvulso, lida_em: agora.toISOString() })
    .onConflict((oc) => oc.columns(['id_mensagem', 'cod_avulso']).doNothing())
    .execute();
}
