import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** Everything the server reads from the environment, parsed once. See README "Configurações". */
export interface Config {
  port: number;
  host: string;
  /** Unset: SQLite under dataDir. postgres://…: PostgreSQL. */
  databaseUrl: string | undefined;
  /** PostgreSQL pool size (DATABASE_POOL_MAX, default 10). */
  databasePoolMax: number;
  /**
   * How much lower than the event loop libuv's thread pool runs, where Argon2id hashes the logins (HASH_NICE,
   * Linux nice, 0 = the same priority; server/processo.ts).
   */
  hashNice: number;
  dataDir: string;
  /** Serves dist/web when it exists. */
  webDir: string;
  producao: boolean;
  /** Creates the demo port on an empty database. Never on by itself in production. */
  demo: boolean;
  /** Shows 'AMBIENTE DE TESTES' on the client. */
  ambienteTestes: boolean;
  versao: string;
  usuariosTeste: string[];
  /** Hours of rest required between engagements (Lei 9.719/1998, art. 8). */
  horasDescanso: number;
  /** The port's own rotation policies (docs/produto/gestao.md §6, docs/decisions/0213, 0216-0218). */
  rodizio: ConfigRodizio;
  sessao: {
    ociosaMinutos: number;
    maximaHoras: number;
    quiosqueOciosaMinutos: number;
    quiosqueMaximaMinutos: number;
    /** How long a renewed token still works, so parallel calls don't fail. */
    carenciaSegundos: number;
  };
  /** Base URL of worker photos; by default the server serves them itself. */
  fotoBaseUrl: string | undefined;
  fotoValidadeMinutos: number;
  /** Public origin used in links printed on PDFs (QR codes). */
  urlPublica: string;
  /**
   * The proxies in front (TRUST_PROXY, docs/decisions/0222): false (none), how many hops append to
   * X-Forwarded-For, or the proxies' addresses/CIDRs. The client is the right-most address not trusted.
   */
  trustProxy: ConfiancaProxy;
  fusoHorario: string;
  /** Server processes sharing PORT (node:cluster); more than one needs PostgreSQL (docs/decisions/0161). */
  processos: number;
  /** The live stream (docs/decisions/0160). */
  aoVivo: {
    /** At most one counts message per category per stream in this period. */
    intervaloContagensMs: number;
    /** The streams are served in this many slices spread over the period (docs/decisions/0172). */
    fatias: number;
    /** A comment line on every stream this often, which also ends the streams of ended sessions. */
    pulsoMs: number;
  };
  /** What a slow or greedy client may hold (docs/decisions/0091-limites-de-protocolo-e-de-uso.md). */
  limites: {
    /** Headers and body of one request must arrive within this (TEMPO_REQUISICAO_SEGUNDOS), or 408. */
    tempoRequisicaoSegundos: number;
    /** Open connections one remote address may hold (CONEXOES_POR_ENDERECO, 0 = no cap). */
    conexoesPorEndereco: number;
    /** Expensive calls per minute of one session (CAROS_POR_MINUTO_SESSAO, 0 = no limit). */
    carosPorMinutoSessao: number;
    /** Expensive calls with a session per minute from one address (CAROS_POR_MINUTO_ENDERECO, 0 = no limit). */
    carosPorMinutoEndereco: number;
    /** Expensive public calls per minute from one address (PUBLICOS_POR_MINUTO_ENDERECO, 0 = no limit). */
    publicosPorMinutoEndereco: number;
  };
  /** How often expired sessions are deleted (LIMPEZA_MINUTOS). */
  limpezaMinutos: number;
  /** Days after a job's end before the reconciliation lists it without a payslip (FINANCEIRO_DIAS_SEM_CONTRACHEQUE). */
  diasSemContracheque: number;
  /** Web Push, "Avisos no celular" (docs/decisions/0162). */
  push: {
    /** VAPID keys (base64url) from VAPID_PUBLICA/VAPID_PRIVADA; unset: generated once and kept in the database. */
    vapid: { publica: string; privada: string } | undefined;
    /** The VAPID subject the push services may write to: a mailto: or https: URL (PUSH_CONTATO). */
    contato: string;
    /**
     * Hosts a subscription's endpoint may point at, each matched as itself or as a suffix after a dot
     * (PUSH_SERVICOS): the server posts to these and nowhere else.
     */
    servicos: string[];
  };
  organizacao: Organizacao;
  logLevel: string;
  /**
   * GET /metrics in Prometheus text (docs/operacao.md): on the app's port only with `Authorization: Bearer
   * <METRICAS_TOKEN>`, and/or on a port of its own (METRICAS_PORTA, bound to METRICAS_HOST). Neither set: no
   * metrics are served.
   */
  metricas: { token: string | undefined; porta: number | undefined; host: string };
  /**
   * On SIGTERM the server stops within this many seconds (ENCERRAMENTO_SEGUNDOS): requests in flight finish,
   * the group commit is flushed, the live streams end with a retry hint; past it, it exits anyway (code 1).
   */
  encerramentoSegundos: number;
}

