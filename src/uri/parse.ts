// RFC 3986 §4.1 URI Reference — a validating parser for the Appendix A grammar.
//
//   URI-reference = URI / relative-ref
//   URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//   relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//   relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
//   authority     = [ userinfo "@" ] host [ ":" port ]
//   port          = *DIGIT
//
// The split follows Appendix B (scheme up to the first ":" before any of
// "/?#", authority after "//" up to "/?#", path up to "?#", query up to
// "#"), then each component is checked against its ABNF rule in one pass.
// The parser records offsets (as ada does); `parse` slices them into
// components only when asked, so validation alone allocates nothing.

import { CHAR_CLASS, PATH, QUERY, REG_NAME, SCHEME, USERINFO, endOfRun, findInvalid, isPctEncoded } from './chars.js';
import { collector, type ErrorCollector, type HostType, type UriComponents, type UriErrorCode } from './components.js';
import { isIPv4address, isIPv6address, isIPvFuture, isRegName } from './host.js';
import { AT, CASE_BIT, COLON, HASH, LBRACKET, LOWER_V, PERCENT, QUESTION, SLASH, isAlpha, isDigit } from './codes.js';

/** Offsets that `scanUriReference` records, -1 where a component is absent. */
export interface UriOffsets {
  schemeEnd: number; // index of the scheme's ":"
  userinfoEnd: number; // index of "@"
  hostStart: number;
  hostEnd: number;
  portStart: number; // index after ":"
  pathStart: number;
  queryStart: number; // index of "?"
  fragmentStart: number; // index of "#"
  hostType: HostType | undefined;
}

/** An offsets record for scanUriReference to fill (a caller that scans many references reuses one). */
export function newOffsets(): UriOffsets {
  return {
    schemeEnd: -1, userinfoEnd: -1, hostStart: -1, hostEnd: -1, portStart: -1,
    pathStart: 0, queryStart: -1, fragmentStart: -1, hostType: undefined,
  };
}

/** RFC 3986 §3.1: the index of the ":" that ends a scheme, or -1. */
export function findSchemeEnd(s: string): number {
  if (!isAlpha(s.charCodeAt(0))) return -1; // ALPHA
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === COLON) return i;
    if (c >= 128 || (CHAR_CLASS[c]! & SCHEME) === 0) return -1;
  }
  return -1;
}

/** Why the character at i fails: a stray "%", or else `code`. */
function characterError(s: string, i: number, code: UriErrorCode = 'invalid-character'): UriErrorCode {
  return s.charCodeAt(i) === PERCENT ? 'invalid-percent-encoding' : code;
}

function fail(errors: ErrorCollector | undefined, code: UriErrorCode): false {
  errors?.push(code);
  return false;
}

function failAt(errors: ErrorCollector | undefined, code: UriErrorCode): -1 {
  errors?.push(code);
  return -1;
}

/** RFC 3986 §3.2.2 host over s[start, end), `colon` the last ":" in it or -1: sets hostEnd and hostType. */
function scanHost(o: UriOffsets, s: string, start: number, end: number, colon: number, errors?: ErrorCollector): boolean {
  if (s.charCodeAt(start) === LBRACKET) { // "[" IP-literal "]"
    const close = s.indexOf(']', start);
    if (close === -1 || close >= end) return fail(errors, 'invalid-ipv6');
    if ((s.charCodeAt(start + 1) | CASE_BIT) === LOWER_V) {
      if (!isIPvFuture(s, start + 1, close)) return fail(errors, 'invalid-ipvfuture');
      o.hostType = 'ipvfuture';
    } else {
      if (!isIPv6address(s, start + 1, close)) return fail(errors, 'invalid-ipv6');
      o.hostType = 'ipv6';
    }
    o.hostEnd = close + 1;
    return close + 1 === end || s.charCodeAt(close + 1) === COLON || fail(errors, 'invalid-host');
  }
  const hostEnd = colon === -1 ? end : colon; // a reg-name or IPv4 holds no ":"
  o.hostEnd = hostEnd;
  if (isIPv4address(s, start, hostEnd)) o.hostType = 'ipv4';
  else if (isRegName(s, start, hostEnd)) o.hostType = 'reg-name';
  else return fail(errors, characterError(s, findInvalid(s, start, hostEnd, REG_NAME), 'invalid-host'));
  return true;
}

