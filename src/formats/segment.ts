// One run of decoded text scanned on its own (a mail part, a header field,
// the text of an HTML document), with its Founds moved to file positions
// and tagged with their source.

import { Scanner } from '../delimit/scanner.js';
import type { FoundRecord } from '../delimit/match.js';
import type { Found } from '../delimit/types.js';
import type { UriComponents } from '../uri/components.js';
import { PositionMap } from './positions.js';
import type { Source } from './source.js';
import { configWith, warnTooLong, type FormatContext, type TextSink } from './types.js';

/** How far before the held text a Found may still start (the scanner's backward walk, with room to spare). */
const LOOKBACK = 1024;

export class Segment implements TextSink {
  readonly #ctx: FormatContext;
  readonly #scanner: Scanner;
  readonly #source: Source | undefined;
  readonly #map = new PositionMap();
  /** Decoded characters written, and the 1-based decoded line the next one is on. */
  #written = 0;
  #line = 1;
  /** After retag(): flat [decoded offset, source] from which each source holds. */
  #sources: Array<number | Source> | undefined;
  /** Where #sourceAt's walk goes on: the index in #sources of the first entry past the last offset asked for. */
  #sourceNext = 0;

  /** `base`: the part's base (RFC 3986 §5.1), when it differs from the `base` option. */
  constructor(ctx: FormatContext, source: Source | undefined, base: UriComponents | undefined | null = null) {
    this.#ctx = ctx;
    this.#source = source;
    const config = base === null ? ctx.config : configWith(ctx.config, base, ctx.config.lines);
    this.#scanner = new Scanner(undefined, ctx.detach, ctx.memo, config);
  }

  /**
   * Text written from here on was found in `source` (one Segment for several
   * runs of text, e.g. the header fields of a message): a Found takes the
   * source of the text it starts in.
   */
  retag(source: Source): void {
    (this.#sources ??= []).push(this.#written, source);
  }

  fromLegacyCharset(): void {
    this.#scanner.fromLegacyCharset();
  }

  mark(line: number, column: number, offset: number): void {
    this.#map.add(this.#written, this.#line, line, column, offset);
  }

  write(text: string): void {
    if (text.length === 0) return;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.#line++;
    this.#written += text.length;
    this.#place(this.#scanner.write(text));
    this.#map.prune(this.#written - this.#scanner.buffered - LOOKBACK);
  }

  /**
   * Write `text`, which holds `lines` line breaks, with marks inside it as
   * mark() before each of its pieces would put them: the first `count`
   * numbers of `marks`, flat [index in text, line breaks before it in text,
   * line, column, offset] per mark, in index order; `sources`, when given,
   * is flat [index in text, source] as retag() before each piece would
   * give. One write to the scanner, and no count of lines.
   */
  writeLines(text: string, lines: number, marks: readonly number[], count: number, sources?: ReadonlyArray<number | Source>): void {
    if (sources !== undefined) {
      for (let k = 0; k < sources.length; k += 2) (this.#sources ??= []).push(this.#written + (sources[k] as number), sources[k + 1]!);
    }
    for (let k = 0; k < count; k += 5) {
      this.#map.add(this.#written + marks[k]!, this.#line + marks[k + 1]!, marks[k + 2]!, marks[k + 3]!, marks[k + 4]!);
    }
    if (text.length === 0) return;
    this.#line += lines;
    this.#written += text.length;
    this.#place(this.#scanner.write(text));
    this.#map.prune(this.#written - this.#scanner.buffered - LOOKBACK);
  }

  end(): void {
    this.#place(this.#scanner.end());
    warnTooLong(this.#ctx, this.#scanner.tooLong);
  }

  #place(found: Found[]): void {
    const out = this.#ctx.out;
    for (let i = 0; i < found.length; i++) {
      const f = found[i] as FoundRecord;
      f.source = this.#sources === undefined ? this.#source : this.#sourceAt(f.offset);
      const pos = this.#map.locate(f.offset, f.line, f.column);
      if (pos !== undefined) {
        f.offset = pos.offset;
        f.line = pos.line;
        f.column = pos.column;
      }
      out.push(f);
    }
  }

  /** The source of the text at `at`: the last one set at or before it (Founds come in order: the walk goes on from the last one). */
  #sourceAt(at: number): Source | undefined {
    const s = this.#sources!;
    let k = this.#sourceNext;
    if (k >= 2 && (s[k - 2] as number) > at) k = 0; // behind the last one asked for: from the start
    while (k < s.length && (s[k] as number) <= at) k += 2;
    this.#sourceNext = k;
    return k === 0 ? this.#source : (s[k - 1] as Source);
  }
}
