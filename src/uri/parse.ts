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

import { CHAR_CLASS, PATH, QUERY, REG_NAME, SCHEME, USERINFO, findInvalid } from './chars.js';
import type { ErrorCollector, HostType, UriComponents, UriErrorCode } from './components.js';
import { isIPv4address, isIPv6address, isIPvFuture, isRegName } from './host.js';

const COLON = 0x3a;
const SLASH = 0x2f;
const PERCENT = 0x25;

/** RFC 3986 §3.1: the index of the ":" that ends a scheme, or -1. */
export function findSchemeEnd(s: string): number {
  const c0 = s.charCodeAt(0) | 0x20;
  if (c0 < 0x61 || c0 > 0x7a) return -1; // ALPHA
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

interface Authority {
  userinfo: string | undefined;
  host: string;
  port: string | undefined;
  hostType: HostType;
}

/** RFC 3986 §3.2 authority over s[start, end), or undefined. */
export function parseAuthority(
  s: string, start: number, end: number, errors?: ErrorCollector,
): Authority | undefined {
  let userinfo: string | undefined;
  let hostStart = start;
  const at = s.indexOf('@', start);
  if (at !== -1 && at < end) {
    const bad = findInvalid(s, start, at, USERINFO);
    if (bad !== -1) return fail(errors, characterError(s, bad, 'invalid-userinfo'));
    userinfo = s.slice(start, at);
    hostStart = at + 1;
  }
  let hostEnd: number;
  let hostType: HostType;
  if (s.charCodeAt(hostStart) === 0x5b) { // "[" IP-literal "]"
    const close = s.indexOf(']', hostStart);
    if (close === -1 || close >= end) return fail(errors, 'invalid-ipv6');
    if ((s.charCodeAt(hostStart + 1) | 0x20) === 0x76) {
      if (!isIPvFuture(s, hostStart + 1, close)) return fail(errors, 'invalid-ipvfuture');
      hostType = 'ipvfuture';
    } else {
      if (!isIPv6address(s, hostStart + 1, close)) return fail(errors, 'invalid-ipv6');
      hostType = 'ipv6';
    }
    hostEnd = close + 1;
    if (hostEnd < end && s.charCodeAt(hostEnd) !== COLON) return fail(errors, 'invalid-host');
  } else {
    const colon = s.indexOf(':', hostStart);
    hostEnd = colon !== -1 && colon < end ? colon : end;
    if (isIPv4address(s, hostStart, hostEnd)) hostType = 'ipv4';
    else if (isRegName(s, hostStart, hostEnd)) hostType = 'reg-name';
    else return fail(errors, characterError(s, findInvalid(s, hostStart, hostEnd, REG_NAME), 'invalid-host'));
  }
  let port: string | undefined;
  if (hostEnd < end) {
    for (let i = hostEnd + 1; i < end; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x30 || c > 0x39) return fail(errors, 'invalid-port');
    }
    port = s.slice(hostEnd + 1, end);
  }
  return { userinfo, host: s.slice(hostStart, hostEnd), port, hostType };
}

function fail(errors: ErrorCollector | undefined, code: UriErrorCode): undefined {
  errors?.push(code);
  return undefined;
}

/** RFC 3986 §4.1 URI-reference: the components of `input`, or undefined. */
export function parse(input: string, errors?: ErrorCollector): UriComponents | undefined {
  if (typeof input !== 'string') return fail(errors, 'not-a-string');
  const len = input.length;
  const schemeEnd = findSchemeEnd(input);
  const pos = schemeEnd + 1; // 0 when there is no scheme
  let fragStart = input.indexOf('#', pos);
  if (fragStart === -1) fragStart = len;
  let queryStart = input.indexOf('?', pos);
  if (queryStart === -1 || queryStart > fragStart) queryStart = fragStart;

  let authority: Authority | undefined;
  let pathStart = pos;
  if (input.charCodeAt(pos) === SLASH && input.charCodeAt(pos + 1) === SLASH) {
    let authEnd = pos + 2;
    while (authEnd < queryStart && input.charCodeAt(authEnd) !== SLASH) authEnd++;
    authority = parseAuthority(input, pos + 2, authEnd, errors);
    if (authority === undefined) return undefined;
    pathStart = authEnd;
  }
  const pathBad = findInvalid(input, pathStart, queryStart, PATH);
  if (pathBad !== -1) return fail(errors, characterError(input, pathBad));
  if (schemeEnd === -1 && authority === undefined) {
    // path-noscheme: the first segment holds no ":" (§4.2)
    const colon = input.indexOf(':');
    if (colon !== -1 && colon < queryStart) {
      const slash = input.indexOf('/');
      if (slash === -1 || slash > colon) return fail(errors, 'relative-path-colon');
    }
  }
  let query: string | undefined;
  if (queryStart < fragStart) {
    const bad = findInvalid(input, queryStart + 1, fragStart, QUERY);
    if (bad !== -1) return fail(errors, characterError(input, bad));
    query = input.slice(queryStart + 1, fragStart);
  }
  let fragment: string | undefined;
  if (fragStart < len) {
    const bad = findInvalid(input, fragStart + 1, len, QUERY);
    if (bad !== -1) return fail(errors, characterError(input, bad));
    fragment = input.slice(fragStart + 1);
  }
  return {
    scheme: schemeEnd === -1 ? undefined : input.slice(0, schemeEnd),
    userinfo: authority === undefined ? undefined : authority.userinfo,
    host: authority === undefined ? undefined : authority.host,
    port: authority === undefined ? undefined : authority.port,
    hostType: authority === undefined ? undefined : authority.hostType,
    path: input.slice(pathStart, queryStart),
    query,
    fragment,
  };
}
