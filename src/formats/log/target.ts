// Logged request targets and referers as URI text: server escapes undone, what a URI cannot hold percent-encoded, origin-form resolved; other logged fields with their escapes undone, to scan.

import { namesScheme, placeholderHost, resolveTarget } from '../../delimit/candidate.js';
import { emptyWebHost } from '../../delimit/shapes.js';
import type { ResolveState } from '../../delimit/state.js';
import type { Piece } from './emit.js';
import type { UriComponents } from '../../uri/components.js';
import { toUri } from '../../uri/iri.js';
import { parse } from '../../uri/parse.js';
import { recompose } from '../../uri/recompose.js';
import { transformReferences } from '../../uri/resolve.js';
import { plainHttpScheme } from '../../delimit/plain.js';
import { BACKSLASH, CASE_BIT, DIGIT_0, DIGIT_9, DQUOTE, HASH, LBRACKET, LOWER_A, LOWER_F, LOWER_X, PERCENT, RBRACKET, SLASH } from '../../uri/codes.js';

const HEX = '0123456789ABCDEF';

/** ASCII characters a URI holds as they are (RFC 3986 §2.2, §2.3; '%' is checked apart, '[' ']' only in an authority). */
const KEEP = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@!$&'()*+,;=") KEEP[c.charCodeAt(0)] = 1;

const pct = (b: number): string => '%' + HEX[b >> 4]! + HEX[b & 15]!;

function hexAt(s: string, i: number): number {
  const c = s.charCodeAt(i) | CASE_BIT;
  return c >= DIGIT_0 && c <= DIGIT_9 ? c - DIGIT_0 : c >= LOWER_A && c <= LOWER_F ? c - LOWER_A + 10 : -1;
}

/** Where an absolute URI's authority ends ('[' and ']' are kept before it), or 0. */
function authorityEnd(s: string): number {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(s);
  return m === null ? 0 : m[0].length;
}

/** Characters of KEEP, and '%'. */
const KEEP_RUN = /^[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]*$/;

/** Is s URI text already (the common case: nothing to do)? Every character in KEEP, every '%' before two hex digits. */
function clean(s: string): boolean {
  if (!KEEP_RUN.test(s)) return false;
  for (let p = s.indexOf('%'); p !== -1; p = s.indexOf('%', p + 1)) {
    if (hexAt(s, p + 1) < 0 || hexAt(s, p + 2) < 0) return false;
  }
  return true;
}

/**
 * A logged value as URI text: nginx's and Apache's `\xHH` (a byte: kept
 * when a URI holds it as is, else percent-encoded), `\"` and `\\` undone;
 * every other character a URI cannot hold percent-encoded (non-ASCII left
 * for the IRI mapping), '[' and ']' kept only in an authority.
 */
export function uriText(s: string): string {
  if (clean(s)) return s;
  return encoded(s);
}

function encoded(s: string): string {
  const auth = authorityEnd(s);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const host = i < auth && c === BACKSLASH ? escapedHost(s, i) : undefined; // "b\xC3\xBCcher.example": the host's UTF-8, for IDNA as if written raw
    if (host !== undefined) {
      out += host[0];
      i = host[1] - 1;
    } else if (c === BACKSLASH && s.charCodeAt(i + 1) === LOWER_X && hexAt(s, i + 2) >= 0 && hexAt(s, i + 3) >= 0) {
      const b = hexAt(s, i + 2) * 16 + hexAt(s, i + 3);
      out += b < 128 && KEEP[b] === 1 ? String.fromCharCode(b) : pct(b);
      i += 3;
    } else if (c === BACKSLASH && (s.charCodeAt(i + 1) === DQUOTE || s.charCodeAt(i + 1) === BACKSLASH)) {
      out += pct(s.charCodeAt(++i));
    } else if (c >= 128 || (c < 128 && KEEP[c] === 1) || ((c === LBRACKET || c === RBRACKET) && i < auth)) {
      out += s[i]!;
    } else if (c === PERCENT && hexAt(s, i + 1) >= 0 && hexAt(s, i + 2) >= 0) {
      out += '%';
    } else {
      out += pct(c);
    }
  }
  return out;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A run of `\xHH` escapes from s[i] (i in an authority) that is UTF-8 for
 * characters beyond ASCII: those characters, and the index after the run;
 * else undefined. nginx escapes a host's UTF-8 so, and a host written raw
 * is mapped by IDNA (RFC 3987 §3.1): the same host gives the same URI.
 */
