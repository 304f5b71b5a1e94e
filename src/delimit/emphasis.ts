// Markdown emphasis around a bare URI. "**url**", "_url_" and "~~url~~" are
// trimmed in finishPieces (the opener is the character before the URI);
// here, an emphasis opened earlier on the line and closed right after the
// URI: "**Download: https://a.example/x**", "*see https://a.example/x*".
// Identifiers, code and other URIs hold the same characters ("_config.yml",
// "**kwargs", "target=_blank", "/~alice", "#object.__hash__"), so what may
// open is narrow: a missed trim keeps a character, a wrong one loses it.

import {
  APOSTROPHE, CR, DOT, DQUOTE, EQUALS, GT, LBRACE, LBRACKET, LF, LPAREN, LT, PIPE, PLUS, RBRACE, RPAREN, SEMICOLON, STAR, TILDE, UNDERSCORE,
  isAlnum, isSpace, isUnicodeBlank,
} from './chars.js';

const BACKTICK = 0x60;

/**
 * How far before a bare URI its emphasis may open. The scanner keeps this
 * much text before every candidate, and one character more (its CONTEXT),
 * so the answer does not depend on how the text was chunked.
 */
export const EMPHASIS_REACH = 48;

export function isEmphasis(c: number): boolean {
  return c === STAR || c === UNDERSCORE || c === TILDE;
}

/**
 * The end of the URI that starts at `start` and whose last piece is
 * text[from, end), less a run of one to three "*", "_" or "~" at its end
 * that closes an emphasis opened before the URI (openBefore), or two such
 * runs that close two nested ones ("_**See url**_"); else `end`. A URI that
 * holds the character itself keeps the run ("#object.__hash__").
 */
export function closeEmphasis(text: string, start: number, from: number, end: number): number {
  const c = text.charCodeAt(end - 1);
  if (!isEmphasis(c)) return end;
  const k = runBefore(text, from, end, c);
  if (k > 3 || end - k === from || holds(text, start, end - k, c)) return end; // a longer run, nothing but the run, or the URI's own
  const d = text.charCodeAt(end - k - 1);
  const k2 = isEmphasis(d) ? runBefore(text, from, end - k, d) : 0;
  if (k2 > 0 && k2 <= 3 && end - k - k2 > from && !holds(text, start, end - k - k2, d) && openBefore(text, start, c, k, d, k2)) {
    return end - k - k2;
  }
  return openBefore(text, start, c, k, 0, 0) ? end - k : end;
}

/**
 * The end of a URI that starts right after an emphasis opener ("**url**",
 * "_url_", or two nested ones: "_**url**_"), whose last piece is
 * text[from, end): the closers at its end trimmed.
 */
export function closeAround(text: string, start: number, from: number, end: number): number {
  const c = text.charCodeAt(start - 1);
  const k = runBefore(text, Math.max(0, start - 4), start, c);
  const outer = text.charCodeAt(start - 1 - k);
  if (k <= 3 && isEmphasis(outer) && outer !== c) { // "_**url**_": the outer closer, then the inner one
    const k2 = runBefore(text, Math.max(0, start - k - 4), start - k, outer);
    if (k2 <= 3 && runBefore(text, from, end, outer) === k2 && text.charCodeAt(end - k2 - 1) === c) end -= k2;
  }
  while (end > from && text.charCodeAt(end - 1) === c) end--;
  return end;
}

/** Org mode's markers of verbatim and strike-through text ("=url=", "+url+"), which closeOrgMarkup trims. */
export function isOrgMarker(c: number): boolean {
  return c === EQUALS || c === PLUS;
}

/**
 * The end of a URI that starts right after Org mode's "=" or "+" (verbatim,
 * strike-through), whose last piece is text[from, end): less the same
 * marker alone at its end when the opener follows a blank, a line's start
 * or an opening bracket or quote (not "?url=https://…=", "…/C++", "?a==").
 */
export function closeOrgMarkup(text: string, start: number, from: number, end: number): number {
  const c = text.charCodeAt(start - 1);
  if (end - 1 <= from || text.charCodeAt(end - 1) !== c || text.charCodeAt(end - 2) === c) return end;
  const prev = start > 1 ? text.charCodeAt(start - 2) : LF;
  return isSpace(prev) || isUnicodeBlank(prev) || isOpening(prev) ? end - 1 : end;
}

