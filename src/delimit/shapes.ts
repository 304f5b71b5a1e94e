// The shapes of bare opaque URIs (Appendix C in running text: a registered
// scheme without "//" starts a bare URI), for the schemes whose names are
// also common words in code, config and chat. Each shape is its own RFC's;
// text without it is prose: /etc/passwd's "news:x:9:9:…", an AWS action
// "geo:GetMap", an npm script "data:export", /etc/group's "fax:x:21", a
// Docker tag "tag:latest", "file:upload", "bad news:(".

import { APOSTROPHE, AT, CASE_BIT, COLON, COMMA, DOT, DQUOTE, HASH, HYPHEN, PLUS, QUESTION, LOWER_F, LOWER_H, LOWER_P, LOWER_S, LOWER_T, LOWER_W, SEMICOLON, SLASH, STAR, UNDERSCORE, isAlnum, isDigit, isStop } from './chars.js';
import { schemeName } from './schemes.js';
import { SCHEMES, type ShapeName } from '../uri/schemes.js';
import { NEED_MORE } from './span.js';

/** How far past the ":" a shape looks (a comma, a dot, an "@"). */
const LOOKAHEAD = 256;

type Answer = boolean | typeof NEED_MORE;
type Check = (buf: string, after: number, final: boolean) => Answer;

/** RFC 4151: does the token from `after` hold the "," of a tagging entity, a date after it, before a stop? */
function tagShape(buf: string, after: number, final: boolean): Answer {
  const end = Math.min(buf.length, after + LOOKAHEAD);
  for (let i = after; i < end; i++) {
    const c = buf.charCodeAt(i);
    if (c === COMMA) {
      if (i + 1 === buf.length) return final ? false : NEED_MORE;
      return isDigit(buf.charCodeAt(i + 1));
    }
    if (isStop(c)) return false;
  }
  return end === buf.length && !final ? NEED_MORE : false;
}

/**
 * RFC 2397: "data:" [type "/" subtype] *(";" parameter) "," data: the ","
 * comes after nothing, a media type or a parameter, and data after it (a
 * string's "data:image/png;base64," + b64 is a prefix).
 */
function dataShape(buf: string, after: number, final: boolean): Answer {
  if (buf.charCodeAt(after) === SLASH) return false; // a Docker volume "data:/var/lib/db": a media type has a type
  let typed = buf.charCodeAt(after) === SEMICOLON; // "data:;base64,…"
  const end = Math.min(buf.length, after + LOOKAHEAD);
  for (let i = after; i < end; i++) {
    const c = buf.charCodeAt(i);
    if (c === COMMA) return (i === after || typed) && restAfter(buf, i + 1, final); // "data:,Hello", "data:text/plain,…", not "data:export, …"
    if (c === SLASH) typed = true;
    else if (isStop(c)) return false;
  }
  return end === buf.length && !final ? NEED_MORE : false;
}

/** Does the URI go on at `i`, after the "," of a data URI or the origin of a blob one? NEED_MORE at the end of the text so far. */
function restAfter(buf: string, i: number, final: boolean): Answer {
  if (i === buf.length) return final ? false : NEED_MORE;
  return !isStop(buf.charCodeAt(i));
}

/**
 * RFC 5538: a newsgroup name with an inner dot ("comp.lang.c"), a wildmat
 * ("news:*", "news:comp.*"), or a message-id with "@".
 */
function newsShape(buf: string, after: number, final: boolean): Answer {
  const c0 = buf.charCodeAt(after);
  if (c0 === STAR) return wildmatEnds(buf, after + 1, final); // every group
  if (!isAlnum(c0)) return after < buf.length || final ? false : NEED_MORE;
  const end = Math.min(buf.length, after + LOOKAHEAD);
  const id = messageId(buf, after, end);
  if (id === true || (id === NEED_MORE && !final)) return id; // else a group name, or nothing
  let dotted = false;
  for (let i = after; i < end; i++) {
    const c = buf.charCodeAt(i);
    if (c === DOT && (isAlnum(buf.charCodeAt(i + 1)) || buf.charCodeAt(i + 1) === STAR)) dotted = true;
    else if (c !== DOT && c !== PLUS && c !== HYPHEN && c !== UNDERSCORE && c !== STAR && !isAlnum(c)) return dotted; // the name ends
  }
  return end === buf.length && !final ? NEED_MORE : dotted;
}

/** After "news:*": no ":" glued on (/etc/shadow's "news:*:20228:0:…"; no group name holds one). */
function wildmatEnds(buf: string, i: number, final: boolean): Answer {
  if (i >= buf.length) return final ? true : NEED_MORE;
  return buf.charCodeAt(i) !== COLON;
}

/**
 * RFC 3966: a global number ("+1-816-…"), or digits; a "*" or "#" (a
 * service code, "tel:*67") goes before a digit or another of them, not
 * before a ":" (/etc/gshadow's "fax:*::").
 */
