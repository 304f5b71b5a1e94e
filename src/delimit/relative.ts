// Which relative references between delimiters are links (RFC 3986 §4.2,
// Appendix C): with a base, "…" and <…> hold paths, but also prose, code,
// tags and attribute values that are valid references and never links.
// Each rule has its examples; the README lists them.

import { AT, COMMA, CR, DOLLAR, DOT, EQUALS, GT, HASH, LF, LPAREN, LT, QUESTION, RPAREN, SLASH, SPACE, TAB, UNDERSCORE, isAlnum } from './chars.js';
import { isBase64 } from './base64.js';
import { dotName, dotsOrDelimiter, product, slashedNumbers } from './ref-shapes.js';
import { DIRECTIVE, NOT_A_LINK } from './words/not-a-link.js';
import { MEDIA_TYPES, SYSTEM_DIRECTORIES, WEB_FILE_EXTENSIONS } from './words/paths.js';
import { PROSE_PAIRS } from './words/prose-pairs.js';
import { TAG_NAMES } from './words/tag-names.js';

/**
 * A relative reference found between delimiters is taken when it looks like
 * one (§4.2): it starts with "/", "./", "../", "?", "#" or "//", or it is a
 * path with a delimiter in it ("g;x?y#s"), or a web file's name ("about.html",
 * <index.html>); in quotes that are no attribute value also the RFC's
 * one-letter paths ("g", "g.", "g.."), and in <…> the dotted ones (<g.>;
 * <g> is a tag). Plain words, e-mail addresses and
 * message-ids (an "@" with no "/" after it), npm's scoped packages
 * ("@scope/name", and package.json's "//@scope/name" comment keys), tags, MIME types, dates,
 * ellipses, slashed abbreviations ("and/or", "N/A", "TCP/IP", "m/s"), shell
 * paths ("~/bin", "$HOME/x"), user agents' products ("curl/8.5.0"), files
 * under a Unix system directory ("/var/www/html/x"),
 * colours, keys, options, route patterns and "&lt;" (NOT_A_LINK), C's
 * directives outside an attribute ("#if", "#endif": DIRECTIVE), globs and
 * code ("doIt()", "location.href='/x'": a path that does not start with
 * "/", "." "?" or "#" and holds an apostrophe, or a call before any "/")
 * are prose.
 */
