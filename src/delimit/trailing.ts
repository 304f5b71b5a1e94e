// What a URI's end leaves out (RFC 3986 Appendix C: punctuation that
// follows a URI in prose is no part of it): trailing sentence punctuation,
// in any script; a stray apostrophe or a possessive "'s"; a closing HTML
// entity of escaped markup; and Markdown emphasis around a bare URI. The
// bare scanner trims its run with these (finishPieces); the enclosed
// scanner trims a candidate cut short at a blank, a break or a "|".

import {
  APOSTROPHE, BANG, COLON, COMMA, DOLLAR, DOT, EQUALS, GT, HASH, LBRACE, QUESTION, SEMICOLON, SLASH, TYPESET_HYPHEN, isAlnum, isSentencePunctuation,
} from './chars.js';
import { CASE_BIT, DIGIT_2, DIGIT_7, LOWER_B, LOWER_C, LOWER_F, LOWER_R, LOWER_S, LOWER_U, UPPER_S } from '../uri/codes.js';
import { closeAround, closeEmphasis, closeOrgMarkup, isEmphasis, isOrgMarker } from './emphasis.js';
import { closeComment } from './comment.js';

/**
 * Trailing sentence punctuation is not part of a bare URI, nor a stray
 * apostrophe (one that closes an apostrophe inside stays: OData's
 * "$filter=Name eq 'Milk'"), nor a possessive "'s" right after the host
 * ("https://example.com's homepage").
 */
export function trimEnd(text: string, start: number, end: number): number {
  while (end > start) {
    switch (text.charCodeAt(end - 1)) {
      case DOT: case COMMA: case SEMICOLON: case COLON: case BANG: case QUESTION: case TYPESET_HYPHEN:
        end--; // . , ; : ! ? and a typesetter's hyphen
        continue;
      case APOSTROPHE:
        if (text.charCodeAt(end - 2) === APOSTROPHE && end - 2 > start && text.charCodeAt(end - 3) !== EQUALS) { // "''", "'''": a string's closing quotes (not "?q=''")
          while (end > start && text.charCodeAt(end - 1) === APOSTROPHE) end--;
          continue;
        }
        if (oddApostrophes(text, start, end - 1)) return end; // it balances one inside
        end--;
        continue;
      case LOWER_S: case UPPER_S:
        if (!possessiveAfterHost(text, start, end)) return end;
        end -= 2;
        continue;
      case DOLLAR: // a regular expression's end anchor ("grep -q 'https://example.com/$'"), after a "/" or the host
        if (text.charCodeAt(end - 2) !== SLASH && !onlyAuthority(text, start, end - 1)) return end;
        end--;
        continue;
      case 0x2013:
        end--; // – (an en dash ending a sentence; inside a URI it stays: Mercury–Redstone)
        continue;
      case 0x060c: case 0x061b: case 0x061f: case 0x06d4: case 0x0964: case 0x0965: case 0x037e: case 0x0589: case 0x1362:
        end--; // the same in other scripts: Arabic ، ؛ ؟, Urdu ۔, Devanagari । ॥, Greek ;, Armenian ։, Ethiopic ።
        continue;
      default:
        return end;
    }
  }
  return end;
}

/** Does text[start, end) hold an odd number of apostrophes? */
function oddApostrophes(text: string, start: number, end: number): boolean {
  let odd = false;
  for (let i = text.indexOf("'", start); i !== -1 && i < end; i = text.indexOf("'", i + 1)) odd = !odd;
  return odd;
}

/** Does text[start, end) end in "'s" right after its authority ("//host's"), with no path, query or other apostrophe? */
function possessiveAfterHost(text: string, start: number, end: number): boolean {
  return end - start >= 5 && text.charCodeAt(end - 2) === APOSTROPHE && onlyAuthority(text, start, end - 2);
}

