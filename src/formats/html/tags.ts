// Start tags read whole from the tokenizer's buffer, as htmlparser2's state
// machine reads them (BeforeAttributeName through the attribute value
// states), for FastTokenizer's fast path: the attributes' places, or a
// "no" when the tag is not one the fast path takes.

import { QuoteType } from 'htmlparser2';
import { LABELS, URL_NAMES } from './attributes.js';
import { plainReferences } from './entities.js';
import { ATTR, MAX_ATTRS, NO, REFS } from './layout.js';
import { TAGS, keyStep, type TagName } from './names.js';
import { AMP, APOSTROPHE, CASE_BIT, CR, DEL, DQUOTE, EQUALS, FF, GT, LF, LOWER_A, LOWER_Z, SLASH, SPACE, TAB } from '../../uri/codes.js';

export const isSpace = (c: number): boolean => c <= SPACE && (c === SPACE || c === LF || c === TAB || c === FF || c === CR); // most characters: one test
/** The Tokenizer's isEndOfTagSection. */
export const endsName = (c: number): boolean => c <= GT && (c === GT || c === SLASH || (c <= SPACE && isSpace(c))); // letters: one test
export const isAlpha = (c: number): boolean => (c | CASE_BIT) >= LOWER_A && (c | CASE_BIT) <= LOWER_Z;

/** For each first letter of `names` (index c - LOWER_A), a bit n for each length n of the names it starts. */
function lengthsOf(names: readonly string[]): Int32Array {
  const lengths = new Int32Array(LOWER_Z - LOWER_A + 1);
  for (const name of names) lengths[name.charCodeAt(0) - LOWER_A]! |= 1 << name.length;
  return lengths;
}

/**
 * The LENGTHS of URL_NAMES: those of <meta>, whose labels (name, property,
 * itemprop) are looked for on no other element; and those of the rest
 * (<script>'s type is never read here: its content is raw text).
 */
const META_LENGTHS = lengthsOf(URL_NAMES);
const LENGTHS = lengthsOf(URL_NAMES.filter((name) => !LABELS.includes(name)));
const META = TAGS.get('meta');

/**
 * May the attribute name buf[start, end) be one of URL_NAMES in any case
 * (one `lengths` holds: see lengthsOf)?
 * A name that lower-cases to ASCII keeps its length and its first letter
 * (of the other characters, U+0130 lower-cases to two, and U+212A to "k",
 * with which no URL name starts), so a name whose first letter starts no
 * URL name of its length is none of them.
 */
function mayBeUrlName(lengths: Int32Array, buf: string, start: number, end: number): boolean {
  const len = end - start;
  const first = buf.charCodeAt(start) | CASE_BIT;
  return len < 32 && first >= LOWER_A && first <= LOWER_Z && ((lengths[first - LOWER_A]! >>> len) & 1) === 1;
}

export class TagReader {
  /** The attributes read, ATTR numbers each, and how many numbers. */
  readonly attrs = new Int32Array(ATTR * MAX_ATTRS);
  length = 0;
  #buf = '';
  /** The first "&" at or after the last index asked for (buf.length: none). */
  #amp = -1;
  /** The first ":" at or after the last index asked for (buf.length: none). */
  #colon = -1;
  #lt = -1;
  #brace = -1;

  /** What TAGS has of the name `name` read last: null when nothing, undefined when it is not ASCII. */
  tag: TagName | null | undefined = null;

  /** A new buffer. */
  reset(buf: string): void {
    this.#buf = buf;
    this.#amp = -1;
    this.#colon = -1;
    this.#lt = -1;
    this.#brace = -1;
  }

