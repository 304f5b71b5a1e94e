// text/uri-list (RFC 2483 §5): each line is one URI, or a comment that starts with '#'.

import { HASH, SPACE, TAB } from '../../uri/codes.js';
import { emitSlice, LineSink, type TextLine } from './text-line.js';

/**
 * Each line of a text/uri-list part written as `<line>`, so the Appendix C
 * rules take the whole line as one URI (or reference, resolved against the
 * part's base), never cut at a trailing '.' or ')' as prose would be; blanks
 * around it dropped, and '#' comment lines and blank lines written as empty
 * lines. Marks keep every URI at its place in the file.
 */
export class UriListSink extends LineSink {
  /** The line being written is a URI (its '<' is written): a long one comes in pieces. */
  #open = false;
  /** The line being written is a comment or blank so far (nothing of it is written). */
  #skip = false;

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
      if (!this.#open && to > from) {
        this.out.write('<');
        this.#open = true;
      }
      emitSlice(this.out, l, from, to, true);
    }
    if (l.last) this.#close(l.eol);
  }

  #close(eol: boolean): void {
    if (this.#open) this.out.write('>');
    this.#open = false;
    if (eol) this.out.write('\n');
  }

  protected finish(): void {
    if (this.#open) this.#close(false);
    this.out.end();
  }
}

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}
