// Access lines with quoted fields: Common/Combined Log Format and its variants (vhost first, X-Forwarded-For first, extra fields), S3, ELB/ALB, HAProxy; the request found by its shape.

import type { LineOut } from './emit.js';
import { schemeWithSlashes } from '../../delimit/glued.js';
import type { Marks } from './ahead.js';
import { BARE, Fields, isDash, QUOTED } from './fields.js';
import { requestHost } from './request-host.js';
import { namedTarget } from './target.js';
import { isClientAddress, isVhostName } from './vhost.js';
import { COLON, DIGIT_0, DIGIT_9, DOT, HASH, HYPHEN, LBRACE, LOWER_A, LOWER_F, QUESTION, SLASH, SPACE, STAR, UNDERSCORE, UPPER_A, UPPER_F, UPPER_H, UPPER_P, UPPER_T, UPPER_Z } from '../../uri/codes.js';

const fields = new Fields();

/** A CLF date: "[10/Oct/2000:13:55:36 -0700]". */
const CLF_DATE = /^\[\d\d\/[A-Z][a-z]{2}\/\d{4}:/;

/**
 * Does " HTTP/" stand in text[from, end)? Looked for by its "HTTP/": a line has
 * a space every few characters, where includes(" HTTP/") stops to compare
 * (over the real access log it took twice the time).
 */
function hasVersion(text: string, from: number, end: number, marks: Marks): boolean {
  for (let k = marks.version.in(text, from + 1); k !== -1 && k < end; k = marks.version.in(text, k + 1)) if (text.charCodeAt(k - 1) === SPACE) return true;
  return false;
}

/** A quote or a bracket, then a CLF date or an HTTP request line: text[from, end) is an access line. */
export function looksAccess(text: string, from: number, end: number, marks: Marks): boolean {
  if (!marks.quote.within(text, from, end) && !marks.open.within(text, from, end)) return false;
  if (hasVersion(text, from, end, marks)) return true;
  for (let b = marks.open.in(text, from); b !== -1 && b < end; b = marks.open.in(text, b + 1)) {
    if (CLF_DATE.test(text.slice(b, Math.min(b + 16, end)))) return true;
  }
  return false;
}

/**
 * Read text[from…] as an access line: the request found by its shape, the
 * referer and user agent after it, other quoted fields and URIs in bare ones
 * scanned. False, with nothing read, when no quoted field is a request line
 * (an application's log line that mentions "HTTP/1.1"): it is no access line.
 */
export function readAccess(out: LineOut, from: number): boolean {
  const text = out.text;
  const f = fields;
  f.read(text, from, out.end, out.marks);
  let r = 0;
  while (r < f.n && !(f.kind[r] === QUOTED && requestLine(text, f.start[r]!, f.end[r]!, out.marks))) r++;
  if (r === f.n) return false;
  const escaped = haproxy(text, f, r); // HAProxy writes "#XX" escapes
  const named = f.bracket > 1 && r < 8 && !escaped ? undefined : requestHost(text, f, r, escaped); // S3's Host header, Envoy's :authority (its time the first or second field), HAProxy's captured Host: a CLF line asks no more
  out.host = named?.host ?? vhost(text, f);
  const envoy = named !== undefined && named.upstream !== -1; // its quoted fields read by their place
  let after = 0; // 0: before the request, 1: after it, 2: after the referer, 3: after the user agent
  let status = false;
  let origin: [string, string] | undefined = named?.scheme === undefined ? undefined : [named.scheme, named.host!]; // the scheme and host the line names (S3; urllib3's origin before the request)
  for (let i = 0; i < f.n; i++) {
    const start = f.start[i]!;
    const end = f.end[i]!;
    if (i === r) {
      target(out, start, escaped, origin); // requestLine(r) was the last call: its parts are set
      after = 1;
    } else if (f.kind[i] === BARE) {
      if (after === 1 && end - start === 3 && isDigit(text, start) && isDigit(text, start + 1) && isDigit(text, start + 2)) status = true;
      else if (text.charCodeAt(start) === LBRACE) out.scanLogged(start + 1, end, 'captured', escaped); // HAProxy's captured headers, "{a|b}"
      else if (isLetter(text.charCodeAt(start)) && out.marks.slashes.within(text, start, end)) { // urllib3's "https://host:443 \"GET …\"", Tomcat's unquoted %{Referer}i
        out.scan(start, end, 'message');
        if (after === 0 && named?.scheme === undefined) origin = originIn(out.marks, text, start, end);
      }
    } else if (f.kind[i] !== QUOTED) {
      continue;
    } else if (envoy) {
      out.scanLogged(start, end, i === named.upstream ? 'upstream' : i === named.agent ? 'user-agent' : 'quoted');
    } else if (after === 1 && status) {
      if (!isDash(text, start, end)) out.absolute(text.slice(start, end), start, 'referer', 'quote'); // "-" or "" is none: no slice
      after = 2;
    } else if (after === 1 || after === 2) {
      out.scanLogged(start, end, 'user-agent');
      after = 3;
    } else {
      out.scanLogged(start, end, 'quoted');
    }
  }
  return true;
}

const isLetter = (c: number): boolean => ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);

