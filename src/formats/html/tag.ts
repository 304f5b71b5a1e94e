// The URL attributes of one start tag, the Founds they give, and the Sources they name.

import { FoundRecord, NONE } from '../../delimit/match.js';
import type { Delimiter } from '../../delimit/types.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';
import { URL_NAMES, type Kind } from './attributes.js';
import { detach } from '../../delimit/detach.js';
import { AttrValue, listUrls, srcsetUrls, type Candidate } from './value.js';
import { metaUrls, urlLabel } from './meta.js';
import { DocumentValue } from './srcdoc.js';

/** An attribute of the open tag that may hold a URL. */
export interface Attribute {
  name: string;
  kind: Kind;
  value: AttrValue;
  quoted: boolean;
}

/** The value of a URL attribute that can give no URI (see OpenTag#attribute): empty, and never added to. */
export const INERT = new AttrValue(0);

/** A URL attribute of each of URL_NAMES with an INERT value: one object for all such attributes of a name (never changed). */
export const INERT_ATTRIBUTES: readonly Attribute[] = URL_NAMES.map((name) => ({ name, kind: 'url', value: INERT, quoted: false }));

/** Has the open tag an attribute `name` kept already? */
export function holdsAttribute(attrs: readonly Attribute[], name: string): boolean {
  for (let i = 0; i < attrs.length; i++) if (attrs[i]!.name === name) return true;
  return false;
}

/** The open tag's values (`attr`: the one being read; the tag may go on in the next chunk): their file positions, looked up now. */
export function settleValues(attrs: readonly Attribute[], attr: Attribute | undefined, positions: { position(i: number): Position }): void {
  for (let i = 0; i < attrs.length; i++) if (attrs[i]!.value !== INERT) attrs[i]!.value.settle(positions);
  if (attr !== undefined && attr.value !== INERT) attr.value.settle(positions);
}

/** What the Founds of a tag need from the sink. */
export interface TagContext {
  readonly ctx: FormatContext;
  /** The file position of input index i (an object the next call reuses). */
  position(i: number): Position;
  /** The Source of a URI found in attribute `name` of `tag` ("a[href]"). */
  sourceFor(tag: string, name: string): Source;
  /** The URI a URL names, resolved against the document's base (targetOf), as a copy (see detach); undefined when none. */
  target(url: string): string | undefined;
  /** Warn, once per input, of an attribute over maxLength. */
  tooLong(attr: Attribute): void;
}

/**
 * `source` with `html` added. A mail part's Source ({ message, messageId?,
 * part, type }) and a feed's ({ feed, item? }) are built whole, in the
 * spread's key order: every part, and every item's HTML content, has a
 * Sources of its own, and a spread of objects of several shapes is a call
 * into the runtime.
 */
function labelled(source: Source, html: string): Source {
  const { message, messageId, part, type, feed, item } = source;
  if (feed !== undefined && message === undefined && source.html === undefined && source.field === undefined) return item === undefined ? { feed, html } : { feed, item, html }; // a feed's HTML content
  if (message === undefined || part === undefined || type === undefined || source.header !== undefined || source.html !== undefined || source.field !== undefined || source.host !== undefined) return { ...source, html };
  return messageId === undefined ? { message, part, type, html } : { message, messageId, part, type, html };
}

/** The Sources of a document's Founds: its own, with each `html` label ('a[href]', 'text'), made once. */
export class Sources {
  readonly #source: Source;
  readonly #sources = new Map<string, Source>();
  /** The Sources of URIs in attributes, by tag and attribute name (a cache of get). */
  readonly #labels = new Map<string, Map<string, Source>>();
  /** The Sources of URIs in JSON-LD, by key path (a cache of json). */
  readonly #fields = new Map<string, Source>();

  constructor(source: Source) {
    this.#source = source;
  }

