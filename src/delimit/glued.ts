// What is glued to the end of a bare URI without a blank, and ends it
// (RFC 3986 Appendix C in markup and lists): AsciiDoc link text
// ("https://example.com[text]") and a list joined by commas
// ("https://a.example,https://b.example"), and a placeholder or a template's
// expression that makes what comes before it no URI of its own
// ("https://github.com/<user>/repo", "https://x.example/{id}/edit",
// "…/dist/${VERSION}/…"). Each look ahead is bounded, and
// says when the text so far ends before the answer, so the result does not
// depend on how the text is chunked.

import { CHAR_CLASS, SCHEME, isPctEncoded } from '../uri/chars.js';
import {
  AT, COLON, COMMA, CR, DOLLAR, DOT, EQUALS, GT, HASH, LBRACE, LBRACKET, LF, LPAREN, LT, MAX_SCHEME, PERCENT, QUESTION, RBRACE, RBRACKET, RPAREN, SLASH, SPACE, TAB,
  isAlnum, isAlpha, isSentencePunctuation, isStop,
} from './chars.js';
import { trimEnd } from './trailing.js';

/**
 * A "[" that is not an IP-literal (after "//" or "@") nor a parameter's
 * value in a query or fragment (after "=": "?ids=[1,2]") and whose "]" ends
 * the token, on the same line, is link text: AsciiDoc's
 * https://example.com[Example docs], BBCode-like markup. The URI ends at
 * it. (A "[" inside a query, as in "?filter[status]=1", is not: the query
 * keeps it, percent-encoded.) `data`: the URI has a "?" or "#" before
 * `open` (RFC 3986 §3.4, §3.5).
 * The look ahead stops at `runLimit`, where the candidate could no longer
 * end; undefined when the text so far ends before the answer (and it is not
 * `runFinal`).
 */
export function linkText(text: string, open: number, runLimit: number, runFinal: boolean, data: boolean): boolean | undefined {
  const before = text.charCodeAt(open - 1);
  if ((before === SLASH && text.charCodeAt(open - 2) === SLASH) || before === AT) return false; // an IP-literal
  if (before === EQUALS && data) return false; // a parameter's value, encoded as data (rule 8)
  const limit = Math.min(text.length, runLimit);
  for (let j = open + 1; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === RBRACKET) return endsToken(text, j + 1, runFinal);
    if (c === LBRACKET || c === LF || c === CR) return false; // link text may hold blanks and any character (`[the manual^]`, `[^1]`, `[x, window="_blank"]`), on one line
  }
  return limit === runLimit || runFinal ? false : undefined;
}

/**
 * Does a scheme and "://" start at text[i]? undefined when the text so far
 * ends before the answer (and it is not `runFinal`).
 */
export function schemeWithSlashes(text: string, i: number, runFinal: boolean): boolean | undefined {
  if (!isAlpha(text.charCodeAt(i))) return i < text.length || runFinal ? false : undefined;
  const limit = Math.min(text.length, i + MAX_SCHEME);
  let j = i + 1;
  while (j < limit && text.charCodeAt(j) < 128 && (CHAR_CLASS[text.charCodeAt(j)]! & SCHEME) !== 0) j++;
  if (j < text.length && text.charCodeAt(j) !== COLON) return false;
  if (j + 3 > text.length) return runFinal ? false : undefined;
  return text.charCodeAt(j) === COLON && text.charCodeAt(j + 1) === SLASH && text.charCodeAt(j + 2) === SLASH;
}

/** Longest run of sentence punctuation looked over after "]". */
const PUNCTUATION_REACH = 16;

/**
 * At `i` (after a "]", or a roff "\\&"): the end of the token (a stop, a
 * ")", the text's end, or sentence punctuation that one of those follows:
 * "[^1].", not the "[1-100].txt" of a curl glob, whose "[" is inside the
 * URI). undefined when the text so far ends before the answer (and it is not
 * `runFinal`).
 */
export function endsToken(text: string, i: number, runFinal: boolean): boolean | undefined {
  const limit = Math.min(text.length, i + PUNCTUATION_REACH);
  for (let k = i; k < limit; k++) {
    const c = text.charCodeAt(k);
    if (isSentencePunctuation(c)) continue;
    return isStop(c) || c === RPAREN;
  }
  return limit < text.length || limit === i + PUNCTUATION_REACH || runFinal ? true : undefined;
}

