import {
  CATEGORIAS_MENSAGEM,
  type DetalheMensagem,
  type EdicaoMensagem,
  type ListaMensagens,
  MENSAGENS_POR_PAGINA,
  type MensagemEnviada,
  type NovaMensagem,
  SINDICATOS_MENSAGEM,
  type SituacaoMensagem,
} from '#common/api/mensagens.ts';
import type { Db } from '../../plataforma/banco/schema.ts';
import type { Eventos } from '../../plataforma/eventos/index.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import {
  atualizarMensagem,
  contagensDasMensagens,
  historicoDaMensagem,
  inserirDestinatarios,
  inserirMensagem,
  type LinhaMensagemDaEquipe,
  marcarLida,
  matriculasDaLista,
  matriculasDoPublico,
  matriculasInexistentes,
  mensagemDaEquipe,
  mensagemDoAvulso,
  mensagensNaoLidas,
  paginaMensagensDaEquipe,
  populacao,
  registrarAuditoria,
  trabalhadoresDaLista,
} from './repositorio.ts';

/**
 * The staff's service messages (issue 30, docs/produto/mensagens.md, docs/decisions/0270): sent to an audience,
 * read in the home's "Atenção!" queue, edited or closed, every step audited in the same transaction.
 */

/** Who a notice goes to: every subscription, or these workers'. */
export type DestinatariosAviso = readonly string[] | 'todos';

/**
 * Uma mensagem da equipe com aviso no celular foi gravada (decisão 0200): o módulo push a envia. Anunciado só neste
 * servidor (`alcance: 'este'`): o aviso sai de quem enviou, e o NOTIFY não carregaria milhares de matrículas.
 */
declare module '../../plataforma/eventos/catalogo.ts' {
  interface EventosDoDominio {
    'mensagem-da-equipe': {
      idMensagem: number;
      titulo: string;
      texto: string;
      destinatarios: DestinatariosAviso;
    };
  }
}

export interface DependenciasMensagens {
  db: Db;
  eventos: Eventos;
}

const recusa = (campo: string, mensagem: string) =>
  new ErroApp('DadosInvalidos', mensagem, { dados: [{ campo, mensagem }] });

const instanteIso = (texto: string | null | undefined) => (texto ? new Date(texto).toISOString() : null);

function situacao(l: LinhaMensagemDaEquipe, agora: string): SituacaoMensagem {
  if (l.encerrada_em) return 'encerrada';
  if (l.inicio && l.inicio > agora) return 'agendada';
  if (l.fim && l.fim <= agora) return 'expirada';
  return 'vigente';
}

function descreverPara(tipo: string | null, codigo: number | null, quantidadeLista: number): string {
  if (tipo === 'categoria') {
    return CATEGORIAS_MENSAGEM.find((c) => c.codigo === codigo)?.nome ?? `Categoria ${codigo}`;
  }
  if (tipo === 'sindicato') {
    return `Sindicato ${SINDICATOS_MENSAGEM.find((s) => s.codigo === codigo)?.nome ?? codigo}`;
  }
  if (tipo === 'lista') return quantidadeLista === 1 ? '1 trabalhador' : `${quantidadeLista} trabalhadores`;
  return 'Todos os trabalhadores';
}

type Populacao = Awaited<ReturnType<typeof populacao>>;
type Contagens = Awaited<ReturnType<typeof contagensDasMensagens>>;

function apresentar(l: LinhaMensagemDaEquipe, agora: string, pop: Populacao, c: Contagens): MensagemEnviada {
  const naLista = c.lista.get(l.id) ?? 0;
  const codigo = l.para_codigo ?? 0;
  const para: MensagemEnviada['para'] =
    l.para_tipo === 'categoria' || l.para_tipo === 'sindicato'
      ? { tipo: l.para_tipo, codigo }
      : l.para_tipo === 'lista'
        ? { tipo: 'trabalhadores', quantidade: naLista }
        : { tipo: 'todos' };
  const destinatarios =
    para.tipo === 'categoria'
      ? (pop.categoria.get(codigo) ?? 0)
      : para.tipo === 'sindicato'
        ? (pop.sindicato.get(codigo) ?? 0)
        : para.tipo === 'trabalhadores'
          ? naLista
          : pop.todos;
  return {
    id: l.id,
    titulo: l.titulo,
    texto: l.corpo,
    para,
    paraDescricao: descreverPara(l.para_tipo, l.para_codigo, naLista),
    inicio: l.inicio,
    fim: l.fim,
    aviso: l.aviso === 1,
    situacao: situacao(l, agora),
    criadaEm: l.criada_em,
    autor: { codAvulso: l.autor ?? '', nome: l.autor_nome },
    atualizadaEm: l.atualizada_em,
    encerradaEm: l.encerrada_em,
    destinatarios,
    lidas: c.lidas.get(l.id) ?? 0,
  };
}

