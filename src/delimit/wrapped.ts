// Whitespace that holds a line break inside "<…>" and "\"…\"": Appendix C
// says it is not part of the URI, so a URI wrapped anywhere — inside its
// scheme ("<htt⏎  p://host/>") or after its ":" ("<mailto: ⏎  a@b>") —
// is read as if it were not there. Read forward from an opener's content
// (readScheme, skipWhitespace) and backward from a ":" (openerAcrossBreak),
// since without a base the ":" is the scanner's only trigger.
//
// A blank within one line keeps its meaning ("impl<T: Clone>"): only a
// whitespace run that holds a line break is skipped. A scheme cut by an
// invisible character instead is read in invisible-cut.ts.

import { CHAR_CLASS, SCHEME } from '../uri/chars.js';
import { APOSTROPHE, COLON, COMMA, CR, DQUOTE, EQUALS, GT, LBRACKET, LF, LPAREN, LT, MATH_LANGLE, MAX_SCHEME, SPACE, TAB, TYPESET_HYPHEN, isInvisible, isSpace } from './chars.js';
import { skipQuotePrefix } from './prefix.js';
import { isRegisteredName, schemeName, startsCandidate, type SchemePolicy } from './schemes.js';
import { NEED_MORE, TOO_LONG, type Span } from './span.js';
import type { ScanState } from './state.js';

/** What skipWhitespace and readScheme need from the enclosed scanner. */
export interface BreakContext {
  final: boolean;
  maxLength: number;
  policy: SchemePolicy;
  quoteLevel(index: number): number;
  /** The scan's state: skipWhitespace sets `hadBreak`, readScheme `probe` and `probeColon`. */
  state: ScanState;
}

/**
 * The end of the whitespace run at `i`, skipping the opener line's quote
 * prefix after a line break; -1 when the run ends the candidate (a blank
 * line, or past maxLength), NEED_MORE when the text runs out.
 */
export function skipWhitespace(text: string, i: number, open: number, start: number, ctx: BreakContext): number {
  const n = text.length;
  let level = -1;
  let j = i;
  const st = ctx.state;
  st.hadBreak = false;
  while (j < n && isSpace(text.charCodeAt(j))) {
    if (j - start > ctx.maxLength) return -1;
    if (text.charCodeAt(j) !== LF) { j++; continue; }
    if (st.hadBreak) return -1; // a blank line ends any paragraph, and any candidate
    st.hadBreak = true;
    if (level === -1) level = ctx.quoteLevel(open);
    const k = skipQuotePrefix(text, j + 1, level);
    if (k === -1) { j = n; break; }
    j = k;
  }
  if (j - start > ctx.maxLength) return -1; // the same answer whether the blanks end in this text or a later one
  if (j >= n) return ctx.final ? -1 : NEED_MORE;
  return j;
}

/**
 * Do an apostrophe right before the line break at `gap` and one right
 * after the whitespace (at `j`) close and open adjacent string literals,
 * which Python and C join into one (a DOCTYPE's quoted system identifier
 * split over two literals)? The apostrophes are then no part of the URI.
 */
export function adjacentLiterals(text: string, start: number, gap: number, j: number): boolean {
  return gap - 1 > start && text.charCodeAt(gap - 1) === APOSTROPHE && text.charCodeAt(j) === APOSTROPHE;
}

/**
 * The content's start after whitespace holding a line break right after an
 * opener (at `i`: "<⏎  http://…>", "<URL:⏎  …>"): -1 when the whitespace
 * holds no break, or when the opener is a quote that closes one ('"said"⏎').
 */
export function contentAfterBreak(text: string, open: number, i: number, ctx: BreakContext): number {
  if (text.charCodeAt(open) === DQUOTE && !opensQuote(text, open)) return -1;
  const j = skipWhitespace(text, i, open, i, ctx);
  if (j === NEED_MORE) return NEED_MORE;
  return j !== -1 && ctx.state.hadBreak ? j : -1;
}

/** Does the quote at `q` open a quotation: at the text's start, or after whitespace or "(", "[", "=", ":" or ","? */
function opensQuote(text: string, q: number): boolean {
  if (q === 0) return true;
  const c = text.charCodeAt(q - 1);
  return isSpace(c) || c === LPAREN || c === LBRACKET || c === EQUALS || c === COLON || c === COMMA;
}

/** How much of the text after the ":" a probe holds: past every look of the opening checks (shapes look 256 ahead). */
const PROBE_AFTER = 320;

/** Result of readScheme: a scheme wrapped into a name that is no scheme ("see⏎http:"), so the content opens nothing. */
export const NOT_WRAPPED = -3;