function dialShape(buf: string, after: number, final: boolean): Answer {
  if (after >= buf.length) return final ? false : NEED_MORE;
  const c = buf.charCodeAt(after);
  if (c === PLUS || isDigit(c)) return true;
  if (c !== STAR && c !== HASH) return false;
  if (after + 1 >= buf.length) return final ? false : NEED_MORE;
  const next = buf.charCodeAt(after + 1);
  return isDigit(next) || next === STAR || next === HASH;
}

/** A message-id: an "@" before the token ends ("CAH+w=7a@mail.gmail.com", "001$e1@home"); NEED_MORE at the end of the text. */
function messageId(buf: string, after: number, end: number): Answer {
  for (let i = after; i < end; i++) {
    const c = buf.charCodeAt(i);
    if (c === AT) return true;
    if (isStop(c)) return false;
  }
  return end === buf.length ? NEED_MORE : false;
}

/** "feed:" wraps a URI ("feed:https://example.com/rss.xml", "feed://example.com/rss"). */
function feedShape(buf: string, after: number, final: boolean): Answer {
  const end = Math.min(buf.length, after + 16);
  let i = after;
  while (i < end && isAlnum(buf.charCodeAt(i))) i++;
  if (i + 3 > buf.length) return final ? false : NEED_MORE;
  return buf.startsWith(i === after ? '//' : '://', i);
}

/**
 * W3C File API: "blob:" then the origin that made the blob, and a path
 * ("blob:https://example.org/550e8400-…", "blob:null/…", Node's
 * "blob:nodedata:…"); not git's object filters ("blob:none", "blob:limit=1k").
 */
function blobShape(buf: string, after: number, final: boolean): Answer {
  const end = Math.min(buf.length, after + 32);
  let i = after;
  while (i < end && (isAlnum(buf.charCodeAt(i)) || buf.charCodeAt(i) === PLUS || buf.charCodeAt(i) === HYPHEN || buf.charCodeAt(i) === DOT)) i++;
  if (i === buf.length) return final ? false : NEED_MORE;
  if (i === after) return false;
  const c = buf.charCodeAt(i);
  return (c === COLON || (c === SLASH && buf.slice(after, i) === 'null')) && restAfter(buf, i + 1, final); // not a string's prefix "blob:nodedata:"
}

/**
 * RFC 8141 §2: "urn:" NID ":" NSS, the NID two to 32 letters, digits and
 * hyphens ("urn:isbn:0451450523", "urn:ietf:rfc:3986"); the prose's
 * "the urn:uuid namespace" names none.
 */
function urnShape(buf: string, after: number, final: boolean): Answer {
  const end = Math.min(buf.length, after + 33);
  let i = after;
  while (i < end && (isAlnum(buf.charCodeAt(i)) || buf.charCodeAt(i) === HYPHEN)) i++;
  if (i === buf.length) return final ? false : NEED_MORE;
  if (i - after < 2 || buf.charCodeAt(i) !== COLON) return false;
  if (i + 1 === buf.length) return final ? false : NEED_MORE;
  return !isStop(buf.charCodeAt(i + 1));
}

/**
 * ISO 26324: a DOI name starts with its prefix's "10." and a registrant's
 * digit ("doi:10.1000/182"); a bibliography's "doi:https://doi.org/…" is a
 * label before a link.
 */
function doiShape(buf: string, after: number, final: boolean): Answer {
  if (after + 4 > buf.length) return final || !'10.'.startsWith(buf.slice(after, after + 3)) ? false : NEED_MORE;
  return buf.startsWith('10.', after) && isDigit(buf.charCodeAt(after + 3));
}

/** The first character after the ":" must be one of `first` (NEED_MORE when the text ends there). */
function startsWith(first: string): Check {
  return (buf, after, final) => {
    if (after >= buf.length) return final ? false : NEED_MORE;
    return first.indexOf(buf[after]!) !== -1;
  };
}

/** The checks, by the shape names of the scheme table (src/uri/schemes.ts), where each scheme's RFC is named. */
const CHECKS: Readonly<Record<ShapeName, Check>> = {
  tag: tagShape, // "tag:example.com,2005:…"
  data: dataShape, // "data:text/plain;base64,…"
  file: (buf: string, after: number) => buf.charCodeAt(after) === SLASH, // "file:/etc/hosts"
  geo: startsWith('+-0123456789'), // "geo:37.78,-122.41"
  dial: dialShape, // "tel:+1-816-555-1212"
  news: newsShape, // "news:comp.lang.c", "news:1234@example.com"
  feed: feedShape, // "feed:https://example.com/rss.xml"
  blob: blobShape, // "blob:https://example.org/550e8400-…"
  urn: urnShape, // "urn:isbn:0451450523"
  doi: doiShape, // "doi:10.1000/182"
};

/** Each shaped scheme's check, from the table once. */
const SHAPES: ReadonlyMap<string, Check> = shapes();

