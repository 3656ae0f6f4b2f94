import type { TipoImportacao } from '#common/api/financeiro-importacao.ts';
import type { MensagemPush } from '#common/api/push.ts';
import { nomeMes } from '#common/formato.ts';

/**
 * What a worker is told when documents of theirs arrive (issue 25): one home message and one notification
 * per import, whatever the number of documents ("Seu contracheque de 26/11 está disponível."). Texts only;
 * the service writes the message with the documents and hands the notification to the push sender after the
 * commit (importacao-servico.ts `avisar`, the one place to become a listener of the event bus).
 */

export interface DocumentosDoAvulso {
  criados: number;
  substituidos: number;
  /** yyyy-MM-dd of each payslip (engagement day or payment day). */
  datas: string[];
  /** yyyy-MM of each record; yyyy of each income statement; the 13th/holiday kinds. */
  periodos: string[];
  anuais: ('cc13' | 'ccFerias')[];
}

const URLS: Record<TipoImportacao, string> = {
  contracheque: '/minha-conta/financeiro/contracheques',
  '13ferias': '/minha-conta/financeiro/contracheques-13-ferias',
  ficha: '/minha-conta/financeiro/fichas-financeiras',
  informe: '/minha-conta/financeiro/informes-rendimentos',
};

const diaMes = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

export function textoAviso(tipo: TipoImportacao, d: DocumentosDoAvulso): { titulo: string; corpo: string } {
  const n = d.criados + d.substituidos;
  const um = n === 1;
  const corrigidos = d.criados === 0;
  const estado = corrigidos
    ? um
      ? 'foi corrigido e está disponível'
      : 'foram corrigidos e estão disponíveis'
    : um
      ? 'está disponível'
      : 'estão disponíveis';
  const estadoF = estado.replace('corrigido', 'corrigida').replace('corrigidos', 'corrigidas');
  const ordenados = (l: string[]) => [...l].sort();
  switch (tipo) {
    case 'contracheque': {
      const datas = ordenados(d.datas);
      const primeira = diaMes(datas[0] ?? '');
      const ultima = diaMes(datas.at(-1) ?? '');
      return {
        titulo: um ? 'Contracheque disponível' : 'Contracheques disponíveis',
        corpo: um
          ? `Seu contracheque de ${primeira} ${estado}.`
          : primeira === ultima
            ? `Seus ${n} contracheques de ${primeira} ${estado}.`
            : `Seus ${n} contracheques de ${primeira} a ${ultima} ${estado}.`,
      };
    }
    case '13ferias': {
      const nome = (t: 'cc13' | 'ccFerias') => (t === 'cc13' ? '13º salário' : 'férias');
      const tipos = [...new Set(d.anuais)];
      const ano = ordenados(d.datas).at(-1)?.slice(0, 4) ?? '';
      return {
        titulo: um ? 'Contracheque disponível' : 'Contracheques disponíveis',
        corpo:
          um && tipos[0]
            ? `Seu contracheque de ${nome(tipos[0])} de ${ano} ${estado}.`
            : `Seus ${n} contracheques de 13º salário e férias ${estado}.`,
      };
    }
    case 'ficha': {
      const [ano, mes] = (ordenados(d.periodos).at(-1) ?? '').split('-');
      return {
        titulo: um ? 'Ficha financeira disponível' : 'Fichas financeiras disponíveis',
        corpo: um
          ? `Sua ficha financeira de ${nomeMes(Number(mes)).toLocaleLowerCase('pt-BR')}/${ano} ${estadoF}.`
          : `Suas ${n} fichas financeiras ${estadoF.replace('está', 'estão')}.`,
      };
    }
    case 'informe': {
      const anos = ordenados(d.periodos);
      return {
        titulo: um ? 'Informe de rendimentos disponível' : 'Informes de rendimentos disponíveis',
        corpo: um
          ? `Seu informe de rendimentos de ${anos[0]} ${estado}.`
          : `Seus ${n} informes de rendimentos (${anos.join(', ')}) ${estado}.`,
      };
    }
  }
}

export function mensagemPushDocumentos(
  tipo: TipoImportacao,
  idImportacao: number,
  texto: { titulo: string; corpo: string },
): MensagemPush {
  return { ...texto, url: URLS[tipo], tag: `documentos-${idImportacao}` };
}
