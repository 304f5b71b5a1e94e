// --unique: the set of normalized URIs already printed. Each distinct URI
// costs about 210 bytes plus its own length (a V8 string and a Set entry;
// see test/bad-input.test.ts), so 2 million URIs take about 500 MB.
// --unique-limit N bounds it: once N URIs are held, the set stops growing
// (said once on stderr); later URIs are still checked against the N held,
// so a URI is printed again only if it was first seen past the limit.

export class UniqueFilter {
  readonly #seen = new Set<string>();
  readonly #limit: number;
  readonly #onFull: (limit: number) => void;
  #full = false;

  constructor(limit: number | undefined, onFull: (limit: number) => void) {
    this.#limit = limit ?? Infinity;
    this.#onFull = onFull;
  }

  /** Is `key` new (print it)? Remembers it while there is room. */
  admit(key: string): boolean {
    if (this.#seen.has(key)) return false;
    if (this.#seen.size < this.#limit) this.#seen.add(key);
    else if (!this.#full) {
      this.#full = true;
      this.#onFull(this.#limit);
    }
    return true;
  }

  get size(): number {
    return this.#seen.size;
  }
}
