// Markup that Appendix C's angle brackets would take for a URI: an XML tag
// of a namespaced element ("<xsl:otherwise>", "<dc:title>",
// "<dsig:KeyName/>") reads as "<scheme:…>". A registered scheme or "//"
// still makes a URI (<urn:isbn:…>, <spotify:track:…>); these are the rest.
// And AsciiDoc's cross reference, "<<target,label>>", whose label is none
// of the URI.

import { COLON, COMMA, DOT, GT, HYPHEN, LT, MATH_RANGLE, SLASH, UNDERSCORE, isAlnum, isDigit } from './chars.js';
import { END_TAG_REACH } from './relative.js';
import { NEED_MORE, closeSpan, type SpanResult } from './span.js';
import { trimEnd } from './trailing.js';

/** A character of an XML name as tags are written in practice (ASCII), or the ":" of a prefix. */
function isNameChar(c: number): boolean {
  return isAlnum(c) || c === HYPHEN || c === UNDERSCORE || c === DOT || c === COLON;
}

/**
 * After an unregistered scheme's ":" at `colon` inside "<…>": is the content
 * one name up to ">" or "/>" (or "⟩" in "⟨…⟩", groff's rendering of a man
 * page's "<host:port>" placeholder), which makes the whole an XML tag? NEED_MORE
 * when the text so far ends first (a name longer than maxLength is none).
 */
export function xmlTag(text: string, colon: number, final: boolean, maxLength: number): boolean | typeof NEED_MORE {
  const n = text.length;
  const limit = Math.min(n, colon + 1 + maxLength);
  const first = text.charCodeAt(colon + 1);
  if (!(isAlnum(first) && !(first >= 0x30 && first <= 0x39)) && first !== UNDERSCORE) return false; // an XML name starts with a letter: <isbn:0451450523> is a URI
  let i = colon + 1;
  while (i < limit && isNameChar(text.charCodeAt(i))) i++;
  if (i === n || (text.charCodeAt(i) === SLASH && i + 1 === n)) return final ? false : NEED_MORE;
  const c = text.charCodeAt(i);
  return c === GT || c === MATH_RANGLE || (c === SLASH && (text.charCodeAt(i + 1) === GT || text.charCodeAt(i + 1) === MATH_RANGLE));
}

/** The most digits of a TCP or UDP port (65535). */
const PORT_DIGITS = 5;

/**
 * After an unregistered scheme's ":" at `colon` inside "<…>": is the content
 * a port, one to five digits up to ">", "⟩" or "/", which makes the whole a
 * host and port (POD's "C<localhost:3333>", "<db.example:5432/app>"), no URI
 * of the scheme "localhost"? (RFC 3986 §3.2.3: a port follows a host, after
 * "//".) A longer number is a name (<isbn:0451450523>). NEED_MORE when the
 * text so far ends first.
 */
export function hostAndPort(text: string, colon: number, final: boolean): boolean | typeof NEED_MORE {
  const n = text.length;
  const limit = Math.min(n, colon + 2 + PORT_DIGITS);
  let i = colon + 1;
  while (i < limit && isDigit(text.charCodeAt(i))) i++;
  if (i === colon + 1) return false;
  if (i === n) return final ? false : NEED_MORE;
  const c = text.charCodeAt(i);
  return i - colon - 1 <= PORT_DIGITS && (c === GT || c === MATH_RANGLE || c === SLASH);
}

/**
 * Is the "<x:y>" at `open` (one letter each side of the ":" at `colon`) an
 * element of namespaced XML rather than the RFC's <g:h>: right after or
 * before another tag (WordprocessingML's "<w:p><w:r>", Office's
 * "<o:p></o:p>"), or closed by its end tag within END_TAG_REACH, the
 * reach closesElement looks back over for a start tag ("<a:y>2</a:y>")?
 * NEED_MORE when the text so far ends before the answer.
 */
export function namespacedElement(text: string, open: number, colon: number, final: boolean): boolean | typeof NEED_MORE {
  if (open > 0 && text.charCodeAt(open - 1) === GT) return true;
  const after = colon + 3; // past "y>"
  const n = text.length;
  if (after === n) return final ? false : NEED_MORE;
  if (text.charCodeAt(after) === LT) return true;
  const prefix = text.charCodeAt(colon - 1);
  const local = text.charCodeAt(colon + 1);
  const limit = Math.min(n, after + END_TAG_REACH) - 5;
  for (let j = after; j < limit; j++) { // a bounded look, not indexOf: that would search the rest of the text for each
    if (text.charCodeAt(j) !== LT || text.charCodeAt(j + 1) !== SLASH) continue;
    if (text.charCodeAt(j + 2) === prefix && text.charCodeAt(j + 3) === COLON && text.charCodeAt(j + 4) === local && text.charCodeAt(j + 5) === GT) return true;
  }
  return n < after + END_TAG_REACH && !final ? NEED_MORE : false;
}

/**
 * AsciiDoc's cross reference, "<<target,label>>": a URI written as its
 * target ends at the first "," (`found`: the candidate of the inner "<…>",
 * opened right after a "<"; the label may hold blanks or be wrapped).
 */
export function crossReference(text: string, found: SpanResult, final: boolean): SpanResult {
  if (typeof found !== 'object' || found.delimiter !== 'angle') return found;
  if (found.resume >= text.length) return final ? found : NEED_MORE;
  if (text.charCodeAt(found.resume) !== GT) return found;
  let comma = found.start;
  while (comma < found.end && text.charCodeAt(comma) !== COMMA) comma++; // within the candidate: no search past it
  if (comma === found.end) return found;
  const { pieces, hyphens } = found;
  let p = 0;
  while (pieces[p + 1]! <= comma) p += 2; // the piece that holds it
  let cut = comma;
  if (pieces[p] === comma && p > 0) { // "<<https://x/⏎  ,label>>": the piece before the break ends the URI
    p -= 2;
    cut = pieces[p + 1]!;
  }
  const end = trimEnd(text, pieces[p]!, cut);
  if (end === found.start) return undefined;
  pieces.length = p + 2;
  pieces[p + 1] = end;
  while (hyphens.length > 0 && hyphens[hyphens.length - 1]! >= end) hyphens.pop();
  found.known = undefined;
  found.sliced = undefined;
  found.plain = false;
  return closeSpan(found, end, 'angle', found.relative, found.resume);
}
