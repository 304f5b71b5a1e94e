// Where a bare URI's scheme starts: the walk back from its ":" over scheme
// characters, what is glued before a scheme without being part of it
// (leading digits and punctuation, the last letter of an ANSI or ISO 2022
// escape, the letter of a string escape), and whether a scheme the policy
// takes starts a bare URI there (bareStart).

import { CHAR_CLASS, HEXDIG, PERCENT, SCHEME, hexValue } from '../uri/chars.js';
import { BACKSLASH, LOWER_N, LOWER_R, LOWER_T, LOWER_U, LOWER_X, UPPER_U } from '../uri/codes.js';
import { isRegisteredName, namedScheme, registeredSuffix, startsCandidate, type SchemePolicy } from './schemes.js';
import { DOLLAR, ESC, LBRACKET, LOWER_F, LPAREN, MAX_SCHEME, RPAREN, SEMICOLON, SLASH, STAR, UPPER_A, UPPER_Z, isAlpha, isDigit } from './chars.js';
import { mayEndScheme, opaqueMayStart } from './colon.js';
import { opaqueShape } from './shapes.js';
import { NEED_MORE } from './span.js';

/**
 * Where the run of scheme characters that ends at `colon` starts. The walk
 * stops at `lowest`, and a little past MAX_SCHEME characters (a longer run
 * is no scheme, see schemeStartOfRun).
 */
export function schemeRunStart(text: string, colon: number, lowest: number): number {
  let s = colon;
  const limit = Math.max(lowest, colon - MAX_SCHEME - 2);
  while (s > limit) {
    const c = text.charCodeAt(s - 1);
    if (c >= 128 || (CHAR_CLASS[c]! & SCHEME) === 0) break;
    s--;
  }
  return s;
}

/**
 * The start of the scheme in the run text[run, colon), or -1: a run longer
 * than MAX_SCHEME is no scheme, and leading digits, "+", "-" and "." are
 * not part of one (`.http://` → `http`).
 */
export function schemeStartOfRun(text: string, run: number, colon: number): number {
  if (colon - run > MAX_SCHEME) return -1;
  let s = run;
  while (s < colon && !isAlpha(text.charCodeAt(s))) s++;
  return s < colon ? s : -1;
}

/**
 * A pct-encoded triplet (§2.1) right before the run sticks its hex digits
 * to the scheme ("%3Dhttps://" in a query, "%0Ahttps://" in a log): an
 * encoded delimiter ends the token, and the scheme starts after the
 * triplet. An encoded letter ("ht%74ps://") encodes the scheme itself,
 * which §3.1 has no pct-encoded form for: no scheme starts here (never the
 * cut "ps://"). `start` is schemeStartOfRun's answer.
 */
export function afterPctTriplet(text: string, run: number, start: number, colon: number): number {
  if (start === -1 || run < 1 || text.charCodeAt(run - 1) !== PERCENT) return start;
  const hi = hexValue(text.charCodeAt(run));
  const lo = hexValue(text.charCodeAt(run + 1));
  if (hi < 0 || lo < 0 || run + 2 > colon) return start;
  return isAlpha(hi * 16 + lo) ? -1 : schemeStartOfRun(text, run + 2, colon);
}

/**
 * Logs colour text with ANSI escapes ("\x1b[36m"), and ISO-2022-JP mail
 * read as ASCII switches character sets with them ("\x1b(B"); the escape's
 * last letter sticks to the scheme ("\x1b[36mhttps://…" walks back to
 * "mhttps"). When an escape opens right before the run, the scheme starts
 * after that letter. `start` is schemeStartOfRun's answer.
 */
export function afterAnsiEscape(text: string, run: number, start: number, colon: number): number {
  const j = escapeIntro(text, run);
  if (j < 1 || text.charCodeAt(j - 1) !== ESC || !isIntro(text.charCodeAt(j))) return start;
  return start !== -1 && start + 1 < colon && isAlpha(text.charCodeAt(start + 1)) ? start + 1 : -1;
}

/**
 * A string escape before the run ("see\\nhttp://…" in C, JSON or a log
 * line, "\\tftp://…") is no part of the scheme, though its letter sticks to
 * it ("nhttp"): the scheme starts after that letter. `start` is the answer
 * so far (schemeStartOfRun's, or afterAnsiEscape's).
 */
export function afterStringEscape(text: string, run: number, start: number, colon: number): number {
  if (start !== run || run < 1 || text.charCodeAt(run - 1) !== BACKSLASH) return start;
  const c = text.charCodeAt(run);
  if (c !== LOWER_N && c !== LOWER_T && c !== LOWER_R) return afterCodeEscape(text, run, start, colon, c);
  if (run + 1 >= colon || !isAlpha(text.charCodeAt(run + 1))) return -1;
  // "\\rtsp://" is RTSP and "\\tftp://" TFTP: the letter is split off only when the run with it names no scheme and the rest does
  const whole = text.slice(run, colon).toLowerCase();
  return !isRegisteredName(whole) && isRegisteredName(whole.slice(1)) ? run + 1 : start;
}

/** How many hex digits a code escape's letter takes: "\\x01" (C, Python, JavaScript), "\\u0001" (JSON, Java), "\\U00000001" (Python, C). */
function codeEscapeDigits(c: number): number {
  return c === LOWER_X ? 2 : c === LOWER_U ? 4 : c === UPPER_U ? 8 : 0;
}

