// Quick decisions at a ":" trigger: what the characters around it rule
// out before a candidate is scanned (RFC 3986 Appendix C in running text).

import { CHAR_CLASS, SCHEME } from '../uri/chars.js';
import {
  ASCII_CLASS, AT, CARET, CASE_BIT, COLON, CR, DIGIT_0, DOT, DQUOTE, HYPHEN, LF, LOWER_A, LOWER_F, LOWER_H, LOWER_P, LOWER_S, LOWER_T, LT, MATH_LANGLE, MAX_SCHEME, PLUS,
  SLASH, SPACE, STOP, TAB, hasUpperCase, isDigit, isSpace, isStop,
} from './chars.js';
import { isUrlPrefix } from './opening.js';
import { openerAcrossBreak } from './wrapped.js';

/**
 * Fast path for a bare URI at a ":" that ends a run of scheme characters:
 * the character after it must not end the URI ("Subject: x", "Note: y": both a
 * bare "scheme://" and an opaque scheme need more); and a digit on both
 * sides ("10:30", "2024:00:00:00") is a time, not `scheme:` — no registered
 * scheme ends in a digit and starts a digit path.
 */
export function mayEndScheme(buf: string, colon: number): boolean {
  if (colon + 1 >= buf.length) return true; // the end of the text so far: decided later
  const before = buf.charCodeAt(colon - 1); // a scheme character (the caller found the run)
  const after = buf.charCodeAt(colon + 1);
  if (after < 128 && (ASCII_CLASS[after]! & STOP) !== 0) return false;
  return !(isDigit(before) && isDigit(after));
}

/**
 * A bare scheme without "//" is taken only as people type URIs: in lower
 * case, at the start of a token (not after ":", "/", "@" or "." as in MAC
 * addresses, "//go:generate" or "user@host:path"), not as the first pair of
 * a MAC address, with something after ":"; nor after a regular
 * expression's "^".
 */
export function opaqueMayStart(buf: string, start: number, colon: number): boolean {
  const before = start > 0 ? buf.charCodeAt(start - 1) : SPACE;
  if (before === COLON || before === SLASH || before === AT || before === DOT) return false;
  if (before === PLUS || before === HYPHEN || isDigit(before)) return false; // "3+blob:none", "x-1mailto:": inside a token
  if (before === CARET) return false; // a regular expression's anchor: "/^mailto:/i.test(href)", "/^urn:/"
  if (hasUpperCase(buf, start, colon)) return false; // "INFO:root", "Tag:v1"
  const next = buf.charCodeAt(colon + 1);
  if (colon - start === 2 && isHexPair(buf, start) && isHexPair(buf, colon + 1) && buf.charCodeAt(colon + 3) === COLON) {
    return false; // "bb:3a:10:5f:22:c1": a MAC address, not the registered "bb:"
  }
  return !isStop(next) && next !== COLON; // "re: x", "std::vector"
}

/**
 * The "<" or "\"" before the run of scheme characters text[run, colon), or
 * -1: the opener whose content starts with that scheme (or with "URL:"),
 * right before the run or across whitespace that holds a line break inside
 * the scheme ("<htt⏎  p://", see openerAcrossBreak). Only scheme characters
 * and whitespace sit between an opener and that ":", so no other trigger is
 * skipped by finding openers this way; an opener before `floor` belongs to
 * text already taken. scanEnclosed checks the rest.
 */
export function openerBefore(buf: string, run: number, colon: number, floor: number): number {
  if (run - 1 < floor) return -1;
  const c = buf.charCodeAt(run - 1);
  if (c === LT || c === DQUOTE || c === MATH_LANGLE) return run === colon ? -1 : run - 1;
  return isSpace(c) ? Math.max(-1, openerAcrossBreak(buf, run, colon, floor)) : -1;
}

/**
 * The '"' or "<" right before the "http://" or "https://" whose ":" is at
 * `colon` (at `floor` or after), or -1. It is what the checks of a ":"
 * trigger find for it (afterBlank and digitsBefore nothing, the walk back
 * over the scheme stops at the opener, openerBefore gives it, no invisible
 * character cuts the scheme), read from the characters around the ":" at
 * once: the referers of an access log are quoted so.
 */
