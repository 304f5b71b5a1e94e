// RFC 3986 §5.2 Relative Resolution

import { OPTION_ERROR, asComponents, collector, optionField, type ErrorCollector, type UriComponents } from './components.js';
import { parse } from './parse.js';
import { recompose } from './recompose.js';
import { removeDotSegments } from './remove-dot-segments.js';
import { SLASH } from './codes.js';

export interface ResolveOptions {
  /**
   * true (the default): a reference with a scheme is taken as absolute.
   * false: the backward-compatible reading of §5.2.2, where a reference
   * scheme equal to the base's is ignored (`http:g` → `http://a/b/c/g`).
   */
  strict?: boolean | undefined;
}

/** RFC 3986 §5.2.3 Merge Paths; undefined when `base` is no components object or `referencePath` no string. */
export function mergePaths(base: UriComponents, referencePath: string): string;
export function mergePaths(base: unknown, referencePath: unknown): string | undefined;
export function mergePaths(components: unknown, referencePath: unknown): string | undefined {
  const base = asComponents(components);
  if (base === undefined || typeof referencePath !== 'string') return undefined;
  // If the base URI has a defined authority component and an empty path,
  // return "/" concatenated with the reference's path.
  if (base.host !== undefined && base.path === '') return '/' + referencePath;
  // Otherwise, the reference's path appended to all but the last segment
  // of the base URI's path.
  const slash = base.path.lastIndexOf('/');
  return slash === -1 ? referencePath : base.path.slice(0, slash + 1) + referencePath;
}

/**
 * RFC 3986 §5.2.2 Transform References: the target T for base B and
 * reference R (`strict`: see ResolveOptions; anything but false is strict).
 * Undefined when B or R is no components object (see recompose).
 */
export function transformReferences(B: UriComponents, R: UriComponents, strict?: boolean): UriComponents;
export function transformReferences(B: unknown, R: unknown, strict?: unknown): UriComponents | undefined;
export function transformReferences(base: unknown, reference: unknown, strict: unknown = true): UriComponents | undefined {
  const B = asComponents(base);
  const R = asComponents(reference);
  if (B === undefined || R === undefined) return undefined;
  let scheme = R.scheme;
  if (strict === false && scheme !== undefined && B.scheme !== undefined && scheme.toLowerCase() === B.scheme.toLowerCase()) {
    scheme = undefined;
  }
  if (scheme !== undefined) {
    return { ...R, path: removeDotSegments(R.path) };
  }
  const T: UriComponents = {
    scheme: B.scheme,
    userinfo: R.userinfo, host: R.host, port: R.port, hostType: R.hostType,
    path: R.path, query: R.query, fragment: R.fragment,
  };
  if (R.host !== undefined) {
    T.path = removeDotSegments(R.path);
    return T;
  }
  T.userinfo = B.userinfo; T.host = B.host; T.port = B.port; T.hostType = B.hostType;
  if (R.path === '') {
    T.path = B.path;
    if (R.query === undefined) T.query = B.query;
  } else if (R.path.charCodeAt(0) === SLASH) {
    T.path = removeDotSegments(R.path);
  } else {
    T.path = removeDotSegments(mergePaths(B, R.path));
  }
  return T;
}

/**
 * RFC 3986 §5.2 Relative Resolution of `reference` against `base`, recomposed
 * (§5.3). The base must be an absolute URI; its fragment is ignored (§5.1).
 */
export function resolve(
  base: string, reference: string, options?: ResolveOptions, sink?: ErrorCollector,
): string | undefined {
  const errors = collector(sink);
  const strict = optionField(options, 'strict', (v) => typeof v === 'boolean');
  if (strict === OPTION_ERROR) {
    errors?.push('invalid-options');
    return undefined;
  }
  const B = parse(base, errors);
  if (B === undefined) {
    errors?.push('invalid-base');
    return undefined;
  }
  if (B.scheme === undefined) {
    errors?.push('base-not-absolute');
    return undefined;
  }
  const R = parse(reference, errors);
  if (R === undefined) {
    errors?.push('invalid-reference');
    return undefined;
  }
  return recompose(transformReferences(B, R, strict !== false));
}
