// URIs in "<…>" and "\"…\"" (RFC 3986 Appendix C).
//
// Angle brackets: all whitespace inside is removed (spaces, tabs, line
// breaks and the indentation of continuation lines). Double quotes: only
// whitespace that holds a line break is removed; a blank within one line
// ends the candidate, so prose in quotes is never glued together. In both,
// the opener line's quote prefix ("> ") is not content on continuation lines,
// and a hyphen right before a line break is recorded as ambiguous. A line
// break may fall anywhere, even inside the scheme (see wrapped.ts). The
// common "<http://…>" and "\"https://…\"" take a fast path (quick-http.ts).

import { endOfRun } from '../uri/chars.js';
import {
  AMP, ASCII_CLASS, BACKSLASH, EQUALS, HASH, QUESTION, COLON, DQUOTE, ENCLOSED_RUN, ENCLOSED_STOP, GT, HYPHEN,
  LPAREN, LT, MATH_LANGLE, RPAREN, SOFT_HYPHEN, MATH_RANGLE, PIPE, SLASH, TYPESET_HYPHEN, isAngleOpener, isInvisible, isLoneSurrogate, isSpace, isUnicodeBlank,
} from './chars.js';
import { trimEnd } from './trailing.js';
import { GOES_ON, atCloser, contentEnd } from './closer.js';
import { quickHttp } from './quick-http.js';
import { continuationBreak } from './backslash.js';
import type { SchemePolicy } from './schemes.js';
import { mailtoWithoutAddress, schemeWithSlashes, wordsInParens } from './glued.js';
import type { TargetMemo } from './memo.js';
import { RELATIVE_START, SCHEME_START, isUrlPrefix, opensCandidate, skipBlanks, type Opening } from './opening.js';
import { adjacentLiterals, contentAfterBreak, skipWhitespace } from './wrapped.js';
import { NEED_MORE, closeSpan, openSpan, type SpanResult, type Span } from './span.js';
import { crossReference } from './markup.js';
import type { ScanState } from './state.js';

export interface EnclosedContext {
  final: boolean;
  maxLength: number;
  policy: SchemePolicy;
  /** A base is set, so relative references are candidates too. */
  relative: boolean;
  quoteLevel(index: number): number;
  /**
   * References found lately that were their own target (shared with
   * buildFound); undefined when the Founds view the scanned text (no
   * detach): quickHttp then asks none (see there).
   */
  memo: TargetMemo | undefined;
  /** The scan's state: its span, and what the line-break reads (wrapped.ts) leave. */
  state: ScanState;
}

/** Scan the candidate opened by the "<" or "\"" at `open`. */
export function scanEnclosed(text: string, open: number, ctx: EnclosedContext): SpanResult {
  if (text.charCodeAt(open - 1) === LT) return crossReference(text, scanOpened(text, open, ctx), ctx.final); // "<<…"
  return scanOpened(text, open, ctx);
}

/** scanEnclosed's candidate, whatever stands before the opener. */
function scanOpened(text: string, open: number, ctx: EnclosedContext): SpanResult {
  if (text.length - open < 5 && !ctx.final) return NEED_MORE; // room to see "URL:"
  const quick = quickHttp(text, open, ctx);
  if (quick !== undefined) return quick;
  const urlPrefix = isUrlPrefix(text, open + 1);
  let start = urlPrefix ? skipBlanks(text, open, open + 5, ctx) : open + 1;
  if (start === NEED_MORE || start === -1) return start === NEED_MORE ? NEED_MORE : undefined;
  const broken = start < text.length && isSpace(text.charCodeAt(start)) ? contentAfterBreak(text, open, start, ctx) : -1;
  if (broken === NEED_MORE) return NEED_MORE;
  if (broken !== -1) start = broken; // "<⏎  http://…>": the break is no content
  const opens = opensCandidate(text, open, start, ctx, urlPrefix);
  if (opens === NEED_MORE || opens === false) return opens === NEED_MORE ? NEED_MORE : undefined;
  if (broken !== -1 && opens === RELATIVE_START) return undefined; // a word after "<⏎" is no reference
  return scanContent(text, open, start, ctx, opens);
}

/**
 * Index of the first special character (closer, whitespace, <>", U+FFFD) in text[i, limit); flags non-ASCII and non-query characters.
 * `math`: the opener is "⟨", so another "⟨" ends the candidate too (else each "⟨" of a run of them scans to maxLength).
 */