/** A run of characters that neither end an authority ("/", "?", "#") nor split it ("@", ":"). */
const AUTHORITY_RUN = /[^/?#@:]*/y;

/**
 * RFC 3986 §3.2 authority from `start` to the first "/", "?" or "#": returns
 * that end (where the path starts), or -1. One walk finds the end, the last
 * "@" (more than one fails the userinfo rule) and the ":"s after it. With
 * `queryOnly` (well-placed query-only input, see scanUriReference) a host with no ":"
 * is a reg-name without another walk.
 */
function scanAuthority(o: UriOffsets, s: string, start: number, queryOnly: boolean, errors?: ErrorCollector): number {
  let at = -1;
  let colon = -1;
  let colons = 0;
  let end = start;
  for (; end < s.length; end++) {
    end = endOfRun(AUTHORITY_RUN, s, end); // pass the characters that need no look
    if (end === s.length) break;
    const c = s.charCodeAt(end);
    if (c === AT) { at = end; colon = -1; colons = 0; } else if (c === COLON) { colon = end; colons++; } else break;
  }
  let hostStart = start;
  if (at !== -1) {
    const bad = findInvalid(s, start, at, USERINFO);
    if (bad !== -1) return failAt(errors, characterError(s, bad, 'invalid-userinfo'));
    o.userinfoEnd = at;
    hostStart = at + 1;
  }
  o.hostStart = hostStart;
  if (queryOnly && colons <= 1) {
    const hostEnd = colon === -1 ? end : colon;
    o.hostEnd = hostEnd;
    o.hostType = isIPv4address(s, hostStart, hostEnd) ? 'ipv4' : 'reg-name';
  } else if (!scanHost(o, s, hostStart, end, colon, errors)) {
    return -1;
  }
  const hostEnd = o.hostEnd;
  if (hostEnd < end) {
    for (let i = hostEnd + 1; i < end; i++) {
      const c = s.charCodeAt(i);
      if (!isDigit(c)) return failAt(errors, 'invalid-port');
    }
    o.portStart = hostEnd + 1;
  }
  return end;
}

/**
 * RFC 3986 §4.1: validate `input` as a URI-reference, recording its offsets
 * in `o` (see newOffsets).
 * `queryOnly` is the caller's word that every character of `input` is a query
 * character (pchar / "/" / "?"), "#" or "%" (so no "[", space or non-ASCII),
 * as the delimiting scan finds out on its way. Then, once each "%" starts a
 * triplet and there is one "#" at most, every character is allowed where it
 * stands: the components are found with indexOf, with no walk of their own.
 */
export function scanUriReference(o: UriOffsets, input: string, errors?: ErrorCollector, queryOnly = false): boolean {
  const schemeEnd = findSchemeEnd(input);
  const pos = schemeEnd + 1; // 0 when there is no scheme
  o.schemeEnd = schemeEnd; o.userinfoEnd = -1; o.hostStart = -1; o.hostEnd = -1; o.portStart = -1;
  o.hostType = undefined; o.queryStart = -1; o.fragmentStart = -1;
  const hash = queryOnly ? wellPlacedHash(input) : NOT_QUERY_ONLY;
  const fast = hash !== NOT_QUERY_ONLY;
  let pathStart = pos;
  if (input.charCodeAt(pos) === SLASH && input.charCodeAt(pos + 1) === SLASH) {
    pathStart = scanAuthority(o, input, pos + 2, fast, errors);
    if (pathStart === -1) return false;
  }
  o.pathStart = pathStart;
  return fast ? splitQueryOnly(o, input, pathStart, hash, errors) : scanPathQueryFragment(o, input, pathStart, errors);
}

const NOT_QUERY_ONLY = -2;

/**
 * For `queryOnly` input: NOT_QUERY_ONLY unless every "%" starts a pct-encoded triplet
 * (§2.1) and one "#" at most ends the query; else the index of that "#", or -1.
 */
function wellPlacedHash(s: string): number {
  for (let p = s.indexOf('%'); p !== -1; p = s.indexOf('%', p + 3)) if (!isPctEncoded(s, p)) return NOT_QUERY_ONLY;
  const hash = s.indexOf('#');
  return hash === -1 || s.indexOf('#', hash + 1) === -1 ? hash : NOT_QUERY_ONLY;
}

/**
 * §3.3–3.5 for well-placed query-only input: path up to the first "?" or "#",
 * query up to "#", then the fragment. (No scheme or authority holds a "#",
 * so the string's first "#" starts the fragment.)
 */
function splitQueryOnly(o: UriOffsets, input: string, pathStart: number, hash: number, errors?: ErrorCollector): boolean {
  const question = input.indexOf('?', pathStart);
  const query = question !== -1 && (hash === -1 || question < hash) ? question : -1;
  const pathEnd = query !== -1 ? query : hash !== -1 ? hash : input.length;
  if (o.schemeEnd === -1 && o.hostStart === -1 && !firstSegmentOk(input, pathEnd)) {
    return fail(errors, colonError(input));
  }
  o.queryStart = query;
  o.fragmentStart = hash;
  return true;
}

/** §3.3–3.5: one pass per component, each ending at the first character its rule does not allow, which must be the next delimiter. */
function scanPathQueryFragment(o: UriOffsets, input: string, pathStart: number, errors?: ErrorCollector): boolean {
  const len = input.length;
  let i = findInvalid(input, pathStart, len, PATH);
  const pathEnd = i === -1 ? len : i;
  if (o.schemeEnd === -1 && o.hostStart === -1 && !firstSegmentOk(input, pathEnd)) {
    return fail(errors, colonError(input));
  }
  if (i !== -1 && input.charCodeAt(i) === QUESTION) {
    o.queryStart = i;
    i = findInvalid(input, i + 1, len, QUERY);
  }
  if (i !== -1 && input.charCodeAt(i) === HASH) {
    o.fragmentStart = i;
    i = findInvalid(input, i + 1, len, QUERY);
  }
  return i === -1 || fail(errors, characterError(input, i));
}

/** §4.2 path-noscheme: the first segment of a relative path holds no ":". */
/**
 * Why a relative reference's first segment may not hold its ":": text
 * before it was meant for a scheme that is none ("1a:b", "a_b:c":
 * 'invalid-scheme', §3.1), or there is none (":b": §4.2's path-noscheme).
 */
function colonError(input: string): UriErrorCode {
  return input.charCodeAt(0) === COLON ? 'relative-path-colon' : 'invalid-scheme';
}

function firstSegmentOk(input: string, pathEnd: number): boolean {
  const colon = input.indexOf(':');
  if (colon === -1 || colon >= pathEnd) return true;
  const slash = input.indexOf('/');
  return slash !== -1 && slash < colon;
}

/** The components of `input` that scanUriReference recorded in `o`, sliced from it. */
export function componentsFromOffsets(o: UriOffsets, input: string): UriComponents {
  const hasHost = o.hostStart !== -1;
  const pathEnd = o.queryStart !== -1 ? o.queryStart : o.fragmentStart !== -1 ? o.fragmentStart : input.length;
  return {
    scheme: o.schemeEnd === -1 ? undefined : input.slice(0, o.schemeEnd),
    userinfo: o.userinfoEnd === -1 ? undefined : input.slice(o.schemeEnd + 3, o.userinfoEnd),
    host: hasHost ? input.slice(o.hostStart, o.hostEnd) : undefined,
    port: o.portStart === -1 ? undefined : input.slice(o.portStart, o.pathStart),
    hostType: o.hostType,
    path: input.slice(o.pathStart, pathEnd),
    query: o.queryStart === -1 ? undefined : input.slice(o.queryStart + 1, o.fragmentStart !== -1 ? o.fragmentStart : input.length),
    fragment: o.fragmentStart === -1 ? undefined : input.slice(o.fragmentStart + 1),
  };
}

/** RFC 3986 §4.1 URI-reference: the components of `input`, or undefined. */
export function parse(input: string, sink?: ErrorCollector): UriComponents | undefined {
  const errors = collector(sink);
  if (typeof input !== 'string') {
    errors?.push('not-a-string');
    return undefined;
  }
  const o = newOffsets();
  return scanUriReference(o, input, errors) ? componentsFromOffsets(o, input) : undefined;
}
