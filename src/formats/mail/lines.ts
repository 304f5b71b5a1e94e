// Bytes → lines (LF or CRLF), in linear time whatever a line's length: an unfinished line is kept as a list of chunks, and past PIECE bytes it is handed on in pieces.

import { CR } from '../../uri/codes.js';

/** Past this many bytes, an unfinished line is handed on as a piece (no boundary or From_ line is this long). */
export const PIECE = 64 * 1024;

const EMPTY = Buffer.alloc(0);
/** Longest part of a chunk read at once (bigger chunks are cut: the latin1 copy stays small). */
const SLICE = 1024 * 1024;

/** One line, or one piece of a long line. The object and its bytes are only valid during the call. */
export interface Line {
  /** The piece's bytes, without the line break. */
  bytes: Buffer;
  /** The piece's bytes with the line break as written (CRLF or LF), when one ends it. */
  withEol: Buffer;
  /** 1-based line number in the input. */
  no: number;
  /** Byte offset of the line's start in the input. */
  offset: number;
  /** Byte index in the line of bytes[0] (0 for the first piece, unless a '>' was unescaped). */
  start: number;
  /** The line's first piece. */
  first: boolean;
  /** The line's last piece (a line break, or the end of input, follows). */
  last: boolean;
  /** A line break ends the line (false for the last line of input without one). */
  eol: boolean;
}

export type LineHandler = (line: Line) => void;

/**
 * Whole lines of one chunk offered at once (see bulk.ts): chunk[from, end)
 * starts a line and ends after a line break. A taker narrows `end` to a line
 * start before anything it must see line by line, and sets `to` (a line start
 * in [from, end]) and `lines` (line breaks in chunk[from, to)) to what it took.
 */
export interface Run {
  chunk: Buffer;
  /** The chunk as latin1 text: an index in it is a byte index. */
  latin: string;
  /** Which write the chunk came with (caches of stops are kept per chunk). */
  gen: number;
  from: number;
  end: number;
  /** After the chunk's last line break: where every search for a stop may go. */
  limit: number;
  /** 1-based number and byte offset of the line at `from`. */
  no: number;
  offset: number;
  to: number;
  lines: number;
  /** Per kind of stop (bulk.ts): the chunk's gen and the stop found, flat; then nonAsciiAt's gen, from and byte; then uuencode's "begin" stop (slot 4). */
  stops: number[];
  /** The chunk's aligned 4-byte words, once nonAsciiAt has looked (undefined for a new chunk). */
  words: Int32Array | undefined;
}

/** Offered each run of whole lines at a line start; takes what it can (nothing: `to` stays `from`). */
export type BulkHandler = (run: Run) => void;

export class LineSplitter {
  readonly #handler: LineHandler;
  /** Chunks of the unfinished line (copies). */
  #held: Buffer[] = [];
  #heldBytes = 0;
  /** Bytes of the current line already handed on as pieces. */
  #sent = 0;
  #no = 1;
  #offset = 0;
  readonly #line: Line = { bytes: Buffer.alloc(0), withEol: Buffer.alloc(0), no: 1, offset: 0, start: 0, first: true, last: true, eol: true };
  readonly #bulk: BulkHandler | undefined;
  readonly #run: Run = { chunk: EMPTY, latin: '', gen: 0, from: 0, end: 0, limit: 0, no: 1, offset: 0, to: 0, lines: 0, stops: [-1, 0, -1, 0, -1, 0, 0, 0, -1, 0], words: undefined };

  constructor(handler: LineHandler, bulk?: BulkHandler) {
    this.#handler = handler;
    this.#bulk = bulk;
  }

  write(chunk: Uint8Array): void {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    // A bounded slice at a time: each is also read as a latin1 string (line breaks and stops are found there).
    for (let at = 0; at < b.length; at += SLICE) this.#write(b.length <= SLICE ? b : b.subarray(at, at + SLICE));
  }

  #write(b: Buffer): void {
    const run = this.#run;
    const latin = b.toString('latin1');
    const limit = latin.lastIndexOf('\n') + 1;
    run.gen++;
    run.chunk = b;
    run.words = undefined;
    run.latin = latin;
    let pos = 0;
    while (pos < limit) {
      if (this.#bulk !== undefined && this.#heldBytes === 0 && this.#sent === 0 && this.#offer(pos, limit) > pos) {
        pos = run.to;
        continue;
      }
      const nl = latin.indexOf('\n', pos);
      const tail = b.subarray(pos, nl + 1);
      const whole = this.#heldBytes === 0 ? tail : Buffer.concat([...this.#held, tail]);
      this.#held = [];
      this.#heldBytes = 0;
      this.#finish(whole, true);
      pos = nl + 1;
    }
    run.chunk = EMPTY; // not kept past the write
    run.latin = '';
    run.words = undefined;
    if (pos < b.length) this.#hold(b.subarray(pos));
  }

  /** Offer chunk[pos, limit) in bulk; returns where line-by-line reading goes on. */
  #offer(pos: number, limit: number): number {
    const run = this.#run;
    run.from = pos;
    run.end = limit;
    run.limit = limit;
    run.no = this.#no;
    run.offset = this.#offset;
    run.to = pos;
    run.lines = 0;
    this.#bulk!(run);
    if (run.to === pos) return pos;
    this.#no += run.lines;
    this.#offset += run.to - pos;
    return run.to;
  }

  end(): void {
    if (this.#heldBytes === 0 && this.#sent === 0) return;
    const whole = Buffer.concat(this.#held);
    this.#held = [];
    this.#heldBytes = 0;
    this.#finish(whole, false);
  }

  /** Keep the start of an unfinished line; past PIECE bytes, hand it on (a trailing CR stays). */
  #hold(rest: Buffer): void {
    this.#held.push(Buffer.from(rest));
    this.#heldBytes += rest.length;
    if (this.#heldBytes < PIECE) return;
    const all = Buffer.concat(this.#held);
    const keep = all[all.length - 1] === CR ? 1 : 0;
    this.#held = keep === 1 ? [all.subarray(all.length - 1)] : [];
    this.#heldBytes = keep;
    const piece = all.subarray(0, all.length - keep);
    this.#emit(piece, false, false, piece);
  }

  /** The rest of a line, with its LF when `eol` (a CR before it, even one held from the last piece, is the CRLF's). */
  #finish(rest: Buffer, eol: boolean): void {
    const total = this.#sent + rest.length;
    const cut = eol ? (rest.length >= 2 && rest[rest.length - 2] === CR ? 2 : 1) : 0;
    this.#emit(rest.subarray(0, rest.length - cut), true, eol, rest);
    this.#no++;
    this.#offset += total;
    this.#sent = 0;
  }

  #emit(bytes: Buffer, last: boolean, eol: boolean, withEol: Buffer): void {
    const line = this.#line;
    line.bytes = bytes;
    line.withEol = withEol;
    line.no = this.#no;
    line.offset = this.#offset;
    line.start = this.#sent;
    line.first = this.#sent === 0;
    line.last = last;
    line.eol = eol;
    this.#sent += bytes.length;
    this.#handler(line);
  }
}
