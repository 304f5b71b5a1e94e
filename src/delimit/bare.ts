// Bare URIs, delimited by whitespace (RFC 3986 Appendix C).
//
// The trigger is a ":" found with indexOf; from it the scanner walks back
// over scheme characters (bounded; scheme-start.ts) and forward to the end
// of the URI, in one linear pass: runs of plain URI characters go by a
// sticky one-class regex (it cannot backtrack), the rest char by char.
// End-of-URI rules sit in one switch; where a URI goes on past a hyphen at
// a line break is hyphen-break.ts's.

import { endOfRun } from '../uri/chars.js';
import {
  APOSTROPHE, ASCII_CLASS, BACKSLASH, BARE_RUN, COMMA, DOLLAR, EQUALS, HASH, HYPHEN, LBRACKET, LPAREN, QUESTION,
  QUERY_ONLY, RBRACKET, RPAREN, RUN_SPECIAL, SLASH, SPACE, STOP, TAB, TYPESET_HYPHEN, SOFT_HYPHEN, isAlnum, isInvisible, isLoneSurrogate, isUnicodeStop,
} from './chars.js';
import { afterBackslash, afterDriveLetter, escapedDotInHost } from './backslash.js';
import { hostStop } from './host-dot.js';
import { closerOf, keyValueAt, nextItemAt, plainSegmentBefore } from './fields.js';
import { escapedPlaceholder, escapedTagEnd, linkText, mailtoWithoutAddress, obfuscatedAfter, placeholderAt, wordsInParens } from './glued.js';
import { joinAfterHyphen } from './hyphen-break.js';
import { endsEscape, escapedEnd, finishPieces, literalEnd } from './trailing.js';
import { literalGoesOn } from './literals.js';
import { keepsShape, quotedPort } from './shapes.js';
import { NEED_MORE, TOO_LONG, closeSpan, openSpan, type SpanResult } from './span.js';
import type { ScanState } from './state.js';

/**
 * Trailing sentence punctuation is no part of a URI, so it does not count
 * toward maxLength: a run is given up only past maxLength plus this much,
 * or when what is left once it is trimmed is longer than maxLength.
 */
const TRAILING_SLACK = 16;

/** Settings the bare scanner needs from the scanner. */
export interface BareContext {
  final: boolean;
  maxLength: number;
  /** Quote level of the line holding `index` (computed lazily). */
  quoteLevel(index: number): number;
  /** The scan's state: its span, and the walk's brackets and flags (see ScanState). */
  state: ScanState;
}

/** Where the run starting at `i` ends: the index of its first stop. */
function findRunEnd(st: ScanState, text: string, i: number, closer: number): number {
  const n = text.length;
  for (; i < n; i++) {
    i = endOfRun(BARE_RUN, text, i); // the fast path: a run of query characters needs no look
    if (i === n) break;
    const c = text.charCodeAt(i);
    if (c < 128) { // one table load settles any other ordinary URI character
      const k = ASCII_CLASS[c]!;
      if ((k & (STOP | RUN_SPECIAL)) === 0) {
        st.queryOnly &= k;
        continue;
      }
    }
    switch (c) {
      case LPAREN: // an opening bracket inside the URI
        st.round++;
        break;
      case RPAREN: // kept only when it balances one inside: Mercury_(planet)
        if (st.round === 0) return i;
        st.round--;
        break;
      case LBRACKET: // IP-literal, or the link text of AsciiDoc's https://example.com[text]
        if (linkTextAt(st, text, i, closer)) return i;
        st.square++;
        st.queryOnly = 0;
        break;
      case RBRACKET: // unbalanced "]" closes [text] or [http://…]
        if (st.square === 0) return i;
        st.square--;
        break;
      case APOSTROPHE: // '…' around the URI, but not the one of "wiki/Ender's_Game"
        if (closer !== APOSTROPHE) break;
        if (i + 1 >= n && !st.runFinal) { st.waiting = true; return i; } // the text ends before the answer
        if (i + 1 >= n || !isAlnum(text.charCodeAt(i + 1))) return i;
        break;
      case DOLLAR: // buildFound looks for a variable ("…/$HOSTNAME/…") only then
        st.span.dollar = true;
        break;
      case COMMA: // a list glued together: "https://a.example,https://b.example"
        if (endsAtComma(st, text, i, closer)) return i;
        break;
      default: // whitespace, <>"{}|\^` (the fast path let the rest of ASCII through) and Unicode quotes, brackets, spaces
        if (c < 128 || isLoneSurrogate(text, i, st.runFinal)) return i;
        if (isUnicodeStop(c) && !hostStop(st, text, i)) return i;
        if (isInvisible(c)) { st.invisible = true; return i; }
        st.nonAscii = true;
        while (i + 1 < n && ordinaryNonAscii(text, i + 1, st.runFinal)) i++; // the rest of a non-ASCII word
    }
  }
  return n;
}