export function acceptRelative(ref: string, where: Where = 'quote', fileBase = false): boolean {
  if (ref === '') return false;
  const angle = where === 'angle';
  const at = ref.lastIndexOf('@');
  if (at !== -1 && ref.charCodeAt(0) !== SLASH && ref.indexOf('/', at) === -1 && !RETINA.test(ref.slice(at + 1))) {
    return false; // <john@example.com>, <CAH+w=7/Q1@mail.gmail.com>; but "img/bg@2x.png"
  }
  if (ref.charCodeAt(0) === AT) return false; // "@npmcli/template-oss", "@/components/x.vue": an npm scope's package, a bundler's alias
  if (ref.startsWith('//@')) return false; // "//@npmcli/template-oss": package.json's comment key, no host (an empty userinfo, §3.2.1)
  if (ref.indexOf('...') !== -1) return false; // an ellipsis: "..." is prose
  if (PUNCTUATION.test(ref) && !dotsOrDelimiter(ref)) return false; // ";", ";;", "?:", "#!": a separator or an operator in code
  if (FILE_NAME.test(ref)) return true; // href="about.html", src="logo.png", <index.html>
  if (angle && HEADER.test(ref)) return false; // <sys/types.h>: a C header named as #include names it, in prose too
  if (where === 'quote' && RFC_LETTER.test(ref)) return true; // the RFC's "g", "g." and "g.." (§5.4), not name="q"
  if (angle && RFC_LETTER.test(ref) && ref.length > 1) return true; // <g.>, <g..>: no tag has a dot (<g> is one)
  const tag = /^\/?([A-Za-z][A-Za-z0-9:_-]*)\/?$/.exec(ref);
  if (tag !== null) return isSlashedName(tag, angle);
  if (angle && (ref === '/' || ref === '?' || ref === '#')) return false; // </>, Java's Class<?>: code, not links
  if (MIME.test(ref) || slashedNumbers(ref)) return false; // "text/javascript", "12/31/2024", "50/50"
  if (CIDR.test(ref)) return false; // "10.0.0.0/16", "0.0.0.0/0": a network, not a path
  if (PROSE_PAIR.test(ref) || CAPITALS_PAIR.test(ref)) return false; // "and/or", "w/o", "N/A", "TCP/IP", "I/O"
  if (ref.startsWith('~/') || SHELL_VARIABLE.test(ref)) return false; // a shell path: "~/bin", "$HOME/bin", "/opt/bin:$PATH", "$1/bin", "$#"
  if (NOT_A_LINK.test(ref)) return false; // "#fff", "#f4f4f4", "2024.??.??", "--config=x", "/users/:id"
  if (where !== 'attribute' && DIRECTIVE.test(ref)) return false; // "#if", "#endif": C's directives (but href="#define")
  if (GLOB.test(ref)) return false; // "dist/*.js", "src/**": a glob
  if (product(ref)) return false; // a user agent's product: "curl/8.5.0", "Mozilla/5.0", "python-requests/2.31.0"
  if (TIME_ZONE.test(ref)) return false; // a time zone's name: "Etc/UTC", "America/New_York"
  if (!fileBase && SYSTEM_PATH.test(ref)) return false; // a file on disk, as logs name it: "/var/www/html/x" (against file: it is one)
  if (isBase64(ref)) return false; // data: "/9j/4AAQSkZJRg…", "iVBORw0KGgo…/…=="
  if (dotName(ref) && ref !== '.g') return false; // a dotfile or an extension: ".git", ".env", ".tar.gz" (but the RFC's ".g", §5.4.2)
  const c0 = ref.charCodeAt(0);
  if (c0 === SLASH || c0 === QUESTION || c0 === HASH || c0 === DOT) return true;
  if (ref.indexOf("'") !== -1 || CALL.test(ref)) return false; // JavaScript in an attribute: "location.href='/out'", "doIt()"
  return /[/?#;]/.test(ref);
}

/** ASCII punctuation only: no name in it. */
const PUNCTUATION = /^[!-/:-@[-`{-~]+$/;

/** A call: a name and "(" before any "/" ("doIt()", "history.back()"), not "docs/x(1).html". */
const CALL = /^[^/(]*\(/;

/** Pairs of words that prose writes with a slash ("and/or", "w/o", "km/h"). */
const PROSE_PAIR = wordsRegExp('^(?:', PROSE_PAIRS, ')$');
/** A shell variable anywhere: a name ("$HOME", "${dir}"), or a positional or special parameter ("$1", "$#", "$?", "$@"). */
const SHELL_VARIABLE = /\$[A-Za-z_{0-9#?@*!$-]/;
/** Where a candidate was found: in <…>, in "…", in "…" right after "=" (an attribute value), or as a Markdown link's target, "](…)". */
export type Where = 'angle' | 'quote' | 'attribute' | 'target';

/** A one-letter path with up to two dots, as RFC 3986 §5.4 writes them ("g", "g.", "g.."). */
const RFC_LETTER = /^[a-z]\.{0,2}$/;
/** A C or C++ header's name ("sys/types.h", "boost/any.hpp"), which C writes in <…> (C11 §6.10.2). */
const HEADER = /^[^?#:]*\.(?:h|hh|hpp|hxx)$/i;
/** A file name with a web file's extension: src="logo.png", href="about.html", <index.html>. */
const FILE_NAME = wordsRegExp('^[\\w-]+\\.(?:', WEB_FILE_EXTENSIONS, ')$');
/** A high-resolution image's suffix after "@" ("bg@2x.png", "icon@1.5x.jpg"). */
const RETINA = /^\d+(?:\.\d+)?x[._-]/;
/** A "*" in the path: a glob ("dist/*.js", "src/**.ts"), not a link. */
const GLOB = /^[^?#]*\*/;
/** A time zone of the tz database, area and location ("Etc/UTC", "America/Argentina/Salta"), as TZ and configs write it. */
const TIME_ZONE = /^(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Z][\w+-]*(?:\/[A-Z][\w-]*)?$/;
/**
 * An absolute path under a directory of a Unix file system that no web
 * server serves from its root ("/var/www/html/x", "/usr/share/doc",
 * "/etc/hosts", "/tmp/x"): logs and error messages name files, not links.
 */
const SYSTEM_PATH = wordsRegExp('^/(?:', SYSTEM_DIRECTORIES, ')/[^?#]*$', '');
/** Two words in capitals: an abbreviation ("N/A", "TCP/IP", "I/O", "A/B"), not a path. */
const CAPITALS_PAIR = /^[A-Z]{1,6}\/[A-Z]{1,6}$/;

/** An IPv4 network in CIDR notation (RFC 4632 §3.1): "10.0.0.0/16", "0.0.0.0/0", as firewall rules and cloud configs write them. */
const CIDR = /^\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}$/;

/** A MIME type ("text/javascript"); a date or fraction ("12/31/2024", "50/50") is slashedNumbers. */
const MIME = wordsRegExp('^(?:', MEDIA_TYPES, ')/[A-Za-z0-9.+-]+$');

/** A regular expression matching any of `words` (taken literally) between `before` and `after`. */
function wordsRegExp(before: string, words: readonly string[], after: string, flags = 'i'): RegExp {
  return new RegExp(before + words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') + after, flags);
}

/**
 * A name with a slash before or after it ("/g", "g/", </g>, <g/>). Without
 * the slash it is a plain word: prose. In quotes it is a path ("/about").
 * In angle brackets it has the shape of an end tag or an empty element, so
 * it is taken only when it is no known tag name (HTML, SVG, RSS, Atom,
 * sitemaps), no custom element ("my-widget") and no prefixed name
 * ("dc:creator"); between two slashes (</docs/>) it is a path.
 */
function isSlashedName(tag: RegExpExecArray, angle: boolean): boolean {
  const name = tag[1]!;
  const slashes = tag[0].length - name.length;
  if (slashes === 0) return false;
  if (!angle || slashes === 2) return true;
  return !TAG_NAMES.has(name.toLowerCase()) && name.indexOf('-') === -1 && name.indexOf(':') === -1;
}

/**
 * How far back an opener looks for a C preprocessor directive
 * (`#include_next  <`); the Scanner keeps at least this much text before a
 * quote (openerNear).
 */
export const DIRECTIVE_REACH = 24;

const INCLUDE = /#[ \t]*(?:include(?:_next)?|import)[ \t]*$/;

/**
 * Is the "<" or '"' at `open` the operand of a C or Objective-C `#include`
 * or `#import` (`#include <sys/types.h>`, `#import "util/x.h"`)? A header's
 * path, never a link.
 */
export function includeDirective(text: string, open: number): boolean {
  return INCLUDE.test(text.slice(Math.max(0, open - DIRECTIVE_REACH), open));
}

/**
 * Is the quote at `open`, before punctuation alone (`ref`: "/", ".", "?"),
 * right after a letter or digit? It closes a quoted word, and the
 * punctuation stands between two quotes ("to"/"two", 'without "-x".'), or
 * it follows a string prefix (b"/"): prose and code, not a reference.
 */
export function closesWord(text: string, open: number, ref: string): boolean {
  return isAlnum(text.charCodeAt(open - 1)) && PUNCTUATION.test(ref);
}

/** How far back a quoted one-letter reference looks for the "(" of the call it is an argument of. */
export const CALL_REACH = 48;

/**
 * Is the quote at `open` an argument of a call (`new RegExp(s, "g")`,
 * `gensub(/_/, " ", "g", s)`): right after "(" or ",", inside a "(" that
 * follows a name on its line, within CALL_REACH characters? A flag or a
 * mode, not the RFC's "g".
 */
export function callArgument(text: string, open: number): boolean {
  const from = Math.max(0, open - CALL_REACH);
  let i = open - 1;
  while (i >= from && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i--;
  if (i < from || (text.charCodeAt(i) !== LPAREN && text.charCodeAt(i) !== COMMA)) return false;
  let depth = 0; // ")" passed: "f(a(b), "g")"
  for (; i > from; i--) {
    const c = text.charCodeAt(i);
    if (c === LF) return false;
    if (c === RPAREN) depth++;
    if (c === LPAREN && depth === 0) return isNameChar(text.charCodeAt(i - 1));
    if (c === LPAREN) depth--;
  }
  return false;
}

/** A character of a function's name in C, JavaScript, Python, awk: a letter, a digit, "_" or "$". */
function isNameChar(c: number): boolean {
  return isAlnum(c) || c === UNDERSCORE || c === DOLLAR;
}

/**
 * Is the quote at `open` a MIME parameter's value (`filename="report.pdf"`,
 * `name="logo.png"` in a mail's headers)? A file name there is no link.
 */
export function isMimeParameter(text: string, open: number): boolean {
  if (text.charCodeAt(open - 1) !== EQUALS) return false;
  const from = Math.max(0, open - 10);
  return /(?:^|[^A-Za-z0-9_-])(?:file)?name\*?=$/i.test(text.slice(from, open));
}

/**
 * How far back an end tag looks for the start of its line or its element's
 * start tag; the Scanner keeps at least this much text before a "<" (its
 * CONTEXT, and openerNear when it drops held text).
 */
export const END_TAG_REACH = 128;

/** A relative reference with an end tag's shape: "/name" of "</name>". */
const END_TAG = /^\/[A-Za-z_][\w.:-]*$/;

/**
 * Is the "<…>" at `open`, holding `ref`, an XML end tag (XML 1.0 §3.1): one
 * right after another tag ("</para></listitem>", "<b></x>") or starting a
 * line after a line that ends in a tag (indented XML), or one closing the
 * element whose start tag is the last tag before it ("<family>Arial</family>",
 * "<para>⏎see⏎</para>")? Such a "</name>" is markup; one in prose ("the
 * endpoints are </users>", or the RFC's examples in brackets: "<g> <./g>
 * </g>") stays a reference. The text before `open` is looked at up to
 * END_TAG_REACH characters.
 */
export function closesElement(text: string, open: number, ref: string): boolean {
  if (text.charCodeAt(open) !== LT || !END_TAG.test(ref)) return false;
  if (text.charCodeAt(open - 1) === GT) return true; // right after a tag
  const from = Math.max(0, open - END_TAG_REACH);
  let i = open - 1;
  while (i >= from && text.charCodeAt(i) !== LT) i--;
  if (i < from) return false;
  const name = ref.slice(1); // "<name>" or "<name attr=…>" at i
  const next = text.charCodeAt(i + 1 + name.length);
  if (text.startsWith(name, i + 1) && (next === GT || next === SPACE || next === TAB || next === LF)) return true;
  return tagEndsLineBefore(text, i, open);
}

/** Is text(tag, open) a tag's ">" and then blanks that hold a line break ("</para>⏎  </listitem>")? */
function tagEndsLineBefore(text: string, tag: number, open: number): boolean {
  let i = open - 1;
  let lineBreak = false;
  for (; i > tag; i--) {
    const c = text.charCodeAt(i);
    if (c === LF) lineBreak = true;
    else if (c !== SPACE && c !== TAB && c !== CR) break;
  }
  return lineBreak && text.charCodeAt(i) === GT;
}
