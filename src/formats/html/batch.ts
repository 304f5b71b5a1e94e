// Decoded text gathered into one buffer (short pieces character by
// character, long ones by the platform), and made a
// string once per BATCH characters: the many small pieces of a page's text
// cost no string each (no slice, no concatenation, nothing for the GC).

import { endianness } from 'node:os';
import { BATCH, NATIVE } from './layout.js';
import { LF } from '../../uri/codes.js';

const LITTLE_ENDIAN = endianness() === 'LE';

const NOT_LATIN1 = /[^\x00-\xff]/;

export class TextBatch {
  readonly #u16 = new Uint16Array(BATCH);
  readonly #wide = Buffer.from(this.#u16.buffer);
  readonly #narrow = Buffer.alloc(BATCH);
  /** Characters held. */
  length = 0;
  /** The 1-based decoded line the next character is on (counted over every batch). */
  line = 1;
  /** The marks of the run of text using this batch (see TextRun), kept from run to run. */
  marks = new Float64Array(6 * 256);
  /** The bits of every character held: under 0x100, the text is Latin-1. */
  #bits = 0;

  /** Add s[start, end); false (and nothing added) when it does not fit. */
  copy(s: string, start: number, end: number): boolean {
    let n = this.length;
    if (n + (end - start) > BATCH) return false;
    if (end - start >= NATIVE && LITTLE_ENDIAN) {
      this.#copyLong(s.slice(start, end));
      return true;
    }
    const u16 = this.#u16;
    let bits = this.#bits;
    let line = this.line;
    for (let i = start; i < end; i++) {
      const c = s.charCodeAt(i);
      u16[n++] = c;
      bits |= c;
      if (c === LF) line++;
    }
    this.length = n;
    this.#bits = bits;
    this.line = line;
    return true;
  }

  /** A long piece that fits, copied by the platform: its line breaks found with indexOf, its width with a regular expression. */
  #copyLong(piece: string): void {
    this.#wide.write(piece, this.length * 2, 'utf16le');
    this.length += piece.length;
    for (let i = piece.indexOf('\n'); i !== -1; i = piece.indexOf('\n', i + 1)) this.line++;
    if (this.#bits < 0x100 && NOT_LATIN1.test(piece)) this.#bits = 0x100;
  }

  /** Add one character; false when the batch is full. */
  char(c: number): boolean {
    if (this.length === BATCH) return false;
    this.#u16[this.length++] = c;
    this.#bits |= c;
    if (c === LF) this.line++;
    return true;
  }

  /** s[start, end), too long for a batch, as a string (the batch is empty): its lines are counted. */
  big(s: string, start: number, end: number): string {
    const text = s.slice(start, end);
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.line++;
    return text;
  }

  /** Start over: nothing held, on line 1 (for the next run of text). */
  reset(): void {
    this.length = 0;
    this.line = 1;
    this.#bits = 0;
  }

  /** The characters held, as a string; the batch is emptied. */
  take(): string {
    const n = this.length;
    const u16 = this.#u16;
    let text: string;
    if (this.#bits < 0x100) {
      this.#narrow.set(u16.subarray(0, n));
      text = this.#narrow.toString('latin1', 0, n);
    } else if (LITTLE_ENDIAN) text = this.#wide.toString('utf16le', 0, n * 2);
    else {
      text = '';
      for (let i = 0; i < n; i += 4096) text += String.fromCharCode(...u16.subarray(i, Math.min(n, i + 4096)));
    }
    this.length = 0;
    this.#bits = 0;
    return text;
  }
}
