// A JSON object printed over lines (`journalctl -o json-pretty`, an app's
// JSON.stringify(x, null, 2)): from a line "{" alone to a line "}" alone,
// held and read as one JSON line, each Found then placed on its own line.
// The reader holds at most maxLineLength characters of it: a longer one,
// or one that is no JSON, is read line by line, as any other lines are.
// The lines of a syslog frame that holds line breaks are held in one too.

import type { Found } from '../../delimit/types.js';
import { LBRACE, RBRACE } from '../../uri/codes.js';

/** Is `line` a "{" alone, which opens an object printed over lines? */
export const opensBlock = (line: string): boolean => line.length === 1 && line.charCodeAt(0) === LBRACE;

/** Is `line` a "}" alone, which closes it? */
export const closesBlock = (line: string): boolean => line.length === 1 && line.charCodeAt(0) === RBRACE;

export class JsonBlock {
  /** The lines held (without their line ends), with the offset and number of each. */
  readonly lines: string[] = [];
  readonly starts: number[] = [];
  readonly numbers: number[] = [];
  /** The characters held, line ends included. */
  length = 0;

  get open(): boolean {
    return this.lines.length > 0;
  }

  /** Hold the line at `start`, number `no`, `end` characters after it being its line end (1 for LF, 2 for CRLF). */
  add(line: string, start: number, no: number, end: number): void {
    this.lines.push(line);
    this.starts.push(start);
    this.numbers.push(no);
    this.length += line.length + end;
  }

  /**
   * The lines as the input has them (each line end as it was), from the
   * first line's offset: one flat string (joined with "+", a cons string
   * would take every charCodeAt of the JSON reader through it).
   */
  text(): string {
    const parts: string[] = [];
    const n = this.lines.length;
    for (let i = 0; i < n; i++) {
      parts.push(this.lines[i]!);
      if (i + 1 < n) parts.push(this.starts[i + 1]! - this.starts[i]! - this.lines[i]!.length === 2 ? '\r\n' : '\n');
    }
    return parts.join('');
  }

  /** Place found[first…], found in text() at offsets from the first line's, on the line of their offset. */
  place(found: Found[], first: number): void {
    const starts = this.starts;
    for (let i = first; i < found.length; i++) {
      const f = found[i]!;
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) { // the last line starting at or before the Found
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= f.offset) lo = mid;
        else hi = mid - 1;
      }
      f.line = this.numbers[lo]!;
      f.column = f.offset - starts[lo]! + 1;
    }
  }

  clear(): void {
    this.lines.length = 0;
    this.starts.length = 0;
    this.numbers.length = 0;
    this.length = 0;
  }
}
