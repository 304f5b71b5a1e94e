// The character references a page is full of (&amp; in a link's query,
// &mdash; and &#8217; in its text), read where they stand, for
// FastTokenizer and TagReader: a reference with its ";" whose name is one of
// NAMED_REFERENCES, or a decimal or hex one of a character that decodes to itself.
// Each decodes as htmlparser2's EntityDecoder decodes it, in text and in
// attribute values alike (with the ";", the two modes agree); any other
// reference is left to the decoder.

import { hexValue } from '../../uri/chars.js';
import { ENTITY_UNIT, LONGEST_REFERENCE, MOST_DIGITS, NO_ENTITY } from './layout.js';
import { AMP, CASE_BIT, COLON, DIGIT_0, HASH, LOWER_X, SEMICOLON, isAlpha, isDigit } from '../../uri/codes.js';

/** Named references of one code point each (test/html-edges.test.ts checks them against htmlparser2's decoder). */
export const NAMED_REFERENCES: ReadonlyMap<string, number> = new Map<string, number>([
  ['amp', 0x26], ['lt', 0x3c], ['gt', 0x3e], ['quot', 0x22], ['apos', 0x27], ['nbsp', 0xa0],
  ['copy', 0xa9], ['reg', 0xae], ['trade', 0x2122], ['middot', 0xb7], ['bull', 0x2022], ['hellip', 0x2026],
  ['mdash', 0x2014], ['ndash', 0x2013], ['lsquo', 0x2018], ['rsquo', 0x2019], ['ldquo', 0x201c], ['rdquo', 0x201d],
  ['laquo', 0xab], ['raquo', 0xbb], ['times', 0xd7], ['deg', 0xb0], ['sect', 0xa7], ['para', 0xb6],
  ['euro', 0x20ac], ['pound', 0xa3], ['shy', 0xad], ['rarr', 0x2192], ['larr', 0x2190],
  ['eacute', 0xe9], ['egrave', 0xe8], ['aacute', 0xe1], ['agrave', 0xe0], ['ouml', 0xf6], ['uuml', 0xfc],
  ['auml', 0xe4], ['szlig', 0xdf], ['ccedil', 0xe7], ['oslash', 0xf8], ['aring', 0xe5],
]);


/**
 * A code point a numeric reference gives as it is: not NUL, a C1 control
 * (read as windows-1252), a surrogate or past U+10FFFF, which the decoder
 * replaces, nor a C0 control or ":" (an attribute value with no ":" may be
 * taken as relative before its references are read; see OpenTag#readAttributes).
 */
const isPlain = (cp: number): boolean =>
  (cp >= 0x20 && cp < 0x7f && cp !== COLON) || (cp >= 0xa0 && cp < 0xd800) || (cp >= 0xe000 && cp <= 0x10ffff);

/** The reference at buf[i] (an "&"), as code point × ENTITY_UNIT + length; NO_ENTITY when it is none read here (or the buffer ends in it). */
export function entityAt(buf: string, i: number): number {
  return buf.charCodeAt(i + 1) === HASH ? numericAt(buf, i) : namedAt(buf, i);
}

function namedAt(buf: string, i: number): number {
  let j = i + 1;
  while (j - i <= LONGEST_REFERENCE && isAlpha(buf.charCodeAt(j))) j++;
  if (j === i + 1 || buf.charCodeAt(j) !== SEMICOLON) return NO_ENTITY;
  const cp = NAMED_REFERENCES.get(buf.slice(i + 1, j));
  return cp === undefined ? NO_ENTITY : cp * ENTITY_UNIT + (j + 1 - i);
}

/** &#NNN; or &#xHHH; (at most MOST_DIGITS digits). */
function numericAt(buf: string, i: number): number {
  const hex = (buf.charCodeAt(i + 2) | CASE_BIT) === LOWER_X;
  let j = hex ? i + 3 : i + 2;
  const first = j;
  let cp = 0;
  for (; j - first < MOST_DIGITS; j++) {
    const c = buf.charCodeAt(j);
    const d = hex ? hexValue(c) : isDigit(c) ? c - DIGIT_0 : -1;
    if (d === -1) break;
    cp = cp * (hex ? 16 : 10) + d;
  }
  if (j === first || buf.charCodeAt(j) !== SEMICOLON || !isPlain(cp)) return NO_ENTITY;
  return cp * ENTITY_UNIT + (j + 1 - i);
}

/** Is every "&" of buf[from, to) the start of a reference entityAt reads, ending by `to`? */
export function plainReferences(buf: string, from: number, to: number): boolean {
  for (let a = from; a < to; a++) {
    if (buf.charCodeAt(a) !== AMP) continue;
    const e = entityAt(buf, a);
    if (e === NO_ENTITY || a + (e % ENTITY_UNIT) > to) return false;
    a += (e % ENTITY_UNIT) - 1;
  }
  return true;
}
