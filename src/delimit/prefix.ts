// Line prefixes: a quoted reply's "> ", ">> " or "> > " carries its quote
// level, and a comment's leader ("# ", "// ", " * " of a block comment,
// "-- ", "; ", "% ") marks a line of a comment in code or configuration.
// The same prefix at the start of a continuation line is not content, so
// wrapped URIs in quoted replies and in comments are rejoined.
//
// A line's prefix is one number: the count of ">" in its low bits, and the
// leader's character (a star for a block comment's opener too) above
// LEADER_SHIFT.

import { BANG, GT, HASH, HYPHEN, LF, PERCENT, PLUS, SEMICOLON, SLASH, SPACE, STAR, TAB, CR } from './chars.js';

/** Where a line's prefix keeps its comment leader's character. */
const LEADER_SHIFT = 16;

/** The bits of a line's prefix that count its ">". */
const QUOTES = (1 << LEADER_SHIFT) - 1;

/** Is `c` a blank? */
function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

/**
 * The length of the comment leader at text[i] ("#", "##", "//", "///",
 * "//!", "*", "**" (SQLite's), "--", ";", ";;", "%"; on the opening line
 * also a block comment's opener: a slash and one or two stars, or Doxygen's
 * and a kept license's "/*!"), which a blank or the line's end must
 * follow: 0 when there is none ("#include", "//x", a block comment's
 * closer), -1 when the text ends before that is known.
 */
function leaderLength(text: string, i: number, opening: boolean): number {
  const c = text.charCodeAt(i);
  let end = i + 1;
  if (c === HASH || c === SEMICOLON || c === PERCENT || c === STAR) {
    while (text.charCodeAt(end) === c) end++;
  } else if (c === SLASH) {
    const d = text.charCodeAt(end++);
    if (d === STAR && opening) {
      const e = text.charCodeAt(end);
      if (e === STAR || e === BANG) end++; // a doc comment's opener, "/**" or "/*!"
    } else if (d === SLASH) {
      const e = text.charCodeAt(end);
      if (e === SLASH || e === BANG) end++; // "///", "//!"
    } else {
      return end > text.length ? -1 : 0;
    }
  } else if (c === HYPHEN) {
    if (text.charCodeAt(end++) !== HYPHEN) return end > text.length ? -1 : 0;
  } else {
    return 0;
  }
  if (end >= text.length) return -1;
  const after = text.charCodeAt(end);
  return isBlank(after) || after === LF || after === CR ? end - i : 0;
}

/** The character a continuation line's leader starts with, for the leader at text[i] (a star for a block comment's opener). */
function leaderKind(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c === SLASH && text.charCodeAt(i + 1) === STAR ? STAR : c;
}

/** The index after the ">" and blanks that start the line at `i`. */
function afterQuotes(text: string, i: number): number {
  while (i < text.length && (text.charCodeAt(i) === GT || isBlank(text.charCodeAt(i)))) i++;
  return i;
}

/** The prefix of the line starting at `i`: its ">" count, and its comment leader (see LEADER_SHIFT). */
export function quoteLevelAt(text: string, i: number): number {
  const j = afterQuotes(text, i);
  let level = 0;
  for (let k = i; k < j; k++) if (text.charCodeAt(k) === GT) level++;
  return leaderLength(text, j, true) > 0 ? level | (leaderKind(text, j) << LEADER_SHIFT) : level;
}

/** True when the prefix of the line starting at `i` ends before the text does. */
export function prefixEnded(text: string, i: number): boolean {
  const j = afterQuotes(text, i);
  return j < text.length && leaderLength(text, j, true) !== -1;
}

/**
 * Skip the prefix `level` (quoteLevelAt's: its ">", the blanks around them,
 * and its comment leader with the blanks after it) at line start `i`.
 * Returns the index after it; `i` past the blanks only when the line
 * carries no prefix; `i` itself when it carries a shallower quote (an outer
 * quote: its ">" is content, which ends a bracketed candidate). A line
 * without the leader keeps what it starts with. -1 when the text runs out
 * before that is known (only blanks, and no more ">" than the prefix holds).
 */
