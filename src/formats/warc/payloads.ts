// The one context the readers of a WARC's payloads share. Each payload's
// reader is given it with that payload's base and charset set, and its
// warnings go to the Document being read, which moves them to the WARC's
// lines. One object for the whole input, not one per record: the JSON-LD,
// srcdoc and feed readers take their context as the prototype of one of
// their own (Object.create), and V8 gives each object used as a prototype
// a map of its own, in the old generation. A context per record would be
// held by such a map through every young-generation collection until a
// full one, and with it the record's readers and decoded text: every page
// of a WARC would be promoted, and the peak RSS would grow with them.

import type { UriComponents } from '../../uri/components.js';
import { configWith, formatContext, type FormatContext, type FormatWarning } from '../types.js';

/** What the context passes a warning to: the Document being read. */
export interface WarningSink {
  warn(warning: FormatWarning): void;
}

/** A FormatContext whose base and charset change from payload to payload. */
type Settable = { -readonly [K in keyof FormatContext]: FormatContext[K] };

export class Payloads {
  /** The WarcReader's context (its options, its output, its warnings). */
  readonly parent: FormatContext;
  readonly #ctx: Settable;
  #reading: WarningSink | undefined;

  constructor(parent: FormatContext) {
    this.parent = parent;
    this.#ctx = formatContext({
      config: parent.config, targetBase: parent.targetBase, memo: parent.memo, detach: parent.detach, charset: parent.charset, lines: parent.lines, headers: parent.headers,
      maxLineLength: parent.maxLineLength, maxHeaderBytes: parent.maxHeaderBytes, maxMimeDepth: parent.maxMimeDepth, maxBodyBytes: parent.maxBodyBytes,
      out: [], warn: (w) => this.#warn(w), html: parent.html, marks: undefined, decoded: undefined,
    });
  }

  /** The context for the payload `doc` reads, with `base` (undefined: the base option's) and `charset` (undefined: the charset option). */
  open(doc: WarningSink, base: UriComponents | undefined, charset: string | undefined): FormatContext {
    const ctx = this.#ctx;
    const parent = this.parent;
    const b = base ?? parent.config.base;
    if (ctx.config.base !== b) ctx.config = b === parent.config.base ? parent.config : configWith(parent.config, b, parent.config.lines);
    ctx.charset = charset ?? parent.charset;
    ctx.out = [];
    this.#reading = doc;
    return ctx;
  }

  /** `doc`'s payload has been read: its warnings are over. */
  close(doc: WarningSink): void {
    if (this.#reading === doc) this.#reading = undefined;
  }

  #warn(w: FormatWarning): void {
    if (this.#reading === undefined) this.parent.warn(w);
    else this.#reading.warn(w);
  }
}
