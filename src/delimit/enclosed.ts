// URIs in "<…>" and "\"…\"" (RFC 3986 Appendix C).
//
// Angle brackets: all whitespace inside is removed (spaces, tabs, line
// breaks and the indentation of continuation lines). Double quotes: only
// whitespace that holds a line break is removed; a blank within one line
// ends the candidate, so prose in quotes is never glued together. In both,
// the opener line's quote prefix ("> ") is not content on continuation lines,
// and a hyphen right before a line break is recorded as ambiguous.

import { CHAR_CLASS, SCHEME } from '../uri/chars.js';
import { COLON, DQUOTE, GT, HYPHEN, LF, LT, isSpace } from './chars.js';
import { MAX_SCHEME, trimEnd } from './bare.js';
import { skipQuotePrefix } from './prefix.js';
import { startsCandidate, type SchemePolicy } from './schemes.js';
import { NEED_MORE, closeSpan, openSpan, type ScanResult } from './span.js';

export interface EnclosedContext {
  final: boolean;
  maxLength: number;
  policy: SchemePolicy;
  /** A base is set, so relative references are candidates too. */
  relative: boolean;
  quoteLevel(index: number): number;
}

/** True when text[i…] is the obsolete "URL:" prefix (any case). */
function isUrlPrefix(text: string, i: number): boolean {
  return (text.charCodeAt(i) | 0x20) === 0x75 && (text.charCodeAt(i + 1) | 0x20) === 0x72
    && (text.charCodeAt(i + 2) | 0x20) === 0x6c && text.charCodeAt(i + 3) === COLON;
}

/** After a "URL:" prefix: skip blanks on the same line. Returns the content start. */
function skipBlanks(text: string, i: number, ctx: EnclosedContext): number | typeof NEED_MORE {
  const n = text.length;
  while (i < n && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  return i === n && !ctx.final ? NEED_MORE : i;
}

/** Does the content at `i` open a candidate: a scheme and ":" that the policy takes, or (with a base) a relative reference? */
function opensCandidate(text: string, i: number, ctx: EnclosedContext, urlPrefix: boolean): boolean | typeof NEED_MORE {
  const n = text.length;
  let j = i;
  const c0 = text.charCodeAt(i) | 0x20;
  if (c0 >= 0x61 && c0 <= 0x7a) {
    while (j < n && j - i <= MAX_SCHEME) {
      const c = text.charCodeAt(j);
      if (c >= 128 || (CHAR_CLASS[c]! & SCHEME) === 0) break;
      j++;
    }
    if (j === n || (text.charCodeAt(j) === COLON && j + 2 >= n)) {
      if (!ctx.final) return NEED_MORE;
    }
    if (text.charCodeAt(j) === COLON) {
      if (text.charCodeAt(j + 1) === COLON) return false; // std::vector
      // Delimited text may hold any scheme (Appendix C): <g:h>, <javascript:…>
      return urlPrefix || startsCandidate(ctx.policy, text, i, j, true);
    }
  }
  return ctx.relative; // judged again on the whole reference (see acceptRelative)
}

/** Scan the candidate opened by the "<" or "\"" at `open`. */
export function scanEnclosed(text: string, open: number, ctx: EnclosedContext): ScanResult {
  const angle = text.charCodeAt(open) === LT;
  if (text.length - open < 5 && !ctx.final) return NEED_MORE; // room to see "URL:"
  const urlPrefix = isUrlPrefix(text, open + 1);
  const start = urlPrefix ? skipBlanks(text, open + 5, ctx) : open + 1;
  if (start === NEED_MORE) return NEED_MORE;
  const opens = opensCandidate(text, start, ctx, urlPrefix);
  if (opens !== true) return opens === NEED_MORE ? NEED_MORE : undefined;
  const closer = angle ? GT : DQUOTE;
  const n = text.length;
  const span = openSpan(start);
  const { pieces, hyphens } = span;
  let level = -1;
  for (let i = start; ; i++) {
    if (i - start > ctx.maxLength) return undefined; // give the bracket up: rescan as ordinary text
    if (i >= n) return ctx.final ? undefined : NEED_MORE;
    const c = text.charCodeAt(i);
    if (c === closer) {
      pieces.push(i);
      return closeSpan(i, angle ? 'angle' : 'quote', true, i + 1);
    }
    if (c === LT || c === DQUOTE || c === 0xfffd || (c === GT && !angle)) return undefined; // cannot be inside (U+FFFD: an undecodable byte)
    if (c >= 128) span.ascii = false;
    if (!isSpace(c)) continue;
    // A run of whitespace: find its end, skipping quote prefixes after line breaks.
    let j = i;
    let breaks = 0;
    while (j < n && isSpace(text.charCodeAt(j))) {
      if (j - start > ctx.maxLength) return undefined;
      if (text.charCodeAt(j) === LF) {
        if (++breaks > 1) return undefined; // a blank line ends any paragraph, and any candidate
        if (level === -1) level = ctx.quoteLevel(open);
        const k = skipQuotePrefix(text, j + 1, level);
        if (k === -1) { j = n; break; }
        j = k;
      } else j++;
    }
    if (j >= n) return ctx.final ? undefined : NEED_MORE;
    if (!angle && breaks === 0) {
      // A blank within one line ends a quoted candidate: take what came before it.
      const end = trimEnd(text, pieces[pieces.length - 1]!, i);
      if (end === start) return undefined;
      pieces.push(end);
      return closeSpan(end, 'quote', false, i);
    }
    if (breaks > 0 && i > start && text.charCodeAt(i - 1) === HYPHEN) hyphens.push(i - 1);
    pieces.push(i, j);
    i = j - 1;
  }
}
