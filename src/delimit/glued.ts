// What is glued to the end of a bare URI without a blank, and ends it
// (RFC 3986 Appendix C in markup and lists): AsciiDoc link text
// ("https://example.com[text]") and a list joined by commas
// ("https://a.example,https://b.example"). Each look ahead is bounded, and
// says when the text so far ends before the answer, so the result does not
// depend on how the text is chunked.

import { CHAR_CLASS, SCHEME } from '../uri/chars.js';
import {
  AT, BANG, COLON, COMMA, CR, DOT, LBRACKET, LF, MAX_SCHEME, QUESTION, RBRACKET, RPAREN, SEMICOLON, SLASH, isAlpha, isStop,
} from './chars.js';

/**
 * A "[" that is not an IP-literal (after "//" or "@") and whose "]" ends the
 * token, on the same line, is link text: AsciiDoc's
 * https://example.com[Example docs], BBCode-like markup. The URI ends at
 * it. (A "[" inside a query, as in "?filter[status]=1", is not: it makes the
 * URI invalid, and it is dropped.)
 * The look ahead stops at `runLimit`, where the candidate could no longer
 * end; undefined when the text so far ends before the answer (and it is not
 * `runFinal`).
 */
export function linkText(text: string, open: number, runLimit: number, runFinal: boolean): boolean | undefined {
  const before = text.charCodeAt(open - 1);
  if ((before === SLASH && text.charCodeAt(open - 2) === SLASH) || before === AT) return false; // an IP-literal
  const limit = Math.min(text.length, runLimit);
  for (let j = open + 1; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === RBRACKET) return j + 1 < text.length ? endsToken(text.charCodeAt(j + 1)) : runFinal ? true : undefined;
    if (c === LBRACKET || c === LF || c === CR) return false; // link text may hold blanks and any character (`[the manual^]`, `[^1]`, `[x, window="_blank"]`), on one line
  }
  return limit === runLimit || runFinal ? false : undefined;
}

/**
 * Does a scheme and "://" start at text[i]? undefined when the text so far
 * ends before the answer (and it is not `runFinal`).
 */
export function schemeWithSlashes(text: string, i: number, runFinal: boolean): boolean | undefined {
  if (!isAlpha(text.charCodeAt(i))) return i < text.length || runFinal ? false : undefined;
  const limit = Math.min(text.length, i + MAX_SCHEME);
  let j = i + 1;
  while (j < limit && text.charCodeAt(j) < 128 && (CHAR_CLASS[text.charCodeAt(j)]! & SCHEME) !== 0) j++;
  if (j < text.length && text.charCodeAt(j) !== COLON) return false;
  if (j + 3 > text.length) return runFinal ? false : undefined;
  return text.charCodeAt(j) === COLON && text.charCodeAt(j + 1) === SLASH && text.charCodeAt(j + 2) === SLASH;
}

/** After "]": the end of the token (a stop, or sentence punctuation). */
function endsToken(c: number): boolean {
  return isStop(c) || c === DOT || c === COMMA || c === SEMICOLON || c === COLON || c === BANG || c === QUESTION || c === RPAREN;
}
