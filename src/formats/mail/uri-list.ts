// text/uri-list (RFC 2483 §5): each line is one URI, or a comment that starts with '#'.

import { HASH, SPACE, TAB } from '../../uri/codes.js';
import type { TextSink } from '../types.js';
import { emitSlice, LineSink, type TextLine } from './text-line.js';

/**
 * Each line of a text/uri-list part written as `<line>`, so the Appendix C
 * rules take the whole line as one URI (or reference, resolved against the
 * part's base), never cut at a trailing '.' or ')' as prose would be; blanks
 * around it dropped, and '#' comment lines and blank lines written as empty
 * lines. A line with a blank inside (`http://d.example/a b`) is no URI:
 * nothing of it is written, and `skipped` is told how many such lines the
 * part held. Marks keep every URI at its place in the file.
 */
export class UriListSink extends LineSink {
  /** The line being written is a URI (its '<' is written): a long one comes in pieces. */
  #open = false;
  /** The line being written is a comment or blank so far, or holds a blank inside (nothing more of it is written). */
  #skip = false;
  /** Lines with a blank inside. */
  #blanked = 0;
  readonly #skipped: (lines: number) => void;

  constructor(out: TextSink, skipped: (lines: number) => void) {
    super(out);
    this.#skipped = skipped;
  }

  protected line(l: TextLine): void {
    const text = l.text;
    let from = 0;
    if (l.first) {
      while (from < text.length && isBlank(text.charCodeAt(from))) from++;
      this.#skip = from === text.length || text.charCodeAt(from) === HASH;
      this.#open = false;
    }
    if (!this.#skip) {
      let to = text.length;
      if (l.last) while (to > from && isBlank(text.charCodeAt(to - 1))) to--;
      const blank = blankIn(text, from, to);
      if (blank !== -1) this.#blank();
      if (blank !== -1 && !this.#open) to = from; // a piece of a long line may have gone out: it ends at the blank
      else if (blank !== -1) to = blank;
      if (!this.#open && to > from) {
        this.out.write('<');
        this.#open = true;
      }
      emitSlice(this.out, l, from, to, true);
    }
    if (l.last) this.#close(l.eol);
  }

  #blank(): void {
    this.#skip = true;
    this.#blanked++;
  }

  #close(eol: boolean): void {
    if (this.#open) this.out.write('>');
    this.#open = false;
    if (eol) this.out.write('\n');
  }

  protected finish(): void {
    if (this.#open) this.#close(false);
    if (this.#blanked > 0) this.#skipped(this.#blanked);
    this.out.end();
  }
}

/** The first blank in text[from, to), or -1. */
function blankIn(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if (isBlank(text.charCodeAt(i))) return i;
  return -1;
}

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}
