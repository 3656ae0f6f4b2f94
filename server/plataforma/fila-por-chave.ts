/**
 * Runs the tasks of one key one after another, and those of different keys freely (docs/decisions/0224): the
 * logins of one account, so a phone that retries a correct password in parallel is never refused for the
 * count its own pending attempts raised, while parallel guesses still get exactly the checks sequential ones
 * would. In memory, per process; an idle key holds nothing.
 */
export class FilaPorChave {
  private readonly ultimas = new Map<string, Promise<unknown>>();

  executar<T>(chave: string, tarefa: () => Promise<T>): Promise<T> {
    const anterior = this.ultimas.get(chave) ?? Promise.resolve();
    const esta = anterior.then(tarefa, tarefa);
    const fim = esta.then(
      () => undefined,
      () => undefined,
    );
    this.ultimas.set(chave, fim);
    void fim.then(() => {
      if (this.ultimas.get(chave) === fim) this.ultimas.delete(chave);
    });
    return esta;
  }

  get tamanho(): number {
    return this.ultimas.size;
  }
}
