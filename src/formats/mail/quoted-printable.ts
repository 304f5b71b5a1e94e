// Quoted-printable (RFC 2045 §6.7), streamed per line: soft breaks joined, `=XX` escapes decoded, transport padding dropped, with file positions marked.

import { isAscii } from 'node:buffer';
import { nonAsciiAt } from './bulk.js';
import type { Line, Run } from './lines.js';
import { RUN_MARKS, type MarkList } from './mark-list.js';
import { decodeRun } from './run-bytes.js';
import type { ByteSink, RunByteSink, TransferDecoder } from './transfer.js';
import { CASE_BIT, CR, DIGIT_0, DIGIT_9, EQUALS, LF, LOWER_A, LOWER_F, SPACE, TAB } from '../../uri/codes.js';

const LF_BYTE = new Uint8Array([LF]);

const isBlank = (b: number | undefined): boolean => b === SPACE || b === TAB;

/** The value of a hex digit (either case), or -1. */
export function hexValue(c: number | undefined): number {
  if (c === undefined) return -1;
  if (c >= DIGIT_0 && c <= DIGIT_9) return c - DIGIT_0;
  const l = c | CASE_BIT;
  return l >= LOWER_A && l <= LOWER_F ? l - LOWER_A + 10 : -1;
}

/** Longest run of trailing blanks held back at the end of a piece (a longer one is written as it is). */
const MAX_BLANKS = 1024;

/**
 * The line latin[p, stop) of a run (padding and soft break left out; the
 * first "=" at or after p at `eq`, -1 when none) appended to `s` with its
 * `=XX` escapes decoded, and a mark after each run of escapes (line `no`,
 * which starts at file `offset`), as #decode writes a line.
 */
function decodeLine(latin: string, p: number, stop: number, eq: number, s: string, marks: MarkList, no: number, offset: number): string {
  let lit = p;
  for (; eq !== -1 && eq < stop; eq = latin.indexOf('=', eq + 1)) {
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
  return s;
}

export class QuotedPrintable implements TransferDecoder {
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
    const { latin, from, end } = run;
    const every = this.everyLine;
    const marks = RUN_MARKS.clear();
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
        if (high < p) high = nonAsciiAt(run, p); // may lie past the run: only `high <= nl` is asked
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
      s = decodeLine(latin, p, stop, eqAt, s, marks, no, offset);
      if (!soft) s += '\n';
      p = nl + 1;
      span = p;
    }
    if (end > span) s += latin.slice(span, end);
    this.#drift = drift;
    run.to = end;
    run.lines = no - run.no;
    sink.runBytes(decodeRun(s, 'latin1'), s, marks);
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