/**
 * A string's code escape before the run ("\\x97\\x01https://…" in a
 * serialized protobuf, "\\u0001https://…"): its letter and hex digits stick
 * to the scheme ("x01https"). The scheme starts after the digits, when a
 * letter follows them.
 */
function afterCodeEscape(text: string, run: number, start: number, colon: number, c: number): number {
  const digits = codeEscapeDigits(c);
  if (digits === 0) return start;
  const after = run + 1 + digits;
  if (after >= colon || !isAlpha(text.charCodeAt(after))) return start;
  for (let j = run + 1; j < after; j++) if ((CHAR_CLASS[text.charCodeAt(j)]! & HEXDIG) === 0) return start;
  return after;
}

/**
 * A roff escape right before the run, in a man page's source: a font change
 * ("\\fBhttps://…\\fR", "\\f5gs://…", "\\f(CWhttp://…") or a named
 * character or string ("\\(dqhttp://…", "\\(lqhttps://…", "\\*(Aqhttp://…"),
 * whose name sticks to the scheme ("fBhttps"). The scheme starts after the
 * name. A font is named by one capital or digit ("\\fB", "\\f5"), or two
 * characters after "\\f(": those are split off whatever follows. A
 * two-character name after "\\(" or "\\*(" is split off only when the run
 * with it names no scheme and the rest does (Markdown's "\\(https://…\\)"
 * keeps its scheme). How far it looks back: ROFF_REACH.
 */
export function afterRoffEscape(text: string, run: number, start: number, colon: number): number {
  if (start !== run || run < 1) return start;
  const before = text.charCodeAt(run - 1);
  if (before === BACKSLASH) { // "\\fB", "\\fI", "\\f5"
    if (text.charCodeAt(run) !== LOWER_F) return start;
    const font = text.charCodeAt(run + 1);
    if (!(isDigit(font) || (font >= UPPER_A && font <= UPPER_Z))) return start;
    return run + 3 < colon && isAlpha(text.charCodeAt(run + 2)) ? run + 2 : start;
  }
  if (before !== LPAREN || run < 2 || run + 3 >= colon || !isAlpha(text.charCodeAt(run + 2))) return start;
  const escape = text.charCodeAt(run - 2);
  if (escape === LOWER_F && run >= 3 && text.charCodeAt(run - 3) === BACKSLASH) return run + 2; // "\\f(CW"
  if (escape !== BACKSLASH && !(escape === STAR && run >= 3 && text.charCodeAt(run - 3) === BACKSLASH)) return start;
  const whole = text.slice(run, colon).toLowerCase();
  return !isRegisteredName(whole) && isRegisteredName(whole.slice(2)) ? run + 2 : start;
}

/** How far before a scheme run afterRoffEscape looks ("\\*(" or "\\f("). */
export const ROFF_REACH = 3;

/** Longest run of escape parameters ("1;32") looked back over. */
const MAX_PARAMETERS = 16;

/** Where the escape before a scheme run would have its "[" (walking back over parameters), or -1. */
function escapeIntro(text: string, run: number): number {
  const low = run - 1 - MAX_PARAMETERS;
  let j = run - 1;
  while (j >= 0 && j > low && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === SEMICOLON)) j--;
  return j === low ? -1 : j;
}

/** CSI "[", or an ISO 2022 designation "(", ")", "$". */
function isIntro(c: number): boolean {
  return c === LBRACKET || c === LPAREN || c === RPAREN || c === DOLLAR;
}

/** Would afterAnsiEscape, for a scheme run starting at `run`, look before text[0]? (Then text held before it matters.) */
export function escapeReachesBack(text: string, run: number): boolean {
  const j = escapeIntro(text, run);
  return j === -1 ? run - 1 - MAX_PARAMETERS < 0 : j === 0 && isIntro(text.charCodeAt(0));
}

/** The start of the scheme that ends at `colon`, or -1 (the walk stops at `lowest`). */
export function findSchemeStart(text: string, colon: number, lowest: number): number {
  return schemeStartOfRun(text, schemeRunStart(text, colon, lowest), colon);
}

/**
 * Where the bare URI of the ":" at `colon` starts, the run of scheme
 * characters before it starting at `run`: the first index of a scheme the
 * policy takes, -1 when no bare URI starts here, NEED_MORE when the text so
 * far cannot tell.
 */
export function bareStart(buf: string, colon: number, run: number, policy: SchemePolicy, final: boolean): number {
  if (!mayEndScheme(buf, colon)) return -1;
  const glued = afterPctTriplet(buf, run, schemeStartOfRun(buf, run, colon), colon);
  let start = afterRoffEscape(buf, run, afterStringEscape(buf, run, afterAnsiEscape(buf, run, glued, colon), colon), colon);
  if (start === -1) return -1;
  if (colon + 2 >= buf.length && !final) return NEED_MORE;
  const slashes = buf.charCodeAt(colon + 1) === SLASH && buf.charCodeAt(colon + 2) === SLASH;
  if (slashes) start = registeredSuffix(buf, start, colon); // "www.ftp://" → "ftp://"
  else if (!opaqueMayStart(buf, start, colon)) return -1;
  if (slashes && colon - start === 1 && !namedScheme(policy, buf[start]!.toLowerCase())) return -1; // "C://temp": a drive letter
  if (!startsCandidate(policy, buf, start, colon, slashes)) return -1;
  if (!slashes) {
    const shape = opaqueShape(buf, start, colon, final); // "tag:", "news:", "data:", …
    if (shape !== true) return shape === NEED_MORE ? NEED_MORE : -1;
  }
  return start;
}
