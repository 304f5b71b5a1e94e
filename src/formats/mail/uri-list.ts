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
  /** Pieces of a long line not written yet, [line, from, to] each, and their length. */
  #held: (TextLine | number)[] = [];
  #heldLength = 0;
  readonly #maxLength: number;
  readonly #skipped: (lines: number) => void;

  /** `maxLength`: the longest URI; a line held longer is none, and is written as it comes. */
  constructor(out: TextSink, maxLength: number, skipped: (lines: number) => void) {
    super(out);
    this.#maxLength = maxLength;
    this.#skipped = skipped;
  }

  /**
   * The pieces of a long line are held until it ends, so that a blank in a
   * later one skips it whole; once they are longer than a URI may be, the
   * line is none whatever follows, and goes on as it comes (the scanner
   * drops it as too long, cut at a blank or not).
   */
  protected line(l: TextLine): void {
    const text = l.text;
    let from = 0;
    if (l.first) {
      while (from < text.length && isBlank(text.charCodeAt(from))) from++;
      this.#skip = from === text.length || text.charCodeAt(from) === HASH;
      this.#open = false;
      this.#drop();
    }
    if (!this.#skip) {
      let to = text.length;
      if (l.last) while (to > from && isBlank(text.charCodeAt(to - 1))) to--;
      if (blankIn(text, from, to) !== -1) {
        this.#blank();
        this.#drop();
      } else if (this.#open || l.last || this.#heldLength + (to - from) > this.#maxLength) {
        this.#hold(l, from, to);
        this.#flush();
      } else {
        this.#hold(l, from, to);
      }
    }
    if (l.last) this.#close(l.eol);
  }

  #hold(l: TextLine, from: number, to: number): void {
    if (to <= from) return;
    this.#held.push(l, from, to);
    this.#heldLength += to - from;
  }

  #drop(): void {
    this.#held.length = 0;
    this.#heldLength = 0;
  }

  /** The held pieces written, after the line's '<'. */
  #flush(): void {
    const held = this.#held;
    for (let k = 0; k < held.length; k += 3) {
      if (!this.#open) {
        this.out.write('<');
        this.#open = true;
      }
      emitSlice(this.out, held[k] as TextLine, held[k + 1] as number, held[k + 2] as number, true);
    }
    this.#drop();
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
