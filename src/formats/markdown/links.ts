// The URIs Markdown links to: an inline link's or image's destination, a
// reference definition's (CommonMark §6.3, §4.7), decoded as CommonMark
// decodes them, and an autolink's (§6.5). Each is resolved against the
// document's base as html mode resolves an href (a space in a destination
// written in <…> is percent-encoded; a relative one with no base is left out
// and counted), and comes out where it is written.

import { decodeString } from 'micromark-util-decode-string';
import type { Delimiter } from '../../delimit/types.js';
import { takeLink } from '../link.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';

/** The Source of an autolink's URI. */
const AUTOLINK: Source = { markdown: 'autolink' };

export class MarkdownLinks {
  readonly #ctx: FormatContext;
  /** The document's charset, when no Unicode one: a query's non-ASCII is encoded in it. */
  queryCharset: string | undefined;
  /** Relative links left out for want of a base; links longer than maxLength. */
  unresolved = 0;
  tooLong = 0;

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
  }

  /** A destination as written (escapes and references undecoded), which starts at `at`. */
  destination(written: string, at: Position, source: Source): void {
    const url = written.includes('\\') || written.includes('&') ? decodeString(written) : written;
    this.#take(url.trim(), at, source, 'none');
  }

  /** An autolink's URI, which starts at `at` (no escape or reference is decoded in one). */
  autolink(url: string, at: Position): void {
    this.#take(url, at, AUTOLINK, 'angle');
  }

  #take(url: string, at: Position, source: Source, delimiter: Delimiter): void {
    takeLink(this.#ctx, this, url, at, this.#ctx.config.base, this.queryCharset, delimiter, source);
  }
}
