// Content-Transfer-Encoding, streamed per line: quoted-printable (RFC 2045 §6.7), base64 (§6.8), and the identity encodings, with file positions marked.

import { isAscii } from 'node:buffer';
import type { Line, Run } from './lines.js';

/** Bytes of a part after transfer decoding, with the file positions of their starts. */
export interface ByteSink {
  /** The next byte written stands at this place in the input. */
  mark(line: number, column: number, offset: number): void;
  bytes(bytes: Uint8Array): void;
  end(): void;
}

/** One part's transfer decoder: fed the part's body lines. */
export interface TransferDecoder {
  line(line: Line): void;
  /** Whole lines at once, when it can take them (see Run). */
  readonly bulk?: ((run: Run) => void) | undefined;
  end(): void;
}

/** Takes runs of whole lines for the identity decoder; `drift` in and out: the next line must be marked. */
export interface RunTaker {
  take(run: Run, drift: boolean): boolean;
}

const LF_BYTE = new Uint8Array([0x0a]);
const EQ = 0x3d;

/**
 * The decoder for a lower-case Content-Transfer-Encoding; 7bit, 8bit, binary
 * and unknown ones pass through. Lines are marked where the decoded text
 * stops moving with the file (a part's start, after non-ASCII bytes, an
 * escape, a soft break, dropped blanks), or every line when `everyLine`
 * (for text reshaped line by line after decoding).
 */
export function transferDecoder(encoding: string, out: ByteSink, everyLine: boolean, runs?: RunTaker): TransferDecoder {
  if (encoding === 'quoted-printable') return new QuotedPrintable(out, everyLine);
  if (encoding === 'base64') return new Base64(out);
  return new Identity(out, everyLine, runs);
}

/** The identity encodings (7bit, 8bit, binary, and unknown ones). */
export function isIdentity(encoding: string): boolean {
  return encoding !== 'quoted-printable' && encoding !== 'base64';
}

class Identity implements TransferDecoder {
  /** The next line must be marked. */
  #drift = true;
  readonly bulk: ((run: Run) => void) | undefined;