  /** The Source of a URI in attribute `name` of `tag`. */
  of(tag: string, name: string): Source {
    let byName = this.#labels.get(tag);
    if (byName === undefined) {
      byName = new Map();
      if (this.#labels.size < 256) this.#labels.set(tag, byName);
    }
    let source = byName.get(name);
    if (source === undefined) byName.set(name, (source = this.get(`${tag}[${name}]`)));
    return source;
  }

  /** The Source of a URI in a JSON-LD script's value at key path `field` ('ld+json', and the field as a log's JSON gives it). */
  json(field: string): Source {
    let source = this.#fields.get(field);
    if (source !== undefined) return source;
    source = { ...this.#source, html: 'ld+json', field };
    if (this.#fields.size < 256) this.#fields.set(field, source); // key paths are the page's: bound the cache
    return source;
  }

  /** The Source labelled `html`. */
  get(html: string): Source {
    let source = this.#sources.get(html);
    if (source !== undefined) return source;
    source = labelled(this.#source, html);
    if (this.#sources.size < 256) this.#sources.set(html, source); // any element may have an href: bound the cache
    return source;
  }
}

const NONE_FOUND: FoundRecord[] = [];

/** The Founds of the attributes of `tag`, in order. */
export function tagFounds(t: TagContext, tag: string, attrs: readonly Attribute[]): FoundRecord[] {
  let found = NONE_FOUND;
  for (let i = 0; i < attrs.length; i++) {
    const attr = attrs[i]!;
    if (attr.kind === 'pragma' || attr.kind === 'label') continue;
    if (attr.value.tooLong) {
      if (attr.kind !== 'content' || urlLabel(attrs) !== undefined) t.tooLong(attr); // a long description is text: no URL was skipped
    } else if (attr.value instanceof DocumentValue) found = [...found, ...attr.value.end()]; // a srcdoc's document
    else if (attr.kind === 'url') { // the common case, without a list of candidates
      const text = attr.value.text;
      if (text.length > 0) found = candidate(t, tag, attr, text.indexOf('\n') === -1 ? text : text.replace(/\n/g, ''), 0, found);
    } else for (const [url, at] of candidates(attr, attrs)) found = candidate(t, tag, attr, url, at, found);
  }
  return found;
}

/** The URLs of a srcset, of a list (ping) or of a <meta>'s content (see metaUrls). */
function candidates(attr: Attribute, attrs: readonly Attribute[]): Candidate[] {
  if (attr.kind === 'srcset') return srcsetUrls(attr.value.text);
  if (attr.kind === 'list') return listUrls(attr.value.text);
  return metaUrls(attr, attrs);
}

/** One URL of an attribute, at index `at` of its value: its Found added to `found` (made when it is the first). */
function candidate(t: TagContext, tag: string, attr: Attribute, url: string, at: number, found: FoundRecord[]): FoundRecord[] {
  if (url.length > t.ctx.config.maxLength) {
    t.tooLong(attr);
    return found;
  }
  const uri = t.target(url);
  if (uri === undefined) return found;
  const f = makeFound(t.ctx, url, uri, attr.value.position(at, t, SCRATCH), attr.quoted ? 'quote' : 'none', t.sourceFor(tag, attr.name));
  if (found === NONE_FOUND) return [f];
  found.push(f);
  return found;
}

/** The position makeFound is given when the value has it settled (see AttrValue.settle): read at once. */
const SCRATCH: Position = { line: 0, column: 0, offset: 0 };

/** The Found of URL `url` (`uri`: its target) at `p`, delimited by `delimiter`, from `source`. */
export function makeFound(ctx: FormatContext, url: string, uri: string, p: Position, delimiter: Delimiter, source: Source): FoundRecord {
  const own = ctx.detach ? detach : (s: string): string => s;
  const reference = uri === url ? uri : own(url); // target() gives a copy
  const f = new FoundRecord(uri, reference, reference, undefined, delimiter, false, NONE);
  f.offset = p.offset;
  f.line = p.line;
  f.column = p.column;
  f.source = source;
  return f;
}
