import type { Kysely } from 'kysely';
import { comId, dialetoDe, tipoBinario } from '../dialeto.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);

  await db.schema
    .createTable('avulso')
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.primaryKey())
    .addColumn('nome', 'varchar(120)', (c) => c.notNull())
    .addColumn('sexo', 'varchar(1)', (c) => c.notNull())
    .addColumn('cod_sindicato', 'integer', (c) => c.notNull())
    .addColumn('cod_categoria', 'integer', (c) => c.notNull())
    .addColumn('artigo', 'integer', (c) => c.notNull())
    .addColumn('num_chamada', 'integer', (c) => c.notNull())
    .addColumn('cpf', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('data_nascimento', 'varchar(10)', (c) => c.notNull())
    .addColumn('rg_numero', 'varchar(11)')
    .addColumn('rg_orgao_exp', 'varchar(20)')
    .addColumn('rg_uf', 'varchar(2)')
    .addColumn('rg_emissao', 'varchar(10)')
    .addColumn('pis', 'varchar(11)')
    .addColumn('end_logradouro', 'varchar(80)')
    .addColumn('end_bairro', 'varchar(40)')
    .addColumn('end_cidade', 'varchar(40)')
    .addColumn('end_uf', 'varchar(2)')
    .addColumn('email', 'varchar(60)')
    .addColumn('telefone', 'varchar(20)')
    .addColumn('impedimento', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('afastamento_definitivo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('escolha_porao_estiva', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('senha_hash', 'varchar(200)', (c) => c.notNull())
    .execute();

  await comId(db.schema.createTable('impedimento_mensagem'), dialeto)
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('ordem', 'integer', (c) => c.notNull())
    .addColumn('mensagem', 'varchar(300)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('parametro')
    .addColumn('nome', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('valor', 'varchar(200)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('habilitacao')
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('cod_funcao', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('habilitacao_pk', ['cod_avulso', 'cod_funcao'])
    .execute();

  await comId(db.schema.createTable('trabalho'), dialeto)
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('data_operacao', 'varchar(8)', (c) => c.notNull())
    .addColumn('hora_inicio', 'integer', (c) => c.notNull())
    .addColumn('hora_fim', 'integer', (c) => c.notNull())
    .addColumn('inicio', 'varchar(30)', (c) => c.notNull())
    .addColumn('fim', 'varchar(30)', (c) => c.notNull())
    .addColumn('operador', 'varchar(80)', (c) => c.notNull())
    .addColumn('navio', 'varchar(80)', (c) => c.notNull())
    .addColumn('local_atracacao', 'varchar(80)', (c) => c.notNull())
    .addColumn('mercadoria', 'varchar(80)', (c) => c.notNull())
    .addColumn('faina', 'varchar(80)', (c) => c.notNull())
    .addColumn('cod_funcao', 'integer', (c) => c.notNull())
    .addColumn('funcao', 'varchar(80)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trabalho_avulso_fim').on('trabalho').columns(['cod_avulso', 'fim']).execute();

  await db.schema
    .createTable('sessao')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('quiosque', 'integer', (c) => c.notNull())
    .addColumn('criada_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('ultimo_uso_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('expira_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('revogada_em', 'varchar(30)')
    .execute();
  await db.schema.createIndex('sessao_expira').on('sessao').column('expira_em').execute();

  await db.schema
    .createTable('tentativa_login')
    .addColumn('login', 'varchar(6)', (c) => c.primaryKey())
    .addColumn('falhas', 'integer', (c) => c.notNull())
    .addColumn('bloqueado_ate', 'varchar(30)')
    .addColumn('atualizado_em', 'varchar(30)', (c) => c.notNull())
    .execute();

  await comId(db.schema.createTable('mensagem_servico'), dialeto)
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.references('avulso.cod_avulso').onDelete('cascade'))
    .addColumn('titulo', 'varchar(120)', (c) => c.notNull())
    .addColumn('corpo', 'varchar(2000)', (c) => c.notNull())
    .addColumn('criada_em', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mensagem_lida')
    .addColumn('id_mensagem', 'integer', (c) =>
      c.notNull().references('mensagem_servico.id').onDelete('cascade'),
    )
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('lida_em', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('mensagem_lida_pk', ['id_mensagem', 'cod_avulso'])
    .execute();

  await db.schema
    .createTable('escala')
    .addColumn('num_escalacao', 'integer', (c) => c.primaryKey())
    .addColumn('data_chamada', 'varchar(10)', (c) => c.notNull())
    .addColumn('hora_chamada', 'varchar(5)', (c) => c.notNull())
    .addColumn('aberta', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('segredo')
    .addColumn('nome', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('valor', 'varchar(200)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('foto')
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.primaryKey().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('tipo', 'varchar(40)', (c) => c.notNull())
    .addColumn('conteudo', tipoBinario(dialeto), (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const tabela of [
    'foto',
    'segredo',
    'escala',
    'mensagem_lida',
    'mensagem_servico',
    'tentativa_login',
    'sessao',
    'trabalho',
    'habilitacao',
    'parametro',
    'impedimento_mensagem',
    'avulso',
  ]) {
    await db.schema.dropTable(tabela).execute();
  }
}
