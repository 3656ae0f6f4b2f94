import { extractText, getDocumentProxy } from 'unpdf';
import type { ClienteTeste } from '../../test/ambiente.ts';

/** Helpers shared by the declaration API tests. */

/** The lockdown body a worker would send after confirming the registry data as it stands. */
export async function corpoLockdown(c: ClienteTeste) {
  const r = await c.get('/api/lockdown/acessarDeclaracao');
  const d = r.corpo.dados;
  return {
    dadosTPA: { ...d.dadosTPA },
    dadosContato: { email: 'jose.silva@exemplo.com.br', telefone: '(81) 98765-4321' },
    dataHoraInicio: d.dataHoraCorrente as string,
  } as {
    dadosTPA: Record<string, string>;
    dadosContato: Record<string, string>;
    dataHoraInicio: string;
  };
}

/** 100001's MP 945 body (CPF 529.982.247-25, born 15/03/1980). */
export function corpoMp945(dataHoraInicio: string) {
  return {
    dadosTPA: {
      nome: 'JOSÉ CARLOS DA SILVA',
      cpf: '52998224725',
      dataNascimento: '15/03/1980',
      rgNumero: '1234567',
      rgOrgaoExp: 'SDS',
      rgUF: 'PE',
      rgEmissao: '10/05/2010',
      pis: '12056412545',
    } as Record<string, string>,
    situacoesAfastamento: {
      sintomas: false,
      covid19: true,
      cuidado: false,
      gestante: false,
      doenca: true,
    } as Record<string, boolean>,
    dadosContato: { cidade: 'Recife', uf: 'PE', email: '', telefone: '' } as Record<string, string>,
    dataHoraInicio,
  };
}

/** The text of a PDF, pages merged, whitespace collapsed. */
export async function textoDoPdf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

export const URL_PDF = /^\/api\/declaracoes\/[A-Za-z0-9_-]{43}\.pdf$/;
