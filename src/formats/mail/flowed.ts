// Decoded text reshaped line by line with its marks: format=flowed (RFC 3676).

import type { TextSink } from '../types.js';
import { GT, SPACE } from '../../uri/codes.js';
import { emitSlice, LineSink, type TextLine } from './text-line.js';

/** RFC 3676: soft breaks joined (DelSp), a continuation's quote prefix and stuffing removed, quote depths kept apart. */
export class FlowedSink extends LineSink {
  /** The last line ended with a soft break, at this quote depth. */
  #pending = false;
  #depth = 0;
  /** The text written no longer moves with the file: the next slice is marked. */
  #drift = true;

  constructor(out: TextSink, readonly delSp: boolean) {
    super(out);
  }

  protected finish(): void {
    this.out.end();
  }

  /**
   * No soft break pending: lines that end with no space may go around this
   * sink straight to `out` (they read the same), at a line start. `drift`
   * says whether they must be marked, and is cleared by a non-empty one.
   */
  get idle(): boolean {
    return !this.#pending;
  }

  get drift(): boolean {
    return this.#drift;
  }

  set drift(drift: boolean) {
    this.#drift = drift;
  }

  /** The quote depth of the last line. */
  get depth(): number { return this.#depth; }

  /** Go on after lines written around this sink (FlowedRun): a soft break pending or not, at this depth; the next slice marked. */
  resume(pending: boolean, depth: number): void {
    this.#pending = pending;
    this.#depth = depth;
    this.#drift = true;
  }

  protected line(l: TextLine): void {
    const text = l.text;
    let from = 0;
    let sig = false;
    if (l.first) {
      let depth = 0;
      while (text.charCodeAt(depth) === GT) depth++; // '>'
      const start = depth + (text.charCodeAt(depth) === SPACE ? 1 : 0); // one stuffed space
      // The signature separator is neither fixed nor flowed (RFC 3676 §4.3): a flowed line before it is not joined to it.
      sig = text.length - start === 3 && text.endsWith('-- ');
      if (!this.#pending || depth !== this.#depth || sig) {
        if (this.#pending) this.#break(false);
        emitSlice(this.out, l, 0, depth, this.#drift);
        if (depth > 0) this.#drift = false;
      }
      // A continuation loses its quote prefix and stuffing. A line that starts
      // a paragraph keeps its stuffed space: a blank changes no URI, and the
      // text then still moves with the file (no mark, no extra write).
      if (this.#pending && depth === this.#depth && !sig) {
        from = start;
        if (from > 0) this.#drift = true;
      } else from = depth;
      this.#pending = false;
      this.#depth = depth;
    }
    const soft = l.last && l.eol && !sig && text.endsWith(' ');
    // A line's start is marked: a decoded line need not be the next line of
    // the file (a quoted-printable soft break before an empty line joins two).
    emitSlice(this.out, l, from, soft && this.delSp ? text.length - 1 : text.length, this.#drift || l.first);
    if (text.length > from) this.#drift = false;
    if (soft) {
      this.#pending = true;
      this.#drift = true;
    } else if (l.last && l.eol) this.#break(l.cr);
  }

  /** A hard line break: the file's own (CRLF kept), or one put for a soft break that does not join. */
  #break(cr: boolean): void {
    this.out.write(cr ? '\r\n' : '\n');
  }
}
