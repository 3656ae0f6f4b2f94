/** Sessions and credentials: what the other modules may use. */
export { type AcessosEsquecidos, esquecerAcessos, esquecerNaMemoria } from './acessos.ts';
export { gerarHashSenha, hashSenhaFicticio, verificarSenha } from './senhas.ts';
export { reservarTentativa } from './tentativas.ts';
