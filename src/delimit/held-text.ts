// The text a Scanner holds, and where it stands in the whole text: its
// absolute offset, the scan point, the floor no scheme starts before, and
// what the text already dropped still says (the line count, the quote level
// of the line that goes on into the held text). New text is joined to it as
// one flat string, or takes its place when nothing held can matter to it
// (held.ts says when a look back may reach it); after a scan it is trimmed
// to CONTEXT characters before the scan point.

import { CONTEXT, reachesHeld } from './held.js';
import type { FoundRecord } from './match.js';
import { LineCounter } from './position.js';
import { prefixEnded, quoteLevelAt } from './prefix.js';
import { scanWork } from './rescan.js';

export class HeldText {
  /** The held text and the new text joined to it: what a scan reads. */
  buf = '';
  /** Absolute offset of buf[0]. */
  start = 0;
  /** Index in buf where scanning resumes. */
  pos = 0;
  /** Index where the last emitted candidate ended: no scheme starts before it. */
  floor = 0;
  /** Quote level of the line holding buf[0], when that line started before buf. */
  #carriedLevel = 0;
  #lines = new LineCounter();
  /** Whether line and column are counted (ScanConfig.lines). */
  readonly #countLines: boolean;

  constructor(countLines: boolean) {
    this.#countLines = countLines;
  }

  /** Back to the start of a text (Scanner#reset). */
  reset(): void {
    this.#lines = new LineCounter();
    this.buf = '';
    this.start = 0;
    this.pos = 0;
    this.floor = 0;
    this.#carriedLevel = 0;
  }

  /**
   * Drop the held text when nothing is pending (`skipping`: the rest of an
   * over-long run is) and no look back from `text` can reach into it (see
   * reachesHeld), carrying over what the held text still says: the line
   * count and the quote level of the line that goes on into `text`.
   */
  release(text: string, skipping: boolean, relative: boolean): boolean {
    const buf = this.buf;
    if (buf.length === 0) return true;
    if (this.pos < buf.length || skipping || reachesHeld(buf, text, relative)) return false;
    const nl = buf.lastIndexOf('\n');
    const lineStart = nl !== -1 ? nl + 1 : this.start === 0 ? 0 : -1; // -1: the line began before buf
    if (lineStart !== -1) {
      if (!prefixEnded(buf, lineStart)) return false; // the quote prefix may go on in `text`
      this.#carriedLevel = quoteLevelAt(buf, lineStart);
    }
    if (this.#countLines) this.#lines.advance(buf, this.start, this.start + buf.length);
    this.start += buf.length;
    this.pos = 0;
    this.floor = 0;
    return true;
  }

  /**
   * The held text and `piece` as one flat string. Joined with "+" they make
   * a cons string, which the first search flattens into a copy but which
   * stays a cons: every charCodeAt of the scan then goes through it to the copy.
   */
  join(piece: string): void {
    const held = this.buf;
    if (held.length === 0) {
      this.buf = piece;
      return;
    }
    scanWork.joined += held.length + piece.length;
    this.buf = [held, piece].join('');
  }

  /** Drop text that can no longer matter, keeping CONTEXT characters before the scan point. */
  trim(): void {
    const cut = this.pos - CONTEXT;
    if (cut <= 0) return;
    this.#carriedLevel = this.levelAt(cut);
    if (this.#countLines) this.#lines.advance(this.buf, this.start, this.start + cut);
    this.buf = this.buf.slice(cut);
    this.start += cut;
    this.pos -= cut;
    this.floor = Math.max(0, this.floor - cut);
  }

  /** Quote level of the line holding buf[index]. */
  levelAt(index: number): number {
    const nl = this.buf.lastIndexOf('\n', index - 1);
    if (nl === -1) return this.start === 0 ? quoteLevelAt(this.buf, 0) : this.#carriedLevel;
    return quoteLevelAt(this.buf, nl + 1);
  }

  /** Set a Found's offset, and its line and column when they are counted, from its start in buf. */
  place(found: FoundRecord, start: number): void {
    const at = this.start + start;
    found.offset = at;
    if (!this.#countLines) return; // line and column stay 0
    const lines = this.#lines;
    lines.advance(this.buf, this.start, at);
    found.line = lines.line;
    found.column = at - lines.lineStart + 1;
  }
}