export interface Organizacao {
  nome: string;
  nomeCompleto: string;
  /** Printed on pay documents and the income statement (fonte pagadora). */
  cnpj: string;
  endereco: string;
  telefoneSede: string;
  telefoneEscalacao: string;
  telefoneFiscalizacao: string;
  cidade: string;
  porto: string;
}

function numero(valor: string | undefined, padrao: number): number {
  if (valor === undefined || valor.trim() === '') return padrao;
  const n = Number(valor);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Valor numérico inválido na configuração: ${valor}`);
  return n;
}

/** A whole number from `minimo` up (0 allowed), for settings where 0 means "off". */
function inteiro(valor: string | undefined, padrao: number, minimo: number, maximo: number): number {
  if (valor === undefined || valor.trim() === '') return padrao;
  const n = Number(valor);
  if (!Number.isInteger(n) || n < minimo || n > maximo) {
    throw new Error(`Valor inválido na configuração: ${valor} (inteiro de ${minimo} a ${maximo})`);
  }
  return n;
}

/** What Fastify's `trustProxy` takes: hops (a number) or the proxies' addresses; false for none. */
export type ConfiancaProxy = false | number | string[];

/** proxy-addr's names for whole ranges, accepted in the list as they are. */
const FAIXAS_NOMEADAS = ['loopback', 'linklocal', 'uniquelocal'];

function confiancaProxy(valor: string | undefined): ConfiancaProxy {
  const v = valor?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'nao', 'não', 'no', 'off'].includes(v)) return false;
  // The old boolean meant "one proxy in front": trusting the whole header let a client forge its address.
  if (['true', 'sim', 'yes', 'on'].includes(v)) return 1;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n < 1 || n > 16) throw new Error(`TRUST_PROXY: de 1 a 16 proxies (veio ${valor}).`);
    return n;
  }
  const enderecos = v
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const e of enderecos) {
    const [ip = '', prefixo] = e.split('/');
    const ok =
      FAIXAS_NOMEADAS.includes(e) ||
      (isIP(ip) !== 0 &&
        (prefixo === undefined || (/^\d+$/.test(prefixo) && Number(prefixo) <= (isIP(ip) === 4 ? 32 : 128))));
    if (!ok) {
      throw new Error(
        `TRUST_PROXY: '${e}' não é um número de proxies nem um endereço/CIDR (ex.: 1, ou 10.0.0.5,10.0.1.0/24).`,
      );
    }
  }
  return enderecos;
}

function booleano(valor: string | undefined, padrao: boolean): boolean {
  if (valor === undefined || valor.trim() === '') return padrao;
  return ['1', 'true', 'sim', 'yes', 'on'].includes(valor.trim().toLowerCase());
}

/** The push services of the browsers that have one (Chrome, Firefox, Edge, Safari). */
export const SERVICOS_PUSH_PADRAO = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

function configPush(env: NodeJS.ProcessEnv, urlPublica: string): Config['push'] {
  const publica = env.VAPID_PUBLICA?.trim() ?? '';
  const privada = env.VAPID_PRIVADA?.trim() ?? '';
  if ((publica === '') !== (privada === '')) {
    throw new Error('Defina VAPID_PUBLICA e VAPID_PRIVADA juntas (ou nenhuma das duas).');
  }
  const contato =
    env.PUSH_CONTATO?.trim() ||
    (urlPublica.startsWith('https://') ? urlPublica : 'mailto:portal-tpa@localhost.invalid');
  if (!/^(mailto:|https:\/\/)/.test(contato)) {
    throw new Error(`PUSH_CONTATO precisa ser mailto: ou https:// (veio ${contato}).`);
  }
  const servicos = (env.PUSH_SERVICOS ?? SERVICOS_PUSH_PADRAO.join(','))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  return { vapid: publica === '' ? undefined : { publica, privada }, contato, servicos };
}

