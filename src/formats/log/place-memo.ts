// A log line's memo of values by their text, read in place: request targets resolved, scanned fields and what they held.

/**
 * Values by their text, read in place (no slice, no string hash): a
 * two-way set-associative table (as TargetMemo) of `size` entries (a power
 * of two) of at most `longest` characters.
 */
export class PlaceMemo<T> {
  readonly #keys: Array<string | undefined>;
  readonly #values: Array<T | undefined>;
  readonly #mask: number;
  readonly #longest: number;

  constructor(size: number, longest: number) {
    this.#keys = new Array<string | undefined>(size).fill(undefined);
    this.#values = new Array<T | undefined>(size).fill(undefined);
    this.#mask = size / 2 - 1;
    this.#longest = longest;
  }

  /** The slot of text[from, to) when it is remembered, or -1 (see key() and value()). */
  find(text: string, from: number, to: number): number {
    const n = to - from;
    if (n > this.#longest || n < 1) return -1;
    const i = setOf(text, from, n, this.#mask);
    const keys = this.#keys;
    const first = keys[i];
    const whole = from === 0 && n === text.length;
    // A slice compared costs less than startsWith, and is made only when the length matches too.
    if (first !== undefined && first.length === n && (whole ? text : text.slice(from, to)) === first) return i;
    const second = keys[i + 1];
    if (second === undefined || second.length !== n || (whole ? text : text.slice(from, to)) !== second) return -1;
    const values = this.#values;
    const v = values[i + 1];
    keys[i + 1] = first; // used last: first in its set
    values[i + 1] = values[i];
    keys[i] = second;
    values[i] = v;
    return i;
  }

  key(slot: number): string {
    return this.#keys[slot]!;
  }

  value(slot: number): T {
    return this.#values[slot]!;
  }

  /** Remember `key` (a string that keeps no line alive) and its value. */
  remember(key: string, value: T): void {
    const n = key.length;
    if (n > this.#longest || n < 1) return;
    const i = setOf(key, 0, n, this.#mask);
    const keys = this.#keys;
    const values = this.#values;
    keys[i + 1] = keys[i];
    values[i + 1] = values[i];
    keys[i] = key;
    values[i] = value;
  }
}

/** The set (its first slot) of text[start, start + n), n ≥ 1: a hash of the length and six characters spread over it. */
function setOf(text: string, start: number, n: number, mask: number): number {
  const end = start + n;
  let h = Math.imul(n, 0x9e3779b1);
  h = Math.imul(h ^ text.charCodeAt(end - 1), 0x85ebca6b);
  h = Math.imul(h ^ text.charCodeAt(start + (n >> 1)), 0xc2b2ae35);
  h = Math.imul(h ^ text.charCodeAt(start), 0x27d4eb2f);
  h = Math.imul(h ^ text.charCodeAt(start + ((n * 3) >> 2)), 0x165667b1);
  h = Math.imul(h ^ text.charCodeAt(start + (n >> 2)), 0x9e3779b1);
  h = Math.imul(h ^ text.charCodeAt(start + ((n * 7) >> 3)), 0x85ebca6b);
  return ((h >>> 16) & mask) << 1;
}
