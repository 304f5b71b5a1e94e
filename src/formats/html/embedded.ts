// The documents a page's HTML holds: the body of a <script
// type="application/ld+json"> (json-ld.ts) and the document of an <iframe
// srcdoc> (srcdoc.ts). HtmlSink holds one Embedded and calls it only when a
// script or a srcdoc is involved: its own checks (a field read) keep
// ordinary tags and text from it.

import type { UriComponents } from '../../uri/components.js';
import type { Source } from '../source.js';
import type { FormatContext, TextSink } from '../types.js';
import type { FoundRecord } from '../../delimit/match.js';
import { isJsonLd, scriptBody, scriptFounds, type ScriptContext } from './json-ld.js';
import { DocumentValue } from './srcdoc.js';
import type { Attribute } from './tag.js';
import type { AttrValue } from './value.js';

/** How deep srcdoc documents are read: one in a srcdoc of a srcdoc of … this many is not. */
const SRCDOC_DEPTH = 4;

/** A srcdoc's reader (HtmlSink): `base` its document's, `depth` how many srcdoc documents it is in. */
export type DocumentReader = new (ctx: FormatContext, source: Source, base: UriComponents | undefined, depth: number) => TextSink;

export class Embedded {
  /** The body of the open <script type="application/ld+json">, if any: the sink reads it to see whether one is open. */
  script: AttrValue | undefined;
  /** The sink: the script's Founds are its own (one kind of context, as for its tags' Founds). */
  readonly #page: ScriptContext;
  /** Where the Founds go, after the text before them (the sink: see HtmlSink.tagFounds). */
  readonly #flow: { tagFounds(found: FoundRecord[]): void };
  readonly #reader: DocumentReader;
  /** How many srcdoc documents the page is in (see SRCDOC_DEPTH). */
  readonly #depth: number;

  constructor(page: ScriptContext, flow: { tagFounds(found: FoundRecord[]): void }, reader: DocumentReader, depth: number) {
    this.#page = page;
    this.#flow = flow;
    this.#reader = reader;
    this.#depth = depth;
  }

  /** A <script> of the document (not of foreign content) has opened with `attrs`: a JSON-LD one's body is kept. */
  scriptOpened(attrs: readonly Attribute[]): void {
    if (attrs.some((a) => a.name === 'type' && isJsonLd(a.value.text))) this.script = scriptBody(this.#page.ctx);
  }

  /** The JSON-LD script has ended: its Founds, after the text before it. */
  scriptEnd(): void {
    const found = scriptFounds(this.#page, this.script!);
    this.script = undefined;
    if (found.length > 0) this.#flow.tagFounds(found);
  }

  /** The value of an <iframe srcdoc>: its document, read against `base`, the page's as it is now (HTML: its fallback base URL); undefined when too deep. */
  srcdoc(base: UriComponents | undefined): DocumentValue | undefined {
    if (this.#depth >= SRCDOC_DEPTH) return undefined;
    const source = this.#page.sourceFor('iframe', 'srcdoc'); // the page's Source (a mail part's fields), which the document's labels replace
    const depth = this.#depth + 1;
    const Reader = this.#reader;
    return new DocumentValue(this.#page.ctx, (ctx) => new Reader(ctx, source, base, depth), this.#page, (found) => this.#flow.tagFounds(found));
  }

  /**
   * The input has ended, inside the tag of `attrs` and `attr` (the one
   * being read) if any: HTML drops the tag, and its values give nothing
   * ("<a href=\"http://x/" gives no link). A srcdoc's document in it is
   * read to its end all the same, its value closed or not: the links it
   * has written whole come out, as the page's own do at its end. Then an
   * open JSON-LD script (no </script>: the body runs to the end).
   */
  end(attrs: readonly Attribute[], attr: Attribute | undefined): void {
    for (const a of attr === undefined ? attrs : [...attrs, attr]) {
      if (!(a.value instanceof DocumentValue)) continue;
      const found = a.value.end();
      if (found.length > 0) this.#flow.tagFounds(found);
    }
    if (this.script !== undefined) this.scriptEnd();
  }
}
