// The ":" after a failed bare candidate whose candidates need no scan.
//
// A token full of "scheme://" ("http://ahttp://ahttp://a…[") is walked and
// validated from each of its ":", each time to its end: work quadratic in
// the token (up to maxLength²). But some characters are in no URI where
// they stand (RFC 3986 §2.1, §3.2.2, §3.3): a "%" that starts no
// pct-encoded triplet, and a "[" in a path ("[" opens only an IP-literal;
// in a query or fragment it is data, percent-encoded). When the failed candidate's walk shows that the candidate of
// a later ":" before such a character must run over it, that candidate
// fails too, and its ":" is skipped. "Must": nothing that depends on where a
// candidate starts may end it sooner — an unbalanced ")" or "]" of its own,
// a closing apostrophe, a CSV field's or a key= value's comma, an escaped quote's closer (&quot;, %22), the link text that its later start lets a "[" open,
// a hyphen break its later start lets it follow, an invisible character,
// maxLength; nor may it hold the character as data: a Markdown link's
// target ("](…)") keeps its path's "[", percent-encoded. The output is the same with or without the skip
// (test/bad-input-library.test.ts compares the two).

import { hexValue } from '../uri/chars.js';
import {
  HASH, HYPHEN, LBRACKET, LPAREN, PERCENT, QUESTION, RBRACKET, RPAREN, SLASH, SOFT_HYPHEN, TYPESET_HYPHEN, isAlpha,
} from './chars.js';
import { closerOf } from './fields.js';
import { linkText } from './glued.js';
import { afterEscape } from './trailing.js';
import type { Span } from './span.js';
import { isSchemeChar } from './wrapped.js';

/**
 * `on`: tests turn the skip off to compare with the full scan.
 * `failedChars`: characters walked by bare candidates that then failed,
 * for tests that count work instead of timing it.
 */
export const invalidSkip = { on: true, failedChars: 0 };

/** Does a "%" at text[i] start no pct-encoded triplet (§2.1) whatever IRI mapping does: its first non-hex follower is ASCII, or the text ends? */
function badTriplet(text: string, i: number): boolean {
  for (let k = i + 1; k <= i + 2; k++) {
    const c = text.charCodeAt(k);
    if (hexValue(c) < 0) return !(c >= 128); // NaN past the end: the text is final (the run reached it)
  }
  return false;
}

/**
 * Greater than any index of a string (V8's are shorter than 2^29), and a
 * small integer: Infinity would make the field a double, and so give the
 * window a new shape that the code optimized for the old one leaves on.
 */
const PAST_ANY = 0x3fffffff;

function isHyphen(c: number): boolean {
  return c === HYPHEN || c === TYPESET_HYPHEN || c === SOFT_HYPHEN;
}

/** Where a scheme in text[from…] starts: past a pct-encoded triplet's digits ("%22http", "%3Chttp") and any other non-letter. */
function schemeStart(text: string, from: number): number {
  let s = from;
  if (text.charCodeAt(s - 1) === PERCENT && hexValue(text.charCodeAt(s)) >= 0 && hexValue(text.charCodeAt(s + 1)) >= 0) s += 2;
  while (s < text.length && !isAlpha(text.charCodeAt(s))) s++;
  return s;
}

export class InvalidWindow {
  /** A ":" before this index may be skipped (-1: no window). */
  end = -1;
  /** The last "/", "?" or "#" before `end` when it holds a "[" (PAST_ANY for a "%": invalid in an authority too). */
  #delimiter = -1;
  /** The last ")" or "]" before `end`. */
  #closer = -1;
  /** The walk up to a ":" asked about: where it is, the failed candidate's bracket depths there, and where a scheme before it may start. */
  #at = 0;
  #round = 0;
  #square = 0;
  #start = 0;
  /**
   * Text the last look went over after its window's end: it holds no such
   * character, up to a "[" that stopped the look (`#stopped`) or a run's end.
   * So the candidates of a long run that fail for another reason (a bad
   * port, a second "#") are looked over once, not each to the run's end.
   */
  #cleanFrom = 0;
  #cleanTo = -1;
  #stopped = false;

