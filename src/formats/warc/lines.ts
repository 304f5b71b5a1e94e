// One line of a WARC's header block, an HTTP header block, a chunk-size
// line or a metadata record, taken from the bytes as they come, in bounded
// memory: past `max` bytes the rest of the line is passed over, not kept.

import { isUtf8 } from 'node:buffer';

const LF = 0x0a;
const CR = 0x0d;

export class LineTaker {
  #parts: Uint8Array[] = [];
  #kept = 0;
  /** Bytes of the line, kept or not (its LF included once it has come). */
  length = 0;
  /** The line ran past `max`: only its first `max` bytes are kept. */
  over = false;
  max: number;

  constructor(max: number) {
    this.max = max;
  }

  /** Take bytes from `from` up to and including the next LF: the index after the LF, or -1 when the line goes on past the bytes. */
  take(bytes: Uint8Array, from: number): number {
    const lf = bytes.indexOf(LF, from);
    const end = lf === -1 ? bytes.length : lf + 1;
    const keep = Math.min(end - from, this.max - this.#kept);
    if (keep < end - from) this.over = true;
    if (keep > 0) {
      this.#parts.push(new Uint8Array(bytes.subarray(from, from + keep))); // a copy (a Buffer's slice() is a view): the caller may reuse its buffer
      this.#kept += keep;
    }
    this.length += end - from;
    return lf === -1 ? -1 : end;
  }

  /** The line taken, without its line end (CRLF or LF): UTF-8 when it is that, else latin1. Then the taker is empty again. */
  line(): string {
    const b = this.#parts.length === 1 ? Buffer.from(this.#parts[0]!) : Buffer.concat(this.#parts);
    let end = b.length;
    if (end > 0 && b[end - 1] === LF) end--;
    if (end > 0 && b[end - 1] === CR) end--;
    const body = b.subarray(0, end);
    this.clear();
    return body.toString(isUtf8(body) ? 'utf8' : 'latin1');
  }

  clear(): void {
    this.#parts = [];
    this.#kept = 0;
    this.length = 0;
    this.over = false;
  }
}