/**
 * Does the "[" at `i` open link text that ends the run (AsciiDoc's
 * https://example.com[text])? Also true, with `st.waiting` set, when the
 * text ends before the answer.
 */
function linkTextAt(st: ScanState, text: string, i: number, closer: number): boolean {
  const link = closer === RPAREN ? false : linkText(text, i, st.runLimit, st.runFinal, text.charCodeAt(i - 1) === EQUALS && inData(st, text, i));
  if (link === undefined) st.waiting = true; // the text ends before the answer
  return link !== false;
}

/**
 * Does the run end at the comma at `i`: a CSV field's end, a key=value
 * list's next key, or the next item of a list glued together? Also true,
 * with `st.waiting` set, when the text ends before the answer.
 */
function endsAtComma(st: ScanState, text: string, i: number, closer: number): boolean {
  if (closer === COMMA) return true; // a CSV field's end (RFC 4180 §2: a field that holds a comma is quoted)
  if (closer === EQUALS && !inData(st, text, i) && plainSegmentBefore(text, i)) { // "Path=s3://b/x,Name=y": the AWS CLI's shorthand
    const key = keyValueAt(text, i + 1, st.runFinal);
    if (key === undefined) st.waiting = true; // the text ends before the answer
    if (key !== false) return true;
  }
  const glued = nextItemAt(text, i + 1, closer, st.runFinal); // another "scheme://", or OpenSSL's next general name
  if (glued === undefined) st.waiting = true; // the text ends before the answer
  return glued !== false;
}

/** Characters inData has looked at, for the tests that its work is linear. */
export const dataWork = { chars: 0 };

/**
 * Has the candidate a "?" or "#" before `i` (RFC 3986 §3.4, §3.5)? Each
 * character is looked at once for all of a candidate's "[": the walk goes
 * on from where the last one stopped.
 */
function inData(st: ScanState, text: string, i: number): boolean {
  if (i > st.dataChecked) dataWork.chars += i - st.dataChecked;
  for (let j = st.dataChecked; j < i && !st.data; j++) {
    const c = text.charCodeAt(j);
    st.data = c === QUESTION || c === HASH;
  }
  st.dataChecked = Math.max(st.dataChecked, i);
  return st.data;
}

/** Is text[i] a non-ASCII character a bare URI goes on over? */
function ordinaryNonAscii(text: string, i: number, final: boolean): boolean {
  const c = text.charCodeAt(i);
  return c >= 128 && !isUnicodeStop(c) && !isInvisible(c) && !isLoneSurrogate(text, i, final);
}

/**
 * The end of an over-long bare URI (scanBare gave TOO_LONG) from `i`: where
 * findRunEnd ends it (a glued ",scheme://" or an unbalanced ")" too, so the
 * URI glued after it is still found), invisible characters passed over.
 * When a look ahead needs more text, `st.waiting` is set and the skip stops
 * there. Brackets and the closer go on from the candidate's walk; past
 * maxLength no "[" opens link text.
 */
export function skipBareRun(st: ScanState, text: string, i: number, final: boolean): number {
  st.runLimit = 0;
  st.data = true; // no look back either: the answer is "no link text" all the same
  st.runFinal = final;
  st.waiting = false;
  for (;;) {
    const end = findRunEnd(st, text, i, st.closer);
    if (!st.invisible) return end;
    st.invisible = false;
    i = end + 1;
  }
}

/** Scan a bare URI whose scheme starts at `start`, with its ":" at `colon`. */
export function scanBare(text: string, start: number, colon: number, ctx: BareContext): SpanResult {
  const closer = start > 0 ? closerOf(text, start) : -1;
  const st = ctx.state;
  startWalk(st, closer, start, colon, ctx);
  const { pieces } = st.span;
  let i = colon + 1;
  for (;;) {
    const end = findRunEnd(st, text, i, closer); // when waiting: where the answer is needed; the URI ends there or later
    if (end - start > ctx.maxLength + TRAILING_SLACK) {
      st.span.resume = end; // skipBareRun goes on from here
      return TOO_LONG;
    }
    if (st.waiting) return NEED_MORE;
    if (st.invisible) { // not content: the URI goes on after it
      st.invisible = false;
      pieces.push(end, end + 1);
      i = end + 1;
      continue;
    }
    const across = goesOnAcross(text, start, end, closer, ctx);
    if (across === NEED_MORE) return NEED_MORE;
    if (across !== -1) {
      pieces.push(end, across);
      i = across;
      continue;
    }
    if (end === text.length && !ctx.final) return NEED_MORE;
    const last = text.charCodeAt(end - 1);
    if ((last !== HYPHEN && last !== TYPESET_HYPHEN && last !== SOFT_HYPHEN) || end === text.length) { i = end; break; }
    const next = joinAfterHyphen(text, end, last, ctx, start);
    if (next === NEED_MORE || next === TOO_LONG) return next;
    if (next === -1) { i = end; break; }
    i = next;
  }
  if (start > 0 && endsEscape(text.charCodeAt(start - 1)) && pieces.length === 1) i = escapedEnd(text, start, i); // "&quot;http://x/&quot;&gt;", POD's "E<lt>http://x/E<gt>"
  return finishBare(text, start, colon, i, ctx);
}

