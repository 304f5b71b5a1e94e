// A message/global part (RFC 6532 §3.5 allows it one, unlike message/rfc822 and multipart), a returned header block or
// a multipart with a transfer encoding: its decoded bytes split into lines and walked as a forward or a multipart is,
// each Found moved from its place in the decoded text to the file's.

import { isAscii } from 'node:buffer';
import type { Found } from '../../delimit/types.js';
import { PositionMap, type Position } from '../positions.js';
import { formatContext, type FormatContext, type FormatWarning } from '../types.js';
import { MAX_HEADER_BLOCK } from './headers.js';
import { LineSplitter, PIECE, type Line, type Run } from './lines.js';
import { transferDecoder, type ByteSink, type TransferDecoder } from './transfer.js';
import { LF } from '../../uri/codes.js';

/** Decoded bytes gathered before they go to the walk. */
const GATHER = 16 * 1024;

/** The walk of the decoded message (a MessageWalker started on a forward's header block). */
export interface NestedWalk {
  line(line: Line): void;
  bulk(run: Run): void;
  finish(): void;
}

export class EncodedMessage implements TransferDecoder {
  readonly #ctx: FormatContext;
  /** The walk's context: its Founds gathered, to be moved to file positions. */
  readonly #inner: FormatContext;
  readonly #decoder: TransferDecoder;
  readonly #lines: LineSplitter;
  readonly #walk: NestedWalk;
  /** Decoded offset → file position, of the marks the transfer decoder puts. */
  readonly #map = new PositionMap();
  /** base64: decoded line breaks are no file line breaks, so each is marked again (CharsetStage's remark). */
  readonly #remark: boolean;
  /** How far back in the decoded text a Found may still start: a header block, scanned when it ends, and a URI held. */
  readonly #window: number;
  #written = 0;
  /** The decoded line the next byte is on, the byte it starts at, and the UTF-16 code units of its UTF-8 so far. */
  #line = 1;
  #lineStart = 0;
  #units = 0;
  /** Continuation bytes the last UTF-8 sequence still needs, and whether it is a four-byte one (see #unitsOf). */
  #need = 0;
  #pair = false;
  /** Decoded bytes gathered for the walk. */
  #held: Buffer[] = [];
  #heldBytes = 0;
  #last: Position | undefined;
  /** The decoded offset and line of where the walk is. */
  #walkAt = 0;
  #walkLine = 1;
  /** The first mark: where a Found the map no longer reaches is put. */
  #first: Position | undefined;

  /** `walk`: starts the walk of the decoded message, with the context it is given. */
  constructor(ctx: FormatContext, encoding: string, walk: (inner: FormatContext) => NestedWalk) {
    this.#ctx = ctx;
    // The decoded bytes are the message's own, in its charsets, even when the input was text.
    this.#inner = formatContext({ ...ctx, out: [], decoded: false, warn: (w) => ctx.warn(this.#placeWarning(w)) });
    this.#walk = walk(this.#inner);
    this.#lines = new LineSplitter((l) => this.#walk.line(this.#at(l)), (run) => this.#walk.bulk(this.#at(run)));
    this.#remark = encoding === 'base64';
    this.#window = (ctx.maxHeaderBytes ?? MAX_HEADER_BLOCK) + ctx.config.maxLength + PIECE;
    const sink: ByteSink = { mark: (l, c, o) => this.#mark(l, c, o), bytes: (b) => this.#bytes(b), end: () => this.#end() };
    this.#decoder = transferDecoder(encoding, sink, false);
  }

  line(l: Line): void {
    this.#decoder.line(l);
    this.#drain();
  }

  end(): void {
    this.#decoder.end();
    this.#drain();
  }

  #mark(line: number, column: number, offset: number): void {
    this.#last = { line, column, offset };
    this.#first ??= this.#last;
    this.#map.add(this.#lineStart + this.#units, this.#line, line, column, offset);
  }

  /**
   * Decoded bytes to the walk. A mark's key is the place a Found's offset
   * gives there: its decoded line's first byte plus its column, counted in
   * UTF-16 code units of the line's UTF-8 (message/global's charset).
   */
  #bytes(b: Uint8Array): void {
    const last = this.#last;
    let from = 0;
    for (let i = b.indexOf(LF); i !== -1; i = b.indexOf(LF, i + 1)) {
      this.#line++;
      this.#lineStart = this.#written + i + 1;
      from = i + 1;
      if (this.#remark && last !== undefined) this.#map.add(this.#lineStart, this.#line, last.line, last.column, last.offset);
    }
    if (from > 0) {
      this.#units = 0;
      this.#need = 0;
    }
    this.#units += this.#unitsOf(b, from);
    this.#written += b.length;
    this.#held.push(Buffer.from(b));
    this.#heldBytes += b.length;
    if (this.#heldBytes >= GATHER) this.#flush();
  }

  /**
   * UTF-16 code units of b[from…] read as UTF-8, a byte that continues no
   * sequence counted as one: as many as a UTF-8 line's text has, and for a
   * part in another charset no fewer than its text has and no more than
   * its bytes, so a Found is put at or before the encoded line that holds
   * it, never past its end.
   */
  #unitsOf(b: Uint8Array, from: number): number {
    if (this.#need === 0 && isAscii(b.subarray(from))) return b.length - from;
    let n = 0;
    let need = this.#need;
    for (let i = from; i < b.length; i++) {
      const c = b[i]!;
      if (c >= 0x80 && c < 0xc0 && need > 0) {
        if (--need === 0 && this.#pair) n++; // a four-byte sequence's second unit: at its last byte, so no byte counts two
        continue;
      }
      n++;
      need = c < 0xc0 ? 0 : c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
      this.#pair = c >= 0xf0;
    }
    this.#need = need;
    return n;
  }

  /** The gathered bytes to the walk (a write of the line splitter costs a latin1 copy: one per line of base64 would cost more than the walk). */
  #flush(): void {
    if (this.#heldBytes === 0) return;
    this.#lines.write(this.#held.length === 1 ? this.#held[0]! : Buffer.concat(this.#held));
    this.#held = [];
    this.#heldBytes = 0;
    this.#map.prune(this.#written - this.#window);
  }

  #end(): void {
    this.#flush();
    this.#lines.end();
    this.#walk.finish();
  }

  /** The walk's Founds, at their file positions, to the output. */
  #drain(): void {
    const found = this.#inner.out;
    if (found.length === 0) return;
    this.#inner.out = [];
    const out = this.#ctx.out;
    for (const f of found) out.push(this.#place(f));
  }

  #place(f: Found): Found {
    const pos = this.#map.locate(f.offset, f.line, f.column) ?? this.#first;
    if (pos !== undefined) {
      f.line = pos.line;
      f.column = pos.column;
      f.offset = pos.offset;
    }
    return f;
  }

  /** The walk is at `l` (a line or a run), which its warnings are put at. */
  #at<L extends Line | Run>(l: L): L {
    this.#walkAt = l.offset;
    this.#walkLine = l.no;
    return l;
  }

  /** A warning of the walk, at the file line of the decoded line the walk is at. */
  #placeWarning(w: FormatWarning): FormatWarning {
    if (w.line === undefined) return w;
    const line = (this.#map.locate(this.#walkAt, this.#walkLine, 1) ?? this.#first)?.line;
    return line === undefined ? { code: w.code, message: w.message } : { ...w, line };
  }
}