/**
 * Read the scheme of the content at `i` (opener at `open`) across whitespace
 * that holds a line break, and across invisible characters. Returns the index of its ":" (the state's `probe`
 * set when a break was skipped, see ScanState), -1 when the content starts
 * with no scheme, NOT_WRAPPED, or NEED_MORE.
 */
export function readScheme(text: string, open: number, i: number, ctx: BreakContext): number {
  const n = text.length;
  let name = '';
  let from = i;
  let j = i;
  const st = ctx.state;
  st.probe = undefined;
  for (;;) {
    while (j < n && j - from + name.length <= MAX_SCHEME && isSchemeChar(text.charCodeAt(j))) j++;
    if (j === n) return ctx.final ? -1 : NEED_MORE;
    if (text.charCodeAt(j) === COLON) break;
    if (isInvisible(text.charCodeAt(j)) && j > from) { // "ht\u200Btps:": a wrap point, not text
      name += text.slice(from, j);
      from = j = j + 1;
      continue;
    }
    const cut = j;
    if (text.charCodeAt(j) === TYPESET_HYPHEN && j > from) j++; // groff's hyphen where it broke the scheme ("<tel‐⏎  net://…>"): dropped with the break
    if (j === n) return ctx.final ? -1 : NEED_MORE;
    if (!isSpace(text.charCodeAt(j))) return -1;
    const k = skipWhitespace(text, j, open, i, ctx);
    if (k === NEED_MORE || k === -1 || !st.hadBreak) return k === NEED_MORE ? NEED_MORE : -1;
    name += text.slice(from, cut);
    from = j = k;
  }
  const after = afterColon(text, j, open, i, ctx);
  if (after === NEED_MORE || (after + 1 >= n && !ctx.final)) return NEED_MORE; // the checks look two past the ":"
  if (name === '' && after === j + 1) return j;
  name += text.slice(from, j);
  if (from !== i && !wrapsScheme(name, ctx.policy)) return NOT_WRAPPED;
  st.probe = name + ':' + text.slice(after, after + PROBE_AFTER);
  st.probeColon = name.length;
  return j;
}

/** Where the content goes on after the ":" at `colon`: past whitespace that holds a line break ("mailto: ⏎  a@b"). */
function afterColon(text: string, colon: number, open: number, start: number, ctx: BreakContext): number {
  if (colon + 1 >= text.length || !isSpace(text.charCodeAt(colon + 1))) return colon + 1;
  const k = skipWhitespace(text, colon + 1, open, start, ctx);
  if (k === NEED_MORE) return NEED_MORE;
  return k !== -1 && ctx.state.hadBreak ? k : colon + 1; // a blank within the line: the opening checks refuse it
}

/**
 * Is `name`, a scheme joined across a line break, one that was wrapped? Only
 * a scheme the registry or the policy knows: "see⏎https://…" in a quote is
 * a word before a URI, not the scheme "seehttps".
 */
export function wrapsScheme(name: string, policy: SchemePolicy): boolean {
  const lower = name.toLowerCase();
  return isRegisteredName(lower) || policy.opaque.has(lower);
}

/** The walk back from a ":" gave up where it may not look (the text before `floor`, or past BREAK_REACH). */
export const REACHES = -2;

/** How far before its ":" openerAcrossBreak looks (the scanner keeps more than this before its scan point). */
export const BREAK_REACH = 80;

/**
 * The "<" or "\"" whose content is a scheme wrapped across line breaks and
 * ends in the run of scheme characters buf[run, colon) (which may be empty:
 * "<https⏎  ://…"): walking back over the line's quote prefix and
 * indentation, a line break, the blanks before it, and scheme characters,
 * as often as they repeat. -1 when there is none; REACHES when the walk
 * could not decide before `floor`.
 */
export function openerAcrossBreak(buf: string, run: number, colon: number, floor: number): number {
  const low = Math.max(floor, colon - BREAK_REACH);
  let i = run;
  for (;;) {
    while (i > low && isPrefixChar(buf.charCodeAt(i - 1))) i--; // the quote prefix and indentation
    if (i === low) return REACHES;
    if (buf.charCodeAt(i - 1) !== LF) return -1;
    i--;
    while (i > low && isSpace(buf.charCodeAt(i - 1)) && buf.charCodeAt(i - 1) !== LF) i--; // blanks (and CR) before the break
    if (i > low && buf.charCodeAt(i - 1) === TYPESET_HYPHEN) { // groff's hyphen where it broke the scheme
      if (i - 1 === low) return REACHES;
      if (typesetBreak(buf, i - 1)) i--;
    }
    const end = i;
    while (i > low && isSchemeChar(buf.charCodeAt(i - 1))) i--;
    if (i === low) return REACHES;
    const c = buf.charCodeAt(i - 1);
    if (c === LT || c === DQUOTE || c === MATH_LANGLE) return i - 1; // its content wrapped inside the scheme, or right after the opener ("<⏎  http://")
    if (i === end) return -1; // a blank line, or no scheme characters before the break
    if (!isSpace(c)) return -1;
  }
}

