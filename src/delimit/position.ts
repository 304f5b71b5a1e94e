// Line and column of stream offsets, counted once as the scan moves forward.
// Every line break is looked for once: the next one found beyond the point
// asked for is remembered, so many URIs on one long line cost no rescans.

export class LineCounter {
  #line = 1;
  /** Absolute offset where the current line starts. */
  #lineStart = 0;
  /** Absolute offset counted up to. */
  #at = 0;
  /** Absolute offset of the next "\n" at or after #at, or -1 if none is known. */
  #next = -1;
  /** Absolute offset up to which the text was searched for #next. */
  #searched = 0;

  /** Count the line breaks before absolute offset `to`; text[0] is at absolute `textStart`. */
  advance(text: string, textStart: number, to: number): void {
    if (to <= this.#at) return;
    let next = this.#next;
    if (next === -1) next = this.#search(text, textStart, Math.max(this.#searched, this.#at));
    if (next !== -1 && next < to) this.#count(text, textStart, next - textStart, to - textStart);
    else this.#next = next;
    this.#at = to;
  }

  /**
   * The hot loop: one indexOf per line break, from the break at `i` to the
   * first one at or after `end` (offsets in `text`), all in locals; a first
   * pass runs it before the JIT has optimized it, where each call and field
   * store costs.
   */
  #count(text: string, textStart: number, i: number, end: number): void {
    let line = this.#line;
    let lineStart: number;
    do {
      line++;
      lineStart = i + 1;
      i = text.indexOf('\n', lineStart);
    } while (i !== -1 && i < end);
    this.#line = line;
    this.#lineStart = textStart + lineStart;
    this.#searched = i === -1 ? textStart + text.length : textStart + i + 1;
    this.#next = i === -1 ? -1 : textStart + i;
  }

  /** The absolute offset of the first "\n" at or after absolute `from`, or -1; records how far the text was searched. */
  #search(text: string, textStart: number, from: number): number {
    const i = text.indexOf('\n', from - textStart);
    this.#searched = i === -1 ? textStart + text.length : textStart + i + 1;
    return i === -1 ? -1 : textStart + i;
  }

  /** 1-based line of the offset last advanced to. */
  get line(): number {
    return this.#line;
  }

  /** Absolute offset where that line starts (column = offset - lineStart + 1). */
  get lineStart(): number {
    return this.#lineStart;
  }
}
