// Position marks as flat numbers in one array that is reused, its length
// kept (only the first `n` numbers count): a run's marks from its transfer
// decoder to the charset stage, and a part's from the charset stage through
// its TextBatch to its sink, with no array made, grown and dropped per run
// or per write. A plain array, not a Float64Array: the numbers stay small
// integers all the way to the Founds' positions.

export class MarkList {
  /** The numbers, [0, n). */
  readonly a: number[] = [];
  n = 0;

  /** Emptied, for the next run. */
  clear(): this {
    this.n = 0;
    return this;
  }

  push(x: number, y: number, z: number, w: number): void {
    const a = this.a;
    const n = this.n;
    a[n] = x;
    a[n + 1] = y;
    a[n + 2] = z;
    a[n + 3] = w;
    this.n = n + 4;
  }

  push5(x: number, y: number, z: number, w: number, v: number): void {
    const a = this.a;
    const n = this.n;
    a[n] = x;
    a[n + 1] = y;
    a[n + 2] = z;
    a[n + 3] = w;
    a[n + 4] = v;
    this.n = n + 5;
  }
}

/**
 * The one list the runs share: a decoder fills it and hands it to
 * runBytes, which reads it before it writes anything on (runs do not nest:
 * a part whose decoded bytes are walked again has no runs).
 */
export const RUN_MARKS = new MarkList();

/**
 * A part's TextBatch holds its marks from its first write to its end; the
 * list is lent by the reader's context, to one batch at a time (an array
 * made and grown per part is the bulk of what its marks cost).
 */
export class MarkLender {
  #list: MarkList | undefined;
  #lent = false;

  /** The list, empty; or a new one while it is lent. */
  take(): MarkList {
    if (this.#lent) return new MarkList();
    this.#lent = true;
    return (this.#list ??= new MarkList()).clear();
  }

  /** A batch has ended with `list`. */
  give(list: MarkList): void {
    if (list === this.#list) this.#lent = false;
  }
}
