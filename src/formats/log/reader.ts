// Log mode: one line at a time (LF or CRLF), each read by its shape (see line.ts): access logs, error logs, syslog, JSON lines, logfmt, W3C, Squid, else text.
//
// Lines are independent: no repair across lines, but a JSON object printed
// over lines ("{" alone to "}" alone: journalctl -o json-pretty) is read as
// one JSON line, held up to maxLineLength (see JsonBlock), and so is an
// octet-counted syslog frame whose message holds line breaks (RFC 6587
// §3.4.1), read as one line once its count is met. A line longer than
// maxLineLength is not read by its shape: it is scanned as text as it
// streams (bounded memory, linear time) and a 'line-too-long' warning says so.

import type { Found } from '../../delimit/types.js';
import { Decoder } from '../../stream/decode.js';
import { byteCharset, isUnicodeEncoding } from '../bytes.js';
import { LoneCrCheck } from '../line-ends.js';
import { Segment } from '../segment.js';
import type { FormatContext, FormatReader } from '../types.js';
import { LineOut } from './emit.js';
import { dottedAt, readAccessInPlace, readJsonObject, readLine } from './line.js';
import { JsonBlock, closesBlock, opensBlock } from './block.js';
import { frameRest, skipOctets } from './syslog.js';
import { W3cLayout } from './w3c.js';
import { CR, isDigit } from '../../uri/codes.js';

/** The default of the maxLineLength option, in UTF-16 code units. */
export const DEFAULT_MAX_LINE_LENGTH = 1 << 20;

export class LogReader implements FormatReader {
  readonly #ctx: FormatContext;
  readonly #decoder: Decoder;
  readonly #out: LineOut;
  readonly #w3c = new W3cLayout();
  readonly #limit: number;
  /** The start of the current line, while it waits for its end. */
  #pieces: string[] = [];
  #pending = 0;
  /** The current line, once over the limit, scanned as text as it comes. */
  #long: Segment | undefined;
  #line = 0;
  #offset = 0;
  #ended = false;
  readonly #crs = new LoneCrCheck();
  /** The lines of a JSON object printed over lines, while it is open (see JsonBlock). */
  readonly #block = new JsonBlock();
  /** The lines of octet-counted frames whose last one holds line breaks, while its count is not met, and the octets it still counts. */
  readonly #frame = new JsonBlock();
  #owed = 0;

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
    this.#decoder = new Decoder(ctx.charset);
    this.#out = new LineOut(ctx);
    this.#limit = ctx.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  }

