// A backslash inside a bare URI's run: markup's escape of a URI character
// (Markdown's "\\(", LaTeX's "\\_", a shell's "\\&"), or a string's line
// continuation; elsewhere it ends the URI (no URI holds one).

import {
  AMP, APOSTROPHE, AT, BACKSLASH, BANG, COLON, COMMA, CR, DOLLAR, DOT, EQUALS, HASH, HYPHEN, LF, LBRACE, LOWER_E, LPAREN, LT, PERCENT, PLUS, QUESTION, RPAREN, SEMICOLON, SLASH, SPACE, TAB, TILDE, UNDERSCORE,
  isAlnum, isAlpha, isDigit, isStop,
} from './chars.js';
import { endsToken, placeholderAt } from './glued.js';
import { NEED_MORE } from './span.js';
import { skipQuotePrefix } from './prefix.js';

/** ASCII punctuation a URI holds, which markup escapes with "\\" (Markdown's "\\(", LaTeX's "\\_" and "\\%", a shell's "\\&"). */
function isEscaped(c: number): boolean {
  switch (c) {
    case BANG: case HASH: case DOLLAR: case PERCENT: case AMP: case RPAREN: case PLUS:
    case COMMA: case HYPHEN: case DOT: case SLASH: case COLON: case SEMICOLON: case EQUALS: case QUESTION: case AT:
    case UNDERSCORE: case TILDE:
      return true;
    default:
      return false;
  }
}

/**
 * After a backslash at `i`, which ends a bare URI's run: where the URI goes
 * on, or -1 where it ends, NEED_MORE when the text so far ends first. An
 * escaped URI character goes on as itself (`V8_\\(JavaScript_engine\\)`,
 * `air\\_quality`); a line continuation ("\\" at a line's end, as C, Python
 * and shell strings join lines, and as reStructuredText escapes a break in
 * an indented docstring, and as a man page's source writes it, roff's "\\e"
 * before the break) goes on at the next line's first character after
 * its indentation, and after the prefix of the line of the URI's `start`
 * (`quoteLevel`'s: a comment's leader, a quote's "> ") when it carries it too.
 */
export function afterBackslash(text: string, i: number, final: boolean, quoteLevel: (index: number) => number, start: number): number {
  const n = text.length;
  if (i + 1 >= n) return final ? -1 : NEED_MORE;
  const c = text.charCodeAt(i + 1);
  if (c === LPAREN) return closedEscape(text, i + 2, final); // Markdown's "\\(…\\)", not Swift's "\\(id)"
  if (c === COLON) return i + 2; // roff's "\\:", a break point that prints nothing (man-pages' "cgit\\:/linux")
  if (c === AMP) { // roff's "\\&" prints nothing ("deb\\&.debian\\&.org", "index\\&.html\\&"); a shell's "?a=1\\&b=2" escapes the "&"
    if (i + 2 >= n) return final ? i + 2 : NEED_MORE;
    const after = text.charCodeAt(i + 2);
    if (after === DOT || isStop(after)) return i + 2;
    const end = endsToken(text, i + 2, final); // "(see …/path\\&)", "…\\&, and": at the URI's end too
    if (end === undefined) return NEED_MORE;
    if (end) return i + 2;
  }
  if (c === APOSTROPHE && i + 2 >= n) return final ? -1 : NEED_MORE; // wordApostrophe looks at the character after it
  if (isEscaped(c) || (c === APOSTROPHE && wordApostrophe(text, i, start))) return i + 1;
  const brk = c === LOWER_E ? continuationBreak(text, i + 1, final) : continuationBreak(text, i, final); // roff's "\\e" prints a "\\"
  if (brk < 0) return brk; // -1, or NEED_MORE
  if (text.charCodeAt(i - 1) === APOSTROPHE) return -1; // "'…/'\\⏎ 'path'": the code's continuation after the string's closing quote, not the string's
  return continuation(text, i, brk, final, quoteLevel(start));
}

/**
 * Is the "\\'" at `i` an escaped apostrophe inside a word, between letters
 * or digits ('https://example.com/it\\'s' in a JS or Python literal), past
 * the authority of the URI at `start` (no DNS name holds one: "…/host\\'s"
 * is English's possessive)? It is then the URI's "'" (a sub-delim, RFC 3986
 * §2.2); elsewhere ("r=\\'+new") it closes a string.
 */
function wordApostrophe(text: string, i: number, start: number): boolean {
  if (i === 0 || !isAlnum(text.charCodeAt(i - 1)) || !isAlnum(text.charCodeAt(i + 2))) return false;
  const slashes = text.indexOf('//', start);
  if (slashes === -1 || slashes >= i) return true; // no authority: "mailto:o\\'brien@…"
  const path = text.indexOf('/', slashes + 2);
  return path !== -1 && path < i;
}

