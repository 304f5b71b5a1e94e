// The HTML of a feed's element (RSS <description>, <content:encoded>, Atom
// type="html" or "xhtml"), read by an HtmlSink of its own, with the base in
// scope: its hrefs, srcsets and text URIs come out as in html mode.
//
// Escaped HTML (`&lt;a href=…&gt;`) is handed on decoded, a CDATA section as
// it is; the child elements of XHTML (and of HTML a feed wrote unescaped) as
// the markup they were written in, their text with its references undecoded.
// Each piece is marked with its place in the feed, so a URI's position is
// exact wherever the HTML's characters are the feed's; a character decoded
// from a reference stands where the reference starts.

import { HtmlSink } from '../html/sink.js';
import type { UriComponents } from '../../uri/components.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';

export class HtmlContent {
  readonly #sink: HtmlSink;
  /** Escaped HTML (decoded text is HTML) or XHTML (undecoded text is). */
  readonly xhtml: boolean;
  /** Text gathered since the last flush, and its marks: [index in it, 0, line, column, offset] each. */
  #text = '';
  readonly #marks: number[] = [];
  /** The input index the next piece must start at to need no mark (-1: a mark is needed). */
  #next = -1;

  constructor(ctx: FormatContext, source: Source, base: UriComponents | undefined, xhtml: boolean, charset: string | undefined) {
    this.#sink = new HtmlSink(ctx, source, base);
    if (charset !== undefined) this.#sink.charset = charset;
    this.xhtml = xhtml;
  }

  /** `s`, which stands at input index `start` (`end`: where it ends there; its length unless decoded from a reference). */
  add(s: string, start: number, end: number, positions: { position(i: number): Position }): void {
    if (s.length === 0) return;
    if (start !== this.#next) {
      const p = positions.position(start);
      this.#marks.push(this.#text.length, 0, p.line, p.column, p.offset);
    }
    this.#text += s;
    this.#next = end - start === s.length ? end : -1;
  }

  /** Hand the sink what is gathered. */
  flush(): void {
    if (this.#text.length === 0) return;
    this.#sink.writeMarked(this.#text, this.#marks, this.#marks.length);
    this.#text = '';
    this.#marks.length = 0;
  }

  end(): void {
    this.flush();
    this.#sink.end();
  }
}
