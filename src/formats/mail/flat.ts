// Text handed to a scanner as a flat string. The mail reader's texts are
// slices of a chunk's latin1 string, `+=` chains and joins: V8 gives each
// representation (sequential, sliced, cons; one- or two-byte) a map of its
// own, and the scanner's string loads, which see them all, go megamorphic.
// A copy through a buffer makes any of them a sequential string.

/** Longest text copied, in characters: a longer one (rare: a batch is 16 KiB) goes as it is. */
const MOST = 256 * 1024;

/** The buffer texts are copied through, grown to the longest one so far. */
let scratch = Buffer.allocUnsafe(64 * 1024);

/** `s` as a sequential string (one-byte when every character fits in one): the same code units. */
export function flat(s: string): string {
  const n = s.length * 2;
  if (n === 0 || s.length > MOST) return s;
  if (n > scratch.length) scratch = Buffer.allocUnsafe(n);
  scratch.write(s, 0, n, 'utf16le');
  return scratch.toString('utf16le', 0, n);
}
