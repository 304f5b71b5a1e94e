// XML Base (xml:base): the base URI an element sets for itself and what it contains.

import type { UriComponents } from '../../uri/components.js';
import { parse } from '../../uri/parse.js';
import { ANY_SCHEME, targetOf } from '../html/attributes.js';

/**
 * The base an xml:base value `value` sets, resolved against the base in
 * scope `outer` (RFC 3986 §5.1.1: the base of the enclosing element). An
 * empty one leaves `outer`; a relative one with no base to resolve it
 * against, or one that cannot be a base (opaque, "mailto:…"), leaves none:
 * the relative links under it are left out, never resolved against a base
 * it replaced.
 */
export function baseOf(value: string, outer: UriComponents | undefined): UriComponents | undefined {
  if (value.length === 0) return outer;
  const target = targetOf(value, outer, ANY_SCHEME);
  const components = target === undefined ? undefined : parse(target);
  if (components === undefined || (components.host === undefined && !components.path.startsWith('/'))) return undefined;
  return { ...components, fragment: undefined };
}
