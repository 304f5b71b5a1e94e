// The tail of the decoded HTML that the tokenizer's callbacks may still
// slice, and the decoded line and column of any index in it.

import type { Position, PositionMap } from '../positions.js';

/**
 * Text kept before the newest chunk. The tokenizer reports text and
 * attribute data at each chunk's end, so what a callback slices from earlier
 * chunks is a tag or attribute name, or a "<" or "&" that turned out to be
 * text: short, unless the input is hostile, when its start is cut.
 */
export const KEEP = 64 * 1024;

export class TextWindow {
  /** Chunks from #head on, and the index of each one's first character. */
  #chunks: string[] = [];
  #offsets: number[] = [];
  #head = 0;
  /** Index of the end of the text. */
  #end = 0;
  /** Indexes of the line breaks from #nlHead on (each found once, when its chunk comes), and how many came before them. */
  #nl: number[] = [];
  #nlHead = 0;
  #nlBase = 0;
  /** Line breaks (from #nlHead) before the index last sought: lookups mostly move forward. */
  #k = 0;
  /** Where the line the window starts in begins (after the last break dropped, or the text's start). */
  #lineStart = 0;
  /** Where the last slice found its chunk: slices move forward. */
  #hint = 0;
  /** Decoded line and column of the index last sought (see seek). */
  seekLine = 1;
  seekColumn = 1;

  /** Index of the first character still held. */
  get start(): number {
    return this.#head < this.#chunks.length ? this.#offsets[this.#head]! : this.#end;
  }

  get end(): number {
    return this.#end;
  }

  /** 1-based decoded line at the end of the text. */
  get line(): number {
    return this.#nlBase + (this.#nl.length - this.#nlHead) + 1;
  }

  push(chunk: string): void {
    if (chunk.length === 0) return;
    this.#chunks.push(chunk);
    this.#offsets.push(this.#end);
    const nl = this.#nl;
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) nl.push(this.#end + i);
    this.#end += chunk.length;
  }

  /** Text [start, end), from the window's start when `start` fell out of it. */
  slice(start: number, end: number): string {
    start = Math.max(start, this.start);
    if (end <= start) return '';
    let k = this.#find(start);
    const first = this.#chunks[k]!;
    let at = this.#offsets[k]!;
    let text = first.slice(start - at, end - at);
    for (at += first.length; at < end; at += this.#chunks[k]!.length) text += this.#chunks[++k]!.slice(0, end - at);
    return text;
  }

  /** Set seekLine and seekColumn to the 1-based decoded line and column of index i (clamped to the window). */
  seek(i: number): void {
    i = Math.min(Math.max(i, this.start), this.#end);
    const nl = this.#nl;
    let k = this.#k;
    if (k > this.#nlHead && nl[k - 1]! >= i) k = this.#below(i);
    while (k < nl.length && nl[k]! < i) k++;
    this.#k = k;
    this.seekLine = this.#nlBase + (k - this.#nlHead) + 1;
    // Before the window's first break, the line may have started before the window: the column counts from its start.
    this.seekColumn = k > this.#nlHead ? i - nl[k - 1]! : i - this.#lineStart + 1;
  }

  /** The 1-based decoded line index i (in the window) is on: as `line` was when the text ended at i. */
  lineAt(i: number): number {
    return this.#nlBase + (this.#below(i) - this.#nlHead) + 1;
  }

  /** How many breaks (from #nlHead) stand before index i: a binary search, for a lookup behind the last one. */
  #below(i: number): number {
    const nl = this.#nl;
    let lo = this.#nlHead;
    let hi = nl.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (nl[mid]! < i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Drop what lies more than KEEP before the end (the newest chunk always stays). */
  trim(): void {
    const last = this.#chunks.length - 1;
    let h = this.#head;
    while (h < last && this.#offsets[h + 1]! <= this.#end - KEEP) h++;
    if (h === this.#head) return;
    for (let k = this.#head; k < h; k++) this.#chunks[k] = ''; // let go of the text, not only of its index
    this.#head = h;
    this.#dropBreaks(this.#offsets[h]!);
    if (h > 1024 && h * 2 > this.#chunks.length) {
      this.#chunks = this.#chunks.slice(h);
      this.#offsets = this.#offsets.slice(h);
      this.#hint = Math.max(0, this.#hint - h);
      this.#head = 0;
    }
  }

  /** Forget the line breaks before index `to` (the window's new start), counting them. */
  #dropBreaks(to: number): void {
    const nl = this.#nl;
    let n = this.#nlHead;
    while (n < nl.length && nl[n]! < to) {
      this.#lineStart = nl[n]! + 1;
      n++;
    }
    this.#nlBase += n - this.#nlHead;
    this.#k = Math.max(this.#k, n);
    this.#nlHead = n;
    if (n > 4096 && n * 2 > nl.length) {
      this.#nl = nl.slice(n);
      this.#k -= n;
      this.#nlHead = 0;
    }
  }

  /** The chunk holding index i (the last one for the end). */
  #find(i: number): number {
    let k = Math.max(this.#hint, this.#head);
    while (k > this.#head && this.#offsets[k]! > i) k--;
    while (k + 1 < this.#chunks.length && this.#offsets[k + 1]! <= i) k++;
    this.#hint = k;
    return k;
  }
}

/**
 * The file position of decoded index i, in `p` (reused by the caller): where
 * `map` places it (a part of a mail, a page's charset), else its line and
 * column in `window`, its offset i.
 */
export function positionIn(window: TextWindow, map: PositionMap, i: number, p: Position): Position {
  window.seek(i);
  if (!map.locateInto(i, window.seekLine, window.seekColumn, p)) {
    p.line = window.seekLine;
    p.column = window.seekColumn;
    p.offset = i;
  }
  return p;
}
