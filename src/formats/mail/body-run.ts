// A text part's body read a run of whole lines at a time (identity transfer
// encoding, a charset that reads runs as it reads lines, plain or
// format=flowed text into a Segment): a decode and a write per run, with the
// text and the marks the line path would give.

import type { TextBatch } from './batch.js';
import { countNL, nonAsciiAt } from './bulk.js';
import type { CharsetStage } from './charset.js';
import type { FlowedSink } from './flowed.js';
import { FlowedRun } from './flowed-run.js';
import type { Run } from './lines.js';
import type { RunTaker } from './transfer.js';
import { CR, GT, LF, SPACE } from '../../uri/codes.js';

export class BodyRun implements RunTaker {
  readonly #charset: CharsetStage;
  readonly #batch: TextBatch;
  readonly #flowed: FlowedSink | undefined;

  constructor(charset: CharsetStage, batch: TextBatch, flowed: FlowedSink | undefined) {
    this.#charset = charset;
    this.#batch = batch;
    this.#flowed = flowed;
  }

  /** Take what it can of `run`; `drift`: the identity decoder would mark the run's first line (a flowed run is marked anyway). Returns the drift after. */
  take(run: Run, drift: boolean): boolean {
    const flowed = this.#flowed;
    const runs = this.#charset.runs;
    if (runs === 'none') return drift;
    const { latin, from } = run;
    if (latin.startsWith('\xef\xbb\xbf', from)) return drift; // a BOM: the line path
    if (flowed !== undefined && (!flowed.idle || startsSoft(latin, from))) return this.#flowedRun(run, flowed, drift);
    const breaks = flowed !== undefined ? cutSoft(run) : undefined;
    let ascii = run.end > from && nonAsciiAt(run, from) >= run.end;
    if (!ascii && runs === 'ascii' && run.end > from) {
      run.end = latin.lastIndexOf('\n', nonAsciiAt(run, from)) + 1; // up to the line 'auto' must look at
      ascii = true;
    }
    if (run.end <= from) return drift;
    run.to = run.end;
    if (flowed === undefined) return this.#pieces(run, ascii, drift, undefined);
    const next = this.#pieces(run, ascii, true, breaks); // marked however FlowedSink left its text: a mark costs one entry a run
    flowed.drift &&= !this.#filled;
    return next;
  }

  /** format=flowed from a soft break on: the run's lines at once (FlowedRun); while 'auto' is still looking, up to its first non-ASCII line. */
  #flowedRun(run: Run, flowed: FlowedSink, drift: boolean): boolean {
    const { latin, from } = run;
    const bad = nonAsciiAt(run, from);
    const ascii = bad >= run.end || this.#charset.runs === 'ascii';
    const end = bad >= run.end || !ascii ? run.end : latin.lastIndexOf('\n', bad) + 1;
    if (end <= from) return drift;
    run.end = run.to = end;
    const text = this.#charset.bulkText(run.chunk, from, end, ascii ? latin.slice(from, end) : undefined);
    run.lines = FLOWED_RUN.write(text, latin, from, ascii, run.no, run.offset, flowed, this.#batch);
    return true;
  }

  /** A non-empty line was written by the last #pieces. */
  #filled = false;

