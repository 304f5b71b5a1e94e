// Line and column of stream offsets, counted once as the scan moves forward.

export class LineCounter {
  #line = 1;
  /** Absolute offset where the current line starts. */
  #lineStart = 0;
  /** Absolute offset counted up to. */
  #at = 0;

  /** Count the line breaks of text[from…to) (absolute `at`…`to`, where text[0] is at `textStart`). */
  advance(text: string, textStart: number, to: number): void {
    if (to <= this.#at) return;
    const end = to - textStart;
    for (let i = text.indexOf('\n', this.#at - textStart); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
      this.#line++;
      this.#lineStart = textStart + i + 1;
    }
    this.#at = to;
  }

  /** 1-based line and column (UTF-16 code units) of absolute offset `at` (not before the last one asked). */
  position(text: string, textStart: number, at: number): [line: number, column: number] {
    this.advance(text, textStart, at);
    return [this.#line, at - this.#lineStart + 1];
  }
}
