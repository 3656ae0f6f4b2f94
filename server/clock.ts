/** The server's notion of "now", injectable so tests can move time. */
export interface Clock {
  now(): Date;
}

export const relogioSistema: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class RelogioManual implements Clock {
  private atual: number;
  constructor(inicio: Date) {
    this.atual = inicio.getTime();
  }
  now(): Date {
    return new Date(this.atual);
  }
  definir(data: Date): void {
    this.atual = data.getTime();
  }
  avancar(ms: number): void {
    this.atual += ms;
  }
}
