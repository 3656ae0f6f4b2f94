/** A job's date, yyyymmdd → dd/MM/yyyy (by hand, so the home's current job does not load date-fns). */
export function dataTrabalho(yyyymmdd: string): string {
  const partes = /^(\d{4})(\d{2})(\d{2})$/.exec(yyyymmdd);
  if (!partes) throw new RangeError(`data inválida: ${yyyymmdd}`);
  return `${partes[3]}/${partes[2]}/${partes[1]}`;
}
