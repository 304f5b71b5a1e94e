// What opens a candidate in "<…>" or "\"…\"" (RFC 3986 Appendix C): after
// the obsolete "URL:" prefix, if any, a scheme and ":" (read across a line
// break: see wrapped.ts) or, with a base, a relative reference. Delimited
// text may hold any scheme (<g:h>, <javascript:…>), but not the shapes
// that are code and prose: "<T: Clone>", "C:/Program Files", "display:none",
// <xsl:otherwise>, Discord's <t:1700000000:F>.

import {
  BACKSLASH, CASE_BIT, COLON, DQUOTE, GT, LOWER_L, LOWER_R, LOWER_U, MATH_RANGLE, MAX_SCHEME, SLASH, SPACE, TAB, hasUpperCase, isAlpha, isAngleOpener, isDigit,
} from './chars.js';
import {
  PROSE_SCHEMES, callerScheme, isRegisteredScheme, isRegisteredName, needsSlashesInQuotes, schemeName, startsCandidate, type SchemePolicy,
} from './schemes.js';
import { hostAndPort, namespacedElement, xmlTag } from './markup.js';
import { hasShape } from './shapes.js';
import { NOT_WRAPPED, readScheme } from './wrapped.js';
import { NEED_MORE } from './span.js';
import type { EnclosedContext } from './enclosed.js';

/** True when text[i…] is the obsolete "URL:" prefix (any case). */
export function isUrlPrefix(text: string, i: number): boolean {
  return (text.charCodeAt(i) | CASE_BIT) === LOWER_U && (text.charCodeAt(i + 1) | CASE_BIT) === LOWER_R
    && (text.charCodeAt(i + 2) | CASE_BIT) === LOWER_L && text.charCodeAt(i + 3) === COLON;
}