export function httpOpener(buf: string, colon: number, floor: number): number {
  if (colon + 2 >= buf.length || buf.charCodeAt(colon + 1) !== SLASH || buf.charCodeAt(colon + 2) !== SLASH) return -1;
  const p = buf.charCodeAt(colon - 1) === LOWER_S ? colon - 1 : colon; // the end of "http"
  const open = p - 5;
  if (open < floor || buf.charCodeAt(p - 1) !== LOWER_P || buf.charCodeAt(p - 2) !== LOWER_T || buf.charCodeAt(p - 3) !== LOWER_T) return -1;
  if (buf.charCodeAt(p - 4) !== LOWER_H) return -1;
  const c = buf.charCodeAt(open);
  return c === DQUOTE || c === LT ? open : -1;
}

/**
 * With a base, "<" and '"' are triggers of their own; a "⟨" is not, so it is
 * found from the ":" as without a base (right before the run, or across a
 * break: "⟨htt⏎  p://", "⟨⏎  http://").
 */
export function mathOpenerBefore(buf: string, run: number, colon: number, floor: number): number {
  const open = openerBefore(buf, run, colon, floor);
  return open !== -1 && buf.charCodeAt(open) === MATH_LANGLE ? open : -1;
}

/**
 * A ":" before a blank starts no URI: not a bare one (it needs something
 * after the colon) and not a delimited one (a wrap breaks with a line
 * break), unless it ends an obsolete "URL:" prefix or the blanks run to a
 * line break ("<mailto: ⏎  list-request@…>"; the end of the text so far
 * leaves it to the scan).
 */
export function afterBlank(buf: string, colon: number): boolean {
  if (colon + 1 >= buf.length) return false; // reads stay in bounds (see src/uri/codes.ts)
  const next = buf.charCodeAt(colon + 1);
  if (next !== SPACE && next !== TAB) return false;
  if (colon >= 3 && isUrlPrefix(buf, colon - 3)) return false;
  let i = colon + 2;
  while (i < buf.length && (buf.charCodeAt(i) === SPACE || buf.charCodeAt(i) === TAB)) i++;
  return i < buf.length && buf.charCodeAt(i) !== LF && buf.charCodeAt(i) !== CR;
}

/**
 * The run of scheme characters before the ":" is all digits ("2024:00:00",
 * "10:30", "host 8080:"): a scheme starts with a letter (§3.1), so neither a
 * bare URI nor an opener's content starts here. A log line's timestamp holds
 * three such colons; this settles each with a short walk over digits.
 */
export function digitsBefore(buf: string, colon: number, floor: number): boolean {
  let s = colon - 1;
  if (s < floor || !isDigit(buf.charCodeAt(s))) return false;
  const limit = Math.max(floor, colon - MAX_SCHEME - 2); // as far as schemeRunStart looks
  while (s > limit && isDigit(buf.charCodeAt(s - 1))) s--;
  if (s === limit) return true; // digits all the way
  const c = buf.charCodeAt(s - 1);
  return c >= 128 || (CHAR_CLASS[c]! & SCHEME) === 0;
}

function isHexPair(buf: string, i: number): boolean {
  return isHexDigit(buf.charCodeAt(i)) && isHexDigit(buf.charCodeAt(i + 1));
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || ((c | CASE_BIT) >= LOWER_A && (c | CASE_BIT) <= LOWER_F);
}

/**
 * The end of the run of digits and ":" from `i`, after a ":" that digitsBefore
 * settled. Every ":" in that run has only digits (or nothing) back to the
 * one before it, so digitsBefore (or the empty scheme run) would settle it
 * too: a log line's "2024:00:00:00" costs one trigger, not three.
 */
export function pastClock(buf: string, i: number): number {
  while (i < buf.length) {
    const c = buf.charCodeAt(i);
    if (c < DIGIT_0 || c > COLON) break; // "0" to "9", then ":"
    i++;
  }
  return i;
}
