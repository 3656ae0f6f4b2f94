import { extractText, getDocumentProxy } from 'unpdf';
import type { EmitirDeclaracaoLockdownBody, EnviarDeclaracaoMp945Body } from '#common/api/declaracoes.ts';
import { apiDeclaracoes } from '#common/api/declaracoes.ts';
import type { ClienteTeste } from '../../test/ambiente.ts';

/** Helpers shared by the declaration API tests. */

/** The registry's fields, each one filled (the tests' workers have them all): what the form sends back. */
function preenchidos<T extends Record<string, string | null>>(campos: T): { [K in keyof T]: string } {
  for (const [campo, valor] of Object.entries(campos)) {
    if (valor === null) throw new Error(`o cadastro não tem ${campo}`);
  }
  return campos as { [K in keyof T]: string };
}

/** The lockdown body a worker would send after confirming the registry data as it stands. */
export async function corpoLockdown(c: ClienteTeste): Promise<EmitirDeclaracaoLockdownBody> {
  const d = (await c.chamar(apiDeclaracoes.acessarLockdown)).corpo.dados;
  if (!d.dadosTPA) throw new Error('o trabalhador não tem cadastro para a declaração');
  return {
    dadosTPA: preenchidos(d.dadosTPA),
    dadosContato: { email: 'jose.silva@exemplo.com.br', telefone: '(81) 98765-4321' },
    dataHoraInicio: d.dataHoraCorrente,
  };
}

/** 100001's MP 945 body (CPF 529.982.247-25, born 15/03/1980). */
export function corpoMp945(dataHoraInicio: string): EnviarDeclaracaoMp945Body {
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
    },
    situacoesAfastamento: {
      sintomas: false,
      covid19: true,
      cuidado: false,
      gestante: false,
      doenca: true,
    },
    dadosContato: { cidade: 'Recife', uf: 'PE', email: '', telefone: '' },
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
