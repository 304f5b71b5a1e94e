// The fast path of the enclosed scanner (enclosed.ts): "<http://…>" and
// "\"https://…\"" of query characters right up to the closer, found by one
// native match in brackets, in quotes by the memo or httpTail, without the
// full scan of the content.

import { ANGLE_RUN, COLON, isUpper, LOWER_H, LOWER_P, LOWER_S, LOWER_T, LT, MATH_LANGLE, SLASH } from './chars.js';
import { nextLiteral } from './literals.js';
import type { EnclosedContext } from './enclosed.js';
import { NOT_RUN, PLAIN, httpTail } from './plain.js';
import { startsCandidate } from './schemes.js';
import { closeSpan, openSpan, type Span } from './span.js';

/**
 * The fast path: "http://…" or "https://…" (a scheme with "//" opens a
 * candidate if the policy takes it) of query characters right up to the
 * closer is what opensCandidate and scanContent would find: in "<…>" one
 * native match of the run finds it, in quotes httpTail, which also tells
 * whether buildFound need check anything. Anything else takes the full scan.
 *
 * In quotes the run can only end at the first '"' after the scheme, so the
 * text up to that '"' is looked up in the memo first. A remembered reference
 * is a valid absolute URI, all ASCII, holding none of the characters that
 * stop a quoted scan (whitespace, <, >, " and | are no URI characters), so
 * the full scan would find exactly that span and buildFound that target. A
 * miss hands its slice on, so the memo is asked once. Only in quotes: the
 * next '"' is at worst the next opener, so the searches stay linear, where a
 * '>' may lie far ahead. Without a memo (Founds that view the text, which a
 * hit would spare no copy) httpTail reads the slice's characters, which the
 * scan has just brought into the cache; a hit reads a remembered slice's,
 * far back in the text, and compares two slices in V8's runtime.
 */
export function quickHttp(text: string, open: number, ctx: EnclosedContext): Span | undefined {
  if (text.charCodeAt(open) === MATH_LANGLE) return undefined; // "⟨…⟩": the full scan, which stops at "⟩"
  const start = open + 1;
  const colon = httpColon(text, start);
  if (colon === -1 || !startsCandidate(ctx.policy, text, start, colon, true)) return undefined;
  if (text.charCodeAt(open) === LT) {
    const end = runEnd(ANGLE_RUN, text, colon);
    return end === -1 || end - start > ctx.maxLength ? undefined : quickSpan(ctx.state.span, start, end, 'angle', undefined, undefined);
  }
  const end = text.indexOf('"', start);
  if (end === -1 || end - start > ctx.maxLength || nextLiteral(text, end, ctx.final) !== -1) return undefined; // maybe one string written as two: the full scan decides
  const sliced = text.slice(start, end);
  const known = ctx.memo === undefined ? undefined : ctx.memo.recall(sliced, text, start);
  const tail = known === undefined ? httpTail(text, colon + 3, end) : PLAIN;
  if (tail === NOT_RUN) return undefined;
  const span = quickSpan(ctx.state.span, start, end, 'quote', known, sliced);
  span.plain = known === undefined && tail === PLAIN && !isUpper(text.charCodeAt(colon + 3)) && sliced.indexOf('*') === -1; // "https://SERVER/", "https://x/*": buildFound decides
  return span;
}

/** The span of a query-only delimited URI text[start, end), its closer at `end`. */
function quickSpan(
  span: Span, start: number, end: number, delimiter: 'angle' | 'quote', known: string | undefined, sliced: string | undefined,
): Span {
  openSpan(span, start);
  span.pieces.push(end);
  span.known = known;
  span.sliced = sliced;
  return closeSpan(span, end, delimiter, true, end + 1);
}

/** Where the run of query characters after "scheme://" at `colon` meets `re`'s closer, or -1. */
function runEnd(re: RegExp, text: string, colon: number): number {
  re.lastIndex = colon + 3;
  return re.test(text) ? re.lastIndex - 1 : -1;
}

/** The index of the ":" when text[start…] begins "http://" or "https://" (lower case), else -1. */
function httpColon(text: string, start: number): number {
  if (start + 7 > text.length) return -1; // no room for "http://"
  if (text.charCodeAt(start) !== LOWER_H || text.charCodeAt(start + 1) !== LOWER_T || text.charCodeAt(start + 2) !== LOWER_T
    || text.charCodeAt(start + 3) !== LOWER_P) return -1; // "http"
  const colon = text.charCodeAt(start + 4) === LOWER_S ? start + 5 : start + 4; // "s"
  if (colon + 2 >= text.length) return -1;
  const slashes = text.charCodeAt(colon + 1) === SLASH && text.charCodeAt(colon + 2) === SLASH;
  return text.charCodeAt(colon) === COLON && slashes ? colon : -1;
}