/**
 * Is the scheme run buf[run, colon) the rest of a scheme wrapped in "<…>"
 * or "\"…\"" ("p" of "<htt⏎  p://host/")? Then it starts no bare URI, even
 * when the delimited reading fails (no closer): "p://host/" was never written.
 */
export function wrappedFragment(buf: string, run: number, colon: number, floor: number, policy: SchemePolicy): boolean {
  if (run - 1 < floor || !isSpace(buf.charCodeAt(run - 1))) return false;
  const open = openerAcrossBreak(buf, run, colon, floor);
  if (open < 0) return false;
  let name = '';
  for (let i = open + 1; i < colon; i++) {
    const c = buf.charCodeAt(i);
    if (isSchemeChar(c)) name += buf[i];
  }
  if (name.length === colon - run) return false; // "<⏎  http://": the run is the whole scheme, no fragment of one
  return name.length <= MAX_SCHEME && wrapsScheme(schemeName(name, 0, name.length), policy);
}

/**
 * Where the head of the bare scheme run buf[run, colon), first on its line,
 * starts: the scheme characters that end the line before, when the scheme
 * was wrapped there ("[Duration](htt⏎      ps://…)", a docstring wrapped at
 * 80 columns). The rest ("ps") names no scheme and, with the head, a known
 * one does: "ps://…" was never written. -1 when there is no such head.
 */
function schemeHead(buf: string, run: number, colon: number, floor: number, policy: SchemePolicy): number {
  const low = Math.max(floor, colon - BREAK_REACH);
  let i = run;
  while (i > low && isPrefixChar(buf.charCodeAt(i - 1))) i--; // the indentation (and a quote prefix)
  if (i === low || buf.charCodeAt(i - 1) !== LF) return -1;
  let end = buf.charCodeAt(i - 2) === CR ? i - 2 : i - 1;
  if (end - 1 > low && typesetBreak(buf, end - 1)) end--;
  let start = end;
  while (start > low && isSchemeChar(buf.charCodeAt(start - 1))) start--;
  if (start === end || start === low || wrapsScheme(buf.slice(run, colon), policy)) return -1;
  return wrapsScheme(buf.slice(start, end) + buf.slice(run, colon), policy) ? start : -1;
}

/** A bare URI's scan that found one, or one too long. */
type BareResult = Span | typeof TOO_LONG;

/**
 * The bare URI `found` (a span, or TOO_LONG) whose scheme run buf[run,
 * colon) follows a blank, read with the head of its scheme when the scheme
 * was wrapped at the end of the line before (schemeHead): one URI from the
 * head, the line break and the indentation left out of its pieces, as in
 * "<htt⏎  p://…>". `found` as it is when there is no head; undefined when
 * the scan did not start at the run (a prefix split off) or the joined
 * scheme starts no candidate; TOO_LONG when the head makes it too long.
 */
export function withSchemeHead(buf: string, found: BareResult, run: number, colon: number, floor: number, ctx: BreakContext): BareResult | undefined {
  const head = schemeHead(buf, run, colon, floor, ctx.policy);
  if (head === -1 || found === TOO_LONG) return found;
  let lineEnd = head;
  while (isSchemeChar(buf.charCodeAt(lineEnd))) lineEnd++;
  const scheme = buf.slice(head, lineEnd) + buf.slice(run, colon);
  if (found.start !== run || !startsCandidate(ctx.policy, scheme, 0, scheme.length, true)) return undefined;
  if (found.end - head > ctx.maxLength) {
    found.resume = found.end;
    return TOO_LONG;
  }
  found.pieces.unshift(head, lineEnd);
  found.start = head;
  return found;
}

/**
 * Is buf[i] groff's hyphen (U+2010) where it broke a scheme at a line's end
 * ("<tel‐⏎  net://…>" in a rendered man page), after a scheme character?
 * No scheme holds one (§3.1): it goes with the break.
 */
function typesetBreak(buf: string, i: number): boolean {
  return buf.charCodeAt(i) === TYPESET_HYPHEN && isSchemeChar(buf.charCodeAt(i - 1));
}

/** Is `c` a scheme character (§3.1: ALPHA / DIGIT / "+" / "-" / ".")? */
export function isSchemeChar(c: number): boolean {
  return c < 128 && (CHAR_CLASS[c]! & SCHEME) !== 0;
}

/** Blanks and ">" at a line start: indentation and a quote prefix. */
function isPrefixChar(c: number): boolean {
  return c === SPACE || c === TAB || c === GT;
}
