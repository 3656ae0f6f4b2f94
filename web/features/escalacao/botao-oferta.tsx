import * as Tooltip from '@radix-ui/react-tooltip';
import { Check, CircleAlert, Moon } from 'lucide-react';
import { type CSSProperties, useState } from 'react';
import type { FuncaoOferta } from '#common/api/escalacao.ts';
import { CATEGORIA, SITUACAO_OFERTA } from '#common/dominio.ts';
import { IconeFuncao } from '../../components/icone-funcao.tsx';
import { useEscolhasDaOferta } from '../../lib/ao-vivo.ts';
import { detalheOferta, rotuloEscolhas } from './apresentacao.ts';

interface BotaoOfertaProps {
  funcao: FuncaoOferta;
  codCategoria: number;
  /** Say 'Sem descanso suficiente' on the button (false when the card already says it). */
  avisoDescanso?: boolean;
  /** Name the hold under the function (the flat list, where no hold heading does). */
  comPorao?: boolean;
  aoTocar: () => void;
}

/** Pointer/group data, when the server sent it (it decides who may see it, docs/produto/escalacao.md §5). */
function dadosPonteiro(funcao: FuncaoOferta): string[] {
  const dados: string[] = [];
  if (funcao.ponteiro != null) dados.push(`Ponteiro ${funcao.ponteiro}`);
  if (funcao.ponteiroA != null) dados.push(`A ${funcao.ponteiroA}`);
  if (funcao.ponteiroP != null) dados.push(`P ${funcao.ponteiroP}`);
  if (funcao.grupo) dados.push(`Grupo ${funcao.grupo}`);
  return dados;
}

/**
 * One function offer: name, icon and colour, vacancies (or the hold, for Conferente), pointer data, and a
 * fixed status slot on the right (empty ring, check or preference, spinner, error) so nothing moves when
 * the state changes. A toggle button: aria-pressed is the chosen state.
 */
export function BotaoOferta({
  funcao,
  codCategoria,
  avisoDescanso = true,
  comPorao = false,
  aoTocar,
}: BotaoOfertaProps) {
  const [dicaAberta, setDicaAberta] = useState(false);
  // How many workers chose it so far, as the live stream says (docs/decisions/0160).
  const escolhas = useEscolhasDaOferta(funcao.seqCategoria);
  const conferente = codCategoria === CATEGORIA.conferente;
  const processando = funcao.situacao === SITUACAO_OFERTA.processando;
  const erro = funcao.situacao === SITUACAO_OFERTA.erro;
  const ponteiro = dadosPonteiro(funcao);
  const estilo = {
    '--cor-oferta': funcao.cor.fundo,
    '--cor-oferta-texto': funcao.cor.texto,
  } as CSSProperties;
  const classes = ['oferta'];
  if (funcao.escolhida) classes.push('oferta-escolhida');
  if (processando) classes.push('oferta-processando');
  if (erro) classes.push('oferta-erro');
  if (!funcao.comDescanso) classes.push('oferta-sem-descanso');

  let estado = <span className="oferta-anel" />;
  let estadoTexto = '';
  if (processando) {
    estado = <span className="spinner oferta-spinner" />;
    estadoTexto = 'Enviando...';
  } else if (erro) {
    estado = <CircleAlert className="oferta-icone-erro" size={28} />;
    estadoTexto = `Erro: ${funcao.mensagem ?? ''}`;
  } else if (funcao.escolhida && conferente && funcao.preferencia != null) {
    estado = <span className="oferta-marca oferta-preferencia">{funcao.preferencia}</span>;
  } else if (funcao.escolhida) {
    estado = (
      <span className="oferta-marca">
        <Check size={20} strokeWidth={3} />
      </span>
    );
  }
  if (funcao.escolhida && !erro) {
    estadoTexto = [
      'Escolhida',
      conferente && funcao.preferencia != null ? `preferência ${funcao.preferencia}` : '',
      estadoTexto,
    ]
      .filter(Boolean)
      .join(', ');
  }

  const botao = (
    <button
      type="button"
      className={classes.join(' ')}
      style={estilo}
      aria-pressed={funcao.escolhida}
      aria-busy={processando}
      data-situacao={funcao.situacao}
      data-seq={funcao.seqCategoria}
      data-preferencia={conferente && funcao.preferencia != null ? funcao.preferencia : undefined}
      onClick={aoTocar}
    >
      <span className="oferta-icone" aria-hidden>
        <IconeFuncao icone={funcao.icone} size={22} />
      </span>
      <span className="oferta-texto">
        <span className="oferta-nome">{funcao.nomeFuncao}</span>
        <span className="oferta-detalhe">
          {detalheOferta(codCategoria, funcao.numVagas, funcao.numPorao, comPorao)}
          {escolhas === undefined ? null : ` · ${rotuloEscolhas(escolhas)}`}
        </span>
        {ponteiro.length > 0 ? <span className="oferta-ponteiro">{ponteiro.join(' · ')}</span> : null}
        {!funcao.comDescanso && avisoDescanso ? (
          <span className="oferta-aviso">
            <Moon aria-hidden size={14} /> Sem descanso suficiente
          </span>
        ) : null}
      </span>
      <span className="oferta-estado" aria-hidden>
        {estado}
      </span>
      {estadoTexto ? <span className="visualmente-oculto">{estadoTexto}</span> : null}
    </button>
  );

  // Always inside the tooltip root, so entering or leaving the error state never remounts the button.
  return (
    <Tooltip.Root open={erro && dicaAberta} onOpenChange={setDicaAberta}>
      <Tooltip.Trigger asChild>{botao}</Tooltip.Trigger>
      {erro && funcao.mensagem ? (
        <Tooltip.Portal>
          <Tooltip.Content className="oferta-dica" side="top" sideOffset={6} collisionPadding={8}>
            {funcao.mensagem}
            <Tooltip.Arrow className="oferta-dica-seta" />
          </Tooltip.Content>
        </Tooltip.Portal>
      ) : null}
    </Tooltip.Root>
  );
}
