// The text of one Markdown block as a reader sees it: the characters of its
// paragraphs, headings, link texts and code, backslash escapes and character
// references decoded (CommonMark §2.4, §2.5), joined where they touch in the
// input; a line break between blocks, a space at the edge of a link or an
// image, and a zero-width space at the edge of a code span or emphasis, as
// html mode puts them at the boundaries of <p>, <a> and <img>, and of <code>
// and <em> (a phrasing element: the scanner takes it for no gap in a URI,
// and a scheme after it starts one). The text is prose: only absolute URIs
// are taken from it, as from an HTML page's text (see html/flow.ts).

import { Scanner } from '../../delimit/scanner.js';
import type { FoundRecord } from '../../delimit/match.js';
import type { Found } from '../../delimit/types.js';
import { ZERO_WIDTH_SPACE } from '../../delimit/chars.js';
import { LF, SPACE } from '../../uri/codes.js';
import { lastAtOrBefore, type Position } from '../positions.js';
import type { Source } from '../source.js';
import { configWith, type FormatContext } from '../types.js';

export class BlockText {
  readonly #scanner: Scanner;
  #text = '';
  /** Flat [index in #text, index in the block] where the text stops following the block one to one. */
  readonly #marks: number[] = [];
  /** Flat [index in #text, source] from which each source holds. */
  readonly #sources: Array<number | Source> = [];
  /** The block index the next piece must start at to need no mark (-1: a mark is needed). */
  #next = -1;
  /** What stands between the text written and the next piece (0: nothing). */
  #gap = 0;
  /** The source of the last piece. */
  #source: Source | undefined;

  constructor(ctx: FormatContext) {
    this.#scanner = new Scanner(undefined, ctx.detach, ctx.memo, configWith(ctx.config, undefined, ctx.config.lines));
  }

  /** The charset is no Unicode one: IRIs in the text are NFC-normalized. */
  fromLegacyCharset(): void {
    this.#scanner.fromLegacyCharset();
  }

  /** Characters (or more) the scanner skipped for being longer than maxLength. */
  get tooLong(): number {
    return this.#scanner.tooLong;
  }

  /** `s`, which stands at block index `start` (`end`: where it ends there; its length unless decoded). */
  add(s: string, start: number, end: number, source: Source): void {
    if (s.length === 0) return;
    if (this.#gap !== 0 && this.#text.length > 0) {
      this.#text += String.fromCharCode(this.#gap);
      this.#next = -1;
    }
    this.#gap = 0;
    if (start !== this.#next) this.#marks.push(this.#text.length, start);
    if (source !== this.#source) {
      this.#sources.push(this.#text.length, source);
      this.#source = source;
    }
    this.#text += s;
    this.#next = end - start === s.length ? end : -1;
  }

  /** A boundary: LF between blocks, SPACE at a link's or an image's edge, ZERO_WIDTH_SPACE at a phrasing one's (the widest of those met stands). */
  boundary(gap: typeof LF | typeof SPACE | typeof ZERO_WIDTH_SPACE): void {
    const was = this.#gap;
    if (was === LF || (was === SPACE && gap === ZERO_WIDTH_SPACE)) return;
    this.#gap = gap;
  }

  /** Scan the text gathered, push its Founds at their file places (`place`: a block index's), and start again. */
  scan(place: (i: number) => Position, out: Found[]): void {
    if (this.#text.length === 0) return;
    const scanner = this.#scanner;
    scanner.reset();
    const found = scanner.write(this.#text);
    const rest = scanner.end();
    for (const f of rest.length === 0 ? found : found.concat(rest)) out.push(this.#locate(f as FoundRecord, place));
    this.#text = '';
    this.#marks.length = 0;
    this.#sources.length = 0;
    this.#next = -1;
    this.#gap = 0;
    this.#source = undefined;
  }

  #locate(f: FoundRecord, place: (i: number) => Position): FoundRecord {
    const at = f.offset;
    const m = lastAtOrBefore(this.#marks, at);
    const p = place(this.#marks[m + 1]! + (at - this.#marks[m]!));
    f.offset = p.offset;
    f.line = p.line;
    f.column = p.column;
    f.source = this.#sources[lastAtOrBefore(this.#sources, at) + 1] as Source;
    return f;
  }
}
