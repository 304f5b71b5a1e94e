// A comment's closer glued to the end of a bare URI: HTML's
// "<!--https://a.example/x-->" and C's "/* see https://a.example/x*/".
// "--" and "*/" are URI characters ("https://x/a--b", an anchor's "#opt--",
// a glob's "gs://bucket/*/"), so a closer is trimmed only when the comment
// it closes opened before the URI, within COMMENT_REACH.

import { CR, GT, HYPHEN, LBRACE, LF, LPAREN, LT, RBRACE, RPAREN, SEMICOLON, SLASH, SPACE, STAR, TAB, isSpace } from './chars.js';
import { EMPHASIS_REACH } from './emphasis.js';

/**
 * How far before a bare URI its comment may open: as far as an emphasis
 * may (the Scanner keeps that much text before a candidate; commentNear
 * when it drops held text).
 */
export const COMMENT_REACH = EMPHASIS_REACH;

/**
 * Where a comment closer at the end of the URI ends it: the URI starts at
 * `start` and its last piece is text[from, end); the closer is the "--" of
 * a "-->" (its ">" ended the run at `end`) after an HTML comment's "<!--",
 * or a "*\/" after a C block comment's "/*" on the same line, the URI
 * holding no other "*" and no "/" right before it (a glob's "…/*\/").
 * Returns the closer's start, or `end` when there is none.
 */
export function closeComment(text: string, start: number, from: number, end: number): number {
  const last = text.charCodeAt(end - 1);
  if (last === HYPHEN) {
    if (text.charCodeAt(end) !== GT || text.charCodeAt(end - 2) !== HYPHEN || end - 2 <= from || !htmlCommentOpen(text, start)) return end;
    return end - 2; // HTML §13.1.6: "-->" ends the comment
  }
  if (last === SLASH && text.charCodeAt(end - 2) === STAR) {
    if (end - 2 <= from || text.charCodeAt(end - 3) === SLASH || holdsStar(text, start, end - 2) || !blockCommentOpen(text, start)) return end;
    return end - 2; // C11 §6.4.9: the first "*/" after "/*" ends the comment
  }
  return end;
}

/** Is an HTML comment open at `start`: a "<!--" before it, within COMMENT_REACH, and no "-->" since? */
function htmlCommentOpen(text: string, start: number): boolean {
  const limit = Math.max(0, start - COMMENT_REACH) + 3; // the "<" of "<!--" within reach
  for (let j = start - 1; j >= limit; j--) {
    if (text.charCodeAt(j) !== HYPHEN || text.charCodeAt(j - 1) !== HYPHEN) continue;
    if (text.charCodeAt(j + 1) === GT && j + 1 < start) return false; // "-->": closed before the URI
    if (text.startsWith('<!', j - 3)) return true;
  }
  return false;
}

/**
 * Is a C block comment open at `start`: a "/*" before it on its line,
 * within COMMENT_REACH, at the line's start or after a blank or a brace,
 * parenthesis or ";" (not a path's or a glob's "/*"), or its line one of
 * the comment's, opened by a " * " leader (the "/*" on a line before), and
 * no "*\/" since?
 */
function blockCommentOpen(text: string, start: number): boolean {
  const limit = Math.max(0, start - COMMENT_REACH);
  for (let j = start - 1; j > limit; j--) {
    const c = text.charCodeAt(j);
    if (c === LF || c === CR) return starLeader(text, j + 1, start);
    const prev = text.charCodeAt(j - 1);
    if (c === SLASH && prev === STAR) return false; // "*/": closed before the URI
    if (c === STAR && prev === SLASH) return j - 1 === 0 || opensComment(text.charCodeAt(j - 2));
  }
  return false;
}

/** Does the line at `line` open with a block comment's " * " leader (after its indentation), before `start`? */
function starLeader(text: string, line: number, start: number): boolean {
  let k = line;
  while (k < start && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k++;
  return k + 1 < start && text.charCodeAt(k) === STAR && isSpace(text.charCodeAt(k + 1));
}

/** Does text[from, to) hold a "*"? */
function holdsStar(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === STAR) return true;
  return false;
}

/** May a "/*" after `c` open a comment: a line's start, a blank, or code's punctuation ("{ /*", "); /*")? */
function opensComment(c: number): boolean {
  return c === LF || isSpace(c) || c === SEMICOLON || c === LBRACE || c === RBRACE || c === LPAREN || c === RPAREN;
}

/**
 * May a bare URI at the start of new text close an HTML comment that opened
 * in `held`, the text before it: a "<!" within COMMENT_REACH of its end, or
 * a "<" ending it? (A "/*" is an emphasis's "*" to emphasisNear.)
 */
export function commentNear(held: string): boolean {
  return held.indexOf('<!', Math.max(0, held.length - COMMENT_REACH - 1)) !== -1 || held.charCodeAt(held.length - 1) === LT;
}