/** After a "URL:" prefix at `open`: skip blanks on the same line. Returns the content start (-1: blanks past maxLength). */
export function skipBlanks(text: string, open: number, i: number, ctx: EnclosedContext): number | typeof NEED_MORE {
  const n = text.length;
  while (i < n && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  if (i - open > ctx.maxLength) return -1;
  return i === n && !ctx.final ? NEED_MORE : i;
}

/** What the content of a "<" or "\"" starts with. */
export const SCHEME_START = 1;
export const RELATIVE_START = 2;
/** An unregistered scheme without "//": like a relative reference, it may not hold a blank within a line. */
const LOOSE_START = 3;
export type Opening = typeof SCHEME_START | typeof RELATIVE_START | typeof LOOSE_START | false | typeof NEED_MORE;

/**
 * Does the content at `i` (opener at `open`) open a candidate: a scheme and
 * ":" that the policy takes (read across a line break, see readScheme), or
 * (with a base) a relative reference?
 */
export function opensCandidate(text: string, open: number, i: number, ctx: EnclosedContext, urlPrefix: boolean): Opening {
  const colon = isAlpha(text.charCodeAt(i)) ? readScheme(text, open, i, ctx) : -1;
  if (colon === NEED_MORE || colon === NOT_WRAPPED) return colon === NEED_MORE ? NEED_MORE : false;
  if (colon === -1) return ctx.relative ? RELATIVE_START : false; // judged again on the whole reference (see acceptRelative)
  const probe = ctx.state.probe;
  const angle = isAngleOpener(text.charCodeAt(open));
  if (probe !== undefined) return schemeOpening(probe, 0, ctx.state.probeColon, ctx, urlPrefix, angle);
  const opening = schemeOpening(text, i, colon, ctx, urlPrefix, angle);
  if (opening !== LOOSE_START || !angle || (colon - i === 1 && text.charCodeAt(colon + 2) === MATH_RANGLE)) return opening; // ⟨g:h⟩
  if (colon - i === 1 && text.charCodeAt(colon + 2) === GT) { // <g:h>: the RFC's example, but for an XML element (<w:p>)
    const element = namespacedElement(text, open, colon, ctx.final);
    return element === NEED_MORE ? NEED_MORE : element ? false : opening;
  }
  if (callerScheme(ctx.policy, schemeName(text, i, colon))) return opening; // <myapp:settings> with "+myapp": no XML name
  const tag = xmlTag(text, colon, ctx.final, ctx.maxLength); // <xsl:otherwise>, <dc:title>
  if (tag !== false) return tag === NEED_MORE ? NEED_MORE : false;
  const port = hostAndPort(text, colon, ctx.final); // C<localhost:3333>: a host and port
  return port === false ? LOOSE_START : port === NEED_MORE ? NEED_MORE : false;
}

/** The scheme text[start, colon) and what follows its ":": does it open a candidate, and which kind? */
function schemeOpening(text: string, start: number, colon: number, ctx: EnclosedContext, urlPrefix: boolean, angle: boolean): Opening {
  if (text.charCodeAt(colon + 1) === COLON) return false; // std::vector
  if (urlPrefix) return SCHEME_START;
  if (!delimitedScheme(text, start, colon, angle, ctx.policy) || !startsCandidate(ctx.policy, text, start, colon, true)) return false;
  const slashes = text.charCodeAt(colon + 1) === SLASH && text.charCodeAt(colon + 2) === SLASH;
  return slashes || isRegisteredScheme(text, start, colon) ? SCHEME_START : LOOSE_START;
}

/**
 * Delimited text may hold any scheme (Appendix C: <g:h>, <javascript:…>),
 * but not these shapes, which are code and prose.
 */
function delimitedScheme(text: string, start: number, colon: number, angle: boolean, policy: SchemePolicy): boolean {
  const next = text.charCodeAt(colon + 1);
  switch (true) {
    case next === SPACE || next === TAB: // "<T: Clone>": a wrapped URI breaks with a line break, not a blank
      return false;
    case next === SLASH && text.charCodeAt(colon + 2) === SLASH: // "scheme://"
      return true;
    case colon - start === 1 && (next === SLASH || next === BACKSLASH): // "C:/Program Files", "c:\\x": a drive letter
      return false;
    default:
      return namedScheme(text, start, colon, angle, schemeName(text, start, colon), policy);
  }
}

/** delimitedScheme, once the scheme is named (lower case): the registry's word. */
function namedScheme(text: string, start: number, colon: number, angle: boolean, name: string, policy: SchemePolicy): boolean {
  switch (true) {
    case callerScheme(policy, name): // "+myapp", ['session']: the caller's own scheme
      return true;
    case !angle && needsSlashesInQuotes(name): // "ssh:22", "redis:7-alpine": a service and port or tag, not a URI
      return false;
    case !angle && isDigit(text.charCodeAt(colon + 1)) && (name === 'http' || name === 'https'): // "HTTP:80/index.html", "https:443": a protocol and port (AWS's health check), not §5.4.2's "http:g"
      return false;
    case !angle && PROSE_SCHEMES.has(name): // "proxy:start", "session:abc": an npm script, a key
      return false;
    case isRegisteredName(name): // <urn:isbn:…>, "mailto:…"; in quotes with its shape (not "geo:GetMap", "data:export")
      return angle || hasShape(name, text, colon + 1, false) !== false;
    case hasUpperCase(text, start, colon): // "IT:Helpdesk", <T:Clone>: schemes are written in lower case (§3.1)
      return false;
    case colon - start === 1 && secondColon(text, colon): // Discord's <t:1700000000:F> and <a:wave:1234>
      return false;
    default: // in quotes an unregistered scheme is code ("display:none", "h:mm", "g:loaded"), but for the RFC's "g:h"
      return angle || rfcLetterPair(text, start, colon);
  }
}

/** The RFC's "g:h" in quotes (§5.4.1): one letter on each side of the ":" (tarfile's mode "r:*" is none). */
function rfcLetterPair(text: string, start: number, colon: number): boolean {
  return colon - start === 1 && isAlpha(text.charCodeAt(colon + 1)) && text.charCodeAt(colon + 2) === DQUOTE;
}

/** Does the word after `colon` (up to a blank, ">" or "\"") hold another ":"? */
function secondColon(text: string, colon: number): boolean {
  const end = Math.min(text.length, colon + 1 + MAX_SCHEME);
  for (let i = colon + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === COLON) return true;
    if (c === GT || c === DQUOTE || c <= SPACE) return false;
  }
  return false;
}