  constructor(readonly out: ByteSink, readonly everyLine: boolean, runs: RunTaker | undefined) {
    this.bulk = runs === undefined ? undefined : (run) => (this.#drift = runs.take(run, this.#drift));
  }

  line(l: Line): void {
    if (l.first) {
      if (this.#drift || this.everyLine || l.start !== 0) this.out.mark(l.no, l.start + 1, l.offset + l.start);
      this.#drift = l.start !== 0;
    }
    const b = l.last && l.eol ? l.withEol : l.bytes;
    if (b.length > 0) this.out.bytes(b);
    if (!this.#drift && !isAscii(b)) this.#drift = true;
  }

  end(): void {
    this.out.end();
  }
}

const isBlank = (b: number | undefined): boolean => b === 0x20 || b === 0x09;

function hexValue(c: number | undefined): number {
  if (c === undefined) return -1;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/** Longest run of trailing blanks held back at the end of a piece (a longer one is written as it is). */
const MAX_BLANKS = 1024;

class QuotedPrintable implements TransferDecoder {
  /** Bytes held from the end of the last piece (blanks, or an escape the piece cut). */
  #carry: Buffer = Buffer.alloc(0);

  #drift = true;

  constructor(readonly out: ByteSink, readonly everyLine: boolean) {}

  line(l: Line): void {
    const b = l.bytes;
    if (l.first && l.last && this.#carry.length === 0 && b.indexOf(EQ) === -1 && !isBlank(b[b.length - 1])) {
      return this.#plain(l); // nothing to decode: as the identity encoding
    }
    if (l.first) this.out.mark(l.no, l.start + 1, l.offset + l.start);
    this.#drift = true;
    const data = this.#carry.length === 0 ? l.bytes : Buffer.concat([this.#carry, l.bytes]);
    const dataStart = l.start - this.#carry.length; // index in the line of data[0]
    let end = data.length;
    if (l.last) {
      while (end > 0 && isBlank(data[end - 1])) end--; // transport padding
      this.#carry = Buffer.alloc(0);
    } else {
      end = this.#held(data);
    }
    const soft = l.last && end > 0 && data[end - 1] === EQ;
    this.#decode(data, soft ? end - 1 : end, l, dataStart);
    if (l.last && l.eol && !soft) this.out.bytes(LF_BYTE);
  }

  end(): void {
    this.out.end();
  }

  #plain(l: Line): void {
    if (this.#drift || this.everyLine || l.start !== 0) this.out.mark(l.no, l.start + 1, l.offset + l.start);
    const b = l.eol ? l.withEol : l.bytes;
    if (b.length > 0) this.out.bytes(b);
    this.#drift = l.start !== 0 || !isAscii(b);
  }

  /** Where the part of data to decode now ends; the rest is carried to the next piece. */
  #held(data: Buffer): number {
    let end = data.length;
    while (end > 0 && data.length - end < MAX_BLANKS && isBlank(data[end - 1])) end--;
    if (data.length - end >= MAX_BLANKS) end = data.length;
    if (end === data.length) {
      if (data[end - 1] === EQ) end -= 1;
      else if (end >= 2 && data[end - 2] === EQ) end -= 2;
    }
    this.#carry = Buffer.from(data.subarray(end));
    return end;
  }

  /** Decode data[0, end): literal runs as they are, `=XX` runs decoded with a mark after each. */
  #decode(data: Buffer, end: number, l: Line, dataStart: number): void {
    let from = 0;
    for (let eq = data.indexOf(EQ, 0); eq !== -1 && eq < end; eq = data.indexOf(EQ, eq + 1)) {
      if (eq + 2 >= end || hexValue(data[eq + 1]) < 0 || hexValue(data[eq + 2]) < 0) continue; // a bad '=' is literal
      if (eq > from) this.out.bytes(data.subarray(from, eq));
      let k = eq;
      const run: number[] = [];
      while (k + 2 < end && data[k] === EQ && hexValue(data[k + 1]) >= 0 && hexValue(data[k + 2]) >= 0) {
        run.push(hexValue(data[k + 1]) * 16 + hexValue(data[k + 2]));
        k += 3;
      }
      this.out.bytes(Uint8Array.from(run));
      const column = dataStart + k; // 0-based index in the line after the run
      this.out.mark(l.no, column + 1, l.offset + column);
      from = k;
      eq = k - 1;
    }
    if (from < end) this.out.bytes(data.subarray(from, end));
  }
}

/** base64 alphabet and '=' → true. */
const B64 = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=') B64[c.charCodeAt(0)] = 1;

class Base64 implements TransferDecoder {
  /** Characters of an unfinished quad. */
  #carry = '';

  constructor(readonly out: ByteSink) {}

  line(l: Line): void {
    if (l.first) this.out.mark(l.no, 1, l.offset);
    const s = this.#carry + alphabetOnly(l.bytes);
    const n = s.length - (s.length % 4);
    this.#carry = s.slice(n);
    if (n > 0) this.#emit(s.slice(0, n));
  }

  end(): void {
    if (this.#carry.replace(/=/g, '').length >= 2) this.#emit(this.#carry);
    this.#carry = '';
    this.out.end();
  }

  /** Whole quads; a padded quad ends a run, and decoding starts afresh after it. */
  #emit(s: string): void {
    let from = 0;
    for (let eq = s.indexOf('='); eq !== -1; eq = s.indexOf('=', from)) {
      const quadEnd = Math.min(s.length, (Math.floor(eq / 4) + 1) * 4);
      this.#bytes(s.slice(from, quadEnd));
      from = quadEnd;
    }
    if (from < s.length) this.#bytes(s.slice(from));
  }

  #bytes(s: string): void {
    const b = Buffer.from(s, 'base64');
    if (b.length > 0) this.out.bytes(b);
  }
}

function alphabetOnly(b: Buffer): string {
  let clean = true;
  for (let i = 0; i < b.length && clean; i++) clean = B64[b[i]!] === 1;
  if (clean) return b.toString('latin1');
  let s = '';
  for (let i = 0; i < b.length; i++) if (B64[b[i]!] === 1) s += String.fromCharCode(b[i]!);
  return s;
}
