import type { Migration } from 'kysely/migration';
import * as fundacao from './2026-11-21-01-fundacao.ts';
import * as escalacao from './2026-11-21-03-escalacao.ts';
import * as financeiro from './2026-11-21-04-financeiro.ts';
import * as declaracoes from './2026-11-21-05-declaracoes.ts';
import * as eleicao from './2026-11-21-06-eleicao.ts';
import * as escolherOfertas from './2026-11-21-07-escolher-ofertas.ts';
import * as escolherOfertasPlanoGenerico from './2026-11-22-01-escolher-ofertas-plano-generico.ts';
import * as escolherOfertasLote from './2026-11-22-02-escolher-ofertas-lote.ts';
import * as sessaoId from './2026-11-23-10-sessao-id.ts';
import * as tentativas from './2026-11-23-11-tentativas.ts';
import * as cedulaSelada from './2026-11-23-20-cedula-selada.ts';
import * as gestao from './2026-11-23-30-gestao.ts';
import * as escolherOfertasTravaEscala from './2026-11-23-50-escolher-ofertas-trava-escala.ts';
import * as push from './2026-11-23-60-push.ts';
import * as auditoriaCompacta from './2026-11-23-70-auditoria-compacta.ts';
import * as escolherOfertasMudancas from './2026-11-23-80-escolher-ofertas-mudancas.ts';
import * as rodizioEntreChamadas from './2026-11-26-20-rodizio-entre-chamadas.ts';
import * as escolherOfertasDescansoEntreChamadas from './2026-11-26-21-escolher-ofertas-descanso-entre-chamadas.ts';
import * as repescagem from './2026-11-26-22-repescagem.ts';
import * as dobra from './2026-11-26-23-dobra.ts';
import * as aparelhosConfiaveis from './2026-11-26-35-aparelhos-confiaveis.ts';
import * as totens from './2026-11-26-36-totens.ts';
import * as passkeys from './2026-11-26-37-passkeys.ts';
import * as historicoAvulso from './2026-11-26-40-historico-avulso.ts';
import * as cadastro from './2026-11-26-41-cadastro.ts';
import * as codigoAcesso from './2026-11-26-42-codigo-acesso.ts';
import * as nomeBusca from './2026-11-26-43-nome-busca.ts';
import * as importacaoFinanceira from './2026-11-26-50-importacao-financeira.ts';
import * as avisosEnviados from './2026-11-26-70-avisos-enviados.ts';
import * as numeradorRequisicao from './2026-11-26-71-numerador-requisicao.ts';
import * as mensagens from './2026-11-26-80-mensagens.ts';
import * as eleicaoGestao from './2026-11-26-81-eleicao-gestao.ts';
import * as tentativaEmCursoTotemUso from './2026-11-26-90-tentativa-em-curso-totem-uso.ts';

/**
 * Every migration, by name; names sort by date. A feature appends its own line.
 * They run at start on SQLite and PostgreSQL alike.
 */
export const migracoes: Record<string, Migration> = {
  '2026-11-21-01-fundacao': fundacao,
  '2026-11-21-03-escalacao': escalacao,
  '2026-11-21-04-financeiro': financeiro,
  '2026-11-21-05-declaracoes': declaracoes,
  '2026-11-21-06-eleicao': eleicao,
  '2026-11-21-07-escolher-ofertas': escolherOfertas,
  '2026-11-22-01-escolher-ofertas-plano-generico': escolherOfertasPlanoGenerico,
  '2026-11-22-02-escolher-ofertas-lote': escolherOfertasLote,
  '2026-11-23-10-sessao-id': sessaoId,
  '2026-11-23-11-tentativas': tentativas,
  '2026-11-23-20-cedula-selada': cedulaSelada,
  '2026-11-23-30-gestao': gestao,
  '2026-11-23-50-escolher-ofertas-trava-escala': escolherOfertasTravaEscala,
  '2026-11-23-60-push': push,
  '2026-11-23-70-auditoria-compacta': auditoriaCompacta,
  '2026-11-23-80-escolher-ofertas-mudancas': escolherOfertasMudancas,
  '2026-11-26-20-rodizio-entre-chamadas': rodizioEntreChamadas,
  '2026-11-26-21-escolher-ofertas-descanso-entre-chamadas': escolherOfertasDescansoEntreChamadas,
  '2026-11-26-22-repescagem': repescagem,
  '2026-11-26-23-dobra': dobra,
  '2026-11-26-35-aparelhos-confiaveis': aparelhosConfiaveis,
  '2026-11-26-36-totens': totens,
  '2026-11-26-37-passkeys': passkeys,
  '2026-11-26-40-historico-avulso': historicoAvulso,
  '2026-11-26-41-cadastro': cadastro,
  '2026-11-26-42-codigo-acesso': codigoAcesso,
  '2026-11-26-43-nome-busca': nomeBusca,
  '2026-11-26-50-importacao-financeira': importacaoFinanceira,
  '2026-11-26-70-avisos-enviados': avisosEnviados,
  '2026-11-26-71-numerador-requisicao': numeradorRequisicao,
  '2026-11-26-80-mensagens': mensagens,
  '2026-11-26-81-eleicao-gestao': eleicaoGestao,
  '2026-11-26-90-tentativa-em-curso-totem-uso': tentativaEmCursoTotemUso,
};
