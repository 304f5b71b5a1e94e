// Where a chunk of JSON text holds its next quote, backslash, line feed and
// colon, each found once by indexOf and kept until the lexer passes it: a
// string's run of plain characters ends at the first of the first three,
// and a string with none of the four before its closing quote is read at
// once (JsonLexer's fast paths).

export class StringMarks {
  #quote = -1;
  #backslash = -1;
  #lineFeed = -1;
  #colon = -1;

  /** A new chunk. */
  reset(): void {
    this.#quote = this.#backslash = this.#lineFeed = this.#colon = -1;
  }

  /** Where the run of plain string characters from text[from] ends: the next quote, backslash or line feed (which no JSON string holds), or the text's end. */
  runEnd(text: string, from: number): number {
    this.#find(text, from);
    return Math.min(this.#quote, this.#backslash, this.#lineFeed);
  }

  /** The closing quote of a string that starts at text[from] when it ends in this text with no escape, else -1. */
  plainEnd(text: string, from: number): number {
    this.#find(text, from);
    const q = this.#quote;
    return q < text.length && q < this.#backslash && q < this.#lineFeed ? q : -1;
  }

  /** The same, for a string with no ':' either: a value the text scanner, which has no base and starts a URI at a ':' only, takes nothing from. */
  noUriEnd(text: string, from: number): number {
    const q = this.plainEnd(text, from);
    if (q === -1) return -1;
    if (this.#colon < from) this.#colon = searched(text, ':', from);
    return q < this.#colon ? q : -1;
  }

  #find(text: string, from: number): void {
    if (this.#quote < from) this.#quote = searched(text, '"', from);
    if (this.#backslash < from) this.#backslash = searched(text, '\\', from);
    if (this.#lineFeed < from) this.#lineFeed = searched(text, '\n', from);
  }
}

/** The index of `c` in `text` at or after `from`, or the length of `text`. */
function searched(text: string, c: string, from: number): number {
  const at = text.indexOf(c, from);
  return at === -1 ? text.length : at;
}
