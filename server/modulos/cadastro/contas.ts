import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { HORAS_VALIDADE_CODIGO } from '#common/api/contas.ts';
import type { Db } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { type AcessosEsquecidos, esquecerAcessos } from '../sessao/index.ts';
import {
  codigoAcessoDe,
  consumirCodigoAcesso,
  contatoDe,
  gravarContato,
  gravarSenha,
  identificacaoDoAvulso,
  trocarCodigoAcesso,
} from './repositorio-contas.ts';
import { registrarHistorico } from './repositorio-historico.ts';
import { avulsoExiste } from './repositorio-trabalhador.ts';

/**
 * The worker's account (issue 30, docs/decisions/0232): the code the staff issue, the first access with it, the
 * password and the personal data the worker changes. Each change ends the worker's sessions in its own
 * transaction (`esquecerAcessos`); the route tells the memory after the COMMIT.
 */

/** No 0/O, 1/I/L: a code read aloud at the counter or copied from paper. */
const ALFABETO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function gerarCodigo(): string {
  let codigo = '';
  for (let i = 0; i < 8; i++) codigo += ALFABETO[randomInt(ALFABETO.length)];
  return codigo;
}

export function hashCodigo(codigo: string): string {
  return createHash('sha256').update(codigo).digest('hex');
}

function mesmoHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Issues a new code (replacing any other), ends the worker's sessions; the code itself is never stored. */
export async function emitirCodigo(
  db: Db,
  codAvulso: string,
  por: string,
  agora: Date,
): Promise<{ codigo: string; validoAte: string; esquecidos: AcessosEsquecidos }> {
  const codigo = gerarCodigo();
  const validoAte = new Date(agora.getTime() + HORAS_VALIDADE_CODIGO * 3_600_000).toISOString();
  const esquecidos = await db.transaction().execute(async (trx) => {
    if (!(await avulsoExiste(trx, codAvulso)))
      throw new ErroApp('NaoEncontrado', 'Não há trabalhador com esta matrícula.');
    await trocarCodigoAcesso(trx, {
      codAvulso,
      hash: hashCodigo(codigo),
      validoAte,
      criadoEm: agora.toISOString(),
      criadoPor: por,
    });
    await registrarHistorico(trx, {
      codAvulso,
      por,
      em: agora,
      acao: 'acesso.codigo-emitido',
      antes: null,
      depois: { validoAte },
    });
    return esquecerAcessos(trx, codAvulso, { agora });
  });
  return { codigo: `${codigo.slice(0, 4)}-${codigo.slice(4)}`, validoAte, esquecidos };
}

/**
 * Whether the code, CPF and birth date open this worker's account now. One answer for every mismatch, so a try
 * learns nothing of which part was wrong.
 */
export async function conferirPrimeiroAcesso(
  db: Db,
  dados: { codAvulso: string; cpf: string; dataNascimento: string; codigo: string },
  agora: Date,
): Promise<{ hash: string } | null> {
  const [avulso, codigo] = await Promise.all([
    identificacaoDoAvulso(db, dados.codAvulso),
    codigoAcessoDe(db, dados.codAvulso),
  ]);
  const hash = hashCodigo(dados.codigo);
  const confere =
    avulso !== undefined &&
    codigo !== undefined &&
    mesmoHash(codigo.hash, hash) &&
    Date.parse(codigo.valido_ate) > agora.getTime() &&
    avulso.cpf === dados.cpf &&
    avulso.data_nascimento === dados.dataNascimento;
  return confere ? { hash } : null;
}

/**
 * Sets the password with a checked code: the code is used up in the same transaction (a second use, even at
 * the same moment, finds it gone), and every session of the worker ends.
 */
export async function concluirPrimeiroAcesso(
  db: Db,
  codAvulso: string,
  hashCodigoUsado: string,
  senhaHash: string,
  agora: Date,
): Promise<AcessosEsquecidos | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await consumirCodigoAcesso(trx, codAvulso, hashCodigoUsado))) return null;
    await gravarSenha(trx, codAvulso, senhaHash);
    await registrarHistorico(trx, {
      codAvulso,
      por: codAvulso,
      em: agora,
      acao: 'acesso.primeiro-acesso',
      antes: null,
      depois: null,
    });
    return esquecerAcessos(trx, codAvulso, { agora });
  });
}

/** The worker's new password; every session ends (the route gives this one a new token). */
export async function trocarSenha(
  db: Db,
  codAvulso: string,
  senhaHash: string,
  agora: Date,
): Promise<AcessosEsquecidos> {
  return db.transaction().execute(async (trx) => {
    await gravarSenha(trx, codAvulso, senhaHash);
    await registrarHistorico(trx, {
      codAvulso,
      por: codAvulso,
      em: agora,
      acao: 'acesso.senha-alterada',
      antes: null,
      depois: null,
    });
    return esquecerAcessos(trx, codAvulso, { agora });
  });
}

export async function lerDadosPessoais(db: Db, codAvulso: string) {
  const l = await contatoDe(db, codAvulso);
  return { telefone: l.telefone ?? '', email: l.email ?? '' };
}

/** The worker's phone and e-mail, audited (before → after); nothing changed writes nothing. */
export async function mudarDadosPessoais(
  db: Db,
  codAvulso: string,
  dados: { telefone: string; email: string },
  agora: Date,
) {
  return db.transaction().execute(async (trx) => {
    const atual = await contatoDe(trx, codAvulso);
    const novo = { telefone: dados.telefone || null, email: dados.email || null };
    const antes: Record<string, string | null> = {};
    const depois: Record<string, string | null> = {};
    for (const campo of ['telefone', 'email'] as const) {
      if ((atual[campo] ?? null) !== novo[campo]) {
        antes[campo] = atual[campo] ?? null;
        depois[campo] = novo[campo];
      }
    }
    if (Object.keys(depois).length > 0) {
      await gravarContato(trx, codAvulso, novo);
      await registrarHistorico(trx, {
        codAvulso,
        por: codAvulso,
        em: agora,
        acao: 'dados-pessoais.alterados',
        antes,
        depois,
      });
    }
    return { telefone: novo.telefone ?? '', email: novo.email ?? '' };
  });
}
