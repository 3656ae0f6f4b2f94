/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
export function dataBr(iso: string | null | undefined): string {
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
}

/** Integer select/inputs: '' is absent. */
export const comoNumero = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
