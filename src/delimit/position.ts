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
    for (;;) {
      if (this.#next === -1) {
        const from = Math.max(this.#searched, this.#at) - textStart;
        const i = text.indexOf('\n', from);
        if (i === -1) {
          this.#searched = textStart + text.length; // no line break in what we have
          break;
        }
        this.#next = textStart + i;
        this.#searched = this.#next + 1;
      }
      if (this.#next >= to) break;
      this.#line++;
      this.#lineStart = this.#next + 1;
      this.#at = this.#next + 1;
      this.#next = -1;
    }
    this.#at = to;
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
