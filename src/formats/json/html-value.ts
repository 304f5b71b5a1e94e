// A JSON string value that is HTML (under a key that ends in "html", or a
// HAR content's "text" under an HTML "mimeType"): read by an HtmlSink of its
// own, as html mode reads a page, so its hrefs are resolved against the
// base and entity-decoded (`&amp;` in a query), and script, style and
// comments are left out; each URI at its place in the file.

import { HtmlContent } from '../feed/content.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';

/** Characters handed to the sink at a time. */
const HOLD = 8192;

export class HtmlValue {
  readonly #ctx: FormatContext;
  #content: HtmlContent | undefined;
  /** Characters gathered since the last flush. */
  #held = 0;
  /** The value's line, and the offset that line starts at (a JSON string holds no line break). */
  #line = 0;
  #lineStart = 0;
  readonly #positions = { position: (i: number): Position => ({ line: this.#line, column: i - this.#lineStart + 1, offset: i }) };

  /** `ctx`: the context the sink warns through (the JSON reader counts its links there). */
  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
  }

  open(source: Source, line: number, lineStart: number, charset: string | undefined): void {
    this.#content = new HtmlContent(this.#ctx, source, this.#ctx.config.base, false, charset);
    this.#line = line;
    this.#lineStart = lineStart;
    this.#held = 0;
  }

  /** `s`, escapes decoded, which stands for the input [at, at + raw). */
  piece(s: string, at: number, raw: number): void {
    const content = this.#content!;
    content.add(s, at, at + raw, this.#positions);
    this.#held += s.length;
    if (this.#held <= HOLD) return;
    content.flush();
    this.#held = 0;
  }

  close(): void {
    this.#content?.end();
    this.#content = undefined;
  }
}