/** The longest placeholder name or template expression looked at. */
const PLACEHOLDER_REACH = 48;

/**
 * Names in "<…>" glued after a URI that end it rather than make it a
 * pattern: HTML's elements ("https://a.example/<br>" in text copied from a
 * page), MediaWiki's tags ("<ref>") and key names ("<ENTER>"). Compared in
 * lower case.
 */
const TAG_NAMES = new Set([
  'a', 'abbr', 'address', 'area', 'article', 'aside', 'audio', 'b', 'bdi', 'bdo', 'big', 'blink', 'blockquote', 'body', 'br',
  'button', 'canvas', 'caption', 'center', 'cite', 'code', 'col', 'colgroup', 'data', 'datalist', 'dd', 'del', 'details', 'dfn',
  'dialog', 'div', 'dl', 'dt', 'em', 'embed', 'fieldset', 'figcaption', 'figure', 'font', 'footer', 'form', 'frame', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'i', 'iframe', 'img', 'input', 'ins', 'kbd', 'label',
  'legend', 'li', 'link', 'main', 'map', 'mark', 'marquee', 'math', 'menu', 'meta', 'meter', 'nav', 'nobr', 'noscript', 'object',
  'ol', 'optgroup', 'option', 'output', 'p', 'param', 'picture', 'pre', 'progress', 'q', 'rp', 'rt', 'ruby', 's', 'samp',
  'script', 'section', 'select', 'small', 'source', 'span', 'strike', 'strong', 'style', 'sub', 'summary', 'sup', 'svg', 'table',
  'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead', 'time', 'title', 'tr', 'track', 'tt', 'u', 'ul', 'var', 'video',
  'wbr', 'xmp',
  'ref', 'references', 'nowiki', 'gallery', 'syntaxhighlight', 'poem', // MediaWiki
  'enter', 'return', 'tab', 'esc', 'cr', 'lf', 'space', 'backspace', 'bs', 'del', 'home', 'end', 'up', 'down', 'left', 'right', // keys
]);

/**
 * Does a placeholder or a template's expression start at text[i], glued to
 * the URI before it: "<name>" that is no HTML tag ("<username>",
 * "<PR-NUMBER>"), or "{…}" (an RFC 6570 expression, and after "$" or "#"
 * a template literal's "${id}", Ruby's "#{id}"), closed on the same line
 * ("{…}" also on the next, when it is wrapped at the line's end) within
 * PLACEHOLDER_REACH characters (an interpolation after "$" or "#"
 * holds any expression, so it needs no look, as a template engine's tag
 * does: "{{…}}", "{%…%}", "<%…%>", "[%…%]")? What comes before is then a pattern,
 * not a link. undefined when the text so far ends before the answer (and
 * it is not `runFinal`).
 */
export function placeholderAt(text: string, i: number, runFinal: boolean): boolean | undefined {
  const open = text.charCodeAt(i);
  if (open !== LT && open !== LBRACE && open !== LBRACKET) return false;
  const tag = percentTag(text, i, runFinal); // "{% url 'home' %}", ERB's "<%= id %>", Template Toolkit's "[% path %]"
  if (tag !== false || open === LBRACKET) return tag;
  if (open === LBRACE && text.charCodeAt(i + 1) === DOT) return false; // pandoc's attributes, "{.external}"
  if (open === LBRACE && interpolates(text.charCodeAt(i - 1))) return true; // "${encodeURIComponent(id)}": any expression, closed or not
  if (open === LBRACE && text.charCodeAt(i + 1) === LBRACE) return true; // Jinja's, Mustache's, Go's "{{ port }}"
  return placeholderClosed(text, i, open, runFinal);
}