  write(chunk: Uint8Array | string): Found[] {
    this.#ctx.out = [];
    if (this.#ended) throw new Error('write after end');
    const text = this.#decoder.take(chunk);
    if (typeof chunk !== 'string') this.#byteCharset();
    this.#crs.look(this.#ctx, chunk, 'log');
    this.#lines(text, false);
    return this.#ctx.out;
  }

  /** Once the bytes' charset is known: request targets and referers are byte strings, percent-encoded in it (see LineOut.bytes); a legacy one NFC-normalizes text fields' IRIs. */
  #byteCharset(): void {
    const charset = this.#decoder.charset;
    if (this.#out.bytes !== undefined || charset === undefined) return;
    this.#out.bytes = byteCharset(charset) ?? '';
    this.#out.legacy = !isUnicodeEncoding(charset);
  }

  end(): Found[] {
    this.#ctx.out = [];
    if (this.#ended) return this.#ctx.out;
    this.#ended = true;
    const text = this.#decoder.end();
    this.#byteCharset();
    this.#crs.end(this.#ctx, 'log');
    this.#lines(text, true);
    if (this.#block.open) this.#replay(); // no "}" closed it
    if (this.#frame.open) this.#readFrame(); // a frame cut short
    this.#summary();
    return this.#ctx.out;
  }

  #summary(): void {
    const out = this.#out;
    if (out.unresolved > 0) {
      this.#ctx.warn({ code: 'unresolved-targets', message: `${out.unresolved} relative request target(s) left out: give a base`, count: out.unresolved });
    }
    if (out.invalid > 0) {
      this.#ctx.warn({ code: 'invalid-targets', message: `${out.invalid} request target(s) or referer(s) are not URI references even once percent-encoded (first on line ${out.firstInvalid})`, count: out.invalid, line: out.firstInvalid });
    }
  }

  #lines(text: string, final: boolean): void {
    let pos = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', pos)) {
      this.#take(text, pos, nl);
      pos = nl + 1;
    }
    if (final) {
      if (pos < text.length || this.#pending > 0 || this.#long !== undefined) this.#take(text, pos, text.length);
    } else if (pos < text.length) {
      this.#hold(pos === 0 ? text : text.slice(pos));
    }
  }

  /** Keep the start of an unfinished line; past the limit, scan it as text from here on. */
  #hold(piece: string): void {
    if (this.#long !== undefined) {
      this.#pending += piece.length;
      this.#long.write(piece);
      return;
    }
    this.#pieces.push(piece);
    this.#pending += piece.length;
    if (this.#pending - (piece.charCodeAt(piece.length - 1) === CR ? 1 : 0) > this.#limit) this.#goLong(); // a CR may be a CRLF's
  }

  /** The current line is over the limit: its text so far to a Segment of its own. */
  #goLong(): void {
    if (this.#block.open) this.#replay(); // no JSON object holds a line that long
    if (this.#frame.open) this.#replay(this.#frame);
    const no = this.#line + 1;
    this.#ctx.warn({ code: 'line-too-long', message: `longer than ${this.#limit} characters: scanned as text`, line: no });
    const seg = this.#out.segment('message', { field: 'message' });
    seg.mark(no, 1, this.#offset);
    for (const p of this.#pieces) seg.write(p);
    this.#pieces = [];
    this.#long = seg;
  }

  /** The line that ends at text[end] (a "\n", or the end of input): its held start and text[from, end). */
  #take(text: string, from: number, end: number): void {
    const length = this.#pending + end - from;
    const cr = end > from ? text.charCodeAt(end - 1) === CR : this.#pieces.at(-1)?.endsWith('\r') === true; // a CRLF's CR is no part of the line
    if (this.#long === undefined && length - (cr ? 1 : 0) > this.#limit) {
      this.#pieces.push(text.slice(from, end));
      this.#goLong();
      from = end;
    }
    this.#line++;
    const start = this.#offset;
    this.#offset += length + 1;
    if (this.#long !== undefined) {
      this.#long.write(text.slice(from, end));
      this.#long.end();
      this.#long = undefined;
    } else if (this.#pieces.length === 0 && this.#inPlace(text, from, end - (cr ? 1 : 0), start)) {
      // an access line, read where it stands in the chunk
    } else {
      let line = this.#pieces.length === 0 ? (from === 0 && end === text.length ? text : text.slice(from, end)) : this.#pieces.join('') + text.slice(from, end);
      if (line.charCodeAt(line.length - 1) === CR) line = line.slice(0, -1);
      if (this.#owed > 0) this.#frameLine(line, start, length - line.length + 1);
      else if (this.#block.open || opensBlock(line)) this.#blockLine(line, start, length - line.length + 1);
      else if (line.length > 0 && !(isDigit(line.charCodeAt(0)) && this.#opensFrame(line, start, length - line.length + 1))) this.#read(line, start, this.#line);
    }
    if (this.#pieces.length > 0) this.#pieces = []; // most lines come whole: no new array for each
    this.#pending = 0;
  }

  /**
   * A whole line of the chunk, text[from, end), that starts with an IPv4
   * client, read in place as an access line (no slice of it, and the
   * chunk's searches shared by its lines); false, with nothing read, when
   * it is some other line.
   */
  #inPlace(text: string, from: number, end: number, start: number): boolean {
    if (end === from || this.#block.open || this.#owed > 0 || this.#w3c.active || !dottedAt(text, from)) return false;
    const first = this.#ctx.out.length;
    this.#out.beginIn(text, from, end, start, this.#line);
    if (!readAccessInPlace(this.#out)) return false;
    inOrder(this.#ctx.out, first);
    return true;
  }

  /** Read one line (at offset `start`, number `no`) by its shape. */
  #read(line: string, start: number, no: number): void {
    const first = this.#ctx.out.length;
    this.#out.begin(line, start, no);
    readLine(this.#out, this.#w3c);
    inOrder(this.#ctx.out, first);
  }

  /** A line of a JSON object printed over lines (`end`: the length of its line end): held; at its "}", the object is read. */
  #blockLine(line: string, start: number, end: number): void {
    const block = this.#block;
    if (block.open && opensBlock(line)) this.#replay(); // a "{" alone opens the next object: what is held was none
    block.add(line, start, this.#line, end);
    if (block.length > this.#limit) this.#replay();
    else if (block.lines.length > 1 && closesBlock(line)) this.#readBlock();
  }

  /** The object held, read as one JSON line, its Founds on their lines; line by line when it is no JSON. */
  #readBlock(): void {
    const block = this.#block;
    const first = this.#ctx.out.length;
    this.#out.begin(block.text(), block.starts[0]!, block.numbers[0]!);
    if (!readJsonObject(this.#out, this.#w3c)) return this.#replay();
    block.place(this.#ctx.out, first);
    inOrder(this.#ctx.out, first);
    block.clear();
  }

  /** Does the line start octet-counted frames, the last of which goes on past its end (`end`: the length of its line end)? Then it is held. */
  #opensFrame(line: string, start: number, end: number): boolean {
    const owed = frameRest(line, 0) - end; // the line end is the message's
    if (owed <= 0) return false;
    this.#frame.add(line, start, this.#line, end);
    this.#owed = owed;
    return true;
  }

  /** A line of a frame that holds line breaks: held; once the frame's count is met (and that of any frame after it on the line), the frames are read as one line. */
  #frameLine(line: string, start: number, end: number): void {
    const frame = this.#frame;
    frame.add(line, start, this.#line, end);
    const { end: at, rest } = skipOctets(line, 0, this.#owed);
    this.#owed = (rest > 0 ? rest : frameRest(line, at)) - end;
    if (this.#owed <= 0) this.#readFrame();
    else if (frame.length > this.#limit) this.#replay(frame);
  }

  /** The frames held, read as one line, their Founds on their lines. */
  #readFrame(): void {
    const frame = this.#frame;
    const first = this.#ctx.out.length;
    this.#owed = 0;
    this.#read(frame.text(), frame.starts[0]!, frame.numbers[0]!);
    frame.place(this.#ctx.out, first);
    frame.clear();
  }

  /** The lines held, read one by one. */
  #replay(block = this.#block): void {
    this.#owed = 0;
    for (let i = 0; i < block.lines.length; i++) if (block.lines[i]!.length > 0) this.#read(block.lines[i]!, block.starts[i]!, block.numbers[i]!);
    block.clear();
  }
}

/** The Founds of one line in the order of their place (a layout may name a later column first). */
function inOrder(found: Found[], first: number): void {
  for (let i = first + 1; i < found.length; i++) {
    if (found[i]!.offset >= found[i - 1]!.offset) continue;
    const sorted = found.slice(first).sort((a, b) => a.offset - b.offset);
    found.length = first;
    found.push(...sorted);
    return;
  }
}
