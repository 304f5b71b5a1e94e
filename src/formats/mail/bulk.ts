// Runs of whole lines read at once (see Run in lines.ts): where a run must
// stop so that the lines which matter one by one (a From_ line, a `>From `
// escape, a boundary) still go through the line path. A stop is a property
// of the bytes alone, so each kind is looked for once per chunk: runs only
// move forward, and never past a stop. Searches run on the chunk's latin1
// text (String#indexOf costs far less per call than Buffer#indexOf).

import type { Run } from './lines.js';
import { firstNonAscii } from '../../stream/utf8.js';
import { CR, GT, LF } from '../../uri/codes.js';


/** The first line start in latin[from, limit) where a run must stop (limit if none). */
export type StopFinder = (latin: string, from: number, limit: number) => number;

/** One kind of stop; the Run keeps where it next is in the current chunk. */
export class Stops {
  readonly #find: StopFinder;
  readonly #slot: number;

  constructor(find: StopFinder, slot: number) {
    this.#find = find;
    this.#slot = slot * 2;
  }

  /** Narrow run.end to the next stop; false when the run is then empty. */
  narrow(run: Run): boolean {
    const cache = run.stops;
    const k = this.#slot;
    if (cache[k] !== run.gen || run.from > cache[k + 1]!) {
      cache[k] = run.gen;
      cache[k + 1] = this.#find(run.latin, run.from, run.limit);
    }
    if (cache[k + 1]! < run.end) run.end = cache[k + 1]!;
    return run.end > run.from;
  }
}

/** A line that starts with "--" (a boundary, or not: the line path decides). */
const dashLine: StopFinder = (latin, from, limit) => {
  if (latin.startsWith('--', from)) return from;
  const p = latin.indexOf('\n--', from);
  return p === -1 || p + 1 >= limit ? limit : p + 1;
};

/** A line that starts with "From " or ">…>From " (a From_ separator, or an escape to undo). */
const fromLine: StopFinder = (latin, from, limit) => {
  for (let p = latin.indexOf('From ', from); p !== -1 && p < limit; p = latin.indexOf('From ', p + 1)) {
    let q = p;
    while (q > from && latin.charCodeAt(q - 1) === GT) q--;
    if (q === from || latin.charCodeAt(q - 1) === LF) return q;
  }
  return limit;
};

export const FROM_STOPS = new Stops(fromLine, 0);
export const DASH_STOPS = new Stops(dashLine, 1);

/**
 * The first non-ASCII byte of the run's chunk at or after `from` (run.limit
 * if none is before it), kept with the stops as [gen, from, found]: a run's
 * checks (its header block's, its body's, each line's in turn) and those of
 * the runs after it up to that byte ask no more of the chunk's bytes.
 */
export function nonAsciiAt(run: Run, from: number): number {
  const cache = run.stops;
  if (cache[4] !== run.gen || from < cache[5]! || from > cache[6]!) {
    cache[4] = run.gen;
    cache[5] = from;
    cache[6] = firstHigh(run, from);
  }
  return cache[6]!;
}

/**
 * Bytes read four at a time before the search goes on with isAscii: the
 * stretch to the next non-ASCII line of a UTF-8 body is mostly shorter, and
 * an isAscii call (a view of the chunk made, then the native call) costs
 * about what a few hundred bytes read here do.
 */
const NEAR = 2048;

/** The first non-ASCII byte of run.chunk[from, run.limit) (run.limit if none). */
function firstHigh(run: Run, from: number): number {
  const limit = run.limit;
  const near = Math.min(limit, from + NEAR);
  const i = highIn(run, from, near);
  return i < near || near === limit ? i : firstNonAscii(run.chunk, near, limit);
}

/** The first byte of run.chunk[from, to) with its high bit set (`to` if none): whole aligned words in between. */
function highIn(run: Run, from: number, to: number): number {
  const chunk = run.chunk;
  const at = chunk.byteOffset; // chunk[i] is byte at + i of its ArrayBuffer
  const base = (at + 3) & ~3; // words[w] is bytes base + 4w …
  const words = (run.words ??= new Int32Array(chunk.buffer, base, Math.max(0, (at + chunk.length - base) >> 2)));
  let i = from;
  for (; i < to && ((at + i) & 3) !== 0; i++) if (chunk[i]! >= 0x80) return i;
  let w = (at + i - base) >> 2;
  const end = Math.min(words.length, (at + to - base) >> 2);
  while (w < end && (words[w]! & 0x80808080) === 0) w++;
  for (i = Math.max(i, base - at + w * 4); i < to; i++) if (chunk[i]! >= 0x80) return i;
  return to;
}

/** Line breaks in text[from, to). */
export function countNL(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Is the last line of latin[from, to) (which ends with a line break) empty? */
export function lastLineEmpty(latin: string, from: number, to: number): boolean {
  const k = to - 2 >= from && latin.charCodeAt(to - 2) === CR ? to - 2 : to - 1;
  return k === from || latin.charCodeAt(k - 1) === LF;
}