/** The version in package.json, the one place it is written (the benchmark's client sends it too). */
export function versaoDoPacote(): string {
  const pacote = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pacote.version;
}

/** The port's rotation policies, each from its law or agreement (docs/produto/gestao.md §6). */
export interface ConfigRodizio {
  /** RODIZIO_FILA: one queue per function ('funcao', default) or per category ('categoria', rodízio numérico). */
  fila: 'funcao' | 'categoria';
  /**
   * PERIODO_4_DIA: the 01-07 shift of operation day D is on calendar D ('mesmo', default: the date printed is
   * the date it starts) or on D+1 ('seguinte': the operation day runs 07h to 07h).
   */
  periodo4: 'mesmo' | 'seguinte';
  /** REPESCAGEM: staff may open a second round with a published call's unfilled vacancies (default off). */
  repescagem: boolean;
  /** DOBRA_HORAS_DESCANSO: the reduced rest of a double shift, in hours, as an agreement allows; null: off. */
  dobraHorasDescanso: number | null;
  /**
   * ABERTURA_AUTOMATICA_MINUTOS: a draft with requisitions opens by itself this many minutes before its call time
   * (docs/decisions/0269); null: off (default).
   */
  aberturaAutomaticaMinutos: number | null;
  /** FECHAMENTO_AUTOMATICO: an open call closes by itself at its call time (default off). */
  fechamentoAutomatico: boolean;
}

function opcao<T extends string>(valor: string | undefined, opcoes: readonly T[], nome: string): T {
  const v = valor?.trim().toLowerCase() ?? '';
  if (v === '') return opcoes[0] as T;
  if (!(opcoes as readonly string[]).includes(v)) {
    throw new Error(`Valor inválido na configuração ${nome}: ${valor} (${opcoes.join(' ou ')})`);
  }
  return v as T;
}

function configRodizio(env: NodeJS.ProcessEnv): ConfigRodizio {
  const dobra = env.DOBRA_HORAS_DESCANSO?.trim();
  const abertura = env.ABERTURA_AUTOMATICA_MINUTOS?.trim();
  return {
    fila: opcao(env.RODIZIO_FILA, ['funcao', 'categoria'] as const, 'RODIZIO_FILA'),
    periodo4: opcao(env.PERIODO_4_DIA, ['mesmo', 'seguinte'] as const, 'PERIODO_4_DIA'),
    repescagem: booleano(env.REPESCAGEM, false),
    dobraHorasDescanso: dobra ? inteiro(dobra, 6, 1, 24) : null,
    aberturaAutomaticaMinutos: abertura ? inteiro(abertura, 30, 1, 24 * 60) : null,
    fechamentoAutomatico: booleano(env.FECHAMENTO_AUTOMATICO, false),
  };
}

function configMetricas(env: NodeJS.ProcessEnv): Config['metricas'] {
  const token = env.METRICAS_TOKEN?.trim() || undefined;
  if (token !== undefined && token.length < 24) {
    throw new Error('METRICAS_TOKEN precisa ter ao menos 24 caracteres (ex.: openssl rand -hex 24).');
  }
  const porta = env.METRICAS_PORTA?.trim() ? inteiro(env.METRICAS_PORTA, 0, 1, 65_535) : undefined;
  return { token, porta, host: env.METRICAS_HOST?.trim() || '127.0.0.1' };
}