/** The origin a bare field ends with, "scheme://host" and no path (urllib3's "https://api.example:443" before its request line): its scheme and host; undefined for any other. */
function originIn(marks: Marks, text: string, start: number, end: number): [string, string] | undefined {
  const k = marks.slashes.in(text, start);
  for (let i = k + 3; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === SLASH || c === QUESTION || c === HASH) return undefined; // a path, a query: a URL, no origin
  }
  let s = k;
  while (s > start && isLetter(text.charCodeAt(s - 1))) s--;
  return k + 3 < end ? [text.slice(s, k).toLowerCase(), text.slice(k + 3, end)] : undefined;
}

const isDigit = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c >= DIGIT_0 && c <= DIGIT_9;
};

/** The parts of the request line last read by requestLine (no allocation per line). */
let methodEnd = 0;
let targetEnd = 0;

/**
 * Is text[start, end) a request line (RFC 9112 §3): "METHOD target" with an
 * optional " HTTP/x" or " HTTP/x.y"? A target holding spaces is taken only
 * before " HTTP/x". Sets methodEnd and targetEnd.
 */
function requestLine(text: string, start: number, end: number, marks: Marks): boolean {
  if (end - start < 5) return false;
  let i = start;
  const c = text.charCodeAt(i);
  if (c < UPPER_A || c > UPPER_Z) return false;
  for (i++; i < end; i++) {
    const d = text.charCodeAt(i);
    if (!((d >= UPPER_A && d <= UPPER_Z) || d === UNDERSCORE || d === HYPHEN)) break;
  }
  if (i - start < 3 || i - start > 20 || text.charCodeAt(i) !== SPACE || i + 1 >= end) return false;
  methodEnd = i;
  const v = versionAtEnd(text, i + 1, end, marks);
  if (v !== -1) { // the field ends with its version (nearly every logged request)
    targetEnd = v;
    return true;
  }
  const sp = text.indexOf(' ', i + 1);
  if (sp === -1 || sp >= end) { // no version (HTTP/0.9's "GET /x"): only a target of a request's own form, not the "tmpfiles" of "CLEANUP tmpfiles"
    targetEnd = end;
    return text.charCodeAt(i + 1) === SLASH || schemeWithSlashes(text, i + 1, true) === true; // the field's closing quote ends a scheme
  }
  if (isVersion(text, sp, end)) {
    targetEnd = sp;
    return true;
  }
  const last = text.lastIndexOf(' ', end - 1);
  if (last > sp && isVersion(text, last, end)) {
    targetEnd = last;
    return true;
  }
  return false;
}

/**
 * Where " HTTP/d.d" or " HTTP/d" that ends the field text[…, end) starts,
 * at or after `from`, or -1. Neither holds a space, so its space is the
 * one requestLine's searches below would take: no search through the
 * target. Its "HTTP/" is the one looksAccess found (marks.version).
 */