/** The checks of the table's shaped schemes (forEach: made once, in the interpreter, with no iterator to walk). */
function shapes(): Map<string, Check> {
  const map = new Map<string, Check>();
  SCHEMES.forEach((row, name) => {
    if (row.shape !== undefined) map.set(name, CHECKS[row.shape]);
  });
  return map;
}

/** The longest shaped scheme's length: a longer one has no shape to check. */
const LONGEST = Math.max(...[...SHAPES.keys()].map((name) => name.length));

/**
 * Does the bare opaque URI whose scheme is buf[start, colon) have its
 * scheme's shape? Schemes without a listed shape pass. NEED_MORE when the
 * text so far ends before the answer.
 */
export function opaqueShape(buf: string, start: number, colon: number, final: boolean): Answer {
  if (colon - start > LONGEST) return true; // no shaped scheme is this long
  return hasShape(schemeName(buf, start, colon), buf, colon + 1, final);
}

/**
 * Does the bare opaque URI text[start, end), its trailing punctuation
 * trimmed, still have its scheme's shape? The ":" that held a URN's name
 * ("'urn:uuid:' + id") or a blob's path ("'blob:nodedata:...'") may be gone.
 */
export function keepsShape(text: string, start: number, colon: number, end: number): boolean {
  if (colon - start > LONGEST) return true;
  return opaqueShape(text.slice(start, end), 0, colon - start, true) !== false;
}

/** The same for a scheme already named (lower case), its ":" before `after`. */
export function hasShape(name: string, buf: string, after: number, final: boolean): Answer {
  const shape = SHAPES.get(name);
  return shape === undefined ? true : shape(buf, after, final);
}

/**
 * Does text[…, end), its scheme's ":" at `colon`, end in its authority's
 * empty port ("http://localhost:", §3.2.3), with no path, query or fragment?
 * A string's prefix, its port to be appended ('http://localhost:' + port),
 * as "'urn:uuid:' + id" is.
 */
export function portToCome(text: string, colon: number, end: number): boolean {
  if (colon + 3 >= end || text.charCodeAt(end - 1) !== COLON || !text.startsWith('//', colon + 1)) return false;
  for (let i = colon + 3; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === SLASH || c === QUESTION || c === HASH) return false;
  }
  return true;
}

/** Is `uri`'s scheme, its ":" at `colon`, one whose URI names a host it is sent to: http, https (RFC 9110 §4.2.1-4.2.2), ws, wss (RFC 6455 §3), ftp (RFC 1738 §3.2), in any case? */
function needsHost(uri: string, colon: number): boolean {
  const lower = (k: number): number => uri.charCodeAt(k) | CASE_BIT;
  if (colon === 3 && lower(0) === LOWER_F) return lower(1) === LOWER_T && lower(2) === LOWER_P;
  if (colon === 2 || colon === 3) return lower(0) === LOWER_W && lower(1) === LOWER_S && (colon === 2 || lower(2) === LOWER_S);
  return (colon === 4 || (colon === 5 && lower(4) === LOWER_S))
    && lower(0) === LOWER_H && lower(1) === LOWER_T && lower(2) === LOWER_T && lower(3) === LOWER_P;
}

/**
 * Is `uri`, its scheme's ":" at `colon`, an "http", "https", "ws", "wss" or
 * "ftp" URI with an empty host ("http://?x", "https:///p", "http://user@:80/",
 * "ftp:///pub")? RFC 3986 allows an empty reg-name ("file:///x"), but RFC
 * 9110 §4.2.1 and RFC 6455 §3 make such a URI invalid: a recipient must
 * reject it; RFC 1738 §3.2 gives an ftp URL no form without its host.
 */
export function emptyWebHost(uri: string, colon: number): boolean {
  if (uri.charCodeAt(colon + 1) !== SLASH || uri.charCodeAt(colon + 2) !== SLASH || !needsHost(uri, colon)) return false;
  let host = colon + 3;
  const at = uri.indexOf('@', host); // userinfo before it (§3.2.1), when the authority holds it
  if (at !== -1) {
    let k = host;
    while (k < at && uri.charCodeAt(k) !== SLASH && uri.charCodeAt(k) !== QUESTION && uri.charCodeAt(k) !== HASH) k++;
    if (k === at) host = at + 1;
  }
  const c = uri.charCodeAt(host); // NaN at the end
  return host === uri.length || c === SLASH || c === QUESTION || c === HASH || c === COLON;
}

/** Is the run's trimmed tail text[trimmed, i) the empty port a quote closes ('"http://localhost:" + port')? A string's prefix (portToCome). */
export function quotedPort(text: string, colon: number, trimmed: number, i: number): boolean {
  const q = text.charCodeAt(i);
  return i === trimmed + 1 && (q === DQUOTE || q === APOSTROPHE) && portToCome(text, colon, i);
}
