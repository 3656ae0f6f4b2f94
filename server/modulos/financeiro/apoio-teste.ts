/** What the financial module's API tests share: payslips in the payroll file's lines. */

export const br = (yyyymmdd: string) =>
  `${yyyymmdd.slice(6, 8)}/${yyyymmdd.slice(4, 6)}/${yyyymmdd.slice(0, 4)}`;
export const comp = (yyyymmdd: string) => `${yyyymmdd.slice(4, 6)}/${yyyymmdd.slice(0, 4)}`;

/** A payslip of two earnings and one deduction, in the file's lines, issued a minute before `agora`. */
export function construtorContracheque(agora: Date) {
  return function contracheque(o: {
    matricula: string;
    numero: number;
    dia: string;
    turno?: string;
    navio?: string;
    funcao?: string;
    salario?: string;
    tipo?: string;
  }): Record<string, string>[] {
    const salario = o.salario ?? '300,00';
    const centavos = Number(salario.replace(',', ''));
    const total = (centavos + 5000) / 100;
    const liquido = (centavos + 5000 - 2250) / 100;
    const doc = {
      matricula: o.matricula,
      numero: String(o.numero),
      tipo: o.tipo ?? 'Normal',
      competencia: comp(o.dia),
      movimento: br(o.dia),
      turno: o.turno ?? '07-13',
      operacao: 'Descarga de contêineres',
      operador: 'TECON SUAPE',
      navio: o.navio ?? 'MSC AURORA',
      porao: '2',
      funcao: o.funcao ?? 'Estivador',
      sindicato: 'Conferente',
      emissao: new Date(agora.getTime() - 60_000).toISOString(),
      total_proventos: total.toFixed(2).replace('.', ','),
      total_descontos: '22,50',
      liquido: liquido.toFixed(2).replace('.', ','),
    };
    return [
      {
        ...doc,
        codigo_verba: '001',
        descricao_verba: 'Salário (MMO)',
        referencia_verba: '6 h',
        natureza: 'P',
        valor: salario,
      },
      {
        ...doc,
        codigo_verba: '010',
        descricao_verba: 'RSR',
        referencia_verba: '1/6',
        natureza: 'P',
        valor: '50,00',
      },
      {
        ...doc,
        codigo_verba: '101',
        descricao_verba: 'INSS',
        referencia_verba: '7,5%',
        natureza: 'D',
        valor: '22,50',
      },
    ];
  };
}