function escapedHost(s: string, i: number): [string, number] | undefined {
  const bytes: number[] = [];
  const j = escapedBytes(s, i, s.length, bytes);
  if (bytes.length < 2 || bytes[0]! < 0xc2) return undefined;
  try {
    return [UTF8.decode(Uint8Array.from(bytes)), j];
  } catch {
    return undefined;
  }
}

/** The bytes of the run of nginx's `\xHH` escapes (HAProxy's `#HH` with `hash`) at s[i, end), pushed to `bytes`; the index after the run. */
function escapedBytes(s: string, i: number, end: number, bytes: number[], hash = false): number {
  const n = hash ? 3 : 4;
  for (; i + n <= end && (hash ? s.charCodeAt(i) === HASH : s.charCodeAt(i) === BACKSLASH && s.charCodeAt(i + 1) === LOWER_X); i += n) {
    const high = hexAt(s, i + n - 2);
    const low = hexAt(s, i + n - 1);
    if (high < 0 || low < 0) break;
    bytes.push(high * 16 + low);
  }
  return i;
}

/** Bytes as text: UTF-8, each byte that is no part of a character U+FFFD (which no URI holds). */
const LENIENT_UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Apache's one-letter escapes of control characters (ap_escape_logitem), and of '"' and '\\'. */
const LETTER_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', b: '\b', n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * A logged field text[from, to) as the text the server got, in pieces to
 * scan (see LineOut.scanPieces): nginx's `\xHH` runs as the characters
 * their bytes are in UTF-8 (`\x22http://…\x22` is "http://…" quoted, not a
 * scheme "x22http"), Apache's `\"`, `\\`, `\t`… as what they stand for.
 * With `hash`, HAProxy's captured headers: it writes '"', '#', '{', '|',
 * '}', controls and bytes above 0x7E as `#XX` ('#' itself as "#23"), so
 * each is the byte XX (`#22http://…#22` is "http://…" quoted, no fragment "22").
 */
export function loggedPieces(text: string, from: number, to: number, hash = false): Piece[] {
  const pieces: Piece[] = [];
  const escape = hash ? '#' : '\\';
  let plain = from;
  for (let i = text.indexOf(escape, from); i !== -1 && i < to - 1; i = text.indexOf(escape, i)) {
    const bytes: number[] = [];
    const run = escapedBytes(text, i, to, bytes, hash);
    const letter = run === i && !hash ? LETTER_ESCAPES[text[i + 1]!] : undefined;
    if (run === i && letter === undefined) {
      i++;
      continue;
    }
    if (i > plain) pieces.push({ text: text.slice(plain, i), at: plain });
    pieces.push({ text: run === i ? letter! : LENIENT_UTF8.decode(Uint8Array.from(bytes)), at: i });
    i = plain = run === i ? i + 2 : run;
  }
  if (to > plain) pieces.push({ text: text.slice(plain, to), at: plain });
  return pieces;
}

