// The closer of an enclosed candidate (RFC 3986 Appendix C: "<…>" and
// "\"…\""), and what it closes: the candidate, except in quotes, where
// it may close a JSON or YAML key, the first URI of a list glued together,
// or a string literal the next one goes on (literals.ts).

import { COLON, COMMA, SPACE, TAB } from './chars.js';
import { trimEnd } from './trailing.js';
import { schemeWithSlashes } from './glued.js';
import { RELATIVE_START, SCHEME_START, type Opening } from './opening.js';
import { NEED_MORE, closeSpan, type Span, type SpanResult } from './span.js';
import { literalGoesOn } from './literals.js';

/** atCloser: the candidate goes on past its closer, from the end of its pieces. */
export const GOES_ON = -4;

/**
 * The closer at `i` closes the candidate, except in quotes: there it may
 * close a one-letter key, or a list's first URI, or a string literal that
 * goes on in the next one (GOES_ON: the closer and the gap to the next
 * literal's content are left out of the pieces).
 */
export function atCloser(text: string, open: number, start: number, i: number, span: Span, angle: boolean, opens: Opening, final: boolean): SpanResult | typeof GOES_ON {
  const key = !angle && opens === RELATIVE_START && i - start === 1 ? keyAfter(text, i + 1, final) : false;
  if (key !== false) return key === NEED_MORE ? NEED_MORE : undefined; // {"x": 1}: a one-letter key, not the RFC's "g"
  const comma = angle || opens !== SCHEME_START || span.pieces.length > 1 ? -1 : listComma(text, start, i);
  if (comma !== -1) return endAtComma(text, span, comma); // "s3://b/mapper.py,s3://b/reducer.py": a list, as bare
  const next = !angle && opens === SCHEME_START && start === open + 1 ? literalGoesOn(text, span.pieces[span.pieces.length - 1]!, i, final) : -1;
  if (next === NEED_MORE) return NEED_MORE;
  if (next !== -1) { // '"https://example.com/DTD/"⏎     "svg10.dtd"': one string written as two
    span.pieces.push(i, next);
    return GOES_ON;
  }
  return closeSpan(span, contentEnd(span.pieces, i), angle ? 'angle' : 'quote', true, i + 1);
}

/**
 * End the pieces at `i` (the closer, or Slack's "|"); returns where the raw
 * text ends. Whitespace right before it ('<URL: http://a/x >',
 * '"http://a/x⏎"') is no more part of it than the whitespace after the
 * opener is.
 */
export function contentEnd(pieces: number[], i: number): number {
  const n = pieces.length;
  if (n > 1 && pieces[n - 1] === i) { // the last gap reaches the closer: its piece would be empty, and no repair
    pieces.length = n - 1;
    return pieces[n - 2]!;
  }
  pieces.push(i);
  return i;
}

/** The first "," in the quoted text[start, end) that another "scheme://" follows (a list glued together), or -1. */
function listComma(text: string, start: number, end: number): number {
  for (let k = start; k < end; k++) {
    if (text.charCodeAt(k) === COMMA && schemeWithSlashes(text, k + 1, true) === true) return k;
  }
  return -1;
}

/** A quoted list's first URI ends at the "," at `i`, less trailing punctuation; the scan resumes there, at the next one. */
function endAtComma(text: string, span: Span, i: number): Span | undefined {
  const end = trimEnd(text, span.pieces[0]!, i);
  if (end === span.start) return undefined;
  span.pieces.push(end);
  return closeSpan(span, end, 'quote', false, i);
}

/** How many blanks a key's ":" may stand after its closing quote. */
const KEY_REACH = 4;

/** Does a ":" follow at `i`, after KEY_REACH blanks at most (a JSON, YAML or Python key)? NEED_MORE when the text ends first. */
function keyAfter(text: string, i: number, final: boolean): boolean | typeof NEED_MORE {
  const end = i + KEY_REACH;
  for (; i <= end; i++) {
    if (i >= text.length) return final ? false : NEED_MORE;
    const c = text.charCodeAt(i);
    if (c === COLON) return true;
    if (c !== SPACE && c !== TAB) return false;
  }
  return false;
}
