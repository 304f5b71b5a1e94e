// The decoded bytes of a run of lines (quoted-printable, base64), written
// into one Buffer that is reused: runBytes reads them before the next run
// is decoded (runs do not nest, as for RUN_MARKS), and what it hands on is
// a copy (a string, or bytes a decoder keeps in its own state). A Buffer
// made per run would be an allocation outside the heap (most runs are longer
// than Buffer's pool takes) and a release by the GC.

/** The longest run kept in the shared buffer; a longer one gets a Buffer of its own. */
const KEEP = 1 << 20;

let shared = Buffer.allocUnsafeSlow(1 << 16);

/** The bytes of `s` in `encoding` (at most one a character; base64: three for four): valid until the next call. */
export function decodeRun(s: string, encoding: 'latin1' | 'base64'): Buffer {
  if (s.length > KEEP) return Buffer.from(s, encoding);
  if (s.length > shared.length) shared = Buffer.allocUnsafeSlow(Math.min(KEEP, Math.max(s.length, shared.length * 2)));
  return shared.subarray(0, shared.write(s, 0, encoding));
}