/** Does text[start, end) end in a non-empty authority ("//host"), with no path, query, fragment or apostrophe (RFC 3986 §3.2)? */
function onlyAuthority(text: string, start: number, end: number): boolean {
  const slashes = text.indexOf('//', start);
  if (slashes === -1 || slashes + 2 >= end) return false;
  for (let k = slashes + 2; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === SLASH || c === QUESTION || c === HASH || c === APOSTROPHE) return false;
  }
  return true;
}

/**
 * HTML entities that close or quote a URI in escaped markup ("&lt;https://x/&gt;",
 * "&quot;https://x/&quot;"), or follow it as a blank ("https://x/&nbsp;").
 */
const ENTITIES = ['&gt', '&quot', '&apos', '&#39', '&#x27', '&raquo', '&rsquo', '&rdquo', '&nbsp', '&#160', '&#xa0', '&#xA0'];

/** Drop the closing HTML entities (their ";" already trimmed: "&quot;&gt;") from the end of text[start, end). */
function trimEntity(text: string, start: number, end: number): number {
  let kept = end;
  while (text.charCodeAt(kept) === SEMICOLON) { // only an entity with its ";"
    const e = ENTITIES.find((name) => kept - name.length > start && text.startsWith(name, kept - name.length));
    if (e === undefined) break;
    kept = trimEnd(text, start, kept - e.length);
  }
  return kept;
}

/**
 * Escaped markup's entities that open a quoted or bracketed URI, and the
 * entity that closes each; Perl POD writes "<" and ">" as "E<lt>", "E<gt>";
 * a query's value percent-encodes them (RFC 3986 §2.1: "?u=%22https://x/%22").
 */
const ESCAPED_PAIRS: readonly (readonly [string, string])[] = [
  ['&quot;', '&quot;'], ['&lt;', '&gt;'], ['&#34;', '&#34;'], ['&#39;', '&#39;'], ['&apos;', '&apos;'], ['&#x27;', '&#x27;'], ['E<lt>', 'E<gt>'],
  ['%22', '%22'], ['%27', '%27'], ['%3C', '%3E'], ['%3c', '%3e'],
];

/** Does the character before a bare URI end an escape escapedEnd knows ("&quot;", POD's "E<lt>", "%22", "%3C")? */
export function endsEscape(c: number): boolean {
  return c === SEMICOLON || c === GT || c === DIGIT_2 || c === DIGIT_7 || (c | CASE_BIT) === LOWER_C;
}

/** How far before a bare URI escapedEnd looks: the longest opening entity ("&quot;"). */
export const ESCAPED_REACH = 6;

/** The escape pair whose opener ends right before `start`, if any. */
function escapeBefore(text: string, start: number): readonly [string, string] | undefined {
  for (const pair of ESCAPED_PAIRS) {
    const open = pair[0];
    if (start >= open.length && text.startsWith(open, start - open.length)) return pair;
  }
  return undefined;
}

/** Does a bare URI at `start` follow an escaped quote or "<", so that escapedEnd may end it? */
export function afterEscape(text: string, start: number): boolean {
  return start > 0 && endsEscape(text.charCodeAt(start - 1)) && escapeBefore(text, start) !== undefined;
}

/**
 * A bare URI at `start` right after an escaped quote or "<" (an RSS
 * description's "&lt;a href=&quot;http://x/m.htm&quot;&gt;text&lt;/a&gt;",
 * POD's "E<lt>http://x/E<gt>", a query's "?u=%22https://x/%22"):
 * its run, to `i`, ends at the entity that closes it, as the quote itself
 * would end it (Appendix C).
 */
export function escapedEnd(text: string, start: number, i: number): number {
  const pair = escapeBefore(text, start);
  if (pair === undefined) return i;
  const close = pair[1];
  const first = close.charCodeAt(0);
  for (let k = start; k < i; k++) {
    if (text.charCodeAt(k) === first && text.startsWith(close, k)) return k;
  }
  return i;
}

/**
 * Trim the trailing punctuation of the last piece (pieces' last two
 * offsets), dropping the empty pieces that a run of invisible characters
 * leaves between it and the punctuation ("x,\u200B\u200B and").
 */
