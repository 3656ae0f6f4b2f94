import { setImmediate as proximaVolta } from 'node:timers/promises';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import Papa from 'papaparse';
import {
  dataIsoValida,
  MAXIMO_ERROS_IMPORTACAO,
  MAXIMO_LINHAS_IMPORTACAO_CADASTRO,
  NOMES_SITUACAO_AVULSO,
  type RelatorioImportacaoCadastro,
  SITUACOES_AVULSO,
  type SituacaoAvulso,
} from '#common/api/cadastro.ts';
import { normalizarNome } from '#common/busca-trabalhador.ts';
import { categoriaDoSindicato, nomeSindicato } from '#common/dominio.ts';
import { catalogoErros } from '#common/erros.ts';
import { funcaoPorCodigo } from '#common/funcoes.ts';
import type { Db, DbOuTrx } from '../../plataforma/banco/schema.ts';
import { lerTextoCsv } from '../../plataforma/csv.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import {
  apagarHabilitacoesDe,
  avulsosParaComparar,
  estacionarCpfENumero,
  inserirAvulsos,
  inserirHabilitacoes,
  inserirHistoricos,
  todasHabilitacoes,
} from './repositorio-importacao.ts';
import { alterarAvulso } from './repositorio-trabalhador.ts';

/**
 * The legacy system's workers file (issue 30, docs/produto/cadastro.md, docs/decisions/0233): read with the
 * platform's decoder (UTF-8, else Windows-1252) and Papa Parse a piece at a time with a turn of the event loop
 * between pieces; every line checked against the file and the database in one pass, every error by line and
 * column; then, with none, one transaction writes what is new or different (in batches, the event loop turning
 * between them). A worker already as the file says is left alone, so the same file twice changes nothing.
 */

export const COLUNAS_IMPORTACAO = [
  'matricula',
  'nome',
  'cpf',
  'data_nascimento',
  'sexo',
  'sindicato',
  'artigo',
  'num_chamada',
  'situacao',
  'habilitacoes',
] as const;
type Coluna = (typeof COLUNAS_IMPORTACAO)[number];
const OPCIONAIS = new Set<Coluna>(['situacao', 'habilitacoes']);

const PEDACO = 512 * 1024;
const LOTE = 1_000;

interface Linha {
  linha: number;
  cod: string;
  nome: string;
  cpf: string;
  dataNascimento: string;
  sexo: 'F' | 'M';
  sindicato: number;
  artigo: number;
  numChamada: number;
  situacao: SituacaoAvulso;
  habilitacoes: number[];
}

class Erros {
  readonly lista: { linha: number; campo: string; mensagem: string }[] = [];
  total = 0;
  add(linha: number, campo: string, mensagem: string): void {
    this.total++;
    if (this.lista.length < MAXIMO_ERROS_IMPORTACAO) this.lista.push({ linha, campo, mensagem });
  }
}