export function carregarConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const producao = env.NODE_ENV === 'production';
  const raiz = path.resolve(import.meta.dirname, '..');
  const port = numero(env.PORT, 8080);
  const urlPublica = (env.URL_PUBLICA ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databasePoolMax: numero(env.DATABASE_POOL_MAX, 10),
    hashNice: inteiro(env.HASH_NICE, 5, 0, 19),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(raiz, 'data')),
    webDir: path.resolve(env.WEB_DIR ?? path.join(raiz, 'dist', 'web')),
    producao,
    demo: booleano(env.DEMO, !producao),
    ambienteTestes: booleano(env.AMBIENTE_TESTES, !producao),
    versao: versaoDoPacote(),
    usuariosTeste: (env.USUARIOS_TESTE ?? (producao ? '' : '900001'))
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    horasDescanso: numero(env.HORAS_DESCANSO, 11),
    rodizio: configRodizio(env),
    sessao: {
      ociosaMinutos: numero(env.SESSAO_OCIOSA_MINUTOS, 30),
      maximaHoras: numero(env.SESSAO_MAXIMA_HORAS, 12),
      quiosqueOciosaMinutos: numero(env.QUIOSQUE_OCIOSA_MINUTOS, 2),
      quiosqueMaximaMinutos: numero(env.QUIOSQUE_MAXIMA_MINUTOS, 10),
      carenciaSegundos: numero(env.SESSAO_CARENCIA_SEGUNDOS, 60),
    },
    fotoBaseUrl: env.FOTO_BASE_URL?.trim() || undefined,
    fotoValidadeMinutos: numero(env.FOTO_VALIDADE_MINUTOS, 60),
    urlPublica,
    trustProxy: confiancaProxy(env.TRUST_PROXY),
    fusoHorario: env.FUSO_HORARIO ?? 'America/Recife',
    processos: Math.trunc(numero(env.PROCESSOS, 1)),
    aoVivo: {
      // Issue 15's contract: one counts message per category per second (decision 0171's addendum).
      intervaloContagensMs: inteiro(env.AO_VIVO_INTERVALO_MS, 1_000, 50, 60_000),
      // A slice of the streams every 100 ms, not all of them once a second (decision 0172).
      fatias: inteiro(env.AO_VIVO_FATIAS, 10, 1, 50),
      pulsoMs: numero(env.AO_VIVO_PULSO_SEGUNDOS, 20) * 1_000,
    },
    limites: {
      tempoRequisicaoSegundos: numero(env.TEMPO_REQUISICAO_SEGUNDOS, 30),
      conexoesPorEndereco: inteiro(env.CONEXOES_POR_ENDERECO, 256, 0, 1_000_000),
      carosPorMinutoSessao: inteiro(env.CAROS_POR_MINUTO_SESSAO, 20, 0, 1_000_000),
      carosPorMinutoEndereco: inteiro(env.CAROS_POR_MINUTO_ENDERECO, 300, 0, 1_000_000),
      publicosPorMinutoEndereco: inteiro(env.PUBLICOS_POR_MINUTO_ENDERECO, 30, 0, 1_000_000),
    },
    limpezaMinutos: numero(env.LIMPEZA_MINUTOS, 10),
    diasSemContracheque: inteiro(env.FINANCEIRO_DIAS_SEM_CONTRACHEQUE, 7, 0, 366),
    push: configPush(env, urlPublica),
    organizacao: {
      nome: env.ORG_NOME ?? 'OGMO Suape',
      nomeCompleto:
        env.ORG_NOME_COMPLETO ?? 'Órgão Gestor de Mão de Obra do Trabalho Portuário Avulso do Porto de Suape',
      cnpj: env.ORG_CNPJ ?? '09.451.227/0001-28',
      endereco:
        env.ORG_ENDERECO ??
        'Rodovia PE-60, Km 10, s/n, Complexo Industrial Portuário de Suape, Ipojuca - PE, 55590-000',
      telefoneSede: env.ORG_TELEFONE_SEDE ?? '(81) 3527-5000',
      telefoneEscalacao: env.ORG_TELEFONE_ESCALACAO ?? '(81) 3527-5010',
      telefoneFiscalizacao: env.ORG_TELEFONE_FISCALIZACAO ?? '(81) 3527-5020',
      cidade: env.ORG_CIDADE ?? 'Recife',
      porto: env.ORG_PORTO ?? 'Porto de Suape',
    },
    logLevel: env.LOG_LEVEL ?? (producao ? 'info' : 'warn'),
    metricas: configMetricas(env),
    encerramentoSegundos: inteiro(env.ENCERRAMENTO_SEGUNDOS, 20, 1, 600),
  };
}
