// A shell's, make's or a config's variable written into a URI: the URI is
// a pattern, not a link, as one with a template's "${id}" is (glued.ts).
// "$" is a sub-delim (RFC 3986 §2.2), so the URI is valid as written; only
// the shapes no real URI takes count: a "$(" (command substitution,
// make's "$(VERSION)"), a "$" and a name of capitals ("$HOSTNAME", the
// environment's convention) and any "$" in the host, which no DNS name
// holds (nginx's "https://example.com$request_uri"). A lower-case name
// stays: OData's "$metadata" and "?$filter=", Kotlin's "$userId/avatar", but
// for one right after "=", a query's value ("?id=$bug" in Perl, PHP or a
// shell script), or after "?" or "&" with no "=" after it, a whole query or
// parameter ("?$params"): OData's "$" names are keys, never values; and for
// one that is the last path segment, up to the URI's end, and no name
// OData or Azure Storage gives such a segment ("https://bugs.debian.org/$bug"
// in Perl's reportbug code: the bug's number to come).

import { AMP, AT, COLON, EQUALS, HASH, LPAREN, QUESTION, SLASH, UNDERSCORE, UPPER_A, UPPER_Z, isAlnum, isAlpha, isDigit } from './chars.js';

/** Does `uri`, an absolute URI or a reference, hold a variable ("…/$(VERSION)/…", "…/$HOSTNAME/…", "http://x.$DOMAIN/", "…?id=$bug")? */
export function holdsVariable(uri: string): boolean {
  let i = uri.indexOf('$');
  if (i === -1) return false; // the common case: one native search
  if (dollarInHost(uri, i)) return true;
  for (; i !== -1; i = uri.indexOf('$', i + 1)) {
    const next = uri.charCodeAt(i + 1);
    if (next === LPAREN || capitalsName(uri, i + 1)) return true;
    if ((isAlpha(next) || next === UNDERSCORE) && (queryVariable(uri, i) || lastSegmentVariable(uri, i))) return true; // "?id=$bug", "?$params", "…/$bug"
  }
  return false;
}

/**
 * The names OData gives a path segment of its own ($metadata, $count, …:
 * OData 4.01 Part 2 §4) and Azure Storage a container ($web, $logs, $root):
 * a service's resources, written as they are.
 */
const SERVICE_SEGMENTS: ReadonlySet<string> = new Set([
  'metadata', 'batch', 'count', 'value', 'ref', 'links', 'entity', 'all', 'crossjoin', 'each', 'query', 'root', 'web', 'logs',
]);

/**
 * Is the "$" at uri[i] the start of the last path segment, a name up to the
 * URI's end ("https://bugs.debian.org/$bug"), that names no OData or Azure
 * Storage resource? A program's variable, the segment to come.
 */
function lastSegmentVariable(uri: string, i: number): boolean {
  if (uri.charCodeAt(i - 1) !== SLASH) return false;
  let k = i + 1;
  while (k < uri.length && (isAlnum(uri.charCodeAt(k)) || uri.charCodeAt(k) === UNDERSCORE)) k++;
  return k === uri.length && !SERVICE_SEGMENTS.has(uri.slice(i + 1, k));
}

/**
 * Does the "$" at uri[i], before a name, stand for a query's value (after
 * "=": "?id=$bug") or for a whole query or parameter (after "?" or "&", the
 * name followed by no "=": Perl's "…/query?$params")? OData's "?$filter="
 * and "&$top=" name its options: keys, each followed by "=".
 */
function queryVariable(uri: string, i: number): boolean {
  const before = uri.charCodeAt(i - 1);
  if (before === EQUALS) return true;
  if (before !== QUESTION && before !== AMP) return false;
  let k = i + 1;
  while (k < uri.length && (isAlnum(uri.charCodeAt(k)) || uri.charCodeAt(k) === UNDERSCORE)) k++;
  return uri.charCodeAt(k) !== EQUALS;
}

/** Is the first "$", at `dollar`, in the host: after "//", past any userinfo, before the port, path, query or fragment (§3.2)? */
function dollarInHost(uri: string, dollar: number): boolean {
  const slashes = uri.indexOf('//');
  if (slashes === -1 || slashes > dollar) return false;
  for (let k = dollar + 1; k < uri.length; k++) {
    const c = uri.charCodeAt(k);
    if (c === AT) return false; // the "$" was in the userinfo ("ftp://user:pa$$@host/")
    if (c === SLASH || c === QUESTION || c === HASH) break;
  }
  for (let k = slashes + 2; k < dollar; k++) {
    const c = uri.charCodeAt(k);
    if (c === SLASH || c === QUESTION || c === HASH || c === COLON) return false; // a path, query, fragment or port
  }
  return true;
}

/** Does a name of two or more capitals, digits and "_", starting with a capital, start at uri[i] and end at no letter? */
function capitalsName(uri: string, i: number): boolean {
  let k = i;
  for (; k < uri.length; k++) {
    const c = uri.charCodeAt(k);
    if (c >= UPPER_A && c <= UPPER_Z) continue;
    if (k > i && (isDigit(c) || c === UNDERSCORE)) continue;
    break;
  }
  return k - i >= 2 && (k === uri.length || !isAlnum(uri.charCodeAt(k)));
}
