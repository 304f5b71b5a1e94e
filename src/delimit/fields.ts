// A bare URI as a field: glued after a comma (an unquoted CSV field, a
// list's item) or a "key=" (a "key=value" list: the AWS CLI's shorthand),
// whose end is a comma that such a field cannot hold unquoted (RFC 4180 §2),
// or after OpenSSL's "URI:" (a list of general names), which a comma and
// the next name end.
// closerOf reads the text before the URI once; the bare scanner asks the
// rest only at a comma.

import { APOSTROPHE, COLON, COMMA, DOT, SEMICOLON, EQUALS, LBRACKET, LF, LPAREN, RBRACKET, RPAREN, SLASH, SPACE, TAB, isAlnum, isAlpha, isStop } from './chars.js';
import { schemeWithSlashes } from './glued.js';

/**
 * What the text before a bare URI at `start` (> 0) makes of its end: an
 * APOSTROPHE ('…' around it), RPAREN (a Markdown link's target, "](…)",
 * whose "[" is no AsciiDoc link text: "…/svzip1q[_u8])"), COMMA (a field
 * of a comma-separated line: an unquoted CSV field,
 * "1,https://example.com/a,Title", which RFC 4180 §2 quotes when it holds a
 * comma, or a "key=" value in one: "-d,INPUT=s3://b/x,-p"), EQUALS (a
 * "key=" value after a blank, which a comma and another "key=" end: the AWS
 * CLI's shorthand "Path=s3://b/x,Name=y"), COLON (OpenSSL's "URI:" glued
 * before it: a general name, which a comma and the next one end,
 * generalNameAt), or -1.
 */
export function closerOf(text: string, start: number): number {
  const c = text.charCodeAt(start - 1);
  if (c === APOSTROPHE) return APOSTROPHE;
  if (c === COLON) return openSslName(text, start - 1) ? COLON : -1;
  if (c === COMMA) return text.startsWith('data:', start) ? -1 : COMMA; // a data: URI's comma is its own (RFC 2397)
  if (c === EQUALS) return keyCloser(text, start - 1);
  return c === LPAREN && start > 1 && text.charCodeAt(start - 2) === RBRACKET ? RPAREN : -1;
}

/** Does OpenSSL's general name type "URI" end at the ":" at `colon`, after no letter or digit? */
function openSslName(text: string, colon: number): boolean {
  return colon >= 3 && text.startsWith('URI', colon - 3) && (colon === 3 || !isAlnum(text.charCodeAt(colon - 4)));
}

/**
 * After a comma in a bare URI with the closer `closer` (closerOf's): does
 * text[j] start the list's next item, another "scheme://"
 * ("https://a.example,https://b.example"), or the next general name after
 * OpenSSL's "URI:"? undefined when the text so far ends before the answer.
 */
export function nextItemAt(text: string, j: number, closer: number, runFinal: boolean): boolean | undefined {
  if (closer === COLON) {
    const name = generalNameAt(text, j, runFinal);
    if (name !== false) return name;
  }
  return schemeWithSlashes(text, j, runFinal);
}

/** The types of OpenSSL's general names (x509v3_config(5)), as its lists write them before a ":". */
const GENERAL_NAMES: ReadonlySet<string> = new Set(['email', 'URI', 'DNS', 'RID', 'IP', 'dirName', 'otherName']);

/**
 * Does the next general name start at text[j], after a comma that ends a
 * "URI:" one: a type and ":" ("URI:http://a.example/,DNS:a.example"), or an
 * access method and ";URI:" ("OCSP;URI:http://ocsp.example/,caIssuers;URI:…")?
 * An LDAP URI's DN goes on ("URI:ldap://ldap.example/CN=CA,DC=example?…",
 * as "openssl x509 -text" prints a CRL distribution point). undefined when
 * the text so far ends before the answer (and it is not `runFinal`).
 */
