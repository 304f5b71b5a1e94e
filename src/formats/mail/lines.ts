// Bytes → lines (LF or CRLF), in linear time whatever a line's length: an unfinished line is kept as a list of chunks, and past PIECE bytes it is handed on in pieces.

/** Past this many bytes, an unfinished line is handed on as a piece (no boundary or From_ line is this long). */
export const PIECE = 64 * 1024;

const LF = 0x0a;
const CR = 0x0d;

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

  constructor(handler: LineHandler) {
    this.#handler = handler;
  }

  write(chunk: Uint8Array): void {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let pos = 0;
    for (let nl = b.indexOf(LF); nl !== -1; nl = b.indexOf(LF, pos)) {
      const tail = b.subarray(pos, nl + 1);
      const whole = this.#heldBytes === 0 ? tail : Buffer.concat([...this.#held, tail]);
      this.#held = [];
      this.#heldBytes = 0;
      this.#finish(whole, true);
      pos = nl + 1;
    }
    if (pos < b.length) this.#hold(b.subarray(pos));
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
