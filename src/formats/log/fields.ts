// The fields of an access line, flat and reused: quoted, bracketed and bare values found by their delimiters, in one pass.

import type { Marks } from './ahead.js';
import { BACKSLASH, DQUOTE, HYPHEN, LBRACE, LBRACKET, SPACE, TAB } from '../../uri/codes.js';

export const QUOTED = 0;
export const BRACKET = 1;
export const BARE = 2;

/**
 * The fields of a line, flat and reused: kind, start and end (of the value,
 * without quotes or brackets) of each. Quoted values keep nginx/Apache `\"`
 * escapes; an unclosed quote or bracket runs to the end (a truncated line).
 */
export class Fields {
  n = 0;
  /** The first bracketed field, or -1. */
  bracket = -1;
  kind: number[] = [];
  start: number[] = [];
  end: number[] = [];

  /** The fields of the line text[from, end) (marks: where its delimiters stand). */
  read(text: string, from: number, end: number, marks: Marks): void {
    this.n = 0;
    this.bracket = -1;
    const escapes = marks.backslash.within(text, from, end); // without a backslash, a field's quote is the next one
    const tabbed = marks.tab.within(text, from, end); // without a tab, a bare field ends at its space
    let i = from;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === TAB) {
        i++;
      } else if (c === DQUOTE) {
        const j = escapes ? closeQuote(text, i + 1, end, marks) : before(marks.quote.in(text, i + 1), end);
        this.#push(QUOTED, i + 1, j);
        i = j + 1;
      } else if (c === LBRACKET) {
        const j = before(marks.close.in(text, i), end);
        if (this.bracket === -1) this.bracket = this.n;
        this.#push(BRACKET, i + 1, j);
        i = j + 1;
      } else if (c === LBRACE && marks.brace.within(text, i, end)) { // HAProxy's captures hold blanks: "{Mozilla/5.0 (…)|https://ref/}"
        const j = marks.brace.in(text, i);
        this.#push(BARE, i, j);
        i = j + 1;
      } else if (text.charCodeAt(i + 1) === SPACE) { // one character ("-"): no search
        this.#push(BARE, i, i + 1);
        i++;
      } else {
        const space = before(text.indexOf(' ', i + 1), end);
        const tab = tabbed ? before(marks.tab.in(text, i + 1), end) : end;
        const j = tab < space ? tab : space; // not Math.min: TurboFan compiles it to a float64 min, and the loop's index to a double
        this.#push(BARE, i, j);
        i = j;
      }
    }
  }

  #push(kind: number, start: number, end: number): void {
    const k = this.n++;
    this.kind[k] = kind;
    this.start[k] = start;
    this.end[k] = end;
  }
}

/** An index found by a search, or `end` when it is none or stands at or after `end`. */
const before = (at: number, end: number): number => (at === -1 || at > end ? end : at);

/** The closing quote of a value that starts at i: the first '"' after an even run of backslashes, or the line's end. */
function closeQuote(text: string, i: number, end: number, marks: Marks): number {
  for (let q = marks.quote.in(text, i); q !== -1 && q < end; q = marks.quote.in(text, q + 1)) {
    let k = q;
    while (k > i && text.charCodeAt(k - 1) === BACKSLASH) k--;
    if ((q - k) % 2 === 0) return q;
  }
  return end;
}

/** Is text[start, end) "-" or empty (a field with no value)? */
export const isDash = (text: string, start: number, end: number): boolean => end - start < 2 && (end === start || text.charCodeAt(start) === HYPHEN);
