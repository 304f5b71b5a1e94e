// An attribute value as the tokenizer hands it over, in pieces: cleaned as a
// URL parser cleans it, bounded in length, and split into the URLs it holds
// (one, a srcset's candidates, a refresh's URL), each with its input index.

import { AMP, COMMA, LPAREN, RPAREN, SPACE } from '../../uri/codes.js';
import { endOfRun } from '../../uri/chars.js';
import type { Position } from '../positions.js';
import { entityAt } from './entities.js';
import { ENTITY_UNIT } from './layout.js';

/** C0 controls and space: what a URL parser strips from a URL's ends (WHATWG URL). */
const C0_OR_SPACE = /[\x00-\x20]/;
/** C0 controls but NUL, and space: NUL is a character (HTML's tokenizer reads one in an attribute value as U+FFFD). */
const isSpace = (c: number): boolean => c <= SPACE && c !== 0;

export class AttrValue {
  /**
   * The value so far, without the C0 controls and spaces at its start; those
   * inside it are kept, one for one, with each tab, CR and LF as '\n' (which
   * a URL parser removes from inside a URL). Trailing ones wait in #pending,
   * so the value never ends with one.
   */
  text = '';
  /** More than the limit: the value is dropped. */
  tooLong = false;
  readonly #limit: number;
  #pending = '';
  /** [index in text, index in the input] where each run of characters starts: the first, then the others (most values are one run). */
  #firstText = -1;
  #firstInput = 0;
  #marks: number[] | undefined;
  /**
   * The file positions of the runs' starts looked up so far (settle): line,
   * column and offset of each, the first run's, then the marks' in order. A
   * run holds no line break, so a character of it is on its start's line.
   */
  #settled: number[] | undefined;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Add a piece that starts at input index `at`; an entity's character(s) all stand at `at`. */
  add(piece: string, at: number, entity: boolean): void {
    const n = piece.length;
    if (this.#firstText === -1 && n > 0 && n <= this.#limit && !this.tooLong && !C0_OR_SPACE.test(piece)) {
      this.#firstText = this.text.length; // the usual value: one piece, no white space (what #run does with it)
      this.#firstInput = at;
      this.text = piece;
      return;
    }
    for (let i = 0; i < n && !this.tooLong;) {
      let j = i + 1;
      if (isSpace(piece.charCodeAt(i))) {
        while (j < n && isSpace(piece.charCodeAt(j))) j++;
        if (this.text.length > 0) this.#blanks(piece.slice(i, j));
      } else {
        while (j < n && !isSpace(piece.charCodeAt(j))) j++;
        this.#run(i === 0 && j === n ? piece : piece.slice(i, j), entity ? at : at + i);
      }
      i = j;
    }
  }

  /** Controls and spaces inside the value, held until a character other than those follows. */
  #blanks(run: string): void {
    // Trailing ones are stripped: only a run after them makes the value too long (see #run). Past the limit, more need not be kept.
    if (this.#pending.length <= this.#limit) this.#pending += run.replace(/[\t\r]/g, '\n');
  }

  /** A run of characters other than white space, from input index `at`. */
  #run(run: string, at: number): void {
    this.text += this.#pending;
    this.#pending = '';
    if (this.#firstText === -1) {
      this.#firstText = this.text.length;
      this.#firstInput = at;
    } else (this.#marks ??= []).push(this.text.length, at);
    this.text += run.includes('\0') ? run.replace(/\0/g, '\uFFFD') : run;
    if (this.text.length > this.#limit) {
      this.tooLong = true;
      this.text = '';
    }
  }

