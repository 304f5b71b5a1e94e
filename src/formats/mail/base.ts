// The base URI of a MIME entity (RFC 3986 §5.1.2, RFC 2557 §4): its Content-Base or Content-Location, else the enclosing entity's.

import type { UriComponents } from '../../uri/components.js';
import { parse } from '../../uri/parse.js';
import { transformReferences } from '../../uri/resolve.js';
import type { FormatContext } from '../types.js';
import { uriValue } from './field-values.js';
import type { HeaderBlock } from './headers.js';

/** null: the `base` option. */
export type Base = UriComponents | undefined | null;

export /** RFC 3986 §5.1.2: Content-Base, else Content-Location (resolved against the enclosing base), else the enclosing one. */
function entityBase(headers: HeaderBlock, enclosing: Base, ctx: FormatContext): Base {
  const contentBase = uriValue(headers.value('content-base'));
  const b = contentBase === undefined ? undefined : parse(contentBase);
  if (b?.scheme !== undefined) return { ...b, fragment: undefined };
  const location = uriValue(headers.value('content-location'));
  const l = location === undefined ? undefined : parse(location);
  if (l === undefined) return enclosing;
  if (l.scheme !== undefined) return { ...l, fragment: undefined };
  const outer = enclosing === null ? ctx.config.base : enclosing;
  return outer === undefined ? enclosing : { ...transformReferences(outer, l), fragment: undefined };
}
