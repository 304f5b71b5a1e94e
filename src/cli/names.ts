// File names as bytes. On Linux a name is any bytes but '/' and NUL; Node
// decodes process.argv and readdir() names as UTF-8, replacing what does not
// decode with U+FFFD, so such a file could not be opened again. Names that
// are not UTF-8 are kept as bytes (fs accepts Buffer paths) and printed
// escaped; control characters are escaped in every printed name.
import { readFileSync } from 'node:fs';

/** A path as given: text when it is UTF-8, else its bytes. */
export type PathName = string | Uint8Array;

// ignoreBOM: a name's leading EF BB BF is a character of the name (U+FEFF), not a byte-order mark to drop
const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

/** The name as text if its bytes are UTF-8, else the bytes themselves. */
export function nameFromBytes(bytes: Uint8Array): PathName {
  try {
    return fatal.decode(bytes);
  } catch {
    return Uint8Array.from(bytes);
  }
}

/** What fs calls take. */
export function fsPath(name: PathName): string | Buffer {
  return typeof name === 'string' ? name : Buffer.from(name);
}

/** Bytes of a name, for joining and sorting. */
export function nameBytes(name: PathName): Buffer {
  return typeof name === 'string' ? Buffer.from(name, 'utf8') : Buffer.from(name);
}

/**
 * A name for output: bytes that are not UTF-8 as `\xE9`, control characters
 * (C0, DEL, C1), line and paragraph separators, bidi overrides and the
 * backslash itself escaped, so a printed name is one line and unambiguous.
 */
export function escapeName(name: PathName): string {
  return typeof name === 'string' ? escapeText(name) : escapeBytes(name);
}

function escapeText(text: string): string {
  return text.replace(SPECIAL, (c) => ESCAPES[c] ?? codeEscape(c));
}

// \x5c (the backslash) is escaped as \\, so `\xE9` in a printed name is always an escape.
// Besides controls: the bidi controls and marks (U+061C, U+200E, U+200F), which reorder what a
// terminal shows, and the invisible U+200B, U+2060 and U+FEFF, which would make two names print
// alike; the joiners U+200C and U+200D shape scripts and emoji, and are printed as they are.
const SPECIAL = /[\x00-\x1f\x7f-\x9f\\\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function codeEscape(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x80 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
}

function hex(n: number, width: number): string {
  return n.toString(16).toUpperCase().padStart(width, '0');
}

/** UTF-8 sequences decoded (and escaped as text), other bytes as `\xHH`. */
function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const length = sequenceLength(bytes[i] ?? 0);
    const piece = length === 0 ? undefined : tryDecode(bytes.subarray(i, i + length));
    if (piece === undefined) {
      out += `\\x${hex(bytes[i] ?? 0, 2)}`;
      i++;
    } else {
      out += escapeText(piece);
      i += length;
    }
  }
  return out;
}

function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  return lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
}

function tryDecode(bytes: Uint8Array): string | undefined {
  try {
    return fatal.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The command-line arguments as bytes, where Node's UTF-8 decoding lost
 * them (a U+FFFD in `argv`): read back from /proc/self/cmdline, whose last
 * entries are the arguments. undefined for an argument that decoded
 * cleanly, and for all of them when the bytes cannot be recovered.
 */
export function argvBytes(argv: readonly string[]): Array<Uint8Array | undefined> {
  const none = argv.map(() => undefined);
  if (!argv.some((a) => a.includes('\ufffd'))) return none;
  let cmdline: Buffer;
  try {
    cmdline = readFileSync('/proc/self/cmdline');
  } catch {
    return none;
  }
  const entries = splitNul(cmdline).slice(-argv.length);
  if (entries.length !== argv.length || entries.some((e, i) => lossy.decode(e) !== argv[i])) return none;
  return entries.map((e, i) => (argv[i]?.includes('\ufffd') === true ? Uint8Array.from(e) : undefined));
}

function splitNul(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let end = bytes.indexOf(0); end !== -1; start = end + 1, end = bytes.indexOf(0, start)) out.push(bytes.subarray(start, end));
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}