/** A new candidate's walk from its ":" at `colon`: the state findRunEnd keeps, and the span it fills, opened at `start`. */
function startWalk(st: ScanState, closer: number, start: number, colon: number, ctx: BareContext): void {
  st.closer = closer;
  st.round = 0;
  st.square = 0;
  openSpan(st.span, start);
  st.nonAscii = false;
  st.queryOnly = QUERY_ONLY;
  st.data = false;
  st.dataChecked = colon + 1;
  st.waiting = false;
  st.invisible = false;
  st.runLimit = start + ctx.maxLength + 1;
  st.runFinal = ctx.final;
}

/**
 * The run ends at `end` on a character that is no content but that the URI
 * may go on past: where it goes on (-1 if it does not, NEED_MORE if unknown).
 */
function goesOnAcross(text: string, start: number, end: number, closer: number, ctx: BareContext): number {
  if (end < text.length && text.charCodeAt(end) === BACKSLASH) { // "\(" of markup, or a string's line continuation
    const next = afterBackslash(text, end, ctx.final, ctx.quoteLevel, start);
    if (next !== -1) return next;
  }
  if (closer !== APOSTROPHE || text.charCodeAt(end) !== APOSTROPHE) return -1;
  const pieces = ctx.state.span.pieces;
  return literalGoesOn(text, pieces[pieces.length - 1]!, end, ctx.final); // "('https://docs.aws.amazon.com/'⏎ 'boto3/latest/…')": one string written as two
}

/**
 * The URI's run ends at `i`: the span of the URI it holds, less what its end
 * leaves out (finishPieces); none when what follows makes it a Windows path,
 * a pattern or an obfuscated address, or when nothing follows its scheme.
 */
function finishBare(text: string, start: number, colon: number, i: number, ctx: BareContext): SpanResult {
  if (text.charCodeAt(i) === BACKSLASH) {
    if (afterDriveLetter(text, i)) return undefined; // "file://C:\\temp\\x.json": a Windows path
    const regex = escapedDotInHost(text, colon, i, ctx.final); // "'^https://registry\\\\.npmjs\\\\.org/'": a pattern
    if (regex !== false) return regex === undefined ? NEED_MORE : undefined;
  }
  const placeholder = placeholderAt(text, i, ctx.final); // "https://github.com/<user>/repo", "…/{id}/edit": a pattern
  if (placeholder === undefined) return NEED_MORE;
  if (placeholder) return undefined;
  if (ctx.state.round > 0 && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) { // an unclosed "(" before the blank that ends the run
    const words = wordsInParens(text, start, i, ctx.final); // "…/(Data store ID)/r4/": a pattern
    if (words === undefined) return NEED_MORE;
    if (words) return undefined;
  }
  if (mailtoWithoutAddress(text, start, i)) {
    const obfuscated = obfuscatedAfter(text, i, ctx.final); // "mailto:bob at example dot org", not "mailto:bob@example.org at noon"
    if (obfuscated === undefined) return NEED_MORE;
    if (obfuscated) return undefined;
  }
  const st = ctx.state;
  const span = st.span;
  const trimmed = finishPieces(text, start, i, span.pieces, span.hyphens);
  if (trimmed < i && escapedPlaceholder(text, span.pieces[span.pieces.length - 2]!, trimmed)) return undefined; // "…/&lt;repo-name&gt;": a pattern
  let end = trimmed < i ? escapedTagEnd(text, span.pieces, trimmed) : trimmed; // "…/a&lt;/p&gt;"
  if (end < i && st.closer === APOSTROPHE && span.pieces.length === 2) end = span.pieces[1] = literalEnd(text, start, end, i); // 'http://a/b/c/g.'
  if (end - start > ctx.maxLength) {
    span.resume = i;
    return TOO_LONG;
  }
  const slashes = text.charCodeAt(colon + 1) === SLASH && text.charCodeAt(colon + 2) === SLASH;
  if (span.pieces.length === 2 && end <= colon + (slashes ? 3 : 1)) return undefined; // nothing after "scheme:" or "scheme://"
  if (trimmed < i && span.pieces.length === 2 && (slashes ? quotedPort(text, colon, trimmed, i) : !keepsShape(text, start, colon, end))) return undefined; // "'urn:uuid:' + id": a prefix
  span.ascii = !st.nonAscii;
  span.queryOnly = st.queryOnly;
  return closeSpan(span, end, 'none', false, i);
}
