// One string written as adjacent literals on two lines, which C and Python
// join and Java joins with "+": a URI that fills the first literal goes on
// in the next ('("https://example.com/DTD/"⏎     "svg10.dtd")').

import { ASCII_CLASS, BACKSLASH, CR, LF, PLUS, QUESTION, SEMICOLON, SPACE, STOP, TAB } from './chars.js';
import { trimEnd } from './trailing.js';
import { schemeWithSlashes } from './glued.js';
import { NEED_MORE } from './span.js';

/** How far past the closing quote nextLiteral looks for the next literal's quote (blanks, "+" or "\\", the break, the indentation, "+"). */
const GAP_REACH = 128;

/** How long a next literal nextLiteral reads for its closing quote. */
const LITERAL_REACH = 256;

/** 1 for the characters that show a literal's text is a URI's rest ("svg10.dtd", "#ssl-warnings", "apples=pears"), not a word. */
const URI_PART: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (const ch of '/.#?=&;%-_~') t[ch.charCodeAt(0)] = 1;
  return t;
})();

/**
 * Where the URI whose last piece is text[from, quote) goes on in the next
 * line's literal (nextLiteral), the quote at `quote` closing its own: only
 * when it runs up to the quote, with no sentence punctuation before it
 * ("See https://x/." ends a sentence; a "?" or ";" that a query or
 * parameter goes on from stays: "…/rhaponticum?"⏎ "apples=pears") and no
 * escape ("…/x.html.\\n" ends a line of the string). Else -1, or NEED_MORE.
 */
export function literalGoesOn(text: string, from: number, quote: number, final: boolean): number | typeof NEED_MORE {
  const next = nextLiteral(text, quote, final); // first: it settles the common case at the character after the quote
  if (next === -1 || next === NEED_MORE) return next;
  const end = trimEnd(text, from, quote);
  const c = text.charCodeAt(end);
  if (end < quote && !(end === quote - 1 && end > from && (c === QUESTION || c === SEMICOLON))) return -1;
  for (let k = from; k < quote; k++) if (text.charCodeAt(k) === BACKSLASH) return -1;
  return next;
}

/** 1 for what may follow the next literal: its line's end, or what closes or goes on with an expression ("…")", '…',", "…" % x, "…" +). */
const ENDS: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (const ch of '\r\n),;+%]}.\\') t[ch.charCodeAt(0)] = 1;
  return t;
})();

/** The index after the blanks (spaces and tabs) from `i`. */
function skipBlanks(text: string, i: number, end: number): number {
  while (i < end && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  return i;
}

/**
 * The quote at `quote` closes a literal that a URI fills: where the URI goes
 * on, past the line break, when the next line opens (after blanks and a
 * "+") a literal in the same quote, in whose first word a URI part
 * (URI_PART) comes before any stop, and which starts no "scheme://"
 * (another URI). A "+" or a macro's "\\" may stand before the break. -1
 * when it does not go on; NEED_MORE when the text ends before the answer.
 */
export function nextLiteral(text: string, quote: number, final: boolean): number | typeof NEED_MORE {
  const n = text.length;
  const end = Math.min(n, quote + 1 + GAP_REACH);
  let k = skipBlanks(text, quote + 1, end);
  if (k < end && (text.charCodeAt(k) === PLUS || text.charCodeAt(k) === BACKSLASH)) k = skipBlanks(text, k + 1, end);
  if (k < end && text.charCodeAt(k) === CR) k++;
  if (k < end && text.charCodeAt(k) === LF) k = skipBlanks(text, k + 1, end);
  else if (k < end) return -1; // no line break: "…" "…" on one line are two strings
  if (k < end && text.charCodeAt(k) === PLUS) k = skipBlanks(text, k + 1, end);
  if (k >= end) return end === n && !final ? NEED_MORE : -1;
  if (text.charCodeAt(k) !== text.charCodeAt(quote) || text.charCodeAt(k - 1) === LF) return -1; // no literal, or one that starts the line unindented (a CSV row's field)
  return uriPartFrom(text, k + 1, text.charCodeAt(k), final);
}

/**
 * `from` when the literal from `from` (its quote `quote`) is a URI's rest
 * (see nextLiteral) and ends an expression's part, else -1, or NEED_MORE.
 * Its first word holds a URI part (URI_PART) and no "scheme://" starts it
 * ("'https://url1'⏎'https://url2'": two URIs); after its closing quote
 * comes the line's end or what closes or goes on with an expression (ENDS),
 * not a table's next column (RFC 3986 §5.4.1's '"./g"  =  "http://a/b/c/g"').
 */
function uriPartFrom(text: string, from: number, quote: number, final: boolean): number | typeof NEED_MORE {
  const other = schemeWithSlashes(text, from, final);
  if (other !== false) return other === undefined ? NEED_MORE : -1;
  const end = Math.min(text.length, from + LITERAL_REACH);
  let part = false;
  let word = true;
  let m = from;
  for (; m < end; m++) {
    const c = text.charCodeAt(m);
    if (c === quote) break;
    if (c === LF || c === CR) return -1; // no literal of one line
    if (!word || c >= 128) continue; // a letter of an IRI
    if ((ASCII_CLASS[c]! & STOP) !== 0) word = false;
    else if (URI_PART[c] === 1) part = true;
  }
  if (m === end) return end === text.length && !final ? NEED_MORE : -1;
  if (!part) return -1;
  const k = skipBlanks(text, m + 1, text.length);
  if (k === text.length) return final ? from : NEED_MORE;
  const c = text.charCodeAt(k);
  return c < 128 && ENDS[c] === 1 ? from : -1;
}
