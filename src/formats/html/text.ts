// The text of an HTML document, scanned as a Segment scans its text, but
// in runs: a page's many small text nodes, element boundaries and character references are
// copied into one buffer and handed to the scanner BATCH characters at a
// time (and whenever the sink flushes), not one string and one
// Scanner.write each. A mark records only the input index a piece starts
// at; its file position is looked up when a URI is found after it, or when
// the sink is about to let go of that part of the input (settle). The
// URLs of tags wait in the run until the URIs of the text before them are
// out (queue), so Founds come in document order.

import { Scanner } from '../../delimit/scanner.js';
import type { FoundRecord } from '../../delimit/match.js';
import type { ScanConfig } from '../../delimit/options.js';
import type { Found } from '../../delimit/types.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';
import { TextBatch } from './batch.js';
import { BATCH, COL, DIRECT, D_LINE, D_OFF, HELD, INPUT, LINE, LOOKBACK, OFF, QUEUE_LIMIT, WIDTH } from './layout.js';

/** Where the input indexes of marks are looked up. */
export interface Positions {
  /** The file position of input index i (an object the next call may reuse). */
  position(i: number): Position;
}

export class TextRun {
  readonly #ctx: FormatContext;
  readonly #scanner: Scanner;
  readonly #source: Source;
  readonly #positions: Positions;
  readonly #batch: TextBatch;
  /** Marks in decoded order: #marks[#head, #end). */
  #marks: Float64Array;
  #head = 0;
  #end = 0;
  /** Decoded characters handed to the scanner. */
  #scanned = 0;
  /** Founds of tags after the text written so far, waiting for the text Founds before them: [decoded offset, Found] pairs from #queueHead on. */
  #queue: (number | FoundRecord)[] = [];
  #queueHead = 0;
  /**
   * The tags queued that some chunking of the input may still hold:
   * [offset, Founds] pairs from #waitHead on (see roomFor), and their sum.
   */
  #waiting: number[] = [];
  #waitHead = 0;
  #waitCount = 0;
  /** Text written after a tag's offset by which its Founds are out, however the input is chunked. */
  readonly #horizon: number;

  /**
   * `batch`: the sink's, emptied (a run is scanned to its end before the next
   * one starts). `scanner`: one to reuse (after reset), made with `config`.
   */
  constructor(ctx: FormatContext, source: Source, config: ScanConfig, positions: Positions, batch: TextBatch, scanner?: Scanner) {
    this.#ctx = ctx;
    this.#batch = batch;
    this.#marks = batch.marks;
    batch.reset();
    this.#source = source;
    this.#positions = positions;
    this.#scanner = scanner ?? new Scanner(undefined, ctx.detach, ctx.memo, config);
    this.#horizon = BATCH + config.maxLength + HELD + LOOKBACK + 1;
  }

