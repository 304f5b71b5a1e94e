// Base64 data in quotes (RFC 4648 §4): its alphabet holds "/", so a JSON
// value or a string literal of it is a valid relative path (RFC 3986 §4.2),
// but no link ("/9j/4AAQSkZJRg…", a JPEG's; "iVBORw0KGgo…/…==", a PNG's).

import { EQUALS, PLUS, SLASH, UPPER_A, UPPER_Z, isAlnum, isDigit } from './chars.js';

/** Shortest run of letters and digits read as random data ("4AAQSkZJRgABAQAA"); shorter mixed runs are names and IDs. */
const RANDOM_RUN = 16;

/** What a segment between slashes reads as. */
const OTHER = 0;
/** Lower-case letters only: a path's word ("file", "edit", "api"). */
const WORD = 1;
/** A long run mixing upper case, lower case and digits, or holding "+": data. */
const RANDOM = 2;

/**
 * Is `ref` base64 data: the base64 alphabet only ([A-Za-z0-9+/], up to two
 * "=" of padding at the end), at least RANDOM_RUN long, with some segment
 * that reads as random and none that is a word? A path's segments are words
 * ("/file/d/1BxiMVs0XRA5nFMdKvBd/edit" is a link); data's are not.
 */
export function isBase64(ref: string): boolean {
  if (ref.length < RANDOM_RUN) return false;
  let end = ref.length;
  if (ref.charCodeAt(end - 1) === EQUALS) end--;
  if (ref.charCodeAt(end - 1) === EQUALS) end--;
  let random = false;
  let start = 0;
  for (let i = 0; i <= end; i++) {
    const c = i < end ? ref.charCodeAt(i) : SLASH;
    if (c !== SLASH) {
      if (!isAlnum(c) && c !== PLUS) return false;
      continue;
    }
    const kind = segmentKind(ref, start, i);
    if (kind === WORD) return false;
    if (kind === RANDOM) random = true;
    start = i + 1;
  }
  return random || end < ref.length; // "=" padding ends data, never a path
}

/** What ref[start, end) (base64 characters) reads as: WORD, RANDOM or OTHER. */
function segmentKind(ref: string, start: number, end: number): number {
  let upper = false;
  let lower = false;
  let digit = false;
  for (let i = start; i < end; i++) {
    const c = ref.charCodeAt(i);
    if (c === PLUS) return RANDOM;
    if (isDigit(c)) digit = true;
    else if (c >= UPPER_A && c <= UPPER_Z) upper = true;
    else lower = true;
  }
  if (lower && !upper && !digit && end - start >= 2) return WORD;
  return upper && lower && digit && end - start >= RANDOM_RUN ? RANDOM : OTHER;
}
