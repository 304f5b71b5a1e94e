// File positions of decoded text. A format decodes its input (transfer
// encodings, entities, unfolding) before the scanner sees it, so a Found's
// offset in the decoded text is not where it stands in the file. Producers
// mark each point where the two stop moving together (a part's start, a
// quoted-printable escape or soft break, a folded header line, a base64
// line); between marks, each decoded character is one character of the
// file and a line break is a line break of the file.

/** A place in the input: 1-based line and column, 0-based offset. */
export interface Position {
  line: number;
  column: number;
  offset: number;
}

/** Fields of one mark in the flat array. */
const D_OFF = 0;
const D_LINE = 1;
const S_LINE = 2;
const S_COL = 3;
const S_OFF = 4;
const WIDTH = 5;

/** Marks in decoded-offset order; looked up in order and dropped once passed. */
export class PositionMap {
  /**
   * [decodedOffset, decodedLine, line, column, offset] per mark, #head to
   * #length. A plain array: its small integers stay integers all the way to
   * the Founds (a Float64Array made them doubles).
   */
  #marks: number[] = [];
  #length = 0;
  #head = 0;

  get size(): number {
    return (this.#length - this.#head) / WIDTH;
  }

  /** Decoded offset `at` (on decoded line `atLine`) stands at `pos` in the file. */
  add(at: number, atLine: number, line: number, column: number, offset: number): void {
    if (this.#length === this.#marks.length && this.#head * 2 >= this.#length && this.#head > 0) this.#compact();
    const m = this.#marks;
    let n = this.#length;
    if (n - WIDTH >= this.#head && m[n - WIDTH + D_OFF] === at) n -= WIDTH; // a later mark at the same place wins
    m[n + D_OFF] = at;
    m[n + D_LINE] = atLine;
    m[n + S_LINE] = line;
    m[n + S_COL] = column;
    m[n + S_OFF] = offset;
    this.#length = n + WIDTH;
  }

  /**
   * The file position of decoded offset `at`, which the scanner found on its
   * decoded line `atLine` at `atColumn`. Undefined before the first mark.
   */
  locate(at: number, atLine: number, atColumn: number): Position | undefined {
    const pos = { line: 0, column: 0, offset: 0 };
    return this.locateInto(at, atLine, atColumn, pos) ? pos : undefined;
  }

  /** As locate, into `pos` (no object made); false, and `pos` untouched, before the first mark. */
  locateInto(at: number, atLine: number, atColumn: number, pos: Position): boolean {
    const m = this.#marks;
    const i = this.#last(at);
    if (i === -1) return false;
    const delta = at - m[i + D_OFF]!;
    const sameLine = atLine === m[i + D_LINE]!;
    pos.line = m[i + S_LINE]! + (atLine - m[i + D_LINE]!);
    pos.column = sameLine ? m[i + S_COL]! + delta : atColumn;
    pos.offset = m[i + S_OFF]! + delta;
    return true;
  }

  /** Index of the last mark at or before decoded offset `at`, or -1 (marks are in increasing order: a binary search). */
  #last(at: number): number {
    const m = this.#marks;
    let lo = this.#head / WIDTH;
    let hi = this.#length / WIDTH;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (m[mid * WIDTH + D_OFF]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo * WIDTH === this.#head ? -1 : (lo - 1) * WIDTH;
  }

  /** Forget marks no lookup at decoded offset `at` or later needs (the last one at or before `at` stays). */
  prune(at: number): void {
    const m = this.#marks;
    let h = this.#head;
    while (h + WIDTH < this.#length && m[h + WIDTH + D_OFF]! <= at) h += WIDTH;
    this.#head = h;
  }

  /**
   * Drop the passed marks in place, when they are half or more of the array
   * and it is full: a map of many marks (a base64 forward holds a header
   * block's worth) makes no garbage as it moves on, where an array sliced
   * again each time left old copies for the collector, whose heap then grew
   * with the input. Else a mark written at the end grows the array.
   */
  #compact(): void {
    const h = this.#head;
    this.#marks.copyWithin(0, h, this.#length);
    this.#length -= h;
    this.#head = 0;
  }
}

/** The index in `pairs` (flat [key, value], keys increasing, the first 0) of the last key at or before `at`. */
export function lastAtOrBefore(pairs: ArrayLike<unknown>, at: number): number {
  let lo = 0;
  let hi = pairs.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((pairs[mid * 2] as number) <= at) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo - 1) * 2;
}
