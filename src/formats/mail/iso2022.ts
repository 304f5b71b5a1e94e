// ISO-2022-JP and kin (RFC 1468, libmime's "jis" charsets): a line is read
// in a state that escape sequences set (ESC ( B: one byte a character,
// ESC $ B: two), so a long line decoded in pieces must be cut where a
// character ends, never inside an escape sequence, and each piece after the
// first must start in the state the one before it ended in.

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