function skipOrdinary(text: string, i: number, limit: number, span: Span, final: boolean, math: boolean): number {
  i = Math.min(endOfRun(ENCLOSED_RUN, text, i), limit); // the fast path: these leave `queryOnly` as it is
  let queryOnly = span.queryOnly;
  for (; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      const k = ASCII_CLASS[c]!;
      if ((k & ENCLOSED_STOP) !== 0) break;
      queryOnly &= k;
    } else if (c === 0xfffd || c === MATH_RANGLE || (math && c === MATH_LANGLE) || isUnicodeBlank(c) || isInvisible(c) || isLoneSurrogate(text, i, final)) {
      break; // ends the candidate ("…" with a no-break space, U+2028, a bidi mark, "⟩": a closer) or is removed (isInvisible)
    } else {
      span.ascii = false;
    }
  }
  span.queryOnly = queryOnly;
  return i;
}

/**
 * A blank within one line ends a quoted candidate: take what came before it,
 * but not across a line break. A continuation is rejoined only when the
 * closing quote follows it ('"http://a/b⏎c"'); a blank first ('"http://a/b⏎
 * was down" he said') shows the line break ended the URI, so the candidate
 * ends at the first break (`pieces` kept before it: `kept`), and the scan
 * resumes there.
 */
function cutQuoted(text: string, span: Span, blank: number, firstBreak: number, kept: number, final: boolean): SpanResult {
  const { pieces } = span;
  const at = firstBreak === -1 ? blank : firstBreak;
  if (firstBreak === -1) {
    const words = wordsInParens(text, span.start, blank, final); // "…/(Data store ID)/r4/": a pattern
    if (words !== false) return words === undefined ? NEED_MORE : undefined;
  }
  if (firstBreak !== -1) {
    while (pieces.length > kept) pieces.pop();
    while (span.hyphens.length > 0 && span.hyphens[span.hyphens.length - 1]! >= at) span.hyphens.pop(); // those at breaks after the cut
  }
  const end = trimUnbalanced(text, span.start, pieces[pieces.length - 1]!, trimEnd(text, pieces[pieces.length - 1]!, at));
  if (end === span.start || (firstBreak === -1 && mailtoWithoutAddress(text, span.start, end))) return undefined; // '"mailto:bob at example.org"': read bare
  pieces.push(end);
  return closeSpan(span, end, 'quote', false, at);
}

/**
 * The end of a quoted candidate cut at a blank, text[from, end) its last
 * piece, less each ")" that closes no "(" inside it, and the punctuation before
 * that: what follows the blank is prose, so the ")" is too, as after a bare
 * URI ('"https://x/y.html). "', a message split into string literals).
 */
function trimUnbalanced(text: string, start: number, from: number, end: number): number {
  if (end <= from || text.charCodeAt(end - 1) !== RPAREN) return end; // the common case: no look
  let depth = 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === LPAREN) depth++;
    else if (c === RPAREN) depth--;
  }
  for (; depth < 0 && end > from && text.charCodeAt(end - 1) === RPAREN; depth++) end = trimEnd(text, from, end - 1);
  return end;
}

/** A line may break after these inside a URI and go on with "scheme://" (a Wayback URL's "…/2020/⏎http://", a redirect's "?url=⏎http://"). */
function continuesAt(c: number): boolean {
  return c === SLASH || c === HYPHEN || c === EQUALS || c === QUESTION || c === AMP || c === HASH || c === COLON;
}

/** Is the break at `i` past the candidate's scheme (not inside a scheme wrapped at "<htt⏎p://")? */
function pastScheme(text: string, start: number, i: number): boolean {
  const colon = text.indexOf(':', start);
  return colon !== -1 && colon < i;
}

/** A candidate that ends at the line break at `at`, where another URI starts: the scan resumes at the break. */
function endAtBreak(text: string, span: Span, at: number, angle: boolean): Span | undefined {
  const { pieces } = span;
  const end = trimEnd(text, pieces[pieces.length - 1]!, at);
  if (end === span.start) return undefined;
  pieces.push(end);
  return closeSpan(span, end, angle ? 'angle' : 'quote', false, at);
}

/** Does a hyphen stand right before the break at `i` (a typesetter's or a soft one too: rule 5)? */
function hyphenBefore(text: string, start: number, i: number): boolean {
  const before = i > start ? text.charCodeAt(i - 1) : -1;
  return before === HYPHEN || before === TYPESET_HYPHEN || before === SOFT_HYPHEN;
}

