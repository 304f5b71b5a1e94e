// RFC 3986 §5.3 Component Recomposition

import { asComponents, type UriComponents } from './components.js';
import { SLASH } from './codes.js';

/** RFC 3986 §3.2: userinfo "@" host ":" port, or undefined without a host. */
export function recomposeAuthority(c: UriComponents): string | undefined {
  if (c.host === undefined) return undefined;
  let authority = c.host;
  if (c.userinfo !== undefined) authority = c.userinfo + '@' + authority;
  if (c.port !== undefined) authority += ':' + c.port;
  return authority;
}

/**
 * RFC 3986 §5.3 Component Recomposition, guarded so that the string reads
 * back as the same components: a path starting with "//" and no authority
 * gets "/." (§3.3), and a relative path whose first segment holds ":" gets
 * "./" (§4.2). A missing field is an absent component (a missing path is
 * empty); undefined when `components` is not an object or a field is not a
 * string.
 */
export function recompose(components: UriComponents): string;
export function recompose(components: unknown): string | undefined;
export function recompose(components: unknown): string | undefined {
  const c = asComponents(components);
  if (c === undefined) return undefined;
  let result = '';
  if (c.scheme !== undefined) result += c.scheme + ':';
  const authority = recomposeAuthority(c);
  let path = c.path;
  if (authority !== undefined) {
    result += '//' + authority;
  } else if (path.charCodeAt(0) === SLASH && path.charCodeAt(1) === SLASH) {
    path = '/.' + path;
  } else if (c.scheme === undefined && firstSegmentHasColon(path)) {
    path = './' + path;
  }
  result += path;
  if (c.query !== undefined) result += '?' + c.query;
  if (c.fragment !== undefined) result += '#' + c.fragment;
  return result;
}

function firstSegmentHasColon(path: string): boolean {
  const colon = path.indexOf(':');
  if (colon === -1) return false;
  const slash = path.indexOf('/');
  return slash === -1 || colon < slash;
}