  /**
   * Write the run: ASCII stretches as they are, each non-ASCII line decoded
   * on its own, and the line after it marked (its text no longer moves with
   * the file), as the identity decoder marks. Marked at the start when
   * `mark`: in plain text at the first line, in format=flowed at the first
   * non-empty one (as FlowedSink marks), when `breaks` holds the run's line
   * breaks (else they are counted here). Returns whether the next line must
   * be marked.
   */
  #pieces(run: Run, ascii: boolean, mark: boolean, breaks: Breaks | undefined): boolean {
    const { latin, to } = run;
    let from = run.from;
    let no = run.no; // of the line at `from`, while marks may follow
    if (mark && breaks !== undefined) {
      const k = pastEmpty(latin, from, to);
      no += this.#piece(run, from, k, true, breaks.upTo(k));
      from = k;
    }
    this.#filled = from < to;
    while (from < to) {
      if (mark) this.#batch.mark(no, 1, run.offset + (from - run.from));
      mark = false;
      const bad = ascii ? to : Math.min(nonAsciiAt(run, from), to);
      const start = bad === to ? to : latin.lastIndexOf('\n', bad) + 1; // of the non-ASCII line
      no += this.#piece(run, from, start, true, breaks === undefined ? countNL(latin, from, start) : breaks.upTo(start));
      if (bad === to) break;
      from = latin.indexOf('\n', bad) + 1;
      no += this.#piece(run, start, from, false, breaks === undefined ? 1 : breaks.upTo(from));
      mark = true;
    }
    run.lines = no - run.no;
    return mark;
  }

  /** Write the text of latin[from, to), which holds `lines` line breaks (as the batch is told); returns them. */
  #piece(run: Run, from: number, to: number, ascii: boolean, lines: number): number {
    if (to <= from) return 0;
    const text = this.#charset.bulkText(run.chunk, from, to, ascii ? run.latin.slice(from, to) : undefined);
    this.#batch.writeRun(text, lines);
    return lines;
  }
}

/** Past the empty lines at latin[from…] (LF or CRLF). */
function pastEmpty(latin: string, from: number, to: number): number {
  let k = from;
  while (k < to && (latin.charCodeAt(k) === LF || latin.startsWith('\r\n', k))) k += latin.charCodeAt(k) === LF ? 1 : 2;
  return k;
}

/** FlowedSink's signature separator: "-- " after the quote prefix and a stuffed space (a hard break, though it ends with a space). */
function isSignature(latin: string, start: number, e: number): boolean {
  let k = start;
  while (k < e && latin.charCodeAt(k) === GT) k++;
  if (latin.charCodeAt(k) === SPACE) k++;
  return e - k === 3 && latin.startsWith('-- ', k);
}

/** Does the line at latin[from…] end with a soft break (a space, and no signature separator)? */
function startsSoft(latin: string, from: number): boolean {
  const nl = latin.indexOf('\n', from);
  const e = nl > from && latin.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
  return e > from && latin.charCodeAt(e - 1) === SPACE && !isSignature(latin, from, e);
}

/**
 * The line breaks of a run, as the walk that cut it found them: #pieces
 * counts its stretches' lines from here, not with a search of its own.
 * One list, reused (runs do not nest).
 */
class Breaks {
  readonly #at: number[] = [];
  #n = 0;
  /** Breaks before #at[#k] have been counted. */
  #k = 0;

  clear(): this {
    this.#n = 0;
    this.#k = 0;
    return this;
  }

  add(nl: number): void {
    this.#at[this.#n++] = nl;
  }

  /** The breaks before `to` not yet counted (`to` only grows). */
  upTo(to: number): number {
    const at = this.#at;
    const k0 = this.#k;
    let k = k0;
    while (k < this.#n && at[k]! < to) k++;
    this.#k = k;
    return k - k0;
  }
}

const BREAKS = new Breaks();

/** One walker, reused (runs do not nest). */
const FLOWED_RUN = new FlowedRun();

/**
 * format=flowed: narrow the run to before its first line that ends with a
 * space and is no signature separator (a soft break: the line path joins
 * it); returns the line breaks before that line.
 */
function cutSoft(run: Run): Breaks {
  const { latin, from } = run;
  const breaks = BREAKS.clear();
  let start = from;
  for (let nl = latin.indexOf('\n', from); nl !== -1 && nl < run.end; nl = latin.indexOf('\n', nl + 1)) {
    const e = nl > start && latin.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
    if (e > start && latin.charCodeAt(e - 1) === SPACE && !isSignature(latin, start, e)) {
      run.end = start;
      break;
    }
    breaks.add(nl);
    start = nl + 1;
  }
  return breaks;
}
