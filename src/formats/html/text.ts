// The text of an HTML document (or of the stretch of it since the last tag
// with URLs), scanned as a Segment is, but in runs: the many small text
// nodes and character references of a page are joined and handed to the
// scanner a BATCH at a time (and whenever the sink flushes), not one
// Scanner.write each. Marks take effect where they are made, so positions
// are those a Segment gives; the scanner's output does not depend on how
// its text is cut.

import { Scanner } from '../../delimit/scanner.js';
import type { Match } from '../../delimit/match.js';
import type { Found } from '../../delimit/types.js';
import type { ScanConfig } from '../../delimit/options.js';
import { PositionMap, type Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';

/** Characters joined before they are scanned. */
const BATCH = 16 * 1024;

/** How far before the held text a Found may still start (as in Segment). */
const LOOKBACK = 1024;

export class TextRun {
  readonly #ctx: FormatContext;
  readonly #scanner: Scanner;
  readonly #source: Source;
  readonly #map = new PositionMap();
  /** Text written and not yet scanned. */
  #batch = '';
  /** Decoded characters written (the batch included), and the 1-based decoded line the next one is on. */
  #written = 0;
  #line = 1;
  readonly #pos: Position = { line: 0, column: 0, offset: 0 };

  constructor(ctx: FormatContext, source: Source, config: ScanConfig) {
    this.#ctx = ctx;
    this.#source = source;
    this.#scanner = new Scanner(undefined, ctx.detach, ctx.memo, config);
  }

  /** The next character written stands at this place in the input. */
  mark(line: number, column: number, offset: number): void {
    this.#map.add(this.#written, this.#line, line, column, offset);
  }

  write(text: string): void {
    if (text.length === 0) return;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.#line++;
    this.#written += text.length;
    this.#batch += text;
    if (this.#batch.length >= BATCH) this.flush();
  }

  /** Scan what is held: the URIs it completes are emitted now. */
  flush(): void {
    const batch = this.#batch;
    if (batch.length === 0) return;
    this.#batch = '';
    this.#place(this.#scanner.write(batch));
    this.#map.prune(this.#written - this.#scanner.buffered - LOOKBACK);
  }

  end(): void {
    this.flush();
    this.#place(this.#scanner.end());
  }

  #place(found: Found[]): void {
    const out = this.#ctx.out;
    const pos = this.#pos;
    for (let i = 0; i < found.length; i++) {
      const f = found[i] as Match;
      if (this.#map.locateInto(f.offset, f.line, f.column, pos)) {
        f.offset = pos.offset;
        f.line = pos.line;
        f.column = pos.column;
      }
      f.source = this.#source;
      out.push(f);
    }
  }
}
