// <iframe srcdoc="…">: its value is an HTML document (HTML §4.8.5) whose
// links are the page's. It is read as it comes, by a reader of its own
// that the value's pieces are written to, each marked at its place in the
// page; its Founds wait for the end of the tag, to keep the tag's order.

import type { FoundRecord } from '../../delimit/match.js';
import type { Position } from '../positions.js';
import type { FormatContext, TextSink } from '../types.js';
import { AttrValue } from './value.js';

/** The value of a srcdoc: written to a reader, never kept (its text stays empty). */
export class DocumentValue extends AttrValue {
  readonly #reader: TextSink;
  readonly #positions: { position(i: number): Position };
  readonly #found: FoundRecord[] = [];

  /** `reader`: makes the document's reader, which pushes its Founds to the context it is given; `positions`: the page's. */
  constructor(ctx: FormatContext, reader: (ctx: FormatContext) => TextSink, positions: { position(i: number): Position }) {
    super(0);
    this.#reader = reader(Object.create(ctx, { out: { value: this.#found, writable: true } }) as FormatContext);
    this.#positions = positions;
  }

  /** A piece of the document, at input index `at` of the page (a character reference's character stands where it starts). */
  override add(piece: string, at: number): void {
    const p = this.#positions.position(at);
    this.#reader.mark(p.line, p.column, p.offset);
    this.#reader.write(piece);
  }

  /** The tag has ended, or the input has inside it (HtmlSink#openDocuments): the document's Founds, in its order. */
  end(): FoundRecord[] {
    this.#reader.end();
    return this.#found;
  }
}
