// <iframe srcdoc="…">: its value is an HTML document (HTML §4.8.5) whose
// links are the page's. It is read as it comes, by a reader of its own
// that the value's pieces are written to, each marked at its place in the
// page; its Founds wait for the end of the tag, to keep the tag's order, up
// to SRCDOC_HELD of them: past that they go out as they come (bounded memory).

import type { FoundRecord } from '../../delimit/match.js';
import type { Position } from '../positions.js';
import type { FormatContext, TextSink } from '../types.js';
import { AttrValue } from './value.js';

/** The most Founds of a srcdoc's document held for the end of its tag (as HEAD_FOUNDS for a head's); one more and they go out. */
export const SRCDOC_HELD = 4096;

/** The value of a srcdoc: written to a reader, never kept (its text stays empty). */
export class DocumentValue extends AttrValue {
  readonly #reader: TextSink;
  readonly #positions: { position(i: number): Position };
  readonly #found: FoundRecord[] = [];
  readonly #spill: (found: FoundRecord[]) => void;

  /**
   * `reader`: makes the document's reader, which pushes its Founds to the
   * context it is given; `positions`: the page's; `spill`: takes the
   * Founds held when there are more than SRCDOC_HELD of them.
   */
  constructor(ctx: FormatContext, reader: (ctx: FormatContext) => TextSink, positions: { position(i: number): Position }, spill: (found: FoundRecord[]) => void) {
    super(0);
    this.#reader = reader(Object.create(ctx, { out: { value: this.#found, writable: true } }) as FormatContext);
    this.#positions = positions;
    this.#spill = spill;
  }

  /** A piece of the document, at input index `at` of the page (a character reference's character stands where it starts). */
  override add(piece: string, at: number): void {
    const p = this.#positions.position(at);
    this.#reader.mark(p.line, p.column, p.offset);
    this.#reader.write(piece);
    if (this.#found.length > SRCDOC_HELD) this.#spill(this.#found.splice(0)); // before the Founds of the tag's other attributes
  }

  /** The tag has ended, or the input has inside it (Embedded#end): the document's Founds, in its order. */
  end(): FoundRecord[] {
    this.#reader.end();
    return this.#found;
  }
}
