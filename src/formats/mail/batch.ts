// Decoded text of many lines gathered into one write: the scanner's cost is per write.

import { Segment } from '../segment.js';
import type { TextSink } from '../types.js';
import { countNL } from './bulk.js';
import { flat } from './flat.js';
import { takesMarks, type MarkedSink } from './html.js';
import type { MarkLender, MarkList } from './mark-list.js';

/** Most characters gathered before they are written on. */
const BATCH = 16 * 1024;

/** Most numbers of marks gathered before they are written on (BATCH marks: text that decodes to nothing, such as soft breaks alone, still has them). */
const MAX_MARK_NUMBERS = BATCH * 5;

/**
 * Gathers writes. A Segment gets the marks inside the text and its count
 * of line breaks with it (writeLines); an HtmlSink gets the marks inside
 * the text (writeMarked; it counts line breaks itself); any other sink has
 * the text sent on at each mark.
 */
export class TextBatch implements TextSink {
  readonly out: TextSink;
  readonly #segment: Segment | undefined;
  /** The sink when it takes marked text (then the marks' line counts are not kept: it does not read them). */
  readonly #marked: MarkedSink | undefined;
  #parts: string[] = [];
  #length = 0;
  #lines = 0;
  /** Flat [index, line breaks before it, line, column, offset] per mark in the gathered text (kept from write to write). */
  readonly marks: MarkList;
  readonly #lender: MarkLender;

  /** `lender`: lends `marks` until the batch ends. */
  constructor(out: TextSink, lender: MarkLender) {
    this.out = out;
    this.#lender = lender;
    this.marks = lender.take();
    this.#segment = out instanceof Segment ? out : undefined;
    this.#marked = this.#segment === undefined && takesMarks(out) ? out : undefined;
  }

  /**
   * The sink takes marks inside its text: a caller may push the marks of
   * the text it writes next (writeRun) to `marks` itself, at `length` and
   * `lines` on. Else it calls writeMarked.
   */
  get takesMarks(): boolean {
    return this.#segment !== undefined || this.#marked !== undefined;
  }

  /** Characters gathered, and the line breaks among them. */
  get length(): number {
    return this.#length;
  }

  get lines(): number {
    return this.#lines;
  }

  /** Whether the sink is a Segment (runs of lines may skip the line path). */
  get takesRuns(): boolean {
    return this.#segment !== undefined;
  }

  mark(line: number, column: number, offset: number): void {
    if (this.#segment !== undefined || this.#marked !== undefined) {
      this.marks.push5(this.#length, this.#lines, line, column, offset);
      if (this.marks.n >= MAX_MARK_NUMBERS) this.#flush();
      return;
    }
    this.#flush();
    this.out.mark(line, column, offset);
  }

  write(text: string): void {
    this.writeRun(text, this.#segment === undefined ? 0 : countNL(text, 0, text.length));
  }

  /**
   * Text that holds `lines` line breaks (counted by the caller; they may
   * also be told later, with '', as long as it is before the next mark).
   */
  writeRun(text: string, lines: number): void {
    this.#lines += lines;
    if (text.length !== 0) {
      this.#parts.push(text);
      this.#length += text.length;
    }
    if (this.#length >= BATCH || this.marks.n >= MAX_MARK_NUMBERS) this.#flush();
  }

  /**
   * Text with marks inside it: `list` holds flat [index in text, line
   * breaks before it in text, line, column, offset] per mark, in order, as
   * mark() and write() in turn would give. Any other sink than a Segment or an
   * HtmlSink is sent the text between marks, and each mark, in turn.
   */
  writeMarked(text: string, lines: number, list: MarkList): void {
    const marks = list.a;
    const n = list.n;
    if (this.#segment === undefined && this.#marked === undefined) {
      let from = 0;
      for (let k = 0; k < n; k += 5) {
        const at = marks[k]!;
        if (at > from) this.writeRun(text.slice(from, at), 0);
        this.mark(marks[k + 2]!, marks[k + 3]!, marks[k + 4]!);
        from = at;
      }
      if (from < text.length) this.writeRun(from === 0 ? text : text.slice(from), 0);
      return;
    }
    const m = this.marks;
    const at = this.#length;
    const before = this.#lines;
    for (let k = 0; k < n; k += 5) m.push5(at + marks[k]!, before + marks[k + 1]!, marks[k + 2]!, marks[k + 3]!, marks[k + 4]!);
    this.writeRun(text, lines);
  }

  end(): void {
    this.#flush();
    this.out.end();
    this.#lender.give(this.marks);
  }

  #flush(): void {
    const marks = this.marks;
    if (this.#length === 0 && marks.n === 0) return;
    const text = this.#parts.length === 1 ? flat(this.#parts[0]!) : this.#parts.join(''); // a join is flat already
    const lines = this.#lines;
    this.#parts = [];
    this.#length = 0;
    this.#lines = 0;
    const n = marks.n;
    marks.clear(); // the sinks read the marks before they return, and write nothing back here
    if (this.#segment !== undefined) this.#segment.writeLines(text, lines, marks.a, n);
    else if (this.#marked !== undefined) this.#marked.writeMarked(text, marks.a, n);
    else this.out.write(text);
  }
}