function trimLastPiece(text: string, pieces: number[]): void {
  let close = pieces.length - 1;
  pieces[close] = trimEnd(text, pieces[close - 1]!, pieces[close]!);
  while (close > 2 && pieces[close] === pieces[close - 1]) {
    pieces.length = close - 1;
    close -= 2;
    pieces[close] = trimEnd(text, pieces[close - 1]!, pieces[close]!);
  }
}

/**
 * Close the last piece at the run end `i`, less trailing punctuation, a
 * comment's closer, markdown emphasis (**url**, _url_, ~~url~~) and Org
 * mode's (=url=, +url+); returns the URI's end.
 */
export function finishPieces(text: string, start: number, i: number, pieces: number[], hyphens: number[]): number {
  const lastStart = pieces[pieces.length - 1]!;
  const prev = text.charCodeAt(i - 1);
  const template = text.charCodeAt(i) === LBRACE && i > lastStart && (prev === DOLLAR || prev === HASH); // "…/${id}", Ruby's "…/#{id}"
  let kept = trimEntity(text, lastStart, trimEnd(text, lastStart, template ? i - 1 : i));
  const closer = closeComment(text, start, lastStart, kept); // "<!--https://a.example/x-->", "/* see https://a.example/x*/"
  if (closer !== kept) kept = trimEnd(text, lastStart, closer);
  if (kept === lastStart && pieces.length > 1) {
    pieces.pop(); // a continuation that was all punctuation: the URI ends at the hyphen
    const close = pieces.length - 1;
    if (hyphens[hyphens.length - 1] === pieces[close]! - 1) hyphens.pop();
    else trimLastPiece(text, pieces); // or at an invisible character
  } else {
    pieces.push(kept);
  }
  let end = pieces[pieces.length - 1]!;
  const before = text.charCodeAt(start - 1);
  const from = pieces[pieces.length - 2]!;
  if (isEmphasis(before)) {
    end = closeAround(text, start, from, end); // "**url**", "_**url**_"
  } else {
    let closed = isOrgMarker(before) ? closeOrgMarkup(text, start, from, end) : end; // Org mode's "=url=", "+url+"
    if (closed === end) closed = closeEmphasis(text, start, from, end); // "**Download: url**"
    if (closed === end) return end;
    end = closed;
  }
  end = trimEnd(text, from, end);
  pieces[pieces.length - 1] = end;
  return end;
}

/**
 * A bare URI that fills a single-quoted string literal ('http://a/b/c/g.',
 * the RFC 3986 §5.4.1 example in a Python test) keeps the sentence
 * punctuation before the closing quote, as in "…" (Appendix C): the string
 * is all URI, but for an ellipsis. `end` is the trimmed end, `i` the run's,
 * at the closing "'".
 */
export function literalEnd(text: string, start: number, end: number, i: number): number {
  if (text.charCodeAt(i) !== APOSTROPHE || !opensLiteral(text, start - 1)) return end;
  if (i - end >= 3 && text.startsWith('...', i - 3)) return end; // an ellipsis: text left out ('blob:nodedata:...')
  for (let k = end; k < i; k++) if (!isSentencePunctuation(text.charCodeAt(k))) return end;
  return i;
}

/** Does the "'" at `q` open a string literal: after no word, or after a string prefix (Python's b'…', u'…', rb'…')? */
function opensLiteral(text: string, q: number): boolean {
  let k = q;
  while (k > 0 && k > q - 2 && isStringPrefix(text.charCodeAt(k - 1))) k--;
  return k === 0 || !isAlnum(text.charCodeAt(k - 1));
}

/** A letter of a Python string prefix (b, r, u, f, either case). */
function isStringPrefix(c: number): boolean {
  const lower = c | CASE_BIT;
  return lower === LOWER_B || lower === LOWER_R || lower === LOWER_U || lower === LOWER_F;
}
