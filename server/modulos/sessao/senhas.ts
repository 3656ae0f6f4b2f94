import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's first recommended setting (m=19 MiB, t=2, p=1).
 * @node-rs/argon2 runs on libuv's thread pool, off the event loop.
 */
const PARAMETROS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function gerarHashSenha(senha: string): Promise<string> {
  return hash(senha, PARAMETROS);
}

export async function verificarSenha(hashSenha: string, senha: string): Promise<boolean> {
  try {
    return await verify(hashSenha, senha);
  } catch {
    return false;
  }
}

/** Verified against when the user code does not exist, so timing does not reveal it. */
let hashFicticio: Promise<string> | undefined;
export function hashSenhaFicticio(): Promise<string> {
  hashFicticio ??= gerarHashSenha('000000-ficticio');
  return hashFicticio;
}
