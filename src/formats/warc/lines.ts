// One line of a WARC's header block, an HTTP header block, a chunk-size
// line or a metadata record, taken from the bytes as they come, in bounded
// memory: past `max` bytes the rest of the line is passed over, not kept.
// A line that comes whole in one chunk is read where it stands, not copied:
// its reader calls line() before the chunk's bytes can change (in the same
// write); one cut by a chunk's end is kept as copies.

import { isUtf8 } from 'node:buffer';
import type { Cursor } from './cursor.js';

const LF = 0x0a;
const CR = 0x0d;

export class LineTaker {
  #parts: Uint8Array[] = [];
  /** The line, when it came whole in the last bytes taken: a view of them. */
  #whole: Uint8Array | undefined;
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
    if (keep > 0 && lf !== -1 && this.#kept === 0) this.#whole = bytes.subarray(from, from + keep);
    else if (keep > 0) this.#parts.push(new Uint8Array(bytes.subarray(from, from + keep))); // a copy (a Buffer's slice() is a view): the caller may reuse its buffer
    this.#kept += keep;
    this.length += end - from;
    return lf === -1 ? -1 : end;
  }

  /** take(), and `cursor` moved past the bytes it passed. */
  takePast(bytes: Uint8Array, from: number, cursor: Cursor): number {
    const end = this.take(bytes, from);
    cursor.pass(bytes, from, end === -1 ? bytes.length : end);
    return end;
  }

  /** The line taken, without its line end (CRLF or LF): UTF-8 when it is that, else latin1. Then the taker is empty again. Read before the bytes of the last take() change. */
  line(): string {
    const one = this.#whole ?? (this.#parts.length === 1 ? this.#parts[0]! : undefined);
    const b = one === undefined ? Buffer.concat(this.#parts) : Buffer.from(one.buffer, one.byteOffset, one.length);
    let end = b.length;
    if (end > 0 && b[end - 1] === LF) end--;
    if (end > 0 && b[end - 1] === CR) end--;
    const body = b.subarray(0, end);
    this.clear();
    return body.toString(isUtf8(body) ? 'utf8' : 'latin1');
  }

  clear(): void {
    if (this.#parts.length > 0) this.#parts.length = 0;
    this.#whole = undefined;
    this.#kept = 0;
    this.length = 0;
    this.over = false;
  }
}
