// Bare URIs, delimited by whitespace (RFC 3986 Appendix C).
//
// The trigger is a ":" found with indexOf; from it the scanner walks back
// over scheme characters (bounded; scheme-start.ts) and forward to the end
// of the URI, in one linear pass: runs of plain URI characters go by a
// sticky one-class regex (it cannot backtrack), the rest char by char.
// End-of-URI rules sit in one switch.

import { endOfRun } from '../uri/chars.js';
import {
  APOSTROPHE, ASCII_CLASS, BACKSLASH, BARE_RUN, COMMA, CR, DOLLAR, EQUALS, HASH, HYPHEN, LBRACKET, LF, LPAREN, QUESTION,
  MAX_SCHEME, QUERY_ONLY, RBRACKET, RPAREN, RUN_SPECIAL, SLASH, SPACE, STOP, TAB, TYPESET_HYPHEN, SOFT_HYPHEN, isAlnum, isInvisible, isLoneSurrogate, isStop, isUnicodeStop,
} from './chars.js';
import { listMarkerAt, skipLoneLeader, skipQuotePrefix } from './prefix.js';
import { afterBackslash, afterDriveLetter, escapedDotInHost } from './backslash.js';
import { hostStop } from './host-dot.js';
import { closerOf, keyValueAt, nextItemAt, plainSegmentBefore } from './fields.js';
import { escapedPlaceholder, escapedTagEnd, linkText, mailtoWithoutAddress, obfuscatedAfter, placeholderAt, schemeWithSlashes, wordsInParens } from './glued.js';
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
      case LBRACKET: { // IP-literal, or the link text of AsciiDoc's https://example.com[text]
        const link = closer === RPAREN ? false : linkText(text, i, st.runLimit, st.runFinal, text.charCodeAt(i - 1) === EQUALS && inData(st, text, i));
        if (link === undefined) { st.waiting = true; return i; } // the text ends before the answer
        if (link) return i;
        st.square++;
        st.queryOnly = 0;
        break;
      }
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
      case COMMA: { // a list glued together: "https://a.example,https://b.example"
        if (closer === COMMA) return i; // a CSV field's end (RFC 4180 §2: a field that holds a comma is quoted)
        if (closer === EQUALS && !inData(st, text, i) && plainSegmentBefore(text, i)) { // "Path=s3://b/x,Name=y": the AWS CLI's shorthand
          const key = keyValueAt(text, i + 1, st.runFinal);
          if (key === undefined) { st.waiting = true; return i; } // the text ends before the answer
          if (key) return i;
        }
        const glued = nextItemAt(text, i + 1, closer, st.runFinal); // another "scheme://", or OpenSSL's next general name
        if (glued === undefined) { st.waiting = true; return i; } // the text ends before the answer
        if (glued) return i;
        break;
      }
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

/**
 * How far past maxLength the look after a hyphen reads for the character the
 * URI would go on with (past blanks, a line break and the quote prefix): a
 * hyphen followed by more blanks than that is no wrap. The answer may not
 * depend on how the text is chunked, nor may the look hold more than this.
 */
const BREAK_SLACK = 64;

/**
 * After a hyphen at `end`: the index where the URI goes on, -1 if it does
 * not (no line break, or blanks past maxLength plus BREAK_SLACK), NEED_MORE
 * if unknown, TOO_LONG (`span.resume` set) if it goes on past maxLength: a
 * URI cut at its hyphen is never emitted as if it ended there.
 */
function continuationAfterHyphen(text: string, end: number, ctx: BareContext, start: number): number {
  const bound = start + ctx.maxLength + BREAK_SLACK;
  const n = Math.min(text.length, bound);
  let j = end;
  while (j < n && (text.charCodeAt(j) === SPACE || text.charCodeAt(j) === TAB || text.charCodeAt(j) === CR)) j++;
  if (j === n) return j === bound || ctx.final ? -1 : NEED_MORE;
  if (text.charCodeAt(j) !== LF) return -1;
  const level = ctx.quoteLevel(start);
  let k = skipQuotePrefix(text, j + 1, level);
  if (k !== -1 && k < bound) k = skipLoneLeader(text, k, level, start); // rule 3's leader, on a line whose opening line has none
  if (k < 0 || k >= bound) return k !== -1 || text.length >= bound || ctx.final ? -1 : NEED_MORE; // (a heading's "# ": HEADING)
  if (isStop(text.charCodeAt(k))) return -1;
  const item = listMarkerAt(text, k, ctx.final); // "…/x-⏎- item": the next list item
  if (item !== false) return item === undefined ? NEED_MORE : -1;
  if (k + MAX_SCHEME + 3 <= bound) { // the next line opens another URI ("…/a-⏎http://b/"): no wrap
    const other = schemeWithSlashes(text, k, ctx.final);
    if (other !== false) return other === undefined ? NEED_MORE : -1;
  }
  return k - start >= ctx.maxLength ? tooLongAt(ctx, k) : k; // going on at k, the URI holds at least k + 1 - start characters
}

/** TOO_LONG, with the skip of the over-long URI to go on from `resume`. */
function tooLongAt(ctx: BareContext, resume: number): typeof TOO_LONG {
  ctx.state.span.resume = resume;
  return TOO_LONG;
}

/** Scan a bare URI whose scheme starts at `start`, with its ":" at `colon`. */
export function scanBare(text: string, start: number, colon: number, ctx: BareContext): SpanResult {
  const closer = start > 0 ? closerOf(text, start) : -1;
  const st = ctx.state;
  st.closer = closer;
  st.round = 0;
  st.square = 0;
  const { pieces } = openSpan(st.span, start);
  st.nonAscii = false;
  st.queryOnly = QUERY_ONLY;
  st.data = false;
  st.dataChecked = colon + 1;
  st.waiting = false;
  st.invisible = false;
  st.runLimit = start + ctx.maxLength + 1;
  st.runFinal = ctx.final;
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
    if (end < text.length && text.charCodeAt(end) === BACKSLASH) { // "\(" of markup, or a string's line continuation
      const next = afterBackslash(text, end, ctx.final, ctx.quoteLevel, start);
      if (next === NEED_MORE) return NEED_MORE;
      if (next !== -1) {
        pieces.push(end, next);
        i = next;
        continue;
      }
    }
    const literal = closer === APOSTROPHE && text.charCodeAt(end) === APOSTROPHE ? literalGoesOn(text, pieces[pieces.length - 1]!, end, ctx.final) : -1;
    if (literal === NEED_MORE) return NEED_MORE;
    if (literal !== -1) { // "('https://docs.aws.amazon.com/'⏎ 'boto3/latest/…')": one string written as two
      pieces.push(end, literal);
      i = literal;
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

/**
 * The run ends at the hyphen `last` before `end`: where the URI goes on past
 * the line break, the break left out of its pieces (or -1, NEED_MORE,
 * TOO_LONG: see continuationAfterHyphen).
 */
function joinAfterHyphen(text: string, end: number, last: number, ctx: BareContext, start: number): number {
  const next = continuationAfterHyphen(text, end, ctx, start);
  if (next < 0) return next;
  const span = ctx.state.span;
  if (last === TYPESET_HYPHEN) span.pieces.push(end - 1, next); // the typesetter's: dropped with the break
  else if (last === SOFT_HYPHEN) span.pieces.push(end, next); // a soft one, dropped already (invisible): the break goes too, with no other reading
  else {
    span.pieces.push(end, next); // the line break and the blanks around it are not content
    span.hyphens.push(end - 1);
  }
  return next;
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
