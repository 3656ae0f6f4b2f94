import type { Casamento, RodizioPreparado } from './motor.ts';
import type { PonteiroLista, PonteirosResultado } from './tipos.ts';

/**
 * Each queue's pointers after the call (docs/decisions/0142, 0212): per list, the position (numChamada and
 * codAvulso) of the worker that queue engaged last in rotation order (the highest rank key among its engaged
 * workers of that list), so the next call starts just after them, even among workers sharing the number; a
 * list the queue engaged nobody from keeps its pointer.
 */
export function ponteirosFinais(
  p: RodizioPreparado,
  casamento: Casamento,
  chaveNaOferta: (w: number, o: number) => number,
): PonteirosResultado[] {
  const nf = p.codFuncoes.length;
  const ultimoRegistro = new Int32Array(nf).fill(-1);
  const ultimoCadastro = new Int32Array(nf).fill(-1);
  const chaveRegistro = new Float64Array(nf).fill(-1);
  const chaveCadastro = new Float64Array(nf).fill(-1);
  casamento.ofertaDoAvulso.forEach((o, w) => {
    if (o < 0) return;
    const f = p.funcaoDaOferta[o] as number;
    const chave = chaveNaOferta(w, o);
    if (w < p.ordem.totalRegistro) {
      if (chave > (chaveRegistro[f] as number)) {
        chaveRegistro[f] = chave;
        ultimoRegistro[f] = w;
      }
    } else if (chave > (chaveCadastro[f] as number)) {
      chaveCadastro[f] = chave;
      ultimoCadastro[f] = w;
    }
  });
  const iniciais = new Map(p.entrada.ponteiros.map((x) => [x.codFuncao, x]));
  return p.codFuncoes.map((codFuncao, f) => {
    const inicial = iniciais.get(codFuncao);
    const reg = ultimoRegistro[f] as number;
    const cad = ultimoCadastro[f] as number;
    const lista = (
      w: number,
      numero: number | null | undefined,
      avulso: string | null | undefined,
    ): PonteiroLista => {
      const antes = { inicial: numero ?? null, inicialAvulso: numero == null ? null : (avulso ?? null) };
      if (w < 0) return { ...antes, final: antes.inicial, finalAvulso: antes.inicialAvulso };
      const ultimo = p.ordem.avulsos[w];
      return { ...antes, final: ultimo?.numChamada ?? null, finalAvulso: ultimo?.codAvulso ?? null };
    };
    return {
      codFuncao,
      registro: lista(reg, inicial?.registro, inicial?.registroAvulso),
      cadastro: lista(cad, inicial?.cadastro, inicial?.cadastroAvulso),
      alcancouCadastro: cad >= 0,
    };
  });
}

/**
 * What the caller keeps per function between calls (written at publish): the two pointers, the registered
 * pointer before the last published call, and whether that call reached the cadastered list.
 */
export interface EstadoPonteiroFuncao {
  codFuncao: number;
  registro: number | null;
  cadastro: number | null;
  /** The workers the pointers name (docs/decisions/0212). */
  registroAvulso: string | null;
  cadastroAvulso: string | null;
  registroAnterior: number | null;
  alcancouCadastro: boolean;
}

/**
 * The state to store at publish: one per function of the published call; functions the call did not offer
 * keep whatever they had (the caller leaves their rows alone).
 */
export function estadoAposPublicar(ponteiros: readonly PonteirosResultado[]): EstadoPonteiroFuncao[] {
  return ponteiros.map((x) => ({
    codFuncao: x.codFuncao,
    registro: x.registro.final,
    cadastro: x.cadastro.final,
    registroAvulso: x.registro.finalAvulso,
    cadastroAvulso: x.cadastro.finalAvulso,
    registroAnterior: x.registro.inicial,
    alcancouCadastro: x.alcancouCadastro,
  }));
}

/** The offer's pointer fields (oferta.ponteiro, ponteiro_a, ponteiro_p, grupo) from its function's state. */
export interface CamposPonteiroOferta {
  /** Registered list's pointer: this call ranks registered workers from the number after it. */
  ponteiro: number | null;
  /** The registered pointer before the last published call ("anterior"): ponteiroA → ponteiro is its step. */
  ponteiroA: number | null;
  /** Cadastered list's pointer (art. 54). */
  ponteiroP: number | null;
  /** 'Registro' or 'Cadastro': the list the last published call reached in this function; null: none yet. */
  grupo: 'Registro' | 'Cadastro' | null;
}

export function camposPonteiroOferta(estado: EstadoPonteiroFuncao | undefined): CamposPonteiroOferta {
  if (!estado) return { ponteiro: null, ponteiroA: null, ponteiroP: null, grupo: null };
  return {
    ponteiro: estado.registro,
    ponteiroA: estado.registroAnterior,
    ponteiroP: estado.cadastro,
    grupo: estado.alcancouCadastro ? 'Cadastro' : 'Registro',
  };
}