/** placeholderAt's look for the "<name>" or "{…}" that opens at text[i] with `open` to close. */
function placeholderClosed(text: string, i: number, open: number, runFinal: boolean): boolean | undefined {
  const close = open === LT ? GT : RBRACE;
  const limit = Math.min(text.length, i + 2 + PLACEHOLDER_REACH);
  let wrapped = open === LT; // a "{…}" may go on at the next line, once
  for (let j = i + 1; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === close) return open === LBRACE || (j > i + 1 && !TAG_NAMES.has(text.slice(i + 1, j).toLowerCase())); // "{}" too: a format string's
    if (placeholderChar(c, open) && (j > i + 1 || open !== LT || isAlpha(c))) continue; // not "<-- see", "</a>"
    if (wrapped || j === i + 1 || (c !== LF && (c !== CR || text.charCodeAt(j + 1) !== LF))) return false;
    wrapped = true; // "{project-⏎      id}", "{projec⏎  t}": wrapped at a line's end
    if (c === CR) j++;
    while (j + 1 < limit && (text.charCodeAt(j + 1) === SPACE || text.charCodeAt(j + 1) === TAB)) j++; // the indentation
  }
  return limit < text.length || limit === i + 2 + PLACEHOLDER_REACH || runFinal ? false : undefined;
}

/**
 * Does an escaped placeholder, "&lt;name&gt;" of no HTML tag's name, end
 * the URI's last piece text[from, end) at `end`, its "&gt;" trimmed
 * ("…/repos/&lt;repo-name&gt;" in escaped markup, as "<repo-name>" in
 * "…/repos/<repo-name>")? What comes before it is then a pattern.
 */
export function escapedPlaceholder(text: string, from: number, end: number): boolean {
  if (!text.startsWith('&gt;', end)) return false;
  const low = Math.max(from + 4, end - PLACEHOLDER_REACH);
  let k = end;
  while (k > low && placeholderChar(text.charCodeAt(k - 1), LT)) k--;
  if (k === end || !isAlpha(text.charCodeAt(k)) || !text.startsWith('&lt;', k - 4)) return false;
  return !TAG_NAMES.has(text.slice(k, end).toLowerCase());
}

/** The end of the URI's last piece, at `end`, before an escaped tag that ends it (escapedTagStart); the piece is cut there. */
export function escapedTagEnd(text: string, pieces: number[], end: number): number {
  const from = pieces[pieces.length - 2]!;
  const tag = escapedTagStart(text, from, end);
  return tag === -1 ? end : (pieces[pieces.length - 1] = trimEnd(text, from, tag));
}

/**
 * Where an escaped tag of HTML's ("&lt;br&gt;", "&lt;br/&gt;") or any end
 * tag ("&lt;/p&gt;") that ends the URI's last piece text[from, end) at
 * `end`, its "&gt;" trimmed, starts: the URI ends before it, as before
 * "<br>" ("&lt;p&gt;https://x/a&lt;/p&gt;" in an escaped description). -1 when none does.
 */
function escapedTagStart(text: string, from: number, end: number): number {
  if (!text.startsWith('&gt;', end)) return -1;
  const close = text.charCodeAt(end - 1) === SLASH ? end - 1 : end; // an empty element's "/&gt;"
  const low = Math.max(from + 4, close - PLACEHOLDER_REACH);
  let k = close;
  while (k > low && placeholderChar(text.charCodeAt(k - 1), LT)) k--;
  if (k === close || !isAlpha(text.charCodeAt(k))) return -1;
  if (close === end && k - 5 >= from && text.startsWith('&lt;/', k - 5)) return k - 5;
  return text.startsWith('&lt;', k - 4) && TAG_NAMES.has(text.slice(k, close).toLowerCase()) ? k - 4 : -1;
}

/**
 * Does a template engine's tag open with the "%" after text[i] (Jinja's and
 * Django's "{%…%}", ERB's and JSP's "<%…%>", Template Toolkit's "[%…%]"):
 * any expression, closed or not? Not a percent-encoding ("{%22a%22:1}",
 * RFC 3986 §2.1). undefined when the text so far ends before the answer.
 */
function percentTag(text: string, i: number, runFinal: boolean): boolean | undefined {
  if (text.charCodeAt(i + 1) !== PERCENT) return false;
  if (i + 3 >= text.length && !runFinal) return undefined;
  return !isPctEncoded(text, i + 1);
}

/** Does `c` ("$", Ruby's "#") before a "{" open a string's interpolation ("${…}", "#{…}")? */
function interpolates(c: number): boolean {
  return c === DOLLAR || c === HASH;
}

