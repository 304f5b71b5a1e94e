// A "*" glob written into a URI: a pattern of URIs, not a link. "*" is a
// sub-delim (RFC 3986 §2.2), so the URI is valid as written; only the
// shapes that are globs count. A "*" in the host, which no DNS name or
// bucket name holds ("gs://b*", "https://github.com*"); any "*" in the
// object name of a cloud store's URI, which gsutil and the AWS docs write
// as a wildcard ("gs://bucket/*.txt", "gs://my-bucket/dir*/log.txt",
// "s3://my-bucket/logs/*"); and a last path segment of stars, or of stars
// and an extension, in any scheme: a browser extension's match pattern
// ("https://example.com/*"), a CDN invalidation ("…cloudfront.net/*"), a
// listing ("ftp://host/*.msg"). A "*" elsewhere stays the URI's: ViewVC's
// "/*checkout*/", Wikipedia's "A*_search_algorithm", the Wayback
// Machine's "/web/*/…", a query's "?q=*" or a masked password "***@host".

import { DOT, HASH, QUESTION, SLASH, STAR } from './chars.js';
import { authorityEnd, storeScheme } from './named-host.js';

/** Does `uri`, its "://" at `slashes`, hold a "*" glob (see above)? One native search in the common case. */
export function holdsGlob(uri: string, slashes: number): boolean {
  const from = slashes + 3;
  let star = uri.indexOf('*', from);
  if (star === -1) return false;
  const end = authorityEnd(uri, from);
  if (star < end) {
    const at = uri.lastIndexOf('@', end - 1);
    if (at < star) return true; // in the host (no userinfo: "@" is no scheme's)
    const host = uri.indexOf('*', at + 1);
    if (host !== -1 && host < end) return true;
    star = uri.indexOf('*', end); // the userinfo's is a masked password's
    if (star === -1) return false;
  }
  if (uri.charCodeAt(end) !== SLASH) return false; // no path: in the query or fragment
  const pathStop = pathEnd(uri, end);
  if (star >= pathStop) return false;
  return storeScheme(uri, slashes) || lastSegmentGlob(uri, pathStop);
}

/** Where the path that holds `from` ends: its query's "?", its fragment's "#" or the URI's end. */
function pathEnd(uri: string, from: number): number {
  let k = from;
  while (k < uri.length && uri.charCodeAt(k) !== QUESTION && uri.charCodeAt(k) !== HASH) k++;
  return k;
}

/** Is the last segment of the path that ends at `end` stars ("/*", "/**") or stars and an extension ("/*.msg")? */
function lastSegmentGlob(uri: string, end: number): boolean {
  let k = uri.lastIndexOf('/', end - 1) + 1;
  if (k >= end || uri.charCodeAt(k) !== STAR) return false;
  while (k < end && uri.charCodeAt(k) === STAR) k++;
  return k === end || uri.charCodeAt(k) === DOT;
}
