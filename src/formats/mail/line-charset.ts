// Text in a charset read line by line: ISO-2022-JP and kin (libmime, which
// decodes whole lines), and the multi-byte charsets iconv-lite reads
// (Shift_JIS, GB2312, GB18030, Big5, EUC-*), whose incremental decoders hold
// bytes until a safe point (stream/boundary.ts). Each line is decoded whole
// (a long one in pieces that end where a character ends), and a mark that
// came between its bytes (a quoted-printable escape run, a base64 line, the
// line's own start) is placed where its byte stands in the decoded line, one
// inside a character at that character's end, so positions do not drift
// with what a decoder held.

import { iconv } from '../../stream/iconv.js';
import { LF } from '../../uri/codes.js';
import type { Iso2022Cut } from '../../stream/iso2022.js';

/** [line, column, offset] of the input. */
export type Mark = [number, number, number];

/** Where the decoded text and the marks go, in order. */
export interface LineOutput {
  text(s: string): void;
  mark(m: Mark): void;
}

/** A line with no line break is decoded in pieces of this many bytes and up to a character's end (bounded memory). */
const MAX_LINE = 64 * 1024;
/** Marks of one line placed by decoding the line's start up to each (past this many, by proportion). */
const PREFIX_MARKS = 64;
/** Bytes of the longest character of the charsets read here (GB18030's four-byte sequences). */
const MAX_CHAR = 4;

/** An incremental decoder of one charset: what it holds back (a character's first bytes) end() gives. */
type Incremental = () => { write(bytes: Buffer): string; end(): string | undefined };

/** How one charset is read by lines: the whole-line decode, and an incremental one to place marks (when there is one). */
export interface LineCodec {
  decode(bytes: Buffer): string;
  incremental: Incremental | undefined;
  /** How many bytes from `at` give no text though they stand in the input (the rest of an escape sequence), if any. */
  silent?: ((bytes: Buffer, at: number) => number) | undefined;
  /** A charset whose state escape sequences set (ISO-2022): where a long line may be cut at or after `at`, for a piece that starts in state `shift`. */
  stateful?: ((bytes: Buffer, at: number, shift: Buffer | undefined) => Iso2022Cut) | undefined;
}

/** A character boundary: its byte index, the text of the bytes from the boundary searched from, and whether a character was still open there. */
interface Boundary {
  end: number;
  text: string;
  open: boolean;
}

/**
 * The first character boundary at or after byte `at`, searched from the
 * boundary `from`: where a decoder fed bytes[from, end) holds nothing back.
 * Past MAX_CHAR bytes, or at the end of `bytes`, `open` says none was found.
 */
function nextBoundary(make: Incremental, bytes: Buffer, from: number, at: number): Boundary {
  const last = Math.min(bytes.length, at + MAX_CHAR - 1);
  for (let end = at; ; end++) {
    const decoder = make();
    const text = decoder.write(bytes.subarray(from, end));
    const open = (decoder.end() ?? '') !== '';
    if (!open || end >= last) return { end, text, open };
  }
}

/**
 * Flat [byte index in the line, mark, calls] per place marked: a mark at the
 * place of the one before replaces it (the later one wins downstream too),
 * and `calls` counts both, so that a line of soft breaks alone holds one
 * entry, and #placer counts the marks as given.
 */
type Marks = Array<number | Mark>;

export class LineDecoder {
  readonly #codec: LineCodec;
  readonly #out: LineOutput;
  #line: Buffer[] = [];
  #bytes = 0;
  #marks: Marks = [];
  /** A stateful charset's escape sequence in effect where the last piece of a long line was cut. */
  #shift: Buffer | undefined;
  /** …and where the piece #cut found ends. */
  #next: Buffer | undefined;

  constructor(codec: LineCodec, out: LineOutput) {
    this.#codec = codec;
    this.#out = out;
  }

