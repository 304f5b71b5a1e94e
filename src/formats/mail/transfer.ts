// Content-Transfer-Encoding, streamed per line: quoted-printable (RFC 2045 §6.7), base64 (§6.8), and the identity encodings (identity.ts), with file positions marked.

import { isAscii } from 'node:buffer';
import { firstNonAscii } from './bulk.js';
import { Identity } from './identity.js';
import type { Line, Run } from './lines.js';
import { CASE_BIT, CR, DIGIT_0, DIGIT_9, EQUALS, LF, LOWER_A, LOWER_F, SPACE, TAB } from '../../uri/codes.js';

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

/**
 * Takes the decoded bytes of a run of whole lines at once (CharsetStage,
 * when it writes to a TextBatch): `marks` is flat [byte index, line,
 * column, offset] per mark, in order, each before the bytes from its index
 * on, as mark() and bytes() in turn would give them; `latin`: the bytes as
 * latin1 text, when at hand.
 */
export interface RunByteSink {
  readonly takesRunBytes: boolean;
  runBytes(b: Buffer, latin: string | undefined, marks: readonly number[]): void;
}

const LF_BYTE = new Uint8Array([LF]);

/**
 * The decoder for a lower-case Content-Transfer-Encoding; 7bit, 8bit, binary
 * and unknown ones pass through. Lines are marked where the decoded text
 * stops moving with the file (a part's start, after non-ASCII bytes, an
 * escape, a soft break, dropped blanks), or every line when `everyLine`
 * (for text reshaped line by line after decoding).
 */
export function transferDecoder(encoding: string, out: ByteSink, everyLine: boolean, runs?: RunTaker, runBytes?: RunByteSink): TransferDecoder {
  if (encoding === 'quoted-printable') return new QuotedPrintable(out, everyLine, runBytes);
  if (encoding === 'base64') return new Base64(out, runBytes);
  return new Identity(out, everyLine, runs, runBytes);
}

/** The identity encodings (7bit, 8bit, binary, and unknown ones). */
export function isIdentity(encoding: string): boolean {
  return encoding !== 'quoted-printable' && encoding !== 'base64';
}

const isBlank = (b: number | undefined): boolean => b === SPACE || b === TAB;

function hexValue(c: number | undefined): number {
  if (c === undefined) return -1;
  if (c >= DIGIT_0 && c <= DIGIT_9) return c - DIGIT_0;
  const l = c | CASE_BIT;
  return l >= LOWER_A && l <= LOWER_F ? l - LOWER_A + 10 : -1;
}

/** Longest run of trailing blanks held back at the end of a piece (a longer one is written as it is). */
const MAX_BLANKS = 1024;

class QuotedPrintable implements TransferDecoder {
  /** Bytes held from the end of the last piece (blanks, or an escape the piece cut). */
  #carry: Buffer = Buffer.alloc(0);

  #drift = true;
  readonly bulk: ((run: Run) => void) | undefined;

  constructor(readonly out: ByteSink, readonly everyLine: boolean, runBytes: RunByteSink | undefined) {
    this.bulk = runBytes === undefined ? undefined : (run) => this.#run(run, runBytes);
  }

