/** A sessão e as tentativas (decisão 0090): o que os outros módulos usam dela. */

/** The session module's public face for other modules (docs/ARCHITECTURE.md). */
export type { AcessosEsquecidos, OpcoesEsquecer } from './acessos.ts';
export { anunciarAcessosEsquecidos, esquecerAcessos } from './acessos.ts';
export { moduloSessao } from './plugin.ts';
export {
  passkeyDoAvulso,
  revogarPasskey,
  todasAsPasskeys,
} from './repositorio-passkeys.ts';
export { gerarHashSenha, hashSenhaFicticio, verificarSenha } from './senhas.ts';
export { exigirSemEspera, reservarTentativa } from './tentativas.ts';