  /** The next character written stands at input index `input`. */
  mark(input: number): void {
    const at = this.#scanned + this.#batch.length;
    let e = this.#end;
    if (e > this.#head && this.#marks[e - WIDTH + D_OFF] === at) e -= WIDTH; // a later mark at the same place wins
    else if (e === this.#marks.length) e = this.#room();
    const m = this.#marks;
    m[e + D_OFF] = at;
    m[e + D_LINE] = this.#batch.line;
    m[e + INPUT] = input;
    m[e + LINE] = 0;
    this.#end = e + WIDTH;
  }

  /** Make room for a mark: drop the marks pruned, else grow. Returns where the next one goes. */
  #room(): number {
    const m = this.#marks;
    const live = this.#end - this.#head;
    if (this.#head * 2 >= m.length) m.copyWithin(0, this.#head, this.#end);
    else {
      this.#marks = this.#batch.marks = new Float64Array(m.length * 2);
      this.#marks.set(m.subarray(this.#head, this.#end));
    }
    this.#head = 0;
    this.#end = live;
    return live;
  }

  /** Write s[start, end). */
  copy(s: string, start: number, end: number): void {
    if (end - start >= DIRECT) {
      this.flush();
      this.#scan(this.#batch.big(s, start, end));
    } else if (!this.#batch.copy(s, start, end)) {
      this.flush();
      if (!this.#batch.copy(s, start, end)) this.#scan(this.#batch.big(s, start, end));
    }
  }

  /** Write one character (an element boundary). */
  char(c: number): void {
    if (!this.#batch.char(c)) {
      this.flush();
      this.#batch.char(c);
    }
  }

  /** Scan what is held: the URIs it completes are emitted now. */
  flush(): void {
    if (this.#batch.length > 0) this.#scan(this.#batch.take());
  }

  end(): void {
    this.flush();
    this.#place(this.#scanner.end());
    this.#release(Infinity);
  }

  /**
   * The Founds of a tag that stands after the text written so far: emitted
   * in document order, after the Founds of that text (which the scanner
   * may still hold) and before those of the text after the tag.
   */
  queue(found: readonly FoundRecord[]): void {
    const at = this.#scanned + this.#batch.length;
    for (let i = 0; i < found.length; i++) this.#queue.push(at, found[i]!);
    this.#waiting.push(at, found.length);
    this.#waitCount += found.length;
  }

  /**
   * May `n` more Founds wait in the queue? Whether they are out yet depends
   * on where the input was cut; this counts those that may not be, by the
   * text written since (the same for any chunking), so that a page of tags
   * with no text between them holds at most QUEUE_LIMIT.
   */
  roomFor(n: number): boolean {
    const w = this.#waiting;
    const done = this.#scanned + this.#batch.length - this.#horizon;
    let h = this.#waitHead;
    for (; h < w.length && w[h]! <= done; h += 2) this.#waitCount -= w[h + 1]!;
    this.#waitHead = compact(w, h);
    return this.#waitCount + n <= QUEUE_LIMIT;
  }

  /** Emit the queued Founds of tags before decoded offset `at`. */
  #release(at: number): void {
    const q = this.#queue;
    let h = this.#queueHead;
    if (h === q.length) return;
    const out = this.#ctx.out;
    for (; h < q.length && (q[h] as number) <= at; h += 2) out.push(q[h + 1] as FoundRecord);
    this.#queueHead = compact(q, h);
  }

  /** Look up the marks a Found may still need, while their input is at hand; forget the others. */
  settle(): void {
    this.flush();
    this.#prune(this.#scanned - this.#scanner.buffered - LOOKBACK);
    for (let i = this.#head; i < this.#end; i += WIDTH) if (this.#marks[i + LINE] === 0) this.#resolve(i);
  }

  #scan(text: string): void {
    this.#scanned += text.length;
    this.#place(this.#scanner.write(text));
    this.#release(this.#scanned - this.#scanner.buffered - LOOKBACK - 1); // no URI of the text yet to come starts before
  }

  #place(found: Found[]): void {
    const out = this.#ctx.out;
    for (let i = 0; i < found.length; i++) {
      const f = found[i] as FoundRecord;
      this.#release(f.offset); // the tags before it (a tag's text Founds start after its boundary character)
      this.#locate(f);
      f.source = this.#source;
      out.push(f);
    }
  }

  /** Move a Found from its decoded offset to its file position (as PositionMap does). */
  #locate(f: FoundRecord): void {
    const i = this.#last(f.offset);
    if (i === -1) return;
    const m = this.#marks;
    if (m[i + LINE] === 0) this.#resolve(i);
    const delta = f.offset - m[i + D_OFF]!;
    const sameLine = f.line === m[i + D_LINE]!;
    f.line = m[i + LINE]! + (f.line - m[i + D_LINE]!);
    f.column = sameLine ? m[i + COL]! + delta : f.column;
    f.offset = m[i + OFF]! + delta;
  }

  #resolve(i: number): void {
    const m = this.#marks;
    const p = this.#positions.position(m[i + INPUT]!);
    m[i + LINE] = p.line;
    m[i + COL] = p.column;
    m[i + OFF] = p.offset;
  }

  /** Index of the last mark at or before decoded offset `at`, or -1. */
  #last(at: number): number {
    const m = this.#marks;
    let lo = this.#head / WIDTH;
    let hi = this.#end / WIDTH;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (m[mid * WIDTH + D_OFF]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo * WIDTH === this.#head ? -1 : (lo - 1) * WIDTH;
  }

  /** Forget marks no Found at decoded offset `at` or later needs (the last one at or before `at` stays). */
  #prune(at: number): void {
    const last = this.#last(at); // a binary search: a settle may leave thousands of marks behind at once
    if (last > this.#head) this.#head = last;
  }
}

/** Drop the entries of `a` before `head` when they are all of it or most of it; the new head. */
function compact(a: unknown[], head: number): number {
  if (head === a.length) empty(a);
  else if (head > 4096 && head * 2 > a.length) a.splice(0, head);
  else return head;
  return 0;
}

/**
 * Empty `a`, keeping it. Optimized code pops inline, where setting `length`
 * calls into the runtime: some 450 instructions, once per tag with a URL.
 */
export function empty(a: unknown[]): void {
  while (a.length > 0) a.pop();
}
