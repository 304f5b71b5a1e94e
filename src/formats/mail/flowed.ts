// Decoded text reshaped line by line with its marks: format=flowed (RFC 3676) and RFC 5545 (iCalendar, vCard) unfolding.

import type { TextSink } from '../types.js';
import { BACKSLASH, COMMA, GT, LOWER_N, SEMICOLON, SLASH, SPACE, TAB, UPPER_N } from '../../uri/codes.js';
import { ContentLineHead } from './content-line.js';

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
abstract class LineSink implements TextSink {
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

/** RFC 3676: soft breaks joined (DelSp), a continuation's quote prefix and stuffing removed, quote depths kept apart. */
export class FlowedSink extends LineSink {
  /** The last line ended with a soft break, at this quote depth. */
  #pending = false;
  #depth = 0;
  /** The text written no longer moves with the file: the next slice is marked. */
  #drift = true;

  constructor(out: TextSink, readonly delSp: boolean) {
    super(out);
  }

  protected finish(): void {
    this.out.end();
  }

  /**
   * No soft break pending: lines that end with no space may go around this
   * sink straight to `out` (they read the same), at a line start. `drift`
   * says whether they must be marked, and is cleared by a non-empty one.
   */
  get idle(): boolean {
    return !this.#pending;
  }

  get drift(): boolean {
    return this.#drift;
  }

  set drift(drift: boolean) {
    this.#drift = drift;
  }

  /** The quote depth of the last line. */
  get depth(): number { return this.#depth; }

  /** Go on after lines written around this sink (FlowedRun): a soft break pending or not, at this depth; the next slice marked. */
  resume(pending: boolean, depth: number): void {
    this.#pending = pending;
    this.#depth = depth;
    this.#drift = true;
  }

  protected line(l: TextLine): void {
    const text = l.text;
    let from = 0;
    let sig = false;
    if (l.first) {
      let depth = 0;
      while (text.charCodeAt(depth) === GT) depth++; // '>'
      const start = depth + (text.charCodeAt(depth) === SPACE ? 1 : 0); // one stuffed space
      // The signature separator is neither fixed nor flowed (RFC 3676 §4.3): a flowed line before it is not joined to it.
      sig = text.length - start === 3 && text.endsWith('-- ');
      if (!this.#pending || depth !== this.#depth || sig) {
        if (this.#pending) this.#break(false);
        emitSlice(this.out, l, 0, depth, this.#drift);
        if (depth > 0) this.#drift = false;
      }
      // A continuation loses its quote prefix and stuffing. A line that starts
      // a paragraph keeps its stuffed space: a blank changes no URI, and the
      // text then still moves with the file (no mark, no extra write).
      if (this.#pending && depth === this.#depth && !sig) {
        from = start;
        if (from > 0) this.#drift = true;
      } else from = depth;
      this.#pending = false;
      this.#depth = depth;
    }
    const soft = l.last && l.eol && !sig && text.endsWith(' ');
    // A line's start is marked: a decoded line need not be the next line of
    // the file (a quoted-printable soft break before an empty line joins two).
    emitSlice(this.out, l, from, soft && this.delSp ? text.length - 1 : text.length, this.#drift || l.first);
    if (text.length > from) this.#drift = false;
    if (soft) {
      this.#pending = true;
      this.#drift = true;
    } else if (l.last && l.eol) this.#break(l.cr);
  }

  /** A hard line break: the file's own (CRLF kept), or one put for a soft break that does not join. */
  #break(cr: boolean): void {
    this.out.write(cr ? '\r\n' : '\n');
  }
}

/**
 * RFC 5545 §3.1 (and vCard, RFC 6350 §3.2): a line break followed by one
 * space or tab is removed with it. Then the escapes of TEXT values
 * (§3.3.11): backslash-n and backslash-N are line breaks; a backslash
 * before "," ";" or a backslash is that character. An invitation's
 * DESCRIPTION "Join Zoom Meeting" backslash-n "https://…" holds
 * a URI at the start of a line, not "nhttps:". The ':' between a
 * property's name and parameters and its value is written as a blank.
 */
export class UnfoldSink extends LineSink {
  #pendingBreak = false;
  /** A backslash ended the text so far (a fold or a piece may cut an escape): what follows it decides. */
  #escape = false;
  readonly #head = new ContentLineHead();
  /** The ':' that ends a head was the last character so far: the next one decides how it is written. */
  #colon = false;

  protected line(l: TextLine): void {
    let from = 0;
    if (l.first && this.#pendingBreak) {
      const c = l.text.charCodeAt(0);
      if (c === SPACE || c === TAB) from = 1;
      else this.#lineBreak();
      this.#pendingBreak = false;
    }
    if (this.#colon) this.#valueColon(l.text, from);
    if (!this.#head.done) from = this.#headPart(l, from);
    this.#unescape(l, from);
    if (l.last && l.eol) this.#pendingBreak = true;
  }

  /** A content line's head in l.text[from…] (it has no escapes), written up to its ':'; where the rest of the text starts. */
  #headPart(l: TextLine, from: number): number {
    const colon = this.#head.separator(l.text, from);
    if (colon === -1) return from;
    emitSlice(this.out, l, from, colon, true);
    this.#colon = true;
    this.#valueColon(l.text, colon + 1);
    return colon + 1;
  }

  /**
   * RFC 5545 §3.1: the ':' before a value, written as a blank, so a value
   * that is a URI (`ORGANIZER;CN=Al:mailto:al@example.com`, an ATTENDEE,
   * a vCard TEL or IMPP) starts a token. Before "/" it stays (a line
   * `https://…` is no property). The character after it decides, and a
   * fold may put it off to the next line.
   */
  #valueColon(text: string, at: number): void {
    if (at >= text.length) return;
    this.#colon = false;
    this.out.write(text.charCodeAt(at) === SLASH ? ':' : ' ');
  }

  /** l.text[from…] with its escapes decoded, each run between them marked where it stands. */
  #unescape(l: TextLine, from: number): void {
    const text = l.text;
    if (this.#escape && from < text.length) {
      this.#escape = false;
      this.out.write(unescaped(text.charCodeAt(from)));
      from++;
    }
    for (let k = text.indexOf('\\', from); k !== -1; k = text.indexOf('\\', from)) {
      emitSlice(this.out, l, from, k, true);
      if (k + 1 === text.length) {
        this.#escape = true; // decided by what comes next
        return;
      }
      this.out.write(unescaped(text.charCodeAt(k + 1)));
      from = k + 2;
    }
    emitSlice(this.out, l, from, text.length, true);
  }

  #lineBreak(): void {
    if (this.#colon) this.out.write(':'); // a value-less property
    if (this.#escape) this.out.write('\\'); // a backslash that escaped nothing
    this.#colon = false;
    this.#escape = false;
    this.#head.reset();
    this.out.write('\n');
  }

  protected finish(): void {
    if (this.#pendingBreak || this.#escape || this.#colon) this.#lineBreak();
    this.out.end();
  }
}

/** What a backslash and the character `c` stand for in a TEXT value (RFC 5545 §3.3.11); an unknown escape stays as written. */
function unescaped(c: number): string {
  if (c === LOWER_N || c === UPPER_N) return '\n';
  if (c === COMMA || c === SEMICOLON || c === BACKSLASH) return String.fromCharCode(c);
  return '\\' + String.fromCharCode(c);
}
