// Quoted replies: a line that starts with "> ", ">> " or "> > " carries its
// quote level; the same prefix at the start of a continuation line is not
// content, so wrapped URIs in quoted replies are rejoined.

import { GT, SPACE, TAB } from './chars.js';

/** The number of ">" in the quote prefix of the line starting at `i`. */
export function quoteLevelAt(text: string, i: number): number {
  let level = 0;
  for (let c = text.charCodeAt(i); i < text.length; c = text.charCodeAt(++i)) {
    if (c === GT) level++;
    else if (c !== SPACE && c !== TAB) break;
  }
  return level;
}

/** True when the quote prefix of the line starting at `i` ends before the text does. */
export function prefixEnded(text: string, i: number): boolean {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== GT && c !== SPACE && c !== TAB) return true;
  }
  return false;
}

/**
 * Skip the quote prefix of `level` ">" (and the blanks around it) at line
 * start `i`. Returns the index after it; `i` past the blanks only when the
 * line carries no prefix; `i` itself when it carries a shallower one (an
 * outer quote: its ">" is content, which ends a bracketed candidate). -1
 * when the text runs out before that is known (only blanks, and no more
 * ">" than the prefix holds).
 */
export function skipQuotePrefix(text: string, i: number, level: number): number {
  const n = text.length;
  let count = 0;
  let end = i;
  for (; end < n; end++) {
    const c = text.charCodeAt(end);
    if (c === GT) {
      if (++count > level) break; // a '>' past the prefix is content (the closer of "<…⏎>")
    } else if (c !== SPACE && c !== TAB) break;
  }
  if (end === n) return -1;
  if (count > 0 && count < level) return i;
  let seen = 0;
  let j = i;
  for (;; j++) {
    const c = text.charCodeAt(j);
    if (c === GT && seen < level) seen++;
    else if (c !== SPACE && c !== TAB) return j;
  }
}
