// Decoded text of many lines gathered into one write: the scanner's cost is per write.

import { Segment } from '../segment.js';
import type { TextSink } from '../types.js';
import { countNL } from './bulk.js';
import { flat } from './flat.js';
import { takesMarks, type MarkedSink } from './html.js';

/** Most characters gathered before they are written on. */
const BATCH = 16 * 1024;

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
  /** Flat [index, line breaks before it, line, column, offset] per mark in the gathered text. */
  #marks: number[] = [];

  constructor(out: TextSink) {
    this.out = out;
    this.#segment = out instanceof Segment ? out : undefined;
    this.#marked = this.#segment === undefined && takesMarks(out) ? out : undefined;
  }

  /** Whether the sink is a Segment (runs of lines may skip the line path). */
  get takesRuns(): boolean {
    return this.#segment !== undefined;
  }

  mark(line: number, column: number, offset: number): void {
    if (this.#segment !== undefined || this.#marked !== undefined) {
      this.#marks.push(this.#length, this.#lines, line, column, offset);
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
    if (text.length === 0) return;
    this.#parts.push(text);
    this.#length += text.length;
    if (this.#length >= BATCH) this.#flush();
  }

  /**
   * Text with marks inside it: `marks` is flat [index in text, line breaks
   * before it in text, line, column, offset] per mark, in order, as mark()
   * and write() in turn would give. Any other sink than a Segment or an
   * HtmlSink is sent the text between marks, and each mark, in turn.
   */
  writeMarked(text: string, lines: number, marks: readonly number[]): void {
    if (this.#segment === undefined && this.#marked === undefined) {
      let from = 0;
      for (let k = 0; k < marks.length; k += 5) {
        const at = marks[k]!;
        if (at > from) this.writeRun(text.slice(from, at), 0);
        this.mark(marks[k + 2]!, marks[k + 3]!, marks[k + 4]!);
        from = at;
      }
      if (from < text.length) this.writeRun(from === 0 ? text : text.slice(from), 0);
      return;
    }
    const m = this.#marks;
    const at = this.#length;
    const before = this.#lines;
    for (let k = 0; k < marks.length; k += 5) m.push(at + marks[k]!, before + marks[k + 1]!, marks[k + 2]!, marks[k + 3]!, marks[k + 4]!);
    this.writeRun(text, lines);
  }

  end(): void {
    this.#flush();
    this.out.end();
  }

  #flush(): void {
    if (this.#length === 0 && this.#marks.length === 0) return;
    const text = this.#parts.length === 1 ? flat(this.#parts[0]!) : this.#parts.join(''); // a join is flat already
    const lines = this.#lines;
    const marks = this.#marks;
    this.#parts = [];
    this.#length = 0;
    this.#lines = 0;
    this.#marks = [];
    if (this.#segment !== undefined) this.#segment.writeLines(text, lines, marks);
    else if (this.#marked !== undefined) this.#marked.writeMarked(text, marks);
    else this.out.write(text);
  }
}
