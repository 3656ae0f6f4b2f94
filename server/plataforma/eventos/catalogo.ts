/**
 * O catálogo dos eventos do domínio (decisão 0200): o nome de cada evento → o que ele diz. Um módulo declara os
 * eventos que anuncia acrescentando-os a esta interface no seu próprio arquivo (`declare module`, como os
 * decoradores do Fastify), de modo que a plataforma não importa módulo nenhum e quem escuta lê os tipos daqui.
 * Os de baixo ainda não têm módulo dono (as sessões, as mensagens e o cadastro da equipe os emitirão), mas já
 * têm ouvintes.
 *
 * Um evento diz o que aconteceu, já gravado (depois do COMMIT), em JSON puro: atravessa o LISTEN/NOTIFY.
 */
export interface EventosDoDominio {
  /** Uma sessão terminou (logout): os fluxos dela acabam, e todo servidor esquece os seus tokens. */
  'sessao-encerrada': { sessaoId: string; tokenHashes: string[] };
  /** Uma mensagem de serviço foi enfileirada para um trabalhador (ou para todos: `codAvulso` null). */
  'mensagem-enviada': { codAvulso: string | null };
  /** A equipe impediu um trabalhador (ou tirou o impedimento): a chamada relê a linha dele. */
  'trabalhador-impedido': { codAvulso: string; impedido: boolean };
  /**
   * O cadastro mudou um trabalhador (habilitação, impedimento, situação: issue 30) ou, `codAvulso` null, muitos de
   * uma vez (a importação): a chamada relê a linha dele (ou todas) em todo servidor.
   */
  'cadastro-alterado': { codAvulso: string | null };
}