async function apresentarUma(db: Db, id: number, agora: string): Promise<MensagemEnviada> {
  const linha = await mensagemDaEquipe(db, id);
  if (!linha) throw new ErroApp('NaoEncontrado', 'Mensagem não encontrada.');
  const [pop, c] = await Promise.all([populacao(db), contagensDasMensagens(db, [id])]);
  return apresentar(linha, agora, pop, c);
}

export async function enviarMensagem(
  deps: DependenciasMensagens,
  e: { corpo: NovaMensagem; por: string; agora: Date },
): Promise<MensagemEnviada> {
  const { db } = deps;
  const agora = e.agora.toISOString();
  const { titulo, texto, para } = e.corpo;
  const inicio = instanteIso(e.corpo.inicio);
  const fim = instanteIso(e.corpo.fim);
  const aviso = e.corpo.aviso === true;
  if (fim && fim <= agora) throw recusa('fim', 'O fim já passou: escolha um fim depois de agora.');
  if (aviso && inicio && inicio > agora) {
    throw recusa(
      'aviso',
      'O aviso no celular sai no envio: para uma mensagem com início futuro, envie-a sem aviso.',
    );
  }
  const lista = para.tipo === 'trabalhadores' ? [...new Set(para.codAvulsos)] : [];
  if (lista.length > 0) {
    const inexistentes = await matriculasInexistentes(db, lista);
    if (inexistentes.length > 0) {
      const mostradas = inexistentes.slice(0, 10).join(', ');
      throw recusa(
        'para.codAvulsos',
        `${inexistentes.length === 1 ? 'Matrícula não encontrada' : 'Matrículas não encontradas'}: ${mostradas}${inexistentes.length > 10 ? '…' : ''}.`,
      );
    }
  }
  const id = await db.transaction().execute(async (trx) => {
    const novo = await inserirMensagem(trx, {
      titulo,
      corpo: texto,
      para_tipo: para.tipo === 'trabalhadores' ? 'lista' : para.tipo,
      para_codigo: para.tipo === 'categoria' || para.tipo === 'sindicato' ? para.codigo : null,
      inicio,
      fim,
      aviso: aviso ? 1 : 0,
      autor: e.por,
      criada_em: agora,
    });
    if (lista.length > 0) await inserirDestinatarios(trx, novo, lista);
    await registrarAuditoria(trx, {
      id_mensagem: novo,
      acao: 'criada',
      por: e.por,
      em: agora,
      depois: {
        titulo,
        texto,
        para: para.tipo === 'trabalhadores' ? { tipo: para.tipo, codAvulsos: lista } : para,
        inicio,
        fim,
        aviso,
      },
    });
    return novo;
  });
  if (aviso) {
    const destinatarios: DestinatariosAviso =
      para.tipo === 'todos'
        ? 'todos'
        : para.tipo === 'trabalhadores'
          ? await matriculasDaLista(db, id)
          : await matriculasDoPublico(db, para.tipo, para.codigo);
    deps.eventos.emitir('mensagem-da-equipe', { idMensagem: id, titulo, texto, destinatarios }, 'este');
  }
  return apresentarUma(db, id, agora);
}

export async function listarMensagens(db: Db, pagina: number, agora: Date): Promise<ListaMensagens> {
  const { linhas, total } = await paginaMensagensDaEquipe(db, pagina, MENSAGENS_POR_PAGINA);
  const [pop, c] = await Promise.all([
    populacao(db),
    contagensDasMensagens(
      db,
      linhas.map((l) => l.id),
    ),
  ]);
  const iso = agora.toISOString();
  return {
    mensagens: linhas.map((l) => apresentar(l, iso, pop, c)),
    total,
    pagina,
    porPagina: MENSAGENS_POR_PAGINA,
  };
}

