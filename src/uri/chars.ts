// RFC 3986 §2 Characters — one lookup table of bit flags over US-ASCII.
//
//   pct-encoded = "%" HEXDIG HEXDIG                                  §2.1
//   reserved    = gen-delims / sub-delims                            §2.2
//   gen-delims  = ":" / "/" / "?" / "#" / "[" / "]" / "@"
//   sub-delims  = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
//   unreserved  = ALPHA / DIGIT / "-" / "." / "_" / "~"              §2.3
//
// Each component's allowed set (§3) is one bit, so a scan is one table load
// and one AND per character.

import { CASE_BIT, DIGIT_0, LOWER_A, LOWER_F, PERCENT, isDigit } from './codes.js';

/** scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )   §3.1 */
export const SCHEME = 1;
/** reg-name = *( unreserved / pct-encoded / sub-delims )  §3.2.2 (without %) */
export const REG_NAME = 2;
/** userinfo = *( unreserved / pct-encoded / sub-delims / ":" )  §3.2.1 */
export const USERINFO = 4;
/** pchar = unreserved / pct-encoded / sub-delims / ":" / "@"  §3.3 */
export const PCHAR = 8;
/** path characters: pchar / "/"  §3.3 */
export const PATH = 16;
/** query = fragment = *( pchar / "/" / "?" )  §3.4, §3.5 */
export const QUERY = 32;
/** HEXDIG */
export const HEXDIG = 64;
/** unreserved  §2.3 */
export const UNRESERVED = 128;

const ALPHA_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGIT_CHARS = '0123456789';
const SUB_DELIMS = "!$&'()*+,;=";

function build(): Uint8Array {
  const t = new Uint8Array(128);
  const add = (chars: string, flags: number): void => {
    for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)]! |= flags;
  };
  const anyComponent = REG_NAME | USERINFO | PCHAR | PATH | QUERY;
  add(ALPHA_CHARS, SCHEME | UNRESERVED | anyComponent);
  add(DIGIT_CHARS, SCHEME | UNRESERVED | HEXDIG | anyComponent);
  add('abcdefABCDEF', HEXDIG);
  add('+', SCHEME);
  add('-.', SCHEME);
  add('-._~', UNRESERVED | anyComponent);
  add(SUB_DELIMS, anyComponent);
  add(':', USERINFO | PCHAR | PATH | QUERY);
  add('@', PCHAR | PATH | QUERY);
  add('/', PATH | QUERY);
  add('?', QUERY);
  return t;
}

/** Flags per US-ASCII code point; code points ≥ 128 have none. */
export const CHAR_CLASS: Uint8Array = build();

export { PERCENT } from './codes.js';

/** Value of a hex digit, or -1. */
export function hexValue(c: number): number {
  if (isDigit(c)) return c - DIGIT_0;
  const l = c | CASE_BIT;
  if (l >= LOWER_A && l <= LOWER_F) return l - LOWER_A + 10;
  return -1;
}

/** True when s[i] starts a well-formed pct-encoded triplet (§2.1). */
export function isPctEncoded(s: string, i: number): boolean {
  return hexValue(s.charCodeAt(i + 1)) >= 0 && hexValue(s.charCodeAt(i + 2)) >= 0;
}

/**
 * Index of the first character in s[start, end) outside `mask` (a bad
 * pct-encoding counts), or -1 when the whole range is allowed.
 */
export function findInvalid(s: string, start: number, end: number, mask: number): number {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && (CHAR_CLASS[c]! & mask) !== 0) continue;
    if (c === PERCENT && i + 2 < end && isPctEncoded(s, i)) {
      i += 2;
      continue;
    }
    return i;
  }
  return -1;
}

/**
 * The end of the run of `run`'s characters that starts at s[i] (i itself
 * when there is none). `run` is a sticky regex of one character class with a
 * star: it cannot backtrack, and V8 runs it as a native loop, several times
 * faster than a charCodeAt loop over a long run.
 */
export function endOfRun(run: RegExp, s: string, i: number): number {
  run.lastIndex = i;
  return run.test(s) ? run.lastIndex : i;
}
