import type { Generated } from 'kysely';

/**
 * The staff messages' own tables (migration 2026-11-26-80-mensagens, docs/decisions/0270). The messages and
 * their read marks stay in `mensagem_servico` and `mensagem_lida` (server/modulos/avulso/tabelas.ts), which
 * the home's queue has always read.
 */

/** A worker of a message addressed to a list. */
export interface MensagemDestinatarioTable {
  id_mensagem: number;
  cod_avulso: string;
}

/** Every creation, edit and closing of a staff message: who, when, the fields before and after (JSON). */
export interface MensagemAuditoriaTable {
  id: Generated<number>;
  id_mensagem: number;
  acao: 'criada' | 'editada' | 'encerrada';
  por: string;
  em: string;
  antes: string | null;
  depois: string | null;
}

export interface TabelasMensagens {
  mensagem_destinatario: MensagemDestinatarioTable;
  mensagem_auditoria: MensagemAuditoriaTable;
}