function generalNameAt(text: string, j: number, runFinal: boolean): boolean | undefined {
  const limit = Math.min(text.length, j + KEY_REACH);
  let k = j;
  while (k < limit && isAlpha(text.charCodeAt(k))) k++;
  if (k === j || k === j + KEY_REACH) return false;
  if (k + 4 > text.length) return runFinal ? false : undefined;
  const c = text.charCodeAt(k);
  if (c === COLON) return GENERAL_NAMES.has(text.slice(j, k));
  return c === SEMICOLON && text.startsWith('URI:', k + 1);
}

/** Longest key of a "key=" value that closerOf and keyValueAt look over. */
export const KEY_REACH = 32;

/** closerOf for the "=" at `eq` before a URI: COMMA after ",key", EQUALS after a blank or the line's start and a key, else -1. */
function keyCloser(text: string, eq: number): number {
  const low = Math.max(0, eq - KEY_REACH);
  let k = eq;
  while (k > low && isKeyChar(text.charCodeAt(k - 1))) k--;
  if (k === eq || (k === low && low > 0) || !isAlpha(text.charCodeAt(k))) return -1;
  if (k === 0) return EQUALS;
  const before = text.charCodeAt(k - 1);
  if (before === COMMA) return COMMA;
  return before === SPACE || before === TAB || before === LF ? EQUALS : -1;
}

/**
 * Does a "key=" and its value start at text[j], after a comma ("Name=y" of
 * "Path=s3://b/x,Name=y")? Not base64's padding ("…;base64,SGk=", "=="),
 * nor a path's parameters ("…/image/width=80,quality=75/x.jpg").
 * undefined when the text so far ends before the answer (and it is not
 * `runFinal`).
 */
export function keyValueAt(text: string, j: number, runFinal: boolean): boolean | undefined {
  if (!isAlpha(text.charCodeAt(j))) return j < text.length || runFinal ? false : undefined;
  const limit = Math.min(text.length, j + KEY_REACH);
  let k = j + 1;
  while (k < limit && isKeyChar(text.charCodeAt(k))) k++;
  if (k === j + KEY_REACH) return false;
  if (k === text.length) return runFinal ? false : undefined;
  if (text.charCodeAt(k) !== EQUALS) return false;
  if (k + 1 === text.length) return runFinal ? false : undefined;
  const v = text.charCodeAt(k + 1);
  if (v === EQUALS || isStop(v)) return false;
  const uri = schemeWithSlashes(text, k + 1, runFinal); // "Jar=s3://…": a value of its own
  return uri !== false ? uri : valueEnds(text, k + 1, runFinal);
}

/**
 * Does the segment that ends at the comma at `i` hold no "=" back to its "/"
 * (within 2 * KEY_REACH)? An LDAP DN ("…/ou=People,dc=example", RFC 4516)
 * or a path's parameters ("…/width=80,quality=75/") hold one: their comma
 * is the URI's own.
 */
export function plainSegmentBefore(text: string, i: number): boolean {
  const low = Math.max(0, i - 2 * KEY_REACH);
  for (let k = i - 1; k >= low; k--) {
    const c = text.charCodeAt(k);
    if (c === SLASH) return true;
    if (c === EQUALS) return false;
  }
  return false;
}

/** Does the value at text[v] end at a comma, a "[" or a stop before any "/" (within KEY_REACH)? undefined when the text ends first. */
function valueEnds(text: string, v: number, runFinal: boolean): boolean | undefined {
  const limit = Math.min(text.length, v + KEY_REACH);
  for (let k = v; k < limit; k++) {
    const c = text.charCodeAt(k);
    if (c === SLASH) return false;
    if (c === COMMA || c === LBRACKET || isStop(c)) return true;
  }
  return limit === v + KEY_REACH || runFinal ? true : undefined;
}

/** A character of a key ("Name", "ActionOnFailure", "source_file", "x-id", "a.b"). */
function isKeyChar(c: number): boolean {
  return isAlnum(c) || c === 0x5f || c === 0x2d || c === DOT;
}
