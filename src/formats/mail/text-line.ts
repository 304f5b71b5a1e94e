// Decoded text taken a line at a time with its marks, for the sinks that reshape lines (format=flowed, RFC 5545 unfolding).

import type { TextSink } from '../types.js';

/** Past this many characters, an unfinished decoded line is handed on in pieces. */
const PIECE = 64 * 1024;

/** One decoded line (or a piece of a long one), with its marks. */
export interface TextLine {
  text: string;
  /** Flat [index in text, line, column, offset] per mark, in order. */
  marks: number[];
  first: boolean;
  /** The line ends here. */
  last: boolean;
  /** A line break ended it (not the end of the text). */
  eol: boolean;
  /** That line break was CRLF (the CR is not in text). */
  cr: boolean;
}

/** Gathers written text and marks into lines. */
class LineGatherer implements TextSink {
  #parts: string[] = [];
  #length = 0;
  #marks: number[] = [];
  #first = true;

  constructor(readonly handle: (line: TextLine) => void, readonly finish: () => void) {}

  mark(line: number, column: number, offset: number): void {
    const m = this.#marks;
    if (m.length > 0 && m[m.length - 4] === this.#length) m.length -= 4;
    m.push(this.#length, line, column, offset);
  }

  write(text: string): void {
    let from = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      this.#add(text.slice(from, nl));
      this.#deliver(true, true);
      from = nl + 1;
    }
    if (from < text.length) this.#add(text.slice(from));
    if (this.#length >= PIECE) this.#deliver(false, false);
  }

  end(): void {
    if (this.#length > 0 || !this.#first) this.#deliver(true, false);
    this.finish();
  }

  #add(s: string): void {
    if (s.length === 0) return;
    this.#parts.push(s);
    this.#length += s.length;
  }

  #deliver(last: boolean, eol: boolean): void {
    let text = this.#parts.length === 1 ? this.#parts[0]! : this.#parts.join('');
    const cr = eol && text.endsWith('\r');
    if (cr) text = text.slice(0, -1);
    const line: TextLine = { text, marks: this.#marks, first: this.#first, last, eol, cr };
    this.#parts = [];
    this.#length = 0;
    this.#marks = [];
    this.#first = last;
    this.handle(line);
  }
}

/** A TextSink that takes what is written a line at a time (the gatherer is made on first use). */
export abstract class LineSink implements TextSink {
  #gatherer: LineGatherer | undefined;

  constructor(readonly out: TextSink) {}

  /** One line, or a piece of a long one. */
  protected abstract line(l: TextLine): void;

  /** The text has ended. */
  protected abstract finish(): void;

  get #gather(): LineGatherer {
    return (this.#gatherer ??= new LineGatherer((l) => this.line(l), () => this.finish()));
  }

  mark(line: number, column: number, offset: number): void {
    this.#gather.mark(line, column, offset);
  }

  write(text: string): void {
    this.#gather.write(text);
  }

  end(): void {
    this.#gather.end();
  }
}

/**
 * Write line.text[from, to) with the marks that fall in it, and one at `from`
 * when `markStart` (not needed while the text still moves with the file).
 */
export function emitSlice(out: TextSink, line: TextLine, from: number, to: number, markStart: boolean): void {
  const { text, marks } = line;
  if (to <= from) return;
  let k = -1;
  for (let j = 0; j < marks.length && marks[j]! <= from; j += 4) k = j;
  if (k !== -1 && markStart) {
    const d = from - marks[k]!;
    out.mark(marks[k + 1]!, marks[k + 2]! + d, marks[k + 3]! + d);
  }
  let pos = from;
  for (let j = k + 4; j < marks.length && marks[j]! < to; j += 4) {
    out.write(text.slice(pos, marks[j]!));
    out.mark(marks[j + 1]!, marks[j + 2]!, marks[j + 3]!);
    pos = marks[j]!;
  }
  out.write(text.slice(pos, to));
}
