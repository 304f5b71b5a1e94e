// Credit-based flow control between a producer (a worker, or stdin scanned on
// the main thread) and stdout: a producer spends one credit per batch it
// sends and waits when it has none; the main thread gives a credit back once
// that batch is written to stdout and stdout can take more. So a producer
// never runs more than `window` batches ahead of what stdout has taken.

export class Credit {
  #left: number;
  #waiters: Array<() => void> = [];

  constructor(window: number) {
    this.#left = window;
  }

  spend(): void {
    this.#left--;
  }

  refund(count = 1): void {
    this.#left += count;
    if (this.#left > 0) for (const resolve of this.#waiters.splice(0)) resolve();
  }

  /** undefined while credits are left; else a promise for the next refund. */
  wait(): Promise<void> | undefined {
    return this.#left > 0 ? undefined : new Promise((resolve) => this.#waiters.push(resolve));
  }
}