  /** The index of the first "&" at or after i, or buf.length (looked for once per stretch: indexes only grow). */
  amp(i: number): number {
    return (this.#amp = this.#next('&', this.#amp, i));
  }

  /** The index of the first "<" at or after i, or buf.length (as amp: text full of "&" is read in linear time). */
  lt(i: number): number {
    return (this.#lt = this.#next('<', this.#lt, i));
  }

  /** The end of the tag name that starts at `start` (its first character, a letter, is taken), and its TAGS entry in `tag`. */
  name(start: number): number {
    const buf = this.#buf;
    const n = buf.length;
    let k = keyStep(0, buf.charCodeAt(start));
    let bits = 0;
    let j = start + 1;
    for (; j < n; j++) {
      const c = buf.charCodeAt(j);
      if (endsName(c)) break;
      bits |= c;
      k = keyStep(k, c);
    }
    this.tag = bits <= DEL ? TAGS.byKey(k) : undefined;
    return j;
  }

  /** Does the value at i start with what may leave it empty once decoded and stripped: ASCII whitespace or a character reference? */
  mayBeBlank(i: number): boolean {
    const c = this.#buf.charCodeAt(i);
    return c === SPACE || c === TAB || c === LF || c === FF || c === CR || c === AMP;
  }

  /** The index of the first ":" at or after i, or buf.length (as amp). */
  colon(i: number): number {
    return (this.#colon = this.#next(':', this.#colon, i));
  }

  /** The index of the first "{" at or after i, or buf.length (as amp). */
  brace(i: number): number {
    return (this.#brace = this.#next('{', this.#brace, i));
  }

  /** `known`, the index of `ch` found last, while it is still at or after i; else the next one (buf.length: none). */
  #next(ch: string, known: number, i: number): number {
    if (known >= i) return known;
    const a = this.#buf.indexOf(ch, i);
    return a === -1 ? this.#buf.length : a;
  }

  /**
   * The attributes of a start tag that may hold URLs (see mayBeUrlName),
   * from the end of its name at j: the index of its ">", or -(index + 2)
   * when "/" comes before it (self-closing), or NO when the buffer ends
   * first or the value of such an attribute holds an "&" that is not a
   * reference entityAt reads (or is unquoted and holds one). The values of the
   * others are only passed over: what a character reference in one decodes
   * to is read by no one, and it cannot move the value's end.
   */
  read(j: number): number {
    const buf = this.#buf;
    const n = buf.length;
    const lengths = this.tag === META ? META_LENGTHS : LENGTHS;
    this.length = 0;
    for (;;) {
      while (j < n && isSpace(buf.charCodeAt(j))) j++;
      if (j >= n) return NO;
      let c = buf.charCodeAt(j);
      if (c === GT) return j;
      if (c === SLASH) {
        for (j++; j < n && isSpace(buf.charCodeAt(j)); j++);
        if (j >= n) return NO;
        if (buf.charCodeAt(j) === GT) return -(j + 2);
        continue;
      }
      const name = j;
      for (j++; j < n && (c = buf.charCodeAt(j)) !== EQUALS && !endsName(c); j++);
      const nameEnd = j;
      while (j < n && isSpace(buf.charCodeAt(j))) j++;
      if (j >= n || this.length === ATTR * MAX_ATTRS) return NO;
      const kept = mayBeUrlName(lengths, buf, name, nameEnd);
      if (buf.charCodeAt(j) !== EQUALS) {
        if (kept) this.#push(name, nameEnd, 0, 0, QuoteType.NoValue, nameEnd);
      } else if ((j = this.#value(j + 1, name, nameEnd, kept)) === NO) return NO;
    }
  }

  /** A value after its "=" at j - 1 (kept: its place is recorded): where the tag goes on, or NO. */
  #value(j: number, name: number, nameEnd: number, kept: boolean): number {
    const buf = this.#buf;
    const n = buf.length;
    while (j < n && isSpace(buf.charCodeAt(j))) j++;
    if (j >= n) return NO;
    const q = buf.charCodeAt(j);
    if (q === DQUOTE || q === APOSTROPHE) {
      const k = buf.indexOf(q === DQUOTE ? '"' : "'", j + 1);
      if (k === -1) return NO;
      if (!kept) return k + 1;
      const amp = this.amp(j + 1);
      if (amp < k && !plainReferences(buf, amp, k)) return NO;
      this.#push(name, nameEnd, j + 1, k, (q === DQUOTE ? QuoteType.Double : QuoteType.Single) + (amp < k ? REFS : 0), k + 1);
      return k + 1;
    }
    let k = j;
    let c = 0;
    while (k < n && (c = buf.charCodeAt(k)) !== GT && (c !== AMP || !kept) && !isSpace(c)) k++;
    if (k >= n || c === AMP) return NO;
    if (kept) this.#push(name, nameEnd, j, k, QuoteType.Unquoted, k);
    return k;
  }

  #push(a: number, b: number, c: number, d: number, e: number, f: number): void {
    const at = this.attrs;
    const i = this.length;
    at[i] = a;
    at[i + 1] = b;
    at[i + 2] = c;
    at[i + 3] = d;
    at[i + 4] = e;
    at[i + 5] = f;
    this.length = i + ATTR;
  }
}