  /**
   * Look up the file positions of the runs' starts not looked up yet, while
   * their input is at hand: the sink calls it before it lets go of input
   * that an open tag's values stand in (a tag may span more than the input
   * it keeps). Of a value too long, the first run's: the warning's line.
   */
  settle(positions: { position(i: number): Position }): void {
    if (this.#firstText === -1) return;
    const done = (this.#settled ??= []);
    const runs = this.tooLong ? 1 : 1 + (this.#marks === undefined ? 0 : this.#marks.length / 2);
    for (let r = done.length / 3; r < runs; r++) {
      const p = positions.position(this.#runInput(r));
      done.push(p.line, p.column, p.offset);
    }
  }

  /** The file position of text[i] (into `out`, from `positions` when its run's start was not settled). */
  position(i: number, positions: { position(i: number): Position }, out: Position): Position {
    const done = this.#settled;
    const r = this.#runOf(i);
    if (done === undefined || this.#firstText === -1 || r * 3 >= done.length) return positions.position(this.inputIndex(i));
    const into = i - this.#runText(r);
    out.line = done[r * 3]!;
    out.column = done[r * 3 + 1]! + into;
    out.offset = done[r * 3 + 2]! + into;
    return out;
  }

  /** The input index of text[i]. */
  inputIndex(i: number): number {
    if (this.#firstText === -1) return 0;
    const r = this.#runOf(i);
    return this.#runInput(r) + (i - this.#runText(r));
  }

  /** The run that holds text[i]: 0 for the first, k + 1 for the one mark k starts (binary search over the marks, pairs). */
  #runOf(i: number): number {
    const m = this.#marks;
    if (m === undefined || m[0]! > i) return 0;
    let lo = 0;
    let hi = m.length / 2 - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (m[mid * 2]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** The index in text where run `r` starts. */
  #runText(r: number): number {
    return r === 0 ? this.#firstText : this.#marks![r * 2 - 2]!;
  }

  /** The input index where run `r` starts. */
  #runInput(r: number): number {
    return r === 0 ? this.#firstInput : this.#marks![r * 2 - 1]!;
  }
}

/**
 * A value whose references TagReader has checked (buffer indexes [from, to)
 * of `buf`, which starts at input index `offset`), added to `value` in the
 * pieces the state machine's onattribdata and onattribentity would give.
 */
export function addReferenced(value: AttrValue, buf: string, input: { slice(start: number, end: number): string }, from: number, to: number, offset: number): void {
  let s = from;
  for (let k = from; k < to; k++) {
    if (buf.charCodeAt(k) !== AMP) continue;
    const e = entityAt(buf, k);
    if (k > s) value.add(input.slice(s + offset, k + offset), s + offset, false);
    value.add(String.fromCodePoint(Math.floor(e / ENTITY_UNIT)), k + offset, true);
    s = k + (e % ENTITY_UNIT);
    k = s - 1;
  }
  value.add(input.slice(s + offset, to + offset), s + offset, false);
}

/** A URL as written in an attribute, and the index of its first character in the value's text. */
export type Candidate = [url: string, at: number];

/** The value of a URL attribute: tabs and line breaks in it removed, as a URL parser does. */
export function urlOf(text: string): Candidate[] {
  return text.length === 0 ? [] : [[text.indexOf('\n') === -1 ? text : text.replace(/\n/g, ''), 0]];
}

/** The URLs of a list separated by ASCII whitespace (HTML's ping: "a set of space-separated tokens", each a URL). */
export function listUrls(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(/[^\t\n\f\r ]+/g)) out.push([m[0], m.index]);
  return out;
}

/** The URLs of a srcset (HTML "parse a srcset attribute"): comma-separated, each URL then its descriptors. */
export function srcsetUrls(text: string): Candidate[] {
  const out: Candidate[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    i = endOfRun(SEPARATORS, text, i);
    if (i >= n) break;
    const start = i;
    i = endOfRun(URL_RUN, text, i);
    let end = i;
    while (end > start && text.charCodeAt(end - 1) === COMMA) end--;
    if (end === i) i = skipDescriptors(text, i); // a URL that ends with "," has no descriptors
    if (end > start) out.push([text.slice(start, end), start]);
  }
  return out;
}

/** Sticky runs of ASCII whitespace and commas (before a candidate), and of characters other than ASCII whitespace (its URL). */
const SEPARATORS = /[\t\n\f\r ,]*/y;
const URL_RUN = /[^\t\n\f\r ]*/y;

/** Characters of a candidate's descriptors up to its "," or a "(". */
const DESCRIPTORS = /[^,(]*/y;

/**
 * The index of the "," that ends a candidate's descriptors (a "," in
 * parentheses does not). The run stops at the first "," or "(", so no
 * search reaches past the candidate: the calls of one srcset stay linear.
 */
function skipDescriptors(text: string, i: number): number {
  i = endOfRun(DESCRIPTORS, text, i);
  if (i >= text.length || text.charCodeAt(i) === COMMA) return i;
  let inParens = false; // one level: HTML's "in parens" state does not nest, the first ")" leaves it
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LPAREN) inParens = true;
    else if (c === RPAREN) inParens = false;
    else if (c === COMMA && !inParens) break;
  }
  return i;
}

/** The URL of a refresh ("5; URL='…'"), as HTML's "shared declarative refresh steps" read it. */
export function refreshUrl(text: string): Candidate[] {
  const s = text.replace(/\n/g, ' ');
  const time = /^[0-9]*/.exec(s)![0].length;
  if (time === 0 && s[0] !== '.') return [];
  const timeEnd = time + /^[0-9.]*/.exec(s.slice(time))![0].length;
  if (timeEnd < s.length && s[timeEnd] !== ';' && s[timeEnd] !== ',' && s[timeEnd] !== ' ' && s[timeEnd] !== '\f') return []; // "5x; url=…", "0url=…": no refresh
  let i = skipSpace(s, timeEnd);
  if (s[i] === ';' || s[i] === ',') i = skipSpace(s, i + 1);
  if (i >= s.length) return [];
  if (/^url/i.test(s.slice(i, i + 3))) {
    const eq = skipSpace(s, i + 3);
    if (s[eq] === '=') i = skipSpace(s, eq + 1);
  }
  const quote = s[i];
  let end = s.length;
  if (quote === '"' || quote === "'") {
    const close = s.indexOf(quote, i + 1);
    if (close !== -1) end = close;
    i = skipSpace(s, i + 1); // the URL parser strips blanks around it
  }
  const url = text.slice(i, end).replace(/\n/g, '').trimEnd();
  return url === '' ? [] : [[url, i]];
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && (s[i] === ' ' || s[i] === '\f')) i++;
  return i;
}