const objetoJson = (texto: string | null): Record<string, unknown> | null =>
  texto ? (JSON.parse(texto) as Record<string, unknown>) : null;

export async function detalharMensagem(db: Db, id: number, agora: Date): Promise<DetalheMensagem> {
  const mensagem = await apresentarUma(db, id, agora.toISOString());
  const [trabalhadores, historico] = await Promise.all([
    mensagem.para.tipo === 'trabalhadores' ? trabalhadoresDaLista(db, id) : Promise.resolve([]),
    historicoDaMensagem(db, id),
  ]);
  return {
    mensagem,
    trabalhadores,
    historico: historico.map((h) => ({
      acao: h.acao,
      em: h.em,
      por: { codAvulso: h.por, nome: h.nome },
      antes: objetoJson(h.antes),
      depois: objetoJson(h.depois),
    })),
  };
}

export async function editarMensagem(
  db: Db,
  e: { id: number; corpo: EdicaoMensagem; por: string; agora: Date },
): Promise<MensagemEnviada> {
  const agora = e.agora.toISOString();
  const novo = {
    titulo: e.corpo.titulo,
    texto: e.corpo.texto,
    inicio: instanteIso(e.corpo.inicio),
    fim: instanteIso(e.corpo.fim),
  };
  await db.transaction().execute(async (trx) => {
    const atual = await mensagemDaEquipe(trx, e.id);
    if (!atual) throw new ErroApp('NaoEncontrado', 'Mensagem não encontrada.');
    if (atual.encerrada_em) throw new ErroApp('MensagemEncerrada');
    if (novo.fim && novo.fim <= agora && novo.fim !== atual.fim) {
      throw recusa('fim', 'O fim já passou: para tirar a mensagem da fila, encerre-a.');
    }
    const velho = { titulo: atual.titulo, texto: atual.corpo, inicio: atual.inicio, fim: atual.fim };
    const antes: Record<string, unknown> = {};
    const depois: Record<string, unknown> = {};
    for (const campo of ['titulo', 'texto', 'inicio', 'fim'] as const) {
      if (velho[campo] !== novo[campo]) {
        antes[campo] = velho[campo];
        depois[campo] = novo[campo];
      }
    }
    if (Object.keys(depois).length === 0) return;
    const mudou = await atualizarMensagem(trx, e.id, {
      titulo: novo.titulo,
      corpo: novo.texto,
      inicio: novo.inicio,
      fim: novo.fim,
      atualizada_em: agora,
    });
    if (!mudou) throw new ErroApp('MensagemEncerrada');
    await registrarAuditoria(trx, {
      id_mensagem: e.id,
      acao: 'editada',
      por: e.por,
      em: agora,
      antes,
      depois,
    });
  });
  return apresentarUma(db, e.id, agora);
}

export async function encerrarMensagem(
  db: Db,
  e: { id: number; por: string; agora: Date },
): Promise<MensagemEnviada> {
  const agora = e.agora.toISOString();
  await db.transaction().execute(async (trx) => {
    const atual = await mensagemDaEquipe(trx, e.id);
    if (!atual) throw new ErroApp('NaoEncontrado', 'Mensagem não encontrada.');
    if (atual.encerrada_em) throw new ErroApp('MensagemEncerrada');
    if (!(await atualizarMensagem(trx, e.id, { encerrada_em: agora })))
      throw new ErroApp('MensagemEncerrada');
    await registrarAuditoria(trx, { id_mensagem: e.id, acao: 'encerrada', por: e.por, em: agora });
  });
  return apresentarUma(db, e.id, agora);
}

/** The worker's side, as it always was: the unread queue, and closing a message marks it read. */
export async function filaDoAvulso(db: Db, codAvulso: string, agora: Date) {
  const linhas = await mensagensNaoLidas(db, codAvulso, agora.toISOString());
  return linhas.map((m) => ({ codigo: m.id, titulo: m.titulo, corpo: m.corpo }));
}

export async function marcarMensagemLida(db: Db, id: number, codAvulso: string, agora: Date): Promise<void> {
  if (!(await mensagemDoAvulso(db, id, codAvulso))) {
    throw new ErroApp('NaoEncontrado', 'Mensagem não encontrada.');
  }
  await marcarLida(db, id, codAvulso, agora.toISOString());
}