/** The length of the run of `c` that ends at `end`, no further back than `from`. */
function runBefore(text: string, from: number, end: number, c: number): number {
  let k = 0;
  while (end - k > from && text.charCodeAt(end - k - 1) === c) k++;
  return k;
}

/** Does text[from, to) hold `c`? */
function holds(text: string, from: number, to: number, c: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === c) return true;
  return false;
}

/**
 * Is a run of exactly `k` `c` open at `start` (followed at once by exactly
 * `k2` `d`, when k2 > 0: "_**"): on the same line, starting at most
 * EMPHASIS_REACH characters before it, a run that opens (canOpen) and no
 * run of `c` since that closes it (canClose)?
 */
function openBefore(text: string, start: number, c: number, k: number, d: number, k2: number): boolean {
  const limit = Math.max(0, start - EMPHASIS_REACH);
  let from = start;
  while (from > limit && !isLineEnd(text.charCodeAt(from - 1))) from--;
  let open = false;
  let label = false; // the text since the opener reads as a label ("Download: ", "see ")
  for (let i = from; i < start;) {
    const ch = text.charCodeAt(i);
    if (ch !== c) {
      if (open && isCode(ch)) label = false;
      i++;
      continue;
    }
    let j = i + 1;
    while (j < start && text.charCodeAt(j) === c) j++;
    if (j - i === k) {
      const prev = i === 0 ? LF : text.charCodeAt(i - 1);
      if (!open) {
        const after = k2 === 0 ? j : j + k2; // the word starts after the inner run
        open = label = (k2 === 0 || (after < start && runBefore(text, j, after, d) === k2)) &&
          canOpen(text, prev, text.charCodeAt(after), c === UNDERSCORE || d === UNDERSCORE, after);
      } else if (canClose(prev, text.charCodeAt(j), c)) open = false;
    }
    i = j;
  }
  return open && label;
}

/** A run opens when a word starts after it and a blank, a line's start or an opening bracket or quote is before it. */
function canOpen(text: string, prev: number, next: number, underscore: boolean, after: number): boolean {
  if (!(isSpace(prev) || isUnicodeBlank(prev) || isOpening(prev))) return false; // not "target=_blank", "/_next", "é_menu"
  if (!(isAlnum(next) || (next > 0x7f && !isUnicodeBlank(next)))) return false; // not "* item", "(*)"
  return !underscore || !isIdentifier(text, after); // not "_config.yml", "__init__"
}

/** "*" and "~" close with anything but a blank before them ("*foo*bar"); "_" only at a word's end. */
function canClose(prev: number, next: number, c: number): boolean {
  if (isSpace(prev) || isUnicodeBlank(prev)) return false;
  return c !== UNDERSCORE || !isAlnum(next);
}

/** Does the word at text[at…] read as a name in code: a "_" or "." inside it, before a letter or digit? */
function isIdentifier(text: string, at: number): boolean {
  for (let i = at; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === UNDERSCORE || ch === DOT) return isAlnum(text.charCodeAt(i + 1));
    if (!isAlnum(ch)) return false;
  }
  return false;
}

function isOpening(c: number): boolean {
  return c === LPAREN || c === LBRACKET || c === LBRACE || c === DQUOTE || c === APOSTROPHE || c === 0x201c || c === 0x2018 || c === 0xab;
}

/** Characters of code, not of a label: what follows the opener holds none ("**kwargs through; ls"). */
function isCode(c: number): boolean {
  switch (c) {
    case SEMICOLON: case EQUALS: case BACKTICK: case LPAREN: case RPAREN: case LBRACE: case RBRACE: case LT: case GT: case PIPE:
      return true;
    default:
      return false;
  }
}

function isLineEnd(c: number): boolean {
  return c === LF || c === CR || c === 0x2028 || c === 0x2029;
}

/** Does text[from, to) hold a "*", "_" or "~"? */
export function holdsEmphasis(text: string, from: number, to: number): boolean {
  for (let i = Math.max(0, from); i < to; i++) if (isEmphasis(text.charCodeAt(i))) return true;
  return false;
}
