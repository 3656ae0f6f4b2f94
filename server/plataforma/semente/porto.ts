/** Reference data of the demo port (Suape): ships, operators, quays, cargo. */

export const OPERADORES = [
  { codigo: 11, nome: 'Tecon Suape' },
  { codigo: 12, nome: 'Atlântico Terminais' },
  { codigo: 13, nome: 'Suape Granéis' },
  { codigo: 14, nome: 'Pernambuco Operadora Portuária' },
  { codigo: 15, nome: 'Transnordestina Logística' },
] as const;

export const NAVIOS = [
  { codigo: 501, nome: 'MSC AURORA' },
  { codigo: 502, nome: 'MAERSK SANTOS' },
  { codigo: 503, nome: 'CMA CGM RECIFE' },
  { codigo: 504, nome: 'HAMBURG SÜD ATLÂNTICO' },
  { codigo: 505, nome: 'LOG-IN JACARANDÁ' },
  { codigo: 506, nome: 'NORDIC PERNAMBUCO' },
  { codigo: 507, nome: 'GRANDE NIGÉRIA' },
  { codigo: 508, nome: 'STAR OF SUAPE' },
  { codigo: 509, nome: 'ALIANÇA MANAUS' },
  { codigo: 510, nome: 'OCEAN PEARL' },
] as const;

/** Quays: 1 and 2 are the CMU east and west; 7, 8, 23 and 24 are boosted (majorados). */
export const CAIS = [
  { codigo: '1', nome: 'Cais CMU Leste' },
  { codigo: '2', nome: 'Cais CMU Oeste' },
  { codigo: '3', nome: 'Cais 3 - Píer de Granéis' },
  { codigo: '4', nome: 'Cais 4' },
  { codigo: '5', nome: 'Cais 5' },
  { codigo: '07', nome: 'Píer de Líquidos 07' },
  { codigo: '08', nome: 'Píer de Líquidos 08' },
  { codigo: '23', nome: 'Terminal de Veículos 23' },
  { codigo: '24', nome: 'Terminal de Veículos 24' },
] as const;

export const MERCADORIAS = [
  'Contêineres',
  'Açúcar a granel',
  'Trigo a granel',
  'Fertilizantes',
  'Veículos',
  'Bobinas de aço',
  'Milho a granel',
  'Carga geral',
  'Malte',
  'Celulose',
] as const;

export const FAINAS = ['Descarga', 'Embarque', 'Remoção', 'Transbordo'] as const;
