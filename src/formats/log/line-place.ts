// Where the log line being read stands: its text (the line itself, or the chunk it is read in place in), its offsets, and what is known of the text ahead.

import { Marks } from './ahead.js';

/**
 * The line being read: text[base, end), text being the line itself or the
 * chunk it is read in place in (see beginIn); its offset in the input and
 * its 1-based number. Positions handed to LineOut's methods are positions
 * in text; a Found's column is counted from base.
 */
export class LinePlace {
  text = '';
  base = 0;
  end = 0;
  start = 0;
  no = 0;
  /** The host the line names (a vhost field, nginx's `host:`), for every Found of the line. */
  host: string | undefined;
  /** Where the next ':', '\\', '"' … stand in text (see Marks): the chunk's, or a line's own. */
  marks: Marks;
  readonly #chunkMarks = new Marks();
  readonly #lineMarks = new Marks();
  #chunk = '';

  constructor() {
    this.marks = this.#lineMarks;
  }

  begin(text: string, start: number, no: number): void {
    this.resume(text, start, undefined);
    this.no = no;
  }

  /** A line read in place: text[base, end) of a chunk, whose marks it shares with the chunk's other lines read so. */
  beginIn(text: string, base: number, end: number, start: number, no: number): void {
    if (text !== this.#chunk) this.#chunkMarks.forget();
    this.#chunk = text;
    this.marks = this.#chunkMarks;
    this.text = text;
    this.base = base;
    this.end = end;
    this.start = start;
    this.no = no;
    this.host = undefined;
  }

  /** Back to a line left for another text (see DockerLine): its text, offset and host. */
  resume(text: string, start: number, host: string | undefined): void {
    this.#lineMarks.forget();
    this.marks = this.#lineMarks;
    this.text = text;
    this.base = 0;
    this.end = text.length;
    this.start = start;
    this.host = host;
  }
}