/** A character of a placeholder's name ("<PR-NUMBER>", "<repo_name>") or of a template expression ("{+path}", "{?x,y}", "{id}"). */
function placeholderChar(c: number, open: number): boolean {
  if (isAlnum(c) || c === 0x5f || c === 0x2d || c === DOT) return true; // _ - .
  if (open === LT) return false;
  return c === 0x2b || c === 0x23 || c === SLASH || c === 0x3b || c === QUESTION || c === 0x26 || c === COMMA || c === 0x2a || c === COLON || c === 0x3d; // + # / ; ? & , * : =
}

/**
 * Does the blank at `blank`, which ends a URI that starts at `from`, fall
 * inside a placeholder written in words and glued to it
 * ("…/datastore/(Data store ID)/r4/"): a "(" right before the word that
 * ends at the blank, and a ")" that closes it on the same line after words
 * and blanks only, within PLACEHOLDER_REACH? What comes before is then a
 * pattern, not a link ("…/datastore/(Data" was never written). undefined
 * when the text so far ends before the answer (and it is not `runFinal`).
 */
export function wordsInParens(text: string, from: number, blank: number, runFinal: boolean): boolean | undefined {
  const low = Math.max(from, blank - PLACEHOLDER_REACH);
  let open = blank;
  while (open > low && wordChar(text.charCodeAt(open - 1))) open--;
  if (open === blank || open === low || text.charCodeAt(open - 1) !== LPAREN) return false;
  const limit = Math.min(text.length, open + 1 + PLACEHOLDER_REACH);
  for (let j = blank; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === RPAREN) return true;
    if (c !== SPACE && c !== TAB && !wordChar(c)) return false;
  }
  return limit < text.length || limit === open + 1 + PLACEHOLDER_REACH || runFinal ? false : undefined;
}

/** A character of a word in a placeholder written in words: a letter or digit (any script), "_", "-" or ".". */
function wordChar(c: number): boolean {
  return c < 128 ? isAlnum(c) || c === 0x5f || c === 0x2d || c === DOT : !isStop(c);
}

/** An "at" or "dot" between blanks or in brackets: an address written so that harvesters miss it ("bob at example dot org", "bob(at)example.org"). */
const HIDDEN_ADDRESS = /[ \t](?:at|dot)[ \t]|[([](?:at|dot)[)\]]/i;

/** Does `s` hold an address written so that harvesters miss it (HIDDEN_ADDRESS)? */
export function hidesAddress(s: string): boolean {
  return HIDDEN_ADDRESS.test(s);
}

/** Is text[start, end) "mailto:" with no "@": no address of its own ("mailto:bob" of "mailto:bob at example.org")? */
export function mailtoWithoutAddress(text: string, start: number, end: number): boolean {
  if (end - start < 7 || text.slice(start, start + 7).toLowerCase() !== 'mailto:') return false;
  const at = text.indexOf('@', start);
  return at === -1 || at >= end;
}

/** How far after a bare mailto: URI obfuscatedAfter looks: " dot " and a letter. */
const OBFUSCATION_REACH = 7;

/**
 * Does " at " or " dot " and a word follow text[i] (the end of a bare
 * mailto: URI): "mailto:bob at example dot org", an address written so that
 * harvesters miss it? What comes before is then no address of its own.
 * undefined when the text so far ends before the answer (and it is not
 * `runFinal`).
 */
export function obfuscatedAfter(text: string, i: number, runFinal: boolean): boolean | undefined {
  const c = text.charCodeAt(i);
  if (i < text.length && c !== 0x20 && c !== 0x09) return false;
  const ahead = text.slice(i, i + OBFUSCATION_REACH);
  if (/^[ \t](?:at|AT|dot|DOT)[ \t]+[A-Za-z0-9]/.test(ahead)) return true;
  if (ahead.length === OBFUSCATION_REACH || runFinal) return false;
  return /^(?:[ \t](?:a|at|d|do|dot|A|AT|D|DO|DOT)?(?:[ \t]+)?)?$/.test(ahead) ? undefined : false; // a start of one, cut by the end of the text
}