/**
 * The line continuation of the backslash at `i`, whose line break is at
 * `brk`: where the URI goes on at the next line (see afterBackslash), -1 or
 * NEED_MORE. `prefix` is the quote level of the URI's line.
 */
function continuation(text: string, i: number, brk: number, final: boolean, prefix: number): number {
  const n = text.length;
  const lf = text.charCodeAt(brk) === CR ? brk + 1 : brk;
  const reach = lf + 1 + CONTINUATION_REACH;
  const limit = Math.min(n, reach);
  let k = prefix === 0 ? lf + 1 : skipQuotePrefix(text, lf + 1, prefix); // a comment's leader ("# ", " * ") or a quote's "> " (rule 3)
  if (k === -1) return final || n >= reach ? -1 : NEED_MORE; // blanks past the reach, as without a prefix: no continuation
  while (k < limit && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k++; // the indentation
  if (k === n) return final ? -1 : NEED_MORE;
  if (k >= limit) return -1;
  return afterSchemeSlashes(text, i) && !isStop(text.charCodeAt(k)) ? k : continuesUri(text, k, final, text.charCodeAt(i - 1));
}

/** Does the backslash at `i` follow "scheme://"? The authority (RFC 3986 §3.2) is still to come: only the next line can hold it. */
function afterSchemeSlashes(text: string, i: number): boolean {
  return i >= 3 && text.charCodeAt(i - 1) === SLASH && text.charCodeAt(i - 2) === SLASH && text.charCodeAt(i - 3) === COLON;
}

/**
 * At a "\\" inside "<…>" or "\"…\"": the index of the line break right
 * after it, which with the backslash is no content (a string's line
 * continuation, reStructuredText's `<https://…/\\⏎   #anchor>`); -1 when no
 * break follows, NEED_MORE when the text ends first.
 */
export function continuationBreak(text: string, i: number, final: boolean): number {
  const lf = text.charCodeAt(i + 1) === CR ? i + 2 : i + 1;
  if (lf >= text.length) return final ? -1 : NEED_MORE;
  return text.charCodeAt(lf) === LF ? i + 1 : -1;
}

/** How far a continuation line is looked at: its indentation, and then for a path or query character. */
const CONTINUATION_REACH = 256;

/**
 * The next line at `i` goes on a URI broken by "\\" when its run holds a
 * path or query character ("/identity/…", "urlfetch/#quotas"): a word
 * ("Email:", "SHA256") after a Markdown hard break or a shell line is no
 * part of it, nor a shell's next command or option ("&& tar xzf …",
 * "--output=/tmp/x"), nor an assignment ("OTHER=1" in a Dockerfile's ENV)
 * unless the URI before the break (`before`, its last character) waits for
 * a query's parameter ("?", "&"). After a "/" the path waits for its next
 * segment, after a "_" or "-" the rest of a name: a file or page name alone
 * on the line goes on it (segmentGoesOn). Returns `i`,
 * -1, or NEED_MORE.
 */
function continuesUri(text: string, i: number, final: boolean, before: number): number {
  const end = Math.min(text.length, i + CONTINUATION_REACH);
  if (i + 4 >= text.length && !final) return NEED_MORE; // shellWord looks at five characters
  if (shellWord(text, i)) return -1;
  let name = before !== QUESTION && before !== AMP; // a NAME= here is an assignment
  for (let j = i; j < end; j++) {
    let c = text.charCodeAt(j);
    if (c === BACKSLASH) { // an escaped URI character (roff's "us\\-central1/…") counts as itself
      if (j + 1 === text.length && !final) return NEED_MORE;
      if (isEscaped(text.charCodeAt(j + 1))) c = text.charCodeAt(++j);
    }
    if (c === EQUALS && name && j > i) return -1;
    if (c === SLASH || c === QUESTION || c === HASH || c === EQUALS || c === AMP) return i;
    if (isStop(c)) {
      const placeholder = placeholderOpens(text, j, final); // "…/pools/\\⏎{pool}/agents": the URI goes on, to be judged a pattern as on one line
      if (placeholder !== false) return placeholder === undefined ? NEED_MORE : i;
      return (c === LF || c === CR) && segmentGoesOn(text, i, j, before) ? i : -1;
    }
    name &&= c === UNDERSCORE || isAlpha(c) || (j > i && isDigit(c));
  }
  if (end < text.length) return -1;
  return final && segmentGoesOn(text, i, end, before) ? i : final ? -1 : NEED_MORE; // the text's end ends the line too
}

/**
 * Does the line text[i, end), a whole line's run, go on the path segment the
 * URI broke in, whose last character is `before`: after a "/" (its next
 * segment) or a "_" or "-" (the rest of the name:
 * "…/Eigenvalues_and_eigenvectors_\⏎of_the_second_derivative"), a file or
 * page name (namedSegment)?
 */
function segmentGoesOn(text: string, i: number, end: number, before: number): boolean {
  return (before === SLASH || before === UNDERSCORE || before === HYPHEN) && namedSegment(text, i, end);
}

/**
 * Does a placeholder or a template's expression open at the stop `j` of a
 * continuation line's run ("{pool}", "${id}", "<name>": placeholderAt)?
 * undefined when the text so far ends before the answer.
 */
function placeholderOpens(text: string, j: number, final: boolean): boolean | undefined {
  const c = text.charCodeAt(j);
  return c === LBRACE || c === LT ? placeholderAt(text, j, final) : false;
}

/**
 * Is text[i, end), a whole line's run, the name of a path segment
 * ("API_VpcSecurityGroupMembership.html", "announcing-cloud-edge"; RFC 3986
 * §3.3 unreserved characters): a letter or digit at each end and a "-",
 * "_" or "." inside, which a word of prose ("Email:", "Next") has not?
 */
function namedSegment(text: string, i: number, end: number): boolean {
  if (end - i < 3 || !isAlnum(text.charCodeAt(i)) || !isAlnum(text.charCodeAt(end - 1))) return false;
  let joined = false;
  for (let j = i + 1; j < end - 1; j++) {
    const c = text.charCodeAt(j);
    if (c === HYPHEN || c === UNDERSCORE || c === DOT) joined = true;
    else if (!isAlnum(c)) return false;
  }
  return joined;
}

/** Does a shell's next command ("&&") or long option ("--output", in a man page's source "\\-\\-output") start at `i`? */
function shellWord(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  const d = text.charCodeAt(i + 1);
  if (c === BACKSLASH) return text.startsWith('\\-\\-', i) && isAlpha(text.charCodeAt(i + 4));
  return (c === AMP && d === AMP) || (c === HYPHEN && d === HYPHEN && isAlpha(text.charCodeAt(i + 2)));
}

/** How far "\\(" looks for its "\\)". */
const ESCAPED_PAREN_REACH = 256;

/**
 * After "\\(" (its "(" at `from` - 1): an escaped parenthesis when "\\)" closes
 * it in the same run (the URI goes on at the "("), else an interpolation
 * (Swift's "\\(id)"), which ends the URI.
 */
function closedEscape(text: string, from: number, final: boolean): number {
  const end = Math.min(text.length, from + ESCAPED_PAREN_REACH);
  for (let j = from; j < end; j++) {
    const c = text.charCodeAt(j);
    if (c === BACKSLASH) {
      if (j + 1 >= text.length) return final ? -1 : NEED_MORE;
      if (text.charCodeAt(j + 1) === RPAREN) return from - 1;
    } else if (isStop(c)) {
      return -1;
    }
  }
  return end === text.length && !final ? NEED_MORE : -1;
}

/**
 * Does the backslash at `i`, which ends a bare URI, follow a drive letter
 * right after the URI's "//" ("file://C:\\temp\\x.json", "file:///c:\\x")?
 * Then the text is a Windows path written after a scheme, and what precedes
 * the backslash ("file://C") is no URI its author wrote.
 */
export function afterDriveLetter(text: string, i: number): boolean {
  return i >= 4 && text.charCodeAt(i - 1) === COLON && isAlpha(text.charCodeAt(i - 2))
    && text.charCodeAt(i - 3) === SLASH && text.charCodeAt(i - 4) === SLASH;
}

/** The most backslashes before a dot that escapedDotInHost reads: a string's "\\\\." doubled once more. */
const ESCAPES_REACH = 8;

/**
 * Does the backslash at `i`, which ends a bare URI, start a run of two or
 * more before a "." in the URI's host (RFC 3986 §3.2.2: no "\\" there)?
 * That is a regular expression's escaped dot in a string literal
 * ("'^https://registry\\\\.npmjs\\\\.org/'"), and what precedes it
 * ("https://registry") is no host its author wrote. undefined when the
 * text so far ends first.
 */
export function escapedDotInHost(text: string, colon: number, i: number, final: boolean): boolean | undefined {
  const limit = Math.min(text.length, i + ESCAPES_REACH);
  let k = i + 1;
  while (k < limit && text.charCodeAt(k) === BACKSLASH) k++;
  if (k === text.length) return final ? false : undefined;
  if (k - i < 2 || text.charCodeAt(k) !== DOT) return false; // a longer run of backslashes is no escape of a dot
  if (text.charCodeAt(colon + 1) !== SLASH || text.charCodeAt(colon + 2) !== SLASH) return false;
  for (let j = colon + 3; j < i; j++) {
    const c = text.charCodeAt(j);
    if (c === SLASH || c === QUESTION || c === HASH) return false; // past the authority: a path's "\\\\." ends the URI there
  }
  return true;
}