function nomeColuna(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function delimitadorDe(texto: string): string {
  const fim = texto.indexOf('\n');
  const cabecalho = fim < 0 ? texto : texto.slice(0, fim);
  const contar = (c: string) => cabecalho.split(c).length;
  return [';', ',', '\t'].sort((a, b) => contar(b) - contar(a))[0] ?? ';';
}

/** dd/mm/aaaa or aaaa-mm-dd → aaaa-mm-dd, or undefined. */
function data(valor: string): string | undefined {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(valor);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : valor;
  return dataIsoValida(iso) ? iso : undefined;
}

const NOME = /^[\p{L}][\p{L} '.-]*$/u;

/** One line's cells to a worker, or its errors. */
function lerLinha(
  linha: number,
  celula: (c: Coluna) => string,
  erros: Erros,
  hoje: string,
): Linha | undefined {
  const antes = erros.total;
  const cod = celula('matricula').trim();
  if (!/^\d{6}$/.test(cod)) erros.add(linha, 'matricula', 'A matrícula tem 6 dígitos.');
  const nome = celula('nome').trim().replace(/\s+/g, ' ');
  if (nome.length < 3 || nome.length > 80 || !NOME.test(nome)) {
    erros.add(linha, 'nome', 'Nome de 3 a 80 letras (espaços, apóstrofos, pontos e hífens).');
  }
  const cpf = celula('cpf').replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(cpf) || !isValidCpf(cpf)) erros.add(linha, 'cpf', 'CPF inválido.');
  const nascimento = data(celula('data_nascimento').trim());
  if (!nascimento) erros.add(linha, 'data_nascimento', 'Data inexistente: use dd/mm/aaaa ou aaaa-mm-dd.');
  else if (nascimento > hoje) erros.add(linha, 'data_nascimento', 'A data de nascimento está no futuro.');
  const sexo = celula('sexo').trim().toUpperCase();
  if (sexo !== 'F' && sexo !== 'M') erros.add(linha, 'sexo', 'Sexo F ou M.');
  const sindicato = Number(celula('sindicato').trim());
  if (!/^[1-9]$/.test(celula('sindicato').trim())) erros.add(linha, 'sindicato', 'Sindicato de 1 a 9.');
  const artigo = Number(celula('artigo').trim());
  if (artigo !== 54 && artigo !== 55) erros.add(linha, 'artigo', 'Artigo 54 (cadastro) ou 55 (registro).');
  const numChamada = Number(celula('num_chamada').trim());
  if (!/^[1-9]\d{0,4}$/.test(celula('num_chamada').trim())) {
    erros.add(linha, 'num_chamada', 'Número de chamada de 1 a 99999.');
  }
  const situacaoTexto = celula('situacao').trim().toLowerCase() || 'ativo';
  if (!(SITUACOES_AVULSO as readonly string[]).includes(situacaoTexto)) {
    erros.add(linha, 'situacao', 'Situação ativo, afastado ou cancelado.');
  }
  const habilitacoes: number[] = [];
  for (const parte of celula('habilitacoes').split(/[\s,|]+/)) {
    if (parte === '') continue;
    const codigo = Number(parte);
    if (!/^\d{1,4}$/.test(parte) || !funcaoPorCodigo(codigo)) {
      erros.add(linha, 'habilitacoes', `Função ${parte.slice(0, 10)} inexistente no catálogo de funções.`);
    } else if (!habilitacoes.includes(codigo)) habilitacoes.push(codigo);
  }
  if (erros.total > antes) return undefined;
  return {
    linha,
    cod,
    nome: nome.toLocaleUpperCase('pt-BR'),
    cpf,
    dataNascimento: nascimento as string,
    sexo: sexo as 'F' | 'M',
    sindicato,
    artigo,
    numChamada,
    situacao: situacaoTexto as SituacaoAvulso,
    habilitacoes: habilitacoes.sort((a, b) => a - b),
  };
}

/** The file's text to its lines, a piece at a time (the event loop turns between pieces). */
async function lerArquivo(
  texto: string,
  erros: Erros,
  hoje: string,
): Promise<{ linhas: Linha[]; lidas: number }> {
  const linhas: Linha[] = [];
  let indice: Map<string, number> | undefined;
  let colunas = 0;
  let lidas = 0;
  let numero = 0;
  let parar = false;
  const vistas = new Map<string, number>();
  const delimitador = delimitadorDe(texto);
  let inicio = 0;
  while (inicio < texto.length && !parar) {
    let fim = texto.indexOf('\n', inicio + PEDACO);
    fim = fim === -1 ? texto.length : fim + 1;
    // A piece never ends inside quotes: move on to the next line break until the quotes are even.
    while (fim < texto.length && (texto.slice(inicio, fim).split('"').length - 1) % 2 === 1) {
      const proxima = texto.indexOf('\n', fim);
      fim = proxima === -1 ? texto.length : proxima + 1;
    }
    Papa.parse<string[]>(texto.slice(inicio, fim), {
      delimiter: delimitador,
      skipEmptyLines: false,
      step: (r, parser) => {
        numero++;
        const record = r.data;
        if (r.errors.some((e) => e.type === 'Quotes')) {
          erros.add(numero, 'arquivo', 'Arquivo CSV mal formado (aspas sem fechar?).');
          parar = true;
          return parser.abort();
        }
        if (record.every((c) => c.trim() === '')) return;
        if (!indice) {
          const mapa = new Map<string, number>();
          record.forEach((bruto, i) => {
            const nome = nomeColuna(bruto);
            if (!nome) return;
            if (!(COLUNAS_IMPORTACAO as readonly string[]).includes(nome)) {
              erros.add(numero, nome.slice(0, 60), 'Coluna desconhecida.');
            } else if (mapa.has(nome)) erros.add(numero, nome, 'Coluna repetida no cabeçalho.');
            else mapa.set(nome, i);
          });
          for (const c of COLUNAS_IMPORTACAO) {
            if (!mapa.has(c) && !OPCIONAIS.has(c)) erros.add(numero, c, 'Coluna ausente no cabeçalho.');
          }
          if (erros.total > 0) {
            parar = true;
            return parser.abort();
          }
          indice = mapa;
          colunas = record.length;
          return;
        }
        lidas++;
        if (lidas > MAXIMO_LINHAS_IMPORTACAO_CADASTRO) {
          erros.add(numero, 'arquivo', `No máximo ${MAXIMO_LINHAS_IMPORTACAO_CADASTRO} linhas por arquivo.`);
          parar = true;
          return parser.abort();
        }
        if (record.length !== colunas) {
          erros.add(numero, 'arquivo', `A linha tem ${record.length} colunas; o cabeçalho, ${colunas}.`);
          return;
        }
        const mapa = indice;
        // A code seen before is an error even when that line had errors of its own.
        const cod = (record[mapa.get('matricula') ?? -1] ?? '').trim();
        const primeira = vistas.get(cod);
        if (primeira !== undefined && cod !== '') {
          erros.add(numero, 'matricula', `Matrícula repetida (também na linha ${primeira}).`);
        } else vistas.set(cod, numero);
        const lida = lerLinha(numero, (c) => record[mapa.get(c) ?? -1] ?? '', erros, hoje);
        if (lida && primeira === undefined) linhas.push(lida);
      },
    });
    // A piece's last line break was consumed by Papa Parse as the end of its last record.
    inicio = fim;
    await proximaVolta();
  }
  if (!indice && erros.total === 0) erros.add(1, 'arquivo', 'Arquivo vazio.');
  else if (indice && lidas === 0) erros.add(2, 'arquivo', 'Nenhuma linha depois do cabeçalho.');
  return { linhas, lidas };
}

type Atual = {
  cod_avulso: string;
  nome: string;
  cpf: string;
  data_nascimento: string;
  sexo: string;
  cod_sindicato: number;
  artigo: number;
  num_chamada: number;
  situacao?: string | undefined;
};

function campos(l: {
  nome: string;
  cpf: string;
  dataNascimento: string;
  sexo: string;
  sindicato: number;
  artigo: number;
  numChamada: number;
  situacao: string;
  habilitacoes: string;
}): Record<string, string> {
  return {
    nome: l.nome,
    cpf: l.cpf,
    dataNascimento: l.dataNascimento,
    sexo: l.sexo,
    sindicato: `${l.sindicato} (${nomeSindicato(l.sindicato)})`,
    artigo: String(l.artigo),
    numChamada: String(l.numChamada),
    situacao: NOMES_SITUACAO_AVULSO[l.situacao as SituacaoAvulso] ?? l.situacao,
    habilitacoes: l.habilitacoes,
  };
}

async function lerAtuais(db: DbOuTrx) {
  const [avulsos, habilitacoes] = await Promise.all([avulsosParaComparar(db), todasHabilitacoes(db)]);
  const funcoes = new Map<string, number[]>();
  for (const h of habilitacoes) {
    const lista = funcoes.get(h.cod_avulso);
    if (lista) lista.push(h.cod_funcao);
    else funcoes.set(h.cod_avulso, [h.cod_funcao]);
  }
  return { avulsos: new Map<string, Atual>(avulsos.map((a) => [a.cod_avulso, a])), funcoes };
}

export async function importarTrabalhadores(
  db: Db,
  entrada: { corpo: string | Uint8Array; simular: boolean; por: string; agora: Date; hoje: string },
): Promise<RelatorioImportacaoCadastro> {
  const inicio = performance.now();
  const bytes = typeof entrada.corpo === 'string' ? new TextEncoder().encode(entrada.corpo) : entrada.corpo;
  const erros = new Erros();
  const { texto: bruto, codificacao } = lerTextoCsv(bytes);
  const texto = bruto.charCodeAt(0) === 0xfeff ? bruto.slice(1) : bruto;
  const { linhas, lidas } = await lerArquivo(texto, erros, entrada.hoje);

  // The file against itself and the database: one code per line, and CPF and call number unique once the
  // file is applied.
  const { avulsos, funcoes } = await lerAtuais(db);
  const doArquivo = new Map<string, Linha>(linhas.map((l) => [l.cod, l]));
  const donoCpf = new Map<string, string>();
  const donoNumero = new Map<number, string>();
  for (const a of avulsos.values()) {
    const l = doArquivo.get(a.cod_avulso);
    if (l) continue;
    donoCpf.set(a.cpf, a.cod_avulso);
    donoNumero.set(a.num_chamada, a.cod_avulso);
  }
  let volta = 0;
  for (const l of doArquivo.values()) {
    const cpfDe = donoCpf.get(l.cpf);
    if (cpfDe !== undefined && cpfDe !== l.cod) {
      erros.add(l.linha, 'cpf', `CPF já é da matrícula ${cpfDe}.`);
    } else donoCpf.set(l.cpf, l.cod);
    const numeroDe = donoNumero.get(l.numChamada);
    if (numeroDe !== undefined && numeroDe !== l.cod) {
      erros.add(l.linha, 'num_chamada', `Número de chamada já é da matrícula ${numeroDe}.`);
    } else donoNumero.set(l.numChamada, l.cod);
    if (++volta % 5_000 === 0) await proximaVolta();
  }

  const relatorio = (contagens: { criados: number; alterados: number; inalterados: number }) => ({
    simulado: entrada.simular,
    codificacao,
    linhas: lidas,
    ...contagens,
    erros: erros.lista,
    totalErros: erros.total,
    duracaoMs: Math.round(performance.now() - inicio),
  });
  if (erros.total > 0) {
    throw new ErroApp(
      'DadosInvalidos',
      `${catalogoErros.DadosInvalidos.mensagem} O arquivo tem ${erros.total} ${erros.total === 1 ? 'erro' : 'erros'}: nada foi importado.`,
      { dados: relatorio({ criados: 0, alterados: 0, inalterados: 0 }) },
    );
  }

  // What is new, what is different, what is as the file says.
  const novos: Linha[] = [];
  const mudados: {
    l: Linha;
    antes: Record<string, string>;
    depois: Record<string, string>;
    funcoes: boolean;
  }[] = [];
  let inalterados = 0;
  for (const l of doArquivo.values()) {
    const depois = campos({ ...l, habilitacoes: l.habilitacoes.join(' ') });
    const atual = avulsos.get(l.cod);
    if (!atual) {
      novos.push(l);
      continue;
    }
    const funcoesAtuais = [...(funcoes.get(l.cod) ?? [])].sort((a, b) => a - b);
    const antes = campos({
      nome: atual.nome,
      cpf: atual.cpf,
      dataNascimento: atual.data_nascimento,
      sexo: atual.sexo,
      sindicato: atual.cod_sindicato,
      artigo: atual.artigo,
      numChamada: atual.num_chamada,
      situacao: atual.situacao ?? 'ativo',
      habilitacoes: funcoesAtuais.join(' '),
    });
    const a: Record<string, string> = {};
    const d: Record<string, string> = {};
    for (const k of Object.keys(depois)) {
      if (antes[k] !== depois[k]) {
        a[k] = antes[k] ?? '';
        d[k] = depois[k] ?? '';
      }
    }
    if (Object.keys(d).length === 0) inalterados++;
    else mudados.push({ l, antes: a, depois: d, funcoes: 'habilitacoes' in d });
  }
  const contagens = { criados: novos.length, alterados: mudados.length, inalterados };
  if (entrada.simular || (novos.length === 0 && mudados.length === 0)) return relatorio(contagens);

  const em = entrada.agora.toISOString();
  await db.transaction().execute(async (trx) => {
    // CPFs and call numbers may move between workers in one file: the changed rows are parked first.
    for (const m of mudados) await estacionarCpfENumero(trx, m.l.cod);
    for (let i = 0; i < novos.length; i += LOTE) {
      await inserirAvulsos(
        trx,
        novos.slice(i, i + LOTE).map((l) => ({
          cod_avulso: l.cod,
          nome: l.nome,
          nome_busca: normalizarNome(l.nome),
          sexo: l.sexo,
          cod_sindicato: l.sindicato,
          cod_categoria: categoriaDoSindicato(l.sindicato),
          artigo: l.artigo,
          num_chamada: l.numChamada,
          cpf: l.cpf,
          data_nascimento: l.dataNascimento,
          impedimento: 0,
          afastamento_definitivo: l.situacao === 'cancelado' ? 1 : 0,
          escolha_porao_estiva: 0,
          senha_hash: '',
          situacao: l.situacao,
        })),
      );
      await proximaVolta();
    }
    for (const [n, m] of mudados.entries()) {
      const l = m.l;
      await alterarAvulso(trx, l.cod, {
        nome: l.nome,
        nome_busca: normalizarNome(l.nome),
        sexo: l.sexo,
        cod_sindicato: l.sindicato,
        cod_categoria: categoriaDoSindicato(l.sindicato),
        artigo: l.artigo,
        num_chamada: l.numChamada,
        cpf: l.cpf,
        data_nascimento: l.dataNascimento,
        situacao: l.situacao,
        afastamento_definitivo: l.situacao === 'cancelado' ? 1 : 0,
      });
      if (m.funcoes) await apagarHabilitacoesDe(trx, l.cod);
      if (n % LOTE === LOTE - 1) await proximaVolta();
    }
    const habilitacoes = [...novos, ...mudados.filter((m) => m.funcoes).map((m) => m.l)].flatMap((l) =>
      l.habilitacoes.map((cod_funcao) => ({ cod_avulso: l.cod, cod_funcao })),
    );
    for (let i = 0; i < habilitacoes.length; i += LOTE * 5) {
      await inserirHabilitacoes(trx, habilitacoes.slice(i, i + LOTE * 5));
      await proximaVolta();
    }
    const historico = [
      ...novos.map((l) => ({
        cod_avulso: l.cod,
        em,
        por: entrada.por,
        acao: 'cadastro.importado',
        antes: null,
        depois: JSON.stringify(campos({ ...l, habilitacoes: l.habilitacoes.join(' ') })),
      })),
      ...mudados.map((m) => ({
        cod_avulso: m.l.cod,
        em,
        por: entrada.por,
        acao: 'cadastro.importado',
        antes: JSON.stringify(m.antes),
        depois: JSON.stringify(m.depois),
      })),
    ];
    for (let i = 0; i < historico.length; i += LOTE) {
      await inserirHistoricos(trx, historico.slice(i, i + LOTE));
      await proximaVolta();
    }
  });
  return relatorio(contagens);
}
