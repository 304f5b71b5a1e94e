// The rest of a delimited "http://…" or "https://…" after its "//", read
// once to both delimit and validate it: by one native match in the common
// case, else by a walk over its characters.
//
// A candidate of query characters only (see QUERY_ONLY) is what the full
// bracket scan would find, and most such references are valid URIs that are
// their own target (RFC 3986 §5.2.2) and links: resolveTarget would parse
// them (scanUriReference), look for a dot-segment, and linkTarget would look
// at the host's first character, each a walk or a search of its own. This
// read settles the common case on the way; anything it does not settle
// (a comma, userinfo, two ":" or a port of no digits, a stray "%", a second "#", a "$", a
// "/." in the path, no host, an empty host, a placeholder host) is left to those checks.

import { AMP, ASCII_CLASS, AT, COLON, COMMA, DOLLAR, DOT, HASH, PERCENT, QUERY_ONLY, QUESTION, SLASH, isDigit } from './chars.js';
import { BAD, CHECK, LOOK, NOT_RUN, PASS, PLAIN } from './plain-codes.js';
import { hexValue } from '../uri/chars.js';

export { CHECK, NOT_RUN, PLAIN } from './plain-codes.js';

/** PASS, BAD or LOOK per US-ASCII code point. */
const TAIL: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if ((ASCII_CLASS[c]! & QUERY_ONLY) === 0) t[c] = BAD;
  t[COMMA] = BAD; // a quoted list may be glued at one ("…,http://…"): the full scan splits it
  for (const c of [PERCENT, HASH, QUESTION, SLASH, AT, COLON, DOLLAR]) t[c] = LOOK; // "$": a variable's, maybe (variable.ts)
  return t;
})();

/**
 * 1 for the characters no host name or address starts with (see
 * placeholderHost in candidate.ts), and for those that end an empty host
 * ("http://?x", "http://:80/": see emptyWebHost in shapes.ts).
 */
const NO_HOST_START: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (const ch of "!$&'()*+,;=.-~/?#:") t[ch.charCodeAt(0)] = 1;
  return t;
})();

/** A regex set of the characters `TAIL` passes but those of `less`, and of `more`. */
function passing(more: string, less = ''): string {
  let set = '';
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if ((TAIL[c] === PASS && !less.includes(ch)) || more.includes(ch)) set += `\\x${c.toString(16).padStart(2, '0')}`;
  }
  return `[${set}]`;
}

/** A run of characters `TAIL` passes (but `less`) and of `more`, with pct-encoded triplets (§2.1) among them. */
const run = (more: string, less = ''): string => `${passing(more, less)}*(?:%[0-9A-Fa-f]{2}${passing(more, less)}*)*`;

/**
 * What httpTail's walk calls PLAIN, as one sticky regex (native code): a
 * host of passed characters but "&" and triplets, a port of digits, path segments
 * that start with no ".", a query, one fragment. It matches at every start
 * (each part may be empty), so it never fails and backtracks into no run: a
 * part that does not follow ends the match, and the match ends at `end`
 * exactly when the walk would say PLAIN.
 */
const PLAIN_TAIL = new RegExp(`${run('', '&')}(?::(?![^0-9/?#])[0-9]*)?(?:/(?!\\.)${run(':@')})*(?:\\?${run(':@/?')})?(?:#${run(':@/?')})?`, 'y');

/**
 * The longest tail PLAIN_TAIL matches: each "/" or triplet it repeats takes
 * a place on V8's backtrack stack, which a few million overflow (a
 * RangeError from the match). A longer tail, never a common one, takes the walk.
 */
const PLAIN_TAIL_REACH = 1 << 20;

/**
 * text[from, end) is what follows "http://" or "https://" up to the closer
 * at `end`: NOT_RUN, CHECK or PLAIN. The common case, PLAIN, is one native
 * match (PLAIN_TAIL); the others take the walk (tailWalk).
 */