function versionAtEnd(text: string, from: number, end: number, marks: Marks): number {
  const h = marks.version.in(text, end - 8 > from ? end - 8 : from + 1);
  if (h - 1 < from || text.charCodeAt(h - 1) !== SPACE) return -1;
  if (h === end - 8) return isDigit(text, end - 3) && text.charCodeAt(end - 2) === DOT && isDigit(text, end - 1) ? h - 1 : -1;
  return h === end - 6 && isDigit(text, end - 1) ? h - 1 : -1;
}

/** text[sp, end) is " HTTP/d" or " HTTP/d.d" (read by char codes: startsWith at an offset is a call into the runtime). */
function isVersion(text: string, sp: number, end: number): boolean {
  const n = end - sp;
  if (n !== 7 && n !== 9) return false;
  if (text.charCodeAt(sp + 1) !== UPPER_H || text.charCodeAt(sp + 2) !== UPPER_T || text.charCodeAt(sp + 3) !== UPPER_T) return false;
  if (text.charCodeAt(sp + 4) !== UPPER_P || text.charCodeAt(sp + 5) !== SLASH || !isDigit(text, sp + 6)) return false;
  return n === 7 || (text.charCodeAt(sp + 7) === DOT && isDigit(text, sp + 8));
}

/**
 * The target of the request line requestLine last read, which starts at
 * `start`. HAProxy (`escaped`) logs '"', '#', controls and bytes above
 * 0x7E in it as "#XX": a client sends no fragment, so each is the byte
 * XX, percent-encoded ("/caf#C3#A9" is "/caf%C3%A9").
 */
function target(out: LineOut, start: number, escaped = false, origin?: [string, string]): void {
  const text = out.text;
  const at = methodEnd + 1;
  if (targetEnd - at === 1 && text.charCodeAt(at) === STAR) return; // asterisk-form (RFC 9112 §3.2.4)
  if (methodEnd - start === 7 && text.startsWith('CONNECT', start)) return; // authority-form (§3.2.3)
  const named = origin === undefined ? undefined : namedTarget(origin[0], origin[1], text.slice(at, targetEnd)); // the target URI (RFC 9112 §3.3) on the origin the line names
  if (named !== undefined) {
    out.absolute(named, at, 'request', 'quote', text.slice(at, targetEnd));
  } else if (escaped && out.marks.hash.within(text, at, targetEnd)) {
    const raw = text.slice(at, targetEnd);
    out.target(raw.replace(/#([0-9A-Fa-f]{2})/g, '%$1'), at, 'request', 'quote', raw);
  } else {
    out.targetAt(at, targetEnd, 'request', 'quote');
  }
  out.embedded(at, targetEnd, 'in-request', true, escaped);
}

/** Is the access line HAProxy's: its accept date, in brackets before the request, has milliseconds ("[05/Mar/2024:10:00:01.655]")? */
function haproxy(text: string, f: Fields, request: number): boolean {
  const i = f.bracket;
  if (i === -1 || i >= request) return false;
  const end = f.end[i]!;
  return end - f.start[i]! === 24 && text.charCodeAt(end - 4) === DOT;
}

/** A leading virtual host (Apache's vhost_combined "%v:%p %h …", nginx "$host $remote_addr …"): a host name before the client address. */
function vhost(text: string, f: Fields): string | undefined {
  if (f.n < 2 || f.kind[0] !== BARE || f.kind[1] !== BARE) return undefined;
  const c = text.charCodeAt(f.start[1]!); // the client starts with a hex digit or ':' (mostly it is "-", the ident)
  if (!((c >= DIGIT_0 && c <= COLON) || (c >= UPPER_A && c <= UPPER_F) || (c >= LOWER_A && c <= LOWER_F))) return undefined;
  if (!isVhostName(text, f.start[0]!, f.end[0]!)) return undefined; // a dot or a port: not CRI's stream flag "F"
  return isClientAddress(text, f.start[1]!, f.end[1]!) ? text.slice(f.start[0], f.end[0]) : undefined;
}

/** The request target of a quoted request line at text[start, end), if it has one (nginx's error log). */
export function request(out: LineOut, start: number, end: number): void {
  if (requestLine(out.text, start, end, out.marks)) target(out, start);
}
