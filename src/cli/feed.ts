// The inputs as the runners take them: pulled from the walk one at a time,
// so a tree is read as it is scanned, with the look-ahead a runner asks for
// (--jobs N keeps a few files ready for its workers).
import type { Input, Inputs } from './inputs.js';

export class InputFeed {
  readonly #source: Inputs;
  readonly #ahead: Input[] = [];
  #done = false;

  constructor(source: Inputs) {
    this.#source = source;
  }

  /** Every input has been taken. */
  get ended(): boolean {
    return this.#done && this.#ahead.length === 0;
  }

  /** Read ahead until `n` inputs wait or there are no more: whether `n` wait. */
  async fill(n: number): Promise<boolean> {
    while (this.#ahead.length < n && !this.#done) {
      const next = await this.#source.next();
      if (next.done === true) this.#done = true;
      else for (const input of next.value) this.#ahead.push(input);
    }
    return this.#ahead.length >= n;
  }

  /** The next input if one has been read ahead, without waiting (a directory's files come in batches). */
  take(): Input | undefined {
    return this.#ahead.shift();
  }

  /** The next input, or undefined once there are none. */
  async next(): Promise<Input | undefined> {
    await this.fill(1);
    return this.#ahead.shift();
  }
}