export function httpTail(text: string, from: number, end: number): number {
  const first = from < end ? text.charCodeAt(from) : -1;
  if (first === -1 || (first < 128 && NO_HOST_START[first] === 1)) return tailWalk(text, from, end); // no PLAIN: "http://" alone, or a placeholder
  if (end - from > PLAIN_TAIL_REACH) return tailWalk(text, from, end);
  PLAIN_TAIL.lastIndex = from;
  PLAIN_TAIL.test(text);
  return PLAIN_TAIL.lastIndex === end ? PLAIN : tailWalk(text, from, end);
}

/** "http://" or "https://" in any case, then a letter or digit: the host is not empty. */
const HTTP_START = /^https?:\/\/[a-z0-9]/i;

/**
 * The scheme, "http" or "https", of a whole value that is such a URL and
 * that httpTail finds PLAIN (a host, a port of digits, no userinfo, no
 * dot-segment, every character a query character or a good escape): a
 * valid URI, its own target (RFC 3986 §5.2.2) and a link, as text mode
 * reads a quoted one. Undefined for any other value, which a parse decides.
 */
export function plainHttpScheme(value: string): 'http' | 'https' | undefined {
  if (!HTTP_START.test(value)) return undefined;
  const http = value.charCodeAt(4) === COLON;
  return httpTail(value, http ? 7 : 8, value.length) === PLAIN ? (http ? 'http' : 'https') : undefined;
}

/**
 * httpTail by a walk over each character. The authority runs to the first
 * "/", "?" or "#" (§3.2); its ":" starts a port.
 */
function tailWalk(text: string, from: number, end: number): number {
  const table = TAIL;
  const first = from < end ? text.charCodeAt(from) : -1;
  let plain = first !== -1 && (first >= 128 || NO_HOST_START[first] === 0); // not "http://" alone (a scheme named), nor a placeholder
  let port = -1;
  let i = from;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    const k = c < 128 ? table[c]! : BAD;
    if (k === PASS) {
      if (c === AMP) plain = false; // "x.&lt;region&gt;.example.com", maybe (see placeholderHost)
      continue;
    }
    if (k === BAD) return NOT_RUN;
    if (c === COLON && port === -1) port = i;
    else if (c === COLON || c === AT) plain = false; // a second ":", or userinfo
    else if (c !== PERCENT) break;
    else if (!pctEncoded(text, i, end)) plain = false;
  }
  if (port !== -1 && (!digitsOnly(text, port + 1, i) || port + 1 === end)) plain = false; // an empty port and nothing after it: a prefix (see portToCome)
  const rest = afterAuthority(table, text, i, end);
  return rest === NOT_RUN ? NOT_RUN : plain && rest === PLAIN ? PLAIN : CHECK;
}

/**
 * The path, query and fragment text[i, end): NOT_RUN, CHECK (a "/." in the
 * path, which may be a dot-segment (§5.2.4), a stray "%", a second "#") or PLAIN.
 */
function afterAuthority(table: Uint8Array, text: string, i: number, end: number): number {
  let plain = true;
  let path = true;
  let hash = false;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    const k = c < 128 ? table[c]! : BAD;
    if (k === PASS) continue;
    if (k === BAD) return NOT_RUN;
    if (c === SLASH) {
      if (path && i + 1 < end && text.charCodeAt(i + 1) === DOT) plain = false;
    } else if (c === QUESTION || c === HASH) {
      if (c === HASH && hash) plain = false;
      hash ||= c === HASH;
      path = false;
    } else if (c === DOLLAR || (c === PERCENT && !pctEncoded(text, i, end))) {
      plain = false;
    }
  }
  return plain ? PLAIN : CHECK;
}

/** Does text[i] ("%") start a pct-encoded triplet (§2.1) before `end`? */
function pctEncoded(text: string, i: number, end: number): boolean {
  return i + 2 < end && hexValue(text.charCodeAt(i + 1)) >= 0 && hexValue(text.charCodeAt(i + 2)) >= 0;
}

/** text[from, to) is all digits (a port, §3.2.3). */
function digitsOnly(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}
