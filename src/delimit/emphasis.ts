// Markdown emphasis around a bare URI. "**url**", "_url_" and "~~url~~" are
// trimmed in finishPieces (the opener is the character before the URI);
// here, an emphasis opened earlier on the line and closed right after the
// URI: "**Download: https://a.example/x**", "*see https://a.example/x*".

import { LF, SPACE, STAR, TILDE, UNDERSCORE, isAlnum, isSpace } from './chars.js';

/**
 * How far before a bare URI its emphasis may open. The scanner keeps this
 * much text before every candidate (its CONTEXT), so the answer does not
 * depend on how the text was chunked.
 */
export const EMPHASIS_REACH = 48;

export function isEmphasis(c: number): boolean {
  return c === STAR || c === UNDERSCORE || c === TILDE;
}

/**
 * The end of the URI that starts at `start` and whose last piece is
 * text[from, end), less a run of one to three "*", "_" or "~" at its end
 * that closes an emphasis opened before the URI (openBefore); else `end`.
 */
export function closeEmphasis(text: string, start: number, from: number, end: number): number {
  const c = text.charCodeAt(end - 1);
  if (!isEmphasis(c)) return end;
  let k = 1;
  while (end - k > from && text.charCodeAt(end - k - 1) === c) k++;
  if (k > 3 || end - k === from) return end; // a longer run, or nothing but the run
  return openBefore(text, start, c, k) ? end - k : end;
}

/**
 * Is a run of exactly `k` `c` open at `start`: on the same line, within
 * EMPHASIS_REACH, a run that can open (a word starts after it, and none
 * ends before it: not snake_case) and no run since that closes it (one
 * with no space before it and no word after it)? A run cut by the reach is
 * not read.
 */
function openBefore(text: string, start: number, c: number, k: number): boolean {
  const limit = Math.max(0, start - EMPHASIS_REACH);
  let from = start;
  while (from > limit && text.charCodeAt(from - 1) !== LF) from--;
  const atLineStart = from === 0 || text.charCodeAt(from - 1) === LF;
  let open = false;
  for (let i = from; i < start;) {
    if (text.charCodeAt(i) !== c) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < start && text.charCodeAt(j) === c) j++;
    if (j - i === k && (i > from || atLineStart)) {
      const prev = i === from ? SPACE : text.charCodeAt(i - 1);
      const next = text.charCodeAt(j);
      if (!open) open = (isAlnum(next) || next > 0x7f) && !isAlnum(prev); // "**Download", not "(*)" nor "a*b"
      else open = isSpace(prev) || isAlnum(next);
    }
    i = j;
  }
  return open;
}

/** Does text[from, to) hold a "*", "_" or "~"? */
export function holdsEmphasis(text: string, from: number, to: number): boolean {
  for (let i = Math.max(0, from); i < to; i++) if (isEmphasis(text.charCodeAt(i))) return true;
  return false;
}