  /** A new scan: the indexes of the last one mean nothing now. */
  reset(): void {
    this.end = -1;
    this.#cleanTo = -1;
  }

  /**
   * The bare candidate of the ":" at `colon` (its run text[colon + 1,
   * span.resume), one piece) failed: open a window up to the last character
   * of its run that no URI holds where it stands, before any "[" whose link
   * text a later start could open.
   */
  open(text: string, colon: number, span: Span, maxLength: number, final: boolean): void {
    this.end = -1;
    const runEnd = span.resume;
    if (!invalidSkip.on || span.pieces.length !== 2 || runEnd - colon - 1 > maxLength) return; // a later start stays within maxLength
    if (closerOf(text, span.start) !== -1 || isHyphen(text.charCodeAt(runEnd - 1))) return; // its end rules depend on its start: '…', a CSV field's comma, a key= value (a later start runs past it, maybe past maxLength)
    if (afterEscape(text, span.start)) return; // and so does an escaped quote's closer ("&quot;http://…&quot;"): a later start runs past it, maybe past maxLength
    if (colon + 1 >= this.#cleanFrom && colon + 1 <= this.#cleanTo && (this.#stopped || runEnd <= this.#cleanTo)) return;
    let delimiter = -1;
    let closer = -1;
    let data = false; // past a "?" or "#": a "[" there is data, percent-encoded (candidate.ts's encodeDataDelimiters)
    let i = colon + 1;
    for (; i < runEnd; i++) {
      const c = text.charCodeAt(i);
      if (c === RPAREN || c === RBRACKET) closer = i;
      else if (c === SLASH || c === QUESTION || c === HASH) {
        delimiter = i;
        data ||= c !== SLASH;
      } else if (c === PERCENT && badTriplet(text, i)) this.#set(i, PAST_ANY, closer);
      else if (c === LBRACKET && !data) {
        // a later start looks further for the "]" of link text (linkText's limit is start + maxLength + 1): false at the furthest is false at each
        if (linkText(text, i, i + maxLength, final, false) !== false) break;
        this.#set(i, delimiter, closer);
      }
    }
    this.#cleanFrom = this.end === -1 ? colon + 1 : this.end + 1;
    this.#cleanTo = i;
    this.#stopped = i < runEnd;
    this.#at = colon + 1;
    this.#round = 0;
    this.#square = 0;
    this.#start = colon + 1;
  }

  #set(end: number, delimiter: number, closer: number): void {
    this.end = end;
    this.#delimiter = delimiter;
    this.#closer = closer;
  }

  /** Must the candidate of the ":" at `colon` (before `end`; asked in increasing order) hold text[end], and so fail? */
  skips(text: string, colon: number): boolean {
    this.#walkTo(text, colon);
    if (closerOf(text, this.#start) !== -1) return false; // what is before it ends it: '…', a Markdown link's target "](…)" (its "[" percent-encoded), a CSV field, a key= value
    if (afterEscape(text, schemeStart(text, this.#start))) return false; // "&quot;http://…&quot;", "%22http://…%22": escapedEnd ends it
    if ((this.#round !== 0 || this.#square !== 0) && colon < this.#closer) return false; // a bracket it did not open may end it
    const slashes = text.charCodeAt(colon + 1) === SLASH && text.charCodeAt(colon + 2) === SLASH;
    return !slashes || this.#delimiter >= colon + 3; // a "[" in its authority may open an IP-literal (§3.2.2)
  }

  #walkTo(text: string, colon: number): void {
    for (let i = this.#at; i < colon; i++) {
      const c = text.charCodeAt(i);
      if (c === LPAREN) this.#round++;
      else if (c === RPAREN) this.#round--;
      else if (c === LBRACKET) this.#square++;
      else if (c === RBRACKET) this.#square--;
      if (!isSchemeChar(c)) this.#start = i + 1;
    }
    this.#at = colon;
  }
}
