// A candidate as the scanners delimit it: offsets into the scanner's buffer,
// never substrings (the text is sliced once, when a Found is built).

import { QUERY_ONLY, SLASH } from './chars.js';
import type { Delimiter } from './types.js';

export interface Span {
  /** [start, end) of the exact source text (delimiters excluded). */
  start: number;
  end: number;
  /** Kept ranges [s0, e0, s1, e1, …]: the reference after repair. */
  pieces: number[];
  /** Buffer indexes of hyphens that sit right before a line break. */
  hyphens: number[];
  delimiter: Delimiter;
  /** May be a relative reference (only inside `<…>` or `"…"`). */
  relative: boolean;
  /** Where scanning resumes once this candidate is taken. */
  resume: number;
  /** No character ≥ U+0080 was seen (so no IRI mapping is needed). */
  ascii: boolean;
  /** QUERY_ONLY when every character seen is a query character (see chars.ts), else 0. */
  queryOnly: number;
  /** The memo's string for this span's text, when the scan took it from there (see plainHttp). */
  known: string | undefined;
  /** The reference, when the scan sliced it and the memo did not hold it (buildFound asks no more). */
  sliced: string | undefined;
  /** The scan found `sliced` a valid URI that is its own target and a link (see httpTail): buildFound checks nothing. */
  plain: boolean;
  /** A bare walk passed a "$" (a variable's, maybe: see holdsVariable); a delimited candidate is looked at whatever this says. */
  dollar: boolean;
}

/**
 * An empty span. A scan fills one in (see ScanState.span) for each candidate:
 * scanning is synchronous and a span is consumed (by buildFound) before the
 * next scan starts, so one will do: no allocation per candidate.
 */
export function newSpan(): Span {
  return {
    start: 0, end: 0, pieces: [], hyphens: [], delimiter: 'none', relative: false, resume: 0, ascii: true, queryOnly: QUERY_ONLY,
    known: undefined, sliced: undefined, plain: false, dollar: false,
  };
}

/** Start filling `span` for a candidate at `start`. */
export function openSpan(span: Span, start: number): Span {
  span.start = start;
  const { pieces, hyphens } = span;
  while (pieces.length > 0) pieces.pop(); // pop is inlined; setting .length is a runtime call
  while (hyphens.length > 0) hyphens.pop();
  pieces.push(start);
  span.ascii = true;
  span.queryOnly = QUERY_ONLY;
  span.known = undefined;
  span.sliced = undefined;
  span.plain = false;
  span.dollar = false;
  return span;
}

/** Finish the span opened by openSpan. (After TOO_LONG only `resume` is set: where the over-long candidate's scan stopped.) */
export function closeSpan(span: Span, end: number, delimiter: Delimiter, relative: boolean, resume: number): Span {
  span.end = end;
  span.delimiter = delimiter;
  span.relative = relative;
  span.resume = resume;
  return span;
}

/** The scanner needs more text before it can decide. (Negative: never an index.) */
export const NEED_MORE = -2;
/** The candidate ran past maxLength: skip the rest of its run. */
export const TOO_LONG = -3;
export type SpanResult = Span | typeof NEED_MORE | typeof TOO_LONG | undefined;

/** The kept text of a span; with `dropHyphens`, the hyphens at breaks are left out too. */
export function joinPieces(text: string, span: Span, dropHyphens: boolean): string {
  const { pieces, hyphens } = span;
  if (pieces.length === 2 && (!dropHyphens || hyphens.length === 0)) return text.slice(pieces[0], pieces[1]);
  let out = '';
  let h = 0;
  for (let p = 0; p < pieces.length; p += 2) {
    let s = pieces[p]!;
    const e = pieces[p + 1]!;
    while (dropHyphens && h < hyphens.length && hyphens[h]! < e) {
      const at = hyphens[h++]!;
      if (at < s) continue;
      out += text.slice(s, at);
      s = at + 1;
    }
    out += text.slice(s, e);
  }
  return out;
}

/**
 * Does every hyphen at a break stand right after a "/" and before a
 * continuation that is no "/"? A path segment (§3.3) seldom starts with
 * "-" ("…/JavaScript/-⏎Reference/…" is a wrapping tool's hyphen), while
 * "…/project/-⏎/issues" is GitLab's "-" segment.
 */
export function segmentStartHyphens(text: string, span: Span): boolean {
  const { pieces, hyphens } = span;
  for (const at of hyphens) {
    if (text.charCodeAt(at - 1) !== SLASH) return false;
    const q = pieces.indexOf(at + 1); // the piece that ends with the hyphen; the next one starts the continuation
    if (q === -1 || q % 2 === 0 || q + 1 >= pieces.length || text.charCodeAt(pieces[q + 1]!) === SLASH) return false;
  }
  return true;
}
