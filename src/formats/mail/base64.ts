// Base64 (RFC 2045 §6.8), streamed per line: characters outside the alphabet ignored, a quad cut by a line end carried, with a mark per line.

import type { Line, Run } from './lines.js';
import { RUN_MARKS } from './mark-list.js';
import { decodeRun } from './run-bytes.js';
import type { ByteSink, RunByteSink, TransferDecoder } from './transfer.js';
import { CR, LF } from '../../uri/codes.js';

const EMPTY = Buffer.alloc(0);

/** A character line() would not take as it is in a run: not the alphabet, or a CR not before LF ('=' too: padding ends a decode). */
const NOT_PLAIN = /[^A-Za-z0-9+/\r\n]|\r(?!\n)/g;

/** base64 alphabet and '=' → true. */
const B64 = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=') B64[c.charCodeAt(0)] = 1;

export class Base64 implements TransferDecoder {
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
    const marks = RUN_MARKS.clear();
    let c = carry.length; // alphabet characters so far, from the carry's first
    let no = run.no;
    for (let p = from; p < end; no++) {
      const nl = latin.indexOf('\n', p);
      const cut = (4 - (c & 3)) & 3; // characters of a quad the line break cut, whose bytes are the line before's
      marks.push(((c + 3) >> 2) * 3, no, 1 + cut, run.offset + (p - from) + cut);
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
    sink.runBytes(decodeRun(carry + latin.slice(from, cut), 'base64'), undefined, marks);
  }

  /**
   * A line's quads, after a mark where its first whole quad starts: the
   * bytes of a quad the line break before it cut are the line before's.
   */
  line(l: Line): void {
    const carry = this.#carry;
    const s = carry + alphabetOnly(l.bytes);
    const cut = carry.length === 0 ? 0 : 4 - carry.length;
    let from = 0;
    if (l.first && cut > 0 && s.length >= 4) {
      this.#emit(s.slice(0, 4));
      from = 4;
    }
    if (l.first && s.length - carry.length > cut) {
      const at = alphabetIndex(l.bytes, cut);
      this.out.mark(l.no, 1 + at, l.offset + at);
    }
    const n = s.length - (s.length % 4);
    this.#carry = s.slice(n);
    if (n > from) this.#emit(s.slice(from, n));
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

/** Index in `b` of its alphabet character number `k` (0-based). */
function alphabetIndex(b: Buffer, k: number): number {
  let i = 0;
  for (; i < b.length; i++) if (B64[b[i]!] === 1 && k-- === 0) break;
  return i;
}

function alphabetOnly(b: Buffer): string {
  let clean = true;
  for (let i = 0; i < b.length && clean; i++) clean = B64[b[i]!] === 1;
  if (clean) return b.toString('latin1');
  let s = '';
  for (let i = 0; i < b.length; i++) if (B64[b[i]!] === 1) s += String.fromCharCode(b[i]!);
  return s;
}
