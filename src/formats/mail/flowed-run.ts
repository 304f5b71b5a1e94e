// format=flowed (RFC 3676) over a run of whole lines at once: the text
// FlowedSink would write line by line, written to the batch in stretches
// that move with the file, each marked where it stops doing so (after a
// soft break's deleted space and line break, a continuation's quote prefix
// and stuffing, or a line break put where a soft break does not join).

import type { TextBatch } from './batch.js';
import type { FlowedSink } from './flowed.js';
import { CR, GT, SPACE } from '../../uri/codes.js';

export class FlowedRun {
  #batch!: TextBatch;
  #text = '';
  /** File line, and the start of the line in text and its file offset. */
  #no = 0;
  #lineStart = 0;
  #lineOffset = 0;
  /** The stretch not yet written: text[#from, #to), holding #lines line breaks (#to is -1 when none is open). */
  #from = 0;
  #to = -1;
  #lines = 0;

  /**
   * Write text, the decoded text of whole lines latin[at…] (bytes as latin1
   * text, the same as text when `ascii`) of which the first is file line
   * `no` at file offset `offset`, as `flowed` would write its lines to
   * `batch`, and leave `flowed` as they would. Returns the lines read.
   */
  write(text: string, latin: string, at: number, ascii: boolean, no: number, offset: number, flowed: FlowedSink, batch: TextBatch): number {
    this.#batch = batch;
    this.#text = text;
    this.#no = no;
    this.#to = -1;
    let pending = !flowed.idle;
    let depth = flowed.depth;
    for (let s = 0, b = at; s < text.length; this.#no++) {
      const nl = text.indexOf('\n', s);
      const e = nl > s && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
      this.#lineStart = s;
      this.#lineOffset = offset + (b - at);
      let d = s;
      while (text.charCodeAt(d) === GT) d++; // '>'
      const start = d + (text.charCodeAt(d) === SPACE ? 1 : 0); // one stuffed space
      const sig = e - start === 3 && text.startsWith('-- ', start); // RFC 3676 §4.3: neither fixed nor flowed
      let from = start; // a continuation loses its quote prefix and stuffing (§4.5)
      if (!pending || d - s !== depth || sig) {
        if (pending) this.#putBreak(); // a soft break before another quote depth does not join (§4.5)
        this.#emit(s, d);
        from = d;
      }
      depth = d - s;
      pending = !sig && e > s && text.charCodeAt(e - 1) === SPACE; // §4.2: a soft break
      this.#emit(from, pending && flowed.delSp ? e - 1 : e);
      if (!pending) this.#emit(e, nl + 1, 1); // the file's own line break
      const next = ascii ? b + (nl + 1 - s) : latin.indexOf('\n', b) + 1;
      if (next - b !== nl + 1 - s) this.#flush(); // text no longer moves with the bytes: the next line is marked
      b = next;
      s = nl + 1;
    }
    this.#flush();
    flowed.resume(pending, depth);
    return this.#no - no;
  }

  /** Put text[a, b), holding `lines` line breaks: it extends the open stretch when it follows it in the file, else starts one, marked. */
  #emit(a: number, b: number, lines = 0): void {
    if (b <= a) return;
    if (a !== this.#to) {
      this.#flush();
      this.#batch.mark(this.#no, a - this.#lineStart + 1, this.#lineOffset + (a - this.#lineStart));
      this.#from = a;
    }
    this.#to = b;
    this.#lines += lines;
  }

  /** A line break of no place in the file. */
  #putBreak(): void {
    this.#flush();
    this.#batch.writeRun('\n', 1);
  }

  #flush(): void {
    if (this.#to === -1) return;
    this.#batch.writeRun(this.#text.slice(this.#from, this.#to), this.#lines);
    this.#to = -1;
    this.#lines = 0;
  }
}
