// The URL attributes of one start tag, and the Founds they give.

import { Match, NONE } from '../../delimit/match.js';
import type { UriComponents } from '../../uri/components.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';
import { detach, targetOf, type Kind } from './attributes.js';
import { AttrValue, refreshUrl, srcsetUrls, urlOf, type Candidate } from './value.js';

/** An attribute of the open tag that may hold a URL. */
export interface Attribute {
  name: string;
  kind: Kind;
  value: AttrValue;
  quoted: boolean;
}

/** What the Founds of a tag need from the sink. */
export interface TagContext {
  readonly ctx: FormatContext;
  /** The file position of input index i (an object the next call reuses). */
  position(i: number): Position;
  /** The Source of a URI found in `html` ("a[href]"). */
  sourceOf(html: string): Source;
  /** Warn, once per input, of an attribute over maxLength. */
  tooLong(attr: Attribute): void;
}

/** The Founds of the attributes of `tag`, in order. */
export function tagFounds(t: TagContext, tag: string, attrs: readonly Attribute[], base: UriComponents | undefined): Match[] {
  const found: Match[] = [];
  for (let i = 0; i < attrs.length; i++) attributeFounds(t, tag, attrs[i]!, attrs, base, found);
  return found;
}

/** The Founds of one attribute of `tag`, pushed to `found`. */
function attributeFounds(t: TagContext, tag: string, attr: Attribute, attrs: readonly Attribute[], base: UriComponents | undefined, found: Match[]): void {
  if (attr.kind === 'pragma') return;
  if (attr.value.tooLong) return t.tooLong(attr);
  let candidates: Candidate[];
  if (attr.kind === 'content') {
    const pragma = attrs.find((a) => a.kind === 'pragma');
    if (pragma === undefined || pragma.value.text.toLowerCase() !== 'refresh') return;
    candidates = refreshUrl(attr.value.text);
  } else candidates = attr.kind === 'srcset' ? srcsetUrls(attr.value.text) : urlOf(attr.value.text);
  let html: string | undefined;
  for (const [url, at] of candidates) {
    if (url.length > t.ctx.config.maxLength) t.tooLong(attr);
    else {
      const uri = targetOf(url, base, t.ctx.config.policy);
      if (uri === undefined) continue;
      html ??= `${tag}[${attr.name}]`;
      found.push(makeFound(t, url, uri, attr.value.inputIndex(at), attr.quoted, html));
    }
  }
}

function makeFound(t: TagContext, url: string, uri: string, at: number, quoted: boolean, html: string): Match {
  const own = t.ctx.detach ? detach : (s: string): string => s;
  const reference = own(url);
  const f = new Match(uri === url ? reference : own(uri), reference, reference, undefined, quoted ? 'quote' : 'none', false, NONE);
  const p = t.position(at);
  f.offset = p.offset;
  f.line = p.line;
  f.column = p.column;
  f.source = t.sourceOf(html);
  return f;
}
