// ISO-2022-JP and kin (RFC 1468, libmime's "jis" charsets): a line is read
// in a state that escape sequences set (ESC ( B: one byte a character,
// ESC $ B: two), so a long line decoded in pieces must be cut where a
// character ends, never inside an escape sequence, and each piece after the
// first must start in the state the one before it ended in. iconv-lite has
// no ISO-2022-JP: libmime decodes it (with encoding-japanese), loaded on
// first use, so that no other charset pays for loading it.

import { requireOwn } from '../modules.js';

const ESC = 0x1b;
const DOLLAR = 0x24;
const CR = 0x0d;
const LF = 0x0a;

/**
 * A mark right after an escape sequence's ESC (quoted-printable writes ESC
 * as "=1B" and the rest as it is) leaves the sequence's other bytes, "(B",
 * "$B", "$(D", which give no text.
 */
export function escapeRest(bytes: Buffer, at: number): number {
  if (at === 0 || bytes[at - 1] !== ESC) return 0;
  const c = bytes[at];
  if (c === 0x24 && (bytes[at + 1] === 0x28 || bytes[at + 1] === 0x29)) return 3; // ESC $ ( D
  return c === 0x24 || c === 0x28 || c === 0x29 ? 2 : 0;
}

/** The length of the escape sequence at `i` (ESC, intermediate bytes 0x20–0x2F, a final byte), or 0 when it is not all in `bytes`. */
function escapeLength(bytes: Buffer, i: number): number {
  let j = i + 1;
  while (j < bytes.length && bytes[j]! >= 0x20 && bytes[j]! <= 0x2f) j++;
  return j < bytes.length ? j + 1 - i : 0;
}

/** Does the escape sequence at `i` designate a two-byte set into G0 (ESC $ @, ESC $ B, ESC $ ( D)? One-byte designations (ESC ( B, J, I) say no; others leave the state as it is. */
function twoByte(bytes: Buffer, i: number, n: number, before: boolean): boolean {
  const first = bytes[i + 1];
  if (first === DOLLAR) return n === 3 || bytes[i + 2] === 0x28;
  return first === 0x28 ? false : before;
}

/** Where a long line may be cut, and the escape sequence in effect there. */
export interface Iso2022Cut {
  /** The byte index of the cut: -1 when the character or escape sequence at `at` is not all in `bytes` yet. */
  end: number;
  /** The last designation before `end` (or the one the piece started in), to put before the next piece. */
  shift: Buffer | undefined;
}

/**
 * The first character end at or after byte `at` of `bytes`, a piece of a
 * line that starts in the state `shift` (an escape sequence, or undefined
 * for ASCII), and the designation in effect there.
 */
export function iso2022Cut(bytes: Buffer, at: number, shift: Buffer | undefined): Iso2022Cut {
  let double = shift !== undefined && twoByte(shift, 0, shift.length, false);
  let last = shift;
  let i = 0;
  while (i < at) {
    const c = bytes[i]!;
    if (c === ESC) {
      const n = escapeLength(bytes, i);
      if (n === 0) return { end: -1, shift: last };
      double = twoByte(bytes, i, n, double);
      last = bytes.subarray(i, i + n);
      i += n;
    } else i += double && c !== CR && c !== LF ? 2 : 1;
  }
  if (i > bytes.length) return { end: -1, shift: last };
  return { end: i, shift: last === undefined ? undefined : Buffer.from(last) };
}

type Decode = (bytes: Buffer, charset: string) => string;
let libmimeDecode: Decode | undefined;

/** `bytes` in ISO-2022-JP or kin (libmime's name for it: 'ISO-2022-JP', 'JIS'…) → text; never throws. */
export function decodeJis(bytes: Buffer, charset = 'ISO-2022-JP'): string {
  libmimeDecode ??= (requireOwn('libmime/lib/charset.js') as { decode: Decode }).decode;
  return libmimeDecode(bytes, charset);
}

/** The labels of the charset option read as ISO-2022-JP (the WHATWG labels, and the name without hyphens). */
const ISO2022JP_LABEL = /^(?:iso-?2022-?jp|csiso2022jp)$/;

/** 'iso-2022-jp' for one of its labels (trimmed, any case), else undefined. */
export function iso2022jpName(label: string): string | undefined {
  return ISO2022JP_LABEL.test(label.trim().toLowerCase()) ? 'iso-2022-jp' : undefined;
}

/** Bytes held at most while no line ends (then cut where a character ends). */
const MAX_HELD = 64 * 1024;

/**
 * An incremental ISO-2022-JP decoder that reads as the mail reader does:
 * each line is decoded on its own, in ASCII at its start (RFC 1468 ends
 * every line in ASCII), its line break as ASCII, so any chunking gives the same text. A line longer
 * than 64 KiB is cut where a character ends, and the piece after a cut
 * starts in the designation the piece before it left.
 */
export class Iso2022JpDecoder {
  /** Bytes of the last line not decoded yet (a copy: the caller may reuse its buffer). */
  #held: Buffer | undefined;
  /** The designation in effect where #held starts (undefined: ASCII). */
  #shift: Buffer | undefined;

  write(bytes: Buffer): string {
    const b = this.#held === undefined ? bytes : Buffer.concat([this.#held, bytes]);
    let text = '';
    let from = 0;
    for (let nl = b.indexOf(LF); nl !== -1; nl = b.indexOf(LF, from)) {
      const crlf = nl > from && b[nl - 1] === CR;
      // The line break apart: in the two-byte set, the decoder would read it as half a character.
      text += this.#decode(b.subarray(from, crlf ? nl - 1 : nl)) + (crlf ? '\r\n' : '\n');
      this.#shift = undefined;
      from = nl + 1;
    }
    if (b.length - from >= MAX_HELD) from = this.#cut(b, from, (t) => (text += t));
    this.#held = from < b.length ? Buffer.from(b.subarray(from)) : undefined;
    return text;
  }

  /** A long line's bytes from `from`, up to a character's end a few bytes before their end (room for an escape sequence cut there): where the rest starts. */
  #cut(b: Buffer, from: number, out: (text: string) => void): number {
    const line = b.subarray(from);
    const cut = iso2022Cut(line, line.length - 4, this.#shift);
    if (cut.end <= 0 && line.length < 2 * MAX_HELD) return from;
    const end = cut.end <= 0 ? line.length : cut.end; // an escape sequence that never ends (ESC, then spaces): decoded as it is
    out(this.#decode(line.subarray(0, end)));
    this.#shift = cut.shift;
    return from + end;
  }

  end(): string | undefined {
    const rest = this.#held;
    this.#held = undefined;
    return rest === undefined ? undefined : this.#decode(rest);
  }

  #decode(piece: Buffer): string {
    return decodeJis(this.#shift === undefined ? piece : Buffer.concat([this.#shift, piece]));
  }
}