/** The content from `start` to the closer, with whitespace (and quote prefixes) repaired away. */
function scanContent(text: string, open: number, start: number, ctx: EnclosedContext, opens: Opening): SpanResult {
  const first = text.charCodeAt(open);
  const angle = isAngleOpener(first);
  const closer = first === LT ? GT : first === MATH_LANGLE ? MATH_RANGLE : DQUOTE;
  const n = text.length;
  const limit = Math.min(n, start + ctx.maxLength + 1);
  const st = ctx.state;
  const span = openSpan(st.span, start);
  let i = start;
  /** Where the first line break inside began, and how many pieces came before it (see cutQuoted). */
  let firstBreak = -1;
  let kept = 0;
  for (;;) {
    i = skipOrdinary(text, i, limit, span, ctx.final, first === MATH_LANGLE);
    if (i - start > ctx.maxLength) return undefined; // give the bracket up: rescan as ordinary text
    if (i >= n) return ctx.final ? undefined : NEED_MORE;
    const c = text.charCodeAt(i);
    if (c === closer) {
      const closed = atCloser(text, open, start, i, span, angle, opens, ctx.final);
      if (closed !== GOES_ON) return closed;
      i = span.pieces[span.pieces.length - 1]!;
      continue;
    }
    if (c === PIPE && angle && opens !== RELATIVE_START) return endAtPipe(text, span, i); // Slack's <url|label>; not <#C024|channel>
    if (isInvisible(c)) { // not content (see isInvisible)
      span.pieces.push(i, i + 1);
      i++;
      continue;
    }
    const continued = c === BACKSLASH ? continuationBreak(text, i, ctx.final) : -1; // "\\" at a line's end: removed with the break
    if (continued === NEED_MORE) return NEED_MORE;
    if (continued === -1 && c === BACKSLASH) { // no break after it: content, which validation refuses
      span.queryOnly = 0;
      i++;
      continue;
    }
    if (continued === -1 && !isSpace(c)) return undefined; // "<", "\"", ">" in quotes, "|", U+FFFD, a lone surrogate: cannot be inside
    const gap = i;
    if (continued !== -1) i = continued;
    const j = skipWhitespace(text, i, open, start, ctx);
    if (j === NEED_MORE || j === -1) return j === NEED_MORE ? NEED_MORE : undefined;
    if (opens !== SCHEME_START && angle && !st.hadBreak) return undefined; // "<html lang=en>", <xsl:template match="/">: a tag, not a wrapped URI
    if (!angle && !st.hadBreak) return cutQuoted(text, span, i, firstBreak, kept, ctx.final);
    if (st.hadBreak && opens === SCHEME_START && !continuesAt(text.charCodeAt(i - 1)) && pastScheme(text, start, i)) { // xsi:schemaLocation="ns⏎  schema.xsd"
      const next = schemeWithSlashes(text, j, ctx.final);
      if (next === undefined) return NEED_MORE;
      if (next) return endAtBreak(text, span, i, angle);
    }
    if (st.hadBreak && firstBreak === -1 && continued === -1 && !hyphenBefore(text, start, i)) { // a break after a hyphen goes on whatever follows (rule 5, Appendix C), as one a string's "\\" continues
      firstBreak = i;
      kept = span.pieces.length;
    }
    i = joinGap(text, span, start, gap, i, j, st.hadBreak);
  }
}

/** Slack's <url|label>: the URI ends at the "|" at `i` (which no URI holds), less trailing punctuation. */
function endAtPipe(text: string, span: Span, i: number): Span | undefined {
  const { pieces } = span;
  const end = trimEnd(text, pieces[pieces.length - 1]!, i);
  if (end === span.start) return undefined;
  return closeSpan(span, contentEnd(pieces, end), 'angle', true, i + 1);
}

/**
 * Leave the whitespace from `gap` to `j` out of the span's pieces (it starts
 * at `i` after a line continuation's "\\"; `hadBreak`: it holds a line
 * break). Returns where the scan goes on.
 */
function joinGap(text: string, span: Span, start: number, gap: number, i: number, j: number, hadBreak: boolean): number {
  if (hadBreak && i > start && text.charCodeAt(i - 1) === HYPHEN) span.hyphens.push(i - 1);
  if (hadBreak && adjacentLiterals(text, start, gap, j)) { // '…/DTD/'⏎  'svg10.dtd': one string written as two
    span.pieces.push(gap - 1, j + 1);
    return j + 1;
  }
  span.pieces.push(hadBreak && i > start && text.charCodeAt(i - 1) === TYPESET_HYPHEN ? i - 1 : gap, j); // a typesetter's hyphen goes with the break
  return j;
}
