// The hyphen at a line break (RFC 3986 Appendix C; docs/rules.md, "The
// hyphen at a line break"): where a bare URI whose run ends at a hyphen
// goes on past the break, the blanks and the quote prefix of the next line,
// and which pieces of the text the break leaves out. The look is bounded
// (BREAK_SLACK past maxLength), so its answer does not depend on chunking.

import { CR, LF, MAX_SCHEME, SOFT_HYPHEN, SPACE, TAB, TYPESET_HYPHEN, isStop } from './chars.js';
import { listMarkerAt, skipLoneLeader, skipQuotePrefix } from './prefix.js';
import { schemeWithSlashes } from './glued.js';
import { NEED_MORE, TOO_LONG } from './span.js';
import type { BareContext } from './bare.js';

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

/**
 * The run ends at the hyphen `last` before `end`: where the URI goes on past
 * the line break, the break left out of its pieces (or -1, NEED_MORE,
 * TOO_LONG: see continuationAfterHyphen).
 */
export function joinAfterHyphen(text: string, end: number, last: number, ctx: BareContext, start: number): number {
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