/** A host as a line writes it (a name or address, a port): nothing that would end an authority (RFC 3986 §3.2). */
const HOST = /^[^\s/?#@\\]+$/;

/**
 * The target URI of an origin-form target on a line that names the scheme
 * and the host the client asked for (CloudFront's cs-protocol and
 * x-host-header, Cloudflare's and Traefik's JSON keys, Heroku's router's
 * protocol and host): RFC 9112 §3.3;
 * undefined when they name none.
 */
export function namedTarget(scheme: string, host: string, target: string): string | undefined {
  if (target.charCodeAt(0) !== SLASH || !/^(?:https?|wss?)$/.test(scheme) || !HOST.test(host)) return undefined;
  return `${scheme}://${host}${target}`;
}

/** RFC 3987 §3.1 for text that holds non-ASCII; ASCII text as it is. */
const mapIri = (s: string): string | undefined => (/[^\x00-\x7f]/.test(s) ? toUri(s) : s);

const RELATIVE: TargetResult = { kind: 'relative' };
const INVALID: TargetResult = { kind: 'invalid' };
const NO_FORM: TargetResult = { kind: 'none' };

/** What a logged target or referer reads as. */
export type TargetResult =
  | { kind: 'uri'; uri: string; reference: string }
  | { kind: 'relative' } // needs a base
  | { kind: 'invalid' } // not a URI reference even once encoded
  | { kind: 'none' }; // a reference, but in no form a request target takes ("tmpfiles", "www.example.org/x")

/** An absolute URI (a referer, an upstream): the value as URI text, IRIs mapped; relative ones are 'relative'. */
export function absoluteUri(st: ResolveState, value: string): TargetResult {
  if (plainHttpScheme(value) !== undefined) return { kind: 'uri', uri: value, reference: value }; // plain: no encoding check, no parse
  const queryOnly = clean(value); // then ASCII, and every character one a query holds, '#' or '%' (the scanner's `queryOnly`)
  const reference = queryOnly ? value : encoded(value);
  // The scanner's own check: IRI mapped, valid, dot segments removed (§5.2.2 with no base).
  const uri = resolveTarget(st, reference, undefined, false, queryOnly, queryOnly);
  if (uri !== undefined) return namesScheme(uri) || placeholderHost(uri) || emptyWebHost(uri, uri.indexOf(':')) ? NO_FORM : { kind: 'uri', uri, reference }; // "https://", "http://$URL", "http://?x": no link, as in text
  const mapped = mapIri(reference);
  return mapped !== undefined && parse(mapped) !== undefined ? RELATIVE : INVALID;
}


/**
 * A request target (RFC 9112 §3.2): origin-form is an absolute path on the
 * base's authority (so `//a/b` is a path, not a host), absolute-form is
 * itself; any other reference is in no form a target takes ('none': the
 * "tmpfiles" of a quoted "CLEANUP tmpfiles", a scheme-less host and path).
 * Dot segments are removed (§5.2.4) in every case, as text mode does.
 */
export function targetUri(st: ResolveState, value: string, base: UriComponents | undefined): TargetResult {
  if (base === undefined && value.charCodeAt(0) === SLASH) return RELATIVE; // origin-form needs a base
  const reference = uriText(value);
  if (reference.charCodeAt(0) !== SLASH) { // absolute-form: itself, as the scanner takes it
    const uri = resolveTarget(st, reference, undefined, false);
    if (uri !== undefined) return emptyWebHost(uri, uri.indexOf(':')) ? NO_FORM : { kind: 'uri', uri, reference }; // "GET http:///x": no link, as in text
  }
  const mapped = mapIri(reference);
  if (mapped === undefined) return INVALID;
  let ref: UriComponents | undefined;
  if (mapped.charCodeAt(0) === SLASH) ref = originForm(mapped);
  else ref = parse(mapped);
  if (ref === undefined) return INVALID;
  if (ref.scheme === undefined && mapped.charCodeAt(0) !== SLASH) return NO_FORM;
  if (base === undefined) return ref.scheme === undefined ? RELATIVE : { kind: 'uri', uri: recompose(transformReferences(ref, ref)), reference };
  return { kind: 'uri', uri: recompose(transformReferences(base, ref)), reference };
}

/** An origin-form target's components: path, query, fragment; the path may start with '//'. */
function originForm(s: string): UriComponents | undefined {
  const hash = s.indexOf('#');
  const q = s.indexOf('?');
  const pathEnd = q !== -1 && (hash === -1 || q < hash) ? q : hash !== -1 ? hash : s.length;
  const path = s.slice(0, pathEnd);
  const query = q !== -1 && (hash === -1 || q < hash) ? s.slice(q + 1, hash === -1 ? s.length : hash) : undefined;
  const fragment = hash === -1 ? undefined : s.slice(hash + 1);
  // Check the pieces with the parser: "/." + path is a path-absolute it reads as a path.
  const checked = parse('/.' + path + (query === undefined ? '' : '?' + query) + (fragment === undefined ? '' : '#' + fragment));
  if (checked === undefined) return undefined;
  return { scheme: undefined, userinfo: undefined, host: undefined, port: undefined, hostType: undefined, path, query, fragment };
}
