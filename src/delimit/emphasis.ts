// Markdown emphasis around a bare URI. "**url**", "_url_" and "~~url~~" are
// trimmed in finishPieces (the opener is the character before the URI);
// here, an emphasis opened earlier on the line and closed right after the
// URI: "**Download: https://a.example/x**", "*see https://a.example/x*".
// Identifiers, code and other URIs hold the same characters ("_config.yml",
// "**kwargs", "target=_blank", "/~alice", "#object.__hash__"), so what may
// open is narrow: a missed trim keeps a character, a wrong one loses it.

import {
  APOSTROPHE, CR, DOT, DQUOTE, EQUALS, GT, LBRACE, LBRACKET, LF, LPAREN, LT, PIPE, RBRACE, RPAREN, SEMICOLON, STAR, TILDE, UNDERSCORE,
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
 * that closes an emphasis opened before the URI (openBefore); else `end`.
 * A URI that holds the character itself keeps the run ("#object.__hash__").
 */
export function closeEmphasis(text: string, start: number, from: number, end: number): number {
  const c = text.charCodeAt(end - 1);
  if (!isEmphasis(c)) return end;
  let k = 1;
  while (end - k > from && text.charCodeAt(end - k - 1) === c) k++;
  if (k > 3 || end - k === from) return end; // a longer run, or nothing but the run
  for (let i = start; i < end - k; i++) if (text.charCodeAt(i) === c) return end;
  return openBefore(text, start, c, k) ? end - k : end;
}

/**
 * Is a run of exactly `k` `c` open at `start`: on the same line, starting
 * at most EMPHASIS_REACH characters before it, a run that opens (canOpen)
 * and no run since that closes it (canClose)?
 */
function openBefore(text: string, start: number, c: number, k: number): boolean {
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
      const next = text.charCodeAt(j);
      if (!open) open = label = canOpen(text, prev, next, c, j);
      else if (canClose(prev, next, c)) open = false;
    }
    i = j;
  }
  return open && label;
}

/** A run opens when a word starts after it and a blank, a line's start or an opening bracket or quote is before it. */
function canOpen(text: string, prev: number, next: number, c: number, after: number): boolean {
  if (!(isSpace(prev) || isUnicodeBlank(prev) || isOpening(prev))) return false; // not "target=_blank", "/_next", "é_menu"
  if (!(isAlnum(next) || (next > 0x7f && !isUnicodeBlank(next)))) return false; // not "* item", "(*)"
  return c !== UNDERSCORE || !isIdentifier(text, after); // not "_config.yml", "__init__"
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
