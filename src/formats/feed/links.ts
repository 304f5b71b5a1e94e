// The URIs of a feed's URL-valued elements and attributes: each value
// checked, resolved against the base in scope and handed out as a Found,
// labelled with its element (and attribute) and item; the links left out
// for want of a base, and those too long, counted for the feed's warnings.

import type { UriComponents } from '../../uri/components.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';
import { takeLink } from '../link.js';
import { srcsetUrls } from '../html/value.js';
import { otherAttributes } from './elements.js';
import { isUriReference, type Value } from './value.js';

export class FeedLinks {
  readonly ctx: FormatContext;
  readonly #positions: { position(i: number): Position };
  /** The Sources of item #sourcesItem, by label. */
  readonly #sources = new Map<string, Source>();
  #sourcesItem = 0;
  /** The feed's charset, when no Unicode one: queries are encoded in it. */
  queryCharset: string | undefined;
  /** Relative links left out for want of a base; values longer than maxLength. */
  unresolved = 0;
  tooLong = 0;

  constructor(ctx: FormatContext, positions: { position(i: number): Position }) {
    this.ctx = ctx;
    this.#positions = positions;
  }

  position(i: number): Position {
    return this.#positions.position(i);
  }

  /**
   * The URIs of the attributes `attrs` of element `name`, which no table
   * gives a URL attribute: those the general rule names (`urlNames`), and
   * the element's own others (otherAttributes), in the order written. A
   * value that can be no URI reference is left out.
   */
  others(name: string, attrs: ReadonlyMap<string, Value>, urlNames: readonly string[], base: UriComponents | undefined, item: number): void {
    const others = otherAttributes(name);
    if (others === undefined && urlNames.length === 0) return;
    for (const [attr, value] of attrs) {
      const kind = others?.get(attr) ?? (urlNames.includes(attr) ? 'url' : undefined);
      if (kind === 'srcset') this.#srcset(value, base, `${name}[${attr}]`, item);
      else if (kind !== undefined && isUriReference(value.url)) this.found(value, base, `${name}[${attr}]`, item, true, kind === 'id');
    }
  }

  /** The Found of `value`, resolved against `base`, labelled `label` (`id`: only an absolute http(s) URI is one). */
  found(value: Value, base: UriComponents | undefined, label: string, item: number, quoted: boolean, id: boolean): void {
    if (value.tooLong) return void this.tooLong++;
    this.#take(value.url, value.at, base, label, item, quoted, id);
  }

  /** The Source of a URI in `label` of item `item` (0: none), made once per item. */
  source(label: string, item: number): Source {
    if (item !== this.#sourcesItem) {
      this.#sources.clear();
      this.#sourcesItem = item;
    }
    let source = this.#sources.get(label);
    if (source === undefined) {
      source = item === 0 ? { feed: label } : { feed: label, item };
      if (this.#sources.size < 256) this.#sources.set(label, source);
    }
    return source;
  }

  /** The URLs of a srcset, each where it stands in the value when the value is as written (else where the value starts). */
  #srcset(value: Value, base: UriComponents | undefined, label: string, item: number): void {
    if (value.tooLong) return void this.tooLong++;
    const plain = value.plain;
    for (const [url, k] of srcsetUrls(value.url)) {
      const at = plain ? { line: value.at.line, column: value.at.column + k, offset: value.at.offset + k } : value.at;
      if (isUriReference(url)) this.#take(url, at, base, label, item, true, false);
    }
  }

  /** The Found of `url`, which stands at `at` (see found). */
  #take(url: string, at: Position, base: UriComponents | undefined, label: string, item: number, quoted: boolean, id: boolean): void {
    if (id && url.length <= this.ctx.config.maxLength && !/^https?:\/\/./i.test(url)) return;
    takeLink(this.ctx, this, url, at, base, this.queryCharset, quoted ? 'quote' : 'none', this.source(label, item));
  }
}