  /**
   * A run of whole lines (no carry: the line before it ended) decoded in one
   * pass over its latin1 text, as line() decodes them one by one: the same
   * bytes (lines with nothing to decode copied as they are, CRLF kept; the
   * others' escapes decoded, trailing blanks dropped, a soft break joined,
   * LF put) and the same marks (at a line when it drifts, at every decoded
   * line, after each escape run).
   */
  #run(run: Run, sink: RunByteSink): void {
    if (!sink.takesRunBytes) return;
    const { chunk, latin, from, end } = run;
    const every = this.everyLine;
    const marks: number[] = [];
    let s = ''; // decoded bytes as latin1, up to `span`
    let span = from; // latin[span, p) is copied as it is
    let eqAt = latin.indexOf('=', from);
    let high = -1; // the first non-ASCII byte at or after the line, once looked for
    let drift = this.#drift;
    let no = run.no;
    for (let p = from; p < end; no++) {
      const nl = latin.indexOf('\n', p);
      const e = nl > p && latin.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
      if (eqAt !== -1 && eqAt < p) eqAt = latin.indexOf('=', p);
      const offset = run.offset + (p - from);
      if ((eqAt === -1 || eqAt >= e) && !(e > p && isBlank(latin.charCodeAt(e - 1)))) { // as #plain
        if (drift || every) marks.push(s.length + (p - span), no, 1, offset);
        if (high < p) high = firstNonAscii(chunk, p, end);
        drift = high <= nl;
        p = nl + 1;
        continue;
      }
      if (p > span) s += latin.slice(span, p);
      marks.push(s.length, no, 1, offset);
      drift = true;
      let stop = e;
      while (stop > p && isBlank(latin.charCodeAt(stop - 1))) stop--; // transport padding
      const soft = stop > p && latin.charCodeAt(stop - 1) === EQUALS;
      if (soft) stop--;
      let lit = p;
      for (let eq = eqAt; eq !== -1 && eq < stop; eq = latin.indexOf('=', eq + 1)) {
        if (eq + 2 >= stop || hexValue(latin.charCodeAt(eq + 1)) < 0 || hexValue(latin.charCodeAt(eq + 2)) < 0) continue; // a bad '=' is literal
        if (eq > lit) s += latin.slice(lit, eq);
        let k = eq;
        for (;;) {
          if (k + 2 >= stop || latin.charCodeAt(k) !== EQUALS) break;
          const hi = hexValue(latin.charCodeAt(k + 1));
          const lo = hexValue(latin.charCodeAt(k + 2));
          if (hi < 0 || lo < 0) break;
          s += String.fromCharCode(hi * 16 + lo);
          k += 3;
        }
        marks.push(s.length, no, k - p + 1, offset + (k - p));
        lit = k;
        eq = k - 1;
      }
      if (lit < stop) s += latin.slice(lit, stop);
      if (!soft) s += '\n';
      p = nl + 1;
      span = p;
    }
    if (end > span) s += latin.slice(span, end);
    this.#drift = drift;
    run.to = end;
    run.lines = no - run.no;
    sink.runBytes(Buffer.from(s, 'latin1'), s, marks);
  }

  line(l: Line): void {
    const b = l.bytes;
    if (l.first && l.last && this.#carry.length === 0 && b.indexOf(EQUALS) === -1 && !isBlank(b[b.length - 1])) {
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
    const soft = l.last && end > 0 && data[end - 1] === EQUALS;
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
      if (data[end - 1] === EQUALS) end -= 1;
      else if (end >= 2 && data[end - 2] === EQUALS) end -= 2;
    }
    this.#carry = Buffer.from(data.subarray(end));
    return end;
  }

  /** Decode data[0, end): literal runs as they are, `=XX` runs decoded with a mark after each. */
  #decode(data: Buffer, end: number, l: Line, dataStart: number): void {
    let from = 0;
    for (let eq = data.indexOf(EQUALS, 0); eq !== -1 && eq < end; eq = data.indexOf(EQUALS, eq + 1)) {
      if (eq + 2 >= end || hexValue(data[eq + 1]) < 0 || hexValue(data[eq + 2]) < 0) continue; // a bad '=' is literal
      if (eq > from) this.out.bytes(data.subarray(from, eq));
      let k = eq;
      const run: number[] = [];
      while (k + 2 < end && data[k] === EQUALS && hexValue(data[k + 1]) >= 0 && hexValue(data[k + 2]) >= 0) {
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

const EMPTY = Buffer.alloc(0);

/** A character line() would not take as it is in a run: not the alphabet, or a CR not before LF ('=' too: padding ends a decode). */
const NOT_PLAIN = /[^A-Za-z0-9+/\r\n]|\r(?!\n)/g;

/** base64 alphabet and '=' → true. */
const B64 = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=') B64[c.charCodeAt(0)] = 1;

class Base64 implements TransferDecoder {
  /** Characters of an unfinished quad. */
  #carry = '';
  readonly bulk: ((run: Run) => void) | undefined;

  constructor(readonly out: ByteSink, runBytes: RunByteSink | undefined) {
    this.bulk = runBytes === undefined ? undefined : (run) => this.#run(run, runBytes);
  }

  /**
   * A run of whole lines of alphabet characters only (a line with '=' or any
   * other character, and those after it, go through line()): one decode of
   * the run's text (the decoder passes over line breaks) with the carry
   * before it, the last characters of an unfinished quad carried, and a
   * mark per line where line() puts it (before the bytes its quads give).
   */
  #run(run: Run, sink: RunByteSink): void {
    // A carry that holds '=' (a padded quad cut by a line end) ends a decode there: line() splits it off (#emit), one decode of the run would stop at it.
    if (!sink.takesRunBytes || this.#carry.includes('=')) return;
    const { latin, from } = run;
    let end = run.end;
    NOT_PLAIN.lastIndex = from;
    const bad = NOT_PLAIN.exec(latin);
    if (bad !== null && bad.index < end) {
      const start = latin.lastIndexOf('\n', bad.index) + 1;
      if (start <= from) { // the first line: the walker gives it alone to line()
        run.end = latin.indexOf('\n', bad.index) + 1;
        return;
      }
      end = run.end = start;
    }
    const carry = this.#carry;
    const marks: number[] = [];
    let c = carry.length; // alphabet characters so far, from the carry's first
    let no = run.no;
    for (let p = from; p < end; no++) {
      const nl = latin.indexOf('\n', p);
      marks.push((c >> 2) * 3, no, 1, run.offset + (p - from));
      c += (nl > p && latin.charCodeAt(nl - 1) === CR ? nl - 1 : nl) - p;
      p = nl + 1;
    }
    run.to = end;
    run.lines = no - run.no;
    let keep = c & 3;
    if (c - carry.length <= keep) { // no quad ends in the run
      this.#carry = carry + latin.slice(from, end).replace(/[\r\n]/g, '');
      sink.runBytes(EMPTY, '', marks);
      return;
    }
    let cut = end;
    let tail = '';
    while (keep > 0) {
      const ch = latin.charCodeAt(--cut);
      if (ch !== LF && ch !== CR) {
        tail = latin[cut]! + tail;
        keep--;
      }
    }
    this.#carry = tail;
    sink.runBytes(Buffer.from(carry + latin.slice(from, cut), 'base64'), undefined, marks);
  }

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