  mark(m: Mark): void {
    const marks = this.#marks;
    const last = marks.length - 3;
    if (last >= 0 && marks[last] === this.#bytes) {
      marks[last + 1] = m;
      (marks[last + 2] as number)++;
      return;
    }
    marks.push(this.#bytes, m, 1);
  }

  bytes(b: Buffer): void {
    let from = 0;
    for (let nl = b.indexOf(LF); nl !== -1; nl = b.indexOf(LF, from)) {
      this.#line.push(b.subarray(from, nl + 1));
      this.#bytes += nl + 1 - from;
      this.flush();
      from = nl + 1;
    }
    if (from < b.length) {
      this.#line.push(Buffer.from(b.subarray(from)));
      this.#bytes += b.length - from;
      if (this.#bytes >= MAX_LINE) this.#drain(false);
    }
  }

  /** Decode the line held, and place its marks. */
  flush(): void {
    this.#drain(true);
  }

  /**
   * Decode the held bytes in pieces cut where the line's bytes alone say
   * (the first character end at or past MAX_LINE bytes), so that the text
   * does not depend on how the input was chunked; the rest, when not
   * `final`, waits for more bytes.
   */
  #drain(final: boolean): void {
    let bytes = this.#line.length === 1 ? this.#line[0]! : Buffer.concat(this.#line);
    let marks = this.#marks;
    for (let cut = this.#cut(bytes); cut !== -1; cut = this.#cut(bytes)) {
      let k = 0;
      while (k < marks.length && (marks[k] as number) < cut) k += 3;
      this.#decode(bytes.subarray(0, cut), marks.slice(0, k));
      this.#shift = this.#next;
      marks = marks.slice(k).map((x, i) => (i % 3 === 0 ? (x as number) - cut : x));
      bytes = bytes.subarray(cut);
    }
    if (final) this.#decode(bytes, marks);
    if (final) this.#shift = undefined;
    this.#line = final || bytes.length === 0 ? [] : [Buffer.from(bytes)];
    this.#bytes = final ? 0 : bytes.length;
    this.#marks = final ? [] : marks;
  }

  /** Where the first piece of a long line ends, or -1 (the line is short, or that character is not all here yet). */
  #cut(bytes: Buffer): number {
    if (bytes.length < MAX_LINE) return -1;
    const { stateful, incremental: make } = this.#codec;
    if (stateful !== undefined) {
      const c = stateful(bytes, MAX_LINE, this.#shift);
      if (c.end !== -1) this.#next = c.shift;
      return c.end;
    }
    if (make === undefined) return MAX_LINE;
    const b = nextBoundary(make, bytes, 0, MAX_LINE);
    return b.open && b.end === bytes.length ? -1 : b.end;
  }

  /** Decode one line, or a piece of a long one that ends where a character ends, and place its marks. */
  #decode(bytes: Buffer, marks: Marks): void {
    const text = bytes.length === 0 ? '' : this.#text(bytes);
    const place = this.#placer(bytes, text, marks);
    let from = 0;
    for (let k = 0; k < marks.length; k += 3) {
      const at = marks[k] as number;
      const [end, index] = place(at);
      const to = Math.min(text.length, Math.max(from, index));
      if (to > from) this.#out.text(text.slice(from, to));
      from = to;
      const m = marks[k + 1] as Mark;
      const moved = end - at; // moved to its character's end: the bytes between a mark and the next stand as they are in the file
      this.#out.mark(moved === 0 ? m : [m[0], m[1] + moved, m[2] + moved]);
      const skip = this.#codec.silent?.(bytes, at) ?? 0; // the text after them stands that much further on
      if (skip > 0) this.#out.mark([m[0], m[1] + skip, m[2] + skip]);
    }
    if (from < text.length) this.#out.text(text.slice(from));
  }

  /** The text of bytes of this line, read in the state the piece starts in (the escape sequence gives no text). */
  #text(bytes: Buffer): string {
    return this.#codec.decode(this.#shift === undefined ? bytes : Buffer.concat([this.#shift, bytes]));
  }

  /**
   * Where a mark at byte `at` of the line goes, for marks in increasing byte
   * order: [byte index, decoded index]. With an incremental decoder, a mark
   * inside a character moves to that character's end (its text comes whole).
   */
  #placer(bytes: Buffer, text: string, marks: Marks): (at: number) => [number, number] {
    const edge = (at: number): number | undefined => (at <= 0 ? 0 : at >= bytes.length ? text.length : undefined);
    const make = this.#codec.incremental;
    if (make !== undefined) return byBoundaries(make, bytes, text);
    if (markCalls(marks) <= PREFIX_MARKS) return (at) => [at, edge(at) ?? this.#text(bytes.subarray(0, at)).length];
    return (at) => [at, edge(at) ?? Math.round((at * text.length) / bytes.length)];
  }
}

/** The marks given for the entries of `marks` (see Marks). */
function markCalls(marks: Marks): number {
  let n = 0;
  for (let k = 2; k < marks.length; k += 3) n += marks[k] as number;
  return n;
}

/** The placer of a line whose charset has an incremental decoder: each mark at the first character boundary at or after its byte. */
function byBoundaries(make: Incremental, bytes: Buffer, text: string): (at: number) => [number, number] {
  let from = 0; // the last boundary found
  let given = 0; // the text of bytes[0, from)
  return (at) => {
    if (at <= from) return [from, given]; // at that boundary, or inside the character that ends there
    if (at >= bytes.length) return [bytes.length, text.length];
    const b = nextBoundary(make, bytes, from, at);
    if (b.open && b.end === bytes.length) return [bytes.length, text.length]; // the line ends inside the character
    from = b.end;
    given += b.text.length;
    return [from, given];
  };
}

const LINE_SAFE = new Map<string, boolean>();

/**
 * Can text in `name` (iconv-lite) be cut at each LF byte: is a line break
 * the one byte 0x0A, which no other character holds? (Not UTF-16 or UTF-32.)
 */
export function lineSafe(name: string): boolean {
  let ok = LINE_SAFE.get(name);
  if (ok === undefined) {
    const lf = iconv().encode('a\n', name);
    ok = lf.length === 2 && lf[1] === LF && iconv().decode(Buffer.from([0x61, LF]), name) === 'a\n';
    if (LINE_SAFE.size < 256) LINE_SAFE.set(name, ok);
  }
  return ok;
}

/** The LineCodec of an iconv-lite charset. */
export function iconvLines(name: string): LineCodec {
  return { decode: (b) => iconv().decode(b, name), incremental: () => iconv().getDecoder(name) as ReturnType<Incremental> };
}
