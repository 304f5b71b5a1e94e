// RFC 3986 §6.2 Comparison Ladder — the normalizations of §6.2.2 and §6.2.3.

import { CHAR_CLASS, UNRESERVED, hexValue } from './chars.js';
import { OPTION_ERROR, collector, optionField, type ErrorCollector, type UriComponents } from './components.js';
import { parse } from './parse.js';
import { recompose } from './recompose.js';
import { removeDotSegments } from './remove-dot-segments.js';
import { SCHEMES } from './schemes.js';
import { DIGIT_0, SLASH } from './codes.js';

export interface NormalizeOptions {
  /** 'syntax' = §6.2.2; 'scheme' (default) = §6.2.2 plus §6.2.3. */
  level?: 'syntax' | 'scheme' | undefined;
}

const HEX = '0123456789ABCDEF';

/**
 * RFC 3986 §6.2.2.2 Percent-Encoding Normalization of one component:
 * uppercase the hex digits of every triplet (§2.1) and decode the triplets
 * of unreserved characters (§2.3). Reserved characters stay encoded (§2.2).
 * With `lower`, letters outside triplets are lowercased too (§6.2.2.1, host).
 */
export function normalizePercentEncoding(s: string, lower = false): string {
  if (s.indexOf('%') === -1) return lower ? s.toLowerCase() : s;
  let out = '';
  let from = 0;
  for (let i = s.indexOf('%'); i !== -1; i = s.indexOf('%', from)) {
    const v = hexValue(s.charCodeAt(i + 1)) * 16 + hexValue(s.charCodeAt(i + 2));
    const head = s.slice(from, i);
    out += lower ? head.toLowerCase() : head;
    if (v >= 0 && v < 128 && (CHAR_CLASS[v]! & UNRESERVED) !== 0) {
      const ch = String.fromCharCode(v);
      out += lower ? ch.toLowerCase() : ch;
    } else {
      out += '%' + HEX[v >> 4]! + HEX[v & 15]!;
    }
    from = i + 3;
  }
  const tail = s.slice(from);
  return out + (lower ? tail.toLowerCase() : tail);
}

/** RFC 3986 §6.2.2.1 Case Normalization and §6.2.2.2, applied to every component. */
export function normalizeCase(c: UriComponents): UriComponents {
  return {
    scheme: c.scheme?.toLowerCase(),
    userinfo: c.userinfo === undefined ? undefined : normalizePercentEncoding(c.userinfo),
    host: c.host === undefined ? undefined : normalizePercentEncoding(c.host, true),
    port: c.port,
    hostType: c.hostType,
    path: normalizePercentEncoding(c.path),
    query: c.query === undefined ? undefined : normalizePercentEncoding(c.query),
    fragment: c.fragment === undefined ? undefined : normalizePercentEncoding(c.fragment),
  };
}

/**
 * RFC 3986 §6.2.2.3 Path Segment Normalization. Dot-segments are removed
 * where they cannot be meaningful: in a URI with a scheme or an authority,
 * or in an absolute path. A relative path's leading "../" is kept, since it
 * still matters when the reference is resolved.
 */
export function normalizePathSegments(c: UriComponents): UriComponents {
  if (c.scheme === undefined && c.host === undefined && c.path.charCodeAt(0) !== SLASH) return c;
  return { ...c, path: removeDotSegments(c.path) };
}

/** RFC 3986 §6.2.3 Scheme-Based Normalization, from the table in schemes.ts. */
export function normalizeSchemeBased(c: UriComponents): UriComponents {
  const rule = c.scheme === undefined ? undefined : SCHEMES.get(c.scheme);
  let { port, path } = c;
  // §3.2.3: the port is a decimal number ("0443" is 443); omit it when empty or the scheme's default.
  if (port !== undefined && port.length > 1 && port.charCodeAt(0) === DIGIT_0) port = port.replace(/^0+(?=\d)/, '');
  if (port === '' || (port !== undefined && rule?.port !== undefined && Number(port) === rule.port)) {
    port = undefined;
  }
  // §6.2.3: "a URI that uses the generic syntax for authority with an empty
  // path should be normalized to a path of '/'".
  if (c.host !== undefined && path === '') path = '/';
  return port === c.port && path === c.path ? c : { ...c, port, path };
}

/**
 * RFC 3986 §6.2.2 (and by default §6.2.3) normalization of a URI reference.
 * Undefined, with the code 'invalid-options', for a `level` other than
 * 'syntax' or 'scheme' (a pure function does not throw).
 */
export function normalize(
  uri: string, options?: NormalizeOptions, sink?: ErrorCollector,
): string | undefined {
  const errors = collector(sink);
  const level = optionField(options, 'level', (v) => v === 'syntax' || v === 'scheme') ?? 'scheme';
  if (level === OPTION_ERROR) {
    errors?.push('invalid-options');
    return undefined;
  }
  const parsed = parse(uri, errors);
  if (parsed === undefined) return undefined;
  let c = normalizePathSegments(normalizeCase(parsed));
  if (level === 'scheme') c = normalizeSchemeBased(c);
  return recompose(c);
}

/**
 * RFC 3986 §6.2 Comparison Ladder: equal strings (§6.2.1), else equal after
 * syntax- and scheme-based normalization (§6.2.2, §6.2.3). With
 * `ignoreFragment`, fragments are left out, as for network actions (§6.1).
 * False when either is not a string (no URI is equivalent to a non-URI).
 */
export function equivalent(a: string, b: string, options?: { ignoreFragment?: boolean | undefined }): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const ignore = optionField(options, 'ignoreFragment', (v) => typeof v === 'boolean');
  if (ignore === OPTION_ERROR) return false;
  const ignoreFragment = ignore === true;
  if (ignoreFragment) {
    a = withoutFragment(a);
    b = withoutFragment(b);
  }
  if (a === b) return true;
  const na = normalize(a);
  return na !== undefined && na === normalize(b);
}

function withoutFragment(s: string): string {
  const hash = s.indexOf('#');
  return hash === -1 ? s : s.slice(0, hash);
}