export function skipQuotePrefix(text: string, i: number, level: number): number {
  const quotes = level & QUOTES;
  const n = text.length;
  let count = 0;
  let end = i;
  for (; end < n; end++) {
    const c = text.charCodeAt(end);
    if (c === GT) {
      if (++count > quotes) break; // a '>' past the prefix is content (the closer of "<…⏎>")
    } else if (!isBlank(c)) break;
  }
  if (end === n) return -1;
  if (count > 0 && count < quotes) return i;
  let seen = 0;
  let j = i;
  for (;; j++) {
    const c = text.charCodeAt(j);
    if (c === GT && seen < quotes) seen++;
    else if (!isBlank(c)) break;
  }
  const kind = level >>> LEADER_SHIFT;
  return kind === 0 || text.charCodeAt(j) !== kind ? j : skipLeader(text, j);
}

/**
 * At `k`, the start of a line a hyphen break of the URI at `start` goes on
 * at (past its prefix `level`, skipQuotePrefix's): past a comment leader and
 * the blanks after it when the opening line has none of its own (a comment
 * opened within the URI's line, "f(); /* see https://…/x-⏎ * y", or a JSDoc
 * line written without its " * "), as the leader alone is never the URI's
 * rest; else `k`. A "#" leader counts so only after a "#" opened within the
 * URI's line (inlineComment); else it opens a Markdown heading or a comment
 * of its own, not the URI's rest ("https://a.example/x-⏎# Heading" ends at
 * its hyphen): HEADING. -1 when the text runs out first.
 */
export function skipLoneLeader(text: string, k: number, level: number, start: number): number {
  if (level >>> LEADER_SHIFT !== 0) return k;
  if (text.charCodeAt(k) === HASH && leaderLength(text, k, false) > 0 && !inlineComment(text, start)) return HEADING;
  return skipLeader(text, k);
}

/** skipLoneLeader's answer for a heading's or a comment's "# " line: the URI does not go on. (Negative: never an index, nor -1.) */
export const HEADING = -5;

/** How far back from a URI's start inlineComment looks (within the text the Scanner holds: see held.ts). */
export const INLINE_COMMENT_REACH = 80;

/** Does a "#" between blanks stand on the line before `start`, within INLINE_COMMENT_REACH ("x = 1  # see https://…")? */
function inlineComment(text: string, start: number): boolean {
  for (let i = start - 1; i > 0 && i >= start - INLINE_COMMENT_REACH; i--) {
    const c = text.charCodeAt(i);
    if (c === LF) return false;
    if (c === HASH && isBlank(text.charCodeAt(i - 1)) && isBlank(text.charCodeAt(i + 1))) return true;
  }
  return false;
}

/** After the comment leader at `j` (of the opening line's kind) and the blanks after it; `j` when it is no leader, -1 when the text runs out first. */
function skipLeader(text: string, j: number): number {
  const length = leaderLength(text, j, false);
  if (length === 0) return j;
  if (length === -1) return -1;
  let k = j + length;
  while (k < text.length && isBlank(text.charCodeAt(k))) k++;
  return k < text.length ? k : -1;
}

/**
 * Does a Markdown list item's marker ("- ", "+ ") start the line at `k`?
 * After a hyphen break it is the next item, not the URI's rest
 * ("https://a.example/x-⏎- item" ends at its hyphen; a URI goes on with no
 * lone "-" before a blank). An ordered item's "1. " or "1) " is left to the
 * URI: "…/ap-southeast-⏎1) and" is one wrapped. undefined when the text
 * runs out first (and it is not `final`).
 */
export function listMarkerAt(text: string, k: number, final: boolean): boolean | undefined {
  const c = text.charCodeAt(k);
  if (c !== HYPHEN && c !== PLUS) return false;
  if (k + 1 >= text.length) return final ? false : undefined;
  return isBlank(text.charCodeAt(k + 1));
}
