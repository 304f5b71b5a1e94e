// JSONC's comments (tsconfig.json, VS Code's settings): "// …" to the line's
// end and "/* … */", their characters handed to the sink in pieces, in any
// chunking (a star that ends one chunk waits for the next).

import { SLASH, STAR } from '../../uri/codes.js';
import type { JsonSink } from './lexer.js';

export class CommentReader {
  readonly #sink: JsonSink;
  /** A comment is open: `//` (#line) or `/*`; a star ended the last chunk. */
  reading = false;
  #line = false;
  #star = false;

  constructor(sink: JsonSink) {
    this.#sink = sink;
  }

  /** A comment opens; its text starts at input offset `at`. */
  open(line: boolean, at: number): void {
    this.reading = true;
    this.#line = line;
    this.#star = false;
    this.#sink.comment('', at, true, false);
  }

  /** Its characters in text[i…] (the text at input offset `offset`), to its end or the text's: the index after what was read. */
  read(text: string, i: number, offset: number): number {
    const n = text.length;
    if (this.#line) {
      const lf = text.indexOf('\n', i);
      const end = lf === -1 ? n : lf;
      this.#to(text, i, end, offset, lf !== -1);
      return end;
    }
    if (this.#star) { // a star ended the chunk before
      this.#star = false;
      if (text.charCodeAt(i) === SLASH) return this.#ended(offset + i, i + 1);
      this.#sink.comment('*', offset + i - 1, false, false);
    }
    for (let j = i; j < n; j++) {
      if (text.charCodeAt(j) !== STAR) continue;
      if (j + 1 === n) { // held: the next chunk says whether it ends the comment
        this.#to(text, i, j, offset, false);
        this.#star = true;
        return n;
      }
      if (text.charCodeAt(j + 1) === SLASH) return this.#to(text, i, j, offset, true) + 2;
    }
    return this.#to(text, i, n, offset, false);
  }

  /** The input ended at `offset`: a line comment ends there (true); a block comment stays open. */
  endOfInput(offset: number): boolean {
    if (!this.#line) return false;
    this.#ended(offset, 0);
    return true;
  }

  #to(text: string, i: number, j: number, offset: number, ended: boolean): number {
    this.#sink.comment(text.slice(i, j), offset + i, false, ended);
    if (ended) this.reading = false;
    return j;
  }

  #ended(at: number, next: number): number {
    this.#sink.comment('', at, false, true);
    this.reading = false;
    return next;
  }
}
