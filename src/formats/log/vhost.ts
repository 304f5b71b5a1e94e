// The leading virtual host of an access line and the client after it, told by their shape in one pass each (a line's first field can be as long as the line).

import { CHAR_CLASS, HEXDIG } from '../../uri/chars.js';
import { COLON, DOT, HYPHEN, isAlpha, isDigit, LBRACKET, RBRACKET } from '../../uri/codes.js';

const isLabelChar = (c: number): boolean => isAlpha(c) || isDigit(c) || c === HYPHEN;
const isHex = (c: number): boolean => c < 128 && (CHAR_CLASS[c]! & HEXDIG) !== 0;

/** The index after the run of characters `take` takes from i (up to end). */
function run(text: string, i: number, end: number, take: (c: number) => boolean): number {
  while (i < end && take(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Is text[start, end) a host name a vhost field holds: a first label with a
 * letter, then dot-separated labels and an optional ":port", or a ":port"
 * alone ("www.example.com", "www.example.com:443", "localhost:80"; not
 * CRI's stream flag "F")?
 */
export function isVhostName(text: string, start: number, end: number): boolean {
  let i = run(text, start, end, isLabelChar);
  if (i === start || run(text, start, i, (c) => !isAlpha(c)) === i) return false;
  let labels = 0;
  while (i < end && text.charCodeAt(i) === DOT) {
    const next = run(text, i + 1, end, isLabelChar);
    if (next === i + 1) return false;
    labels++;
    i = next;
  }
  if (i === end) return labels > 0;
  if (text.charCodeAt(i) !== COLON) return false;
  return i + 1 < end && run(text, i + 1, end, isDigit) === end;
}

/**
 * Is text[start, end) an authority as a request's Host header or
 * :authority holds it (RFC 9110 §7.2): a name of dot-separated labels, one
 * label alone too ("locations", "httpbin:8000"), or an IPv6 address in
 * brackets, then an optional ":port"?
 */
export function isAuthority(text: string, start: number, end: number): boolean {
  let i: number;
  if (text.charCodeAt(start) === LBRACKET) {
    i = run(text, start + 1, end, (c) => isHex(c) || c === COLON || c === DOT);
    if (i === start + 1 || text.charCodeAt(i) !== RBRACKET) return false;
    i++;
  } else {
    i = run(text, start, end, isLabelChar);
    if (i === start) return false;
    while (i + 1 < end && text.charCodeAt(i) === DOT) {
      const next = run(text, i + 1, end, isLabelChar);
      if (next === i + 1) return false;
      i = next;
    }
  }
  return i === end || (text.charCodeAt(i) === COLON && i + 1 < end && run(text, i + 1, end, isDigit) === end);
}

/** Is text[start, end) a client address: "d.d.d.d" (one to three digits each), or hex digits and colons (an IPv6 address, its tail maybe dotted)? */
export function isClientAddress(text: string, start: number, end: number): boolean {
  if (isDottedQuad(text, start, end)) return true;
  const colon = run(text, start, end, isHex); // every character up to the first ':' a hex digit
  if (colon >= end - 1 || text.charCodeAt(colon) !== COLON) return false; // a ':' with something after it
  return run(text, colon, end, (c) => isHex(c) || c === COLON || c === DOT) === end;
}

function isDottedQuad(text: string, start: number, end: number): boolean {
  let i = start;
  for (let part = 0; part < 4; part++) {
    if (part > 0) {
      if (text.charCodeAt(i) !== DOT) return false;
      i++;
    }
    const digits = run(text, i, Math.min(end, i + 3), isDigit);
    if (digits === i) return false;
    i = digits;
  }
  return i === end;
}
