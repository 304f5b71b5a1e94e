// The feed format's core: a decoded RSS or Atom feed in, the URIs of its
// links, enclosures and media, of its HTML content and of its text out, at
// file positions. Elements are kept on a stack with the base in scope (XML
// Base: each xml:base resolved against the one above it, the outermost
// against the document's base).

import type { TokenizerCallbacks } from 'htmlparser2';
import type { UriComponents } from '../../uri/components.js';
import { AMP, LT } from '../../uri/codes.js';
import { isUnicodeEncoding } from '../bytes.js';
import { PositionMap, type Position } from '../positions.js';
import type { FormatContext, FormatWarning } from '../types.js';
import { warnLinkCounts } from '../link.js';
import { TextWindow, positionIn } from '../html/window.js';
import type { DocumentSink } from '../html/reader.js';
import type { Source } from '../source.js';
import { HtmlContent } from './content.js';
import { RDF_ATTRIBUTES, READ_ATTRIBUTES, Role, elementName, isUrlAttribute, opensItem, roleOf, urlAttribute } from './elements.js';
import { baseOf } from './base.js';
import { rdfAttributes, readsAttribute, resolve, scopeOf, type Scope } from './namespaces.js';
import { FeedText } from './text.js';
import { XmlTokenizer } from './tokenizer.js';
import { Value, isAllBlank } from './value.js';
import { FeedLinks } from './links.js';

/** An open element. */
interface Frame {
  name: string;
  base: UriComponents | undefined;
  /** The namespace prefixes in scope inside it. */
  scope: Scope;
  role: Role;
  /** The item or entry it is in (0: none). */
  item: number;
  /** Its text, for Role.Url and Role.Id. */
  value: Value | undefined;
  /** Its HTML, for Role.Html and Role.Xhtml. */
  html: HtmlContent | undefined;
  /** The Source of a URI in its text, made when the first is found (or its HTML read). */
  source: Source | undefined;
}

/** Elements kept open at most; those inside are read as their parent's text. */
const MAX_DEPTH = 256;

export class FeedSink implements DocumentSink {
  readonly ctx: FormatContext;
  /** The context of the HTML content's sinks: their unresolved-links and uri-too-long warnings are counted here, given once. */
  readonly #inner: FormatContext;
  readonly #tokenizer: XmlTokenizer;
  readonly #window = new TextWindow();
  readonly #map = new PositionMap();
  readonly #pos: Position = { line: 0, column: 0, offset: 0 };
  readonly #frames: Frame[] = [];
  /** Elements past MAX_DEPTH still open; whether they were warned of (once a feed). */
  #deep = 0;
  #warnedDeep = false;
  readonly #text: FeedText;
  /** The start tag being read: its name, where its "<" is, its attributes. */
  #tag = '';
  #tagStart = 0;
  readonly #attrs = new Map<string, Value>();
  #attr: Value | undefined;
  /** The attributes of the start tag the general rule names (isUrlAttribute), lower case. */
  readonly #urlNames: string[] = [];
  #items = 0;
  readonly #links: FeedLinks;
  #ended = false;

  constructor(ctx: FormatContext) {
    this.ctx = ctx;
    this.#inner = Object.create(ctx, { warn: { value: (w: FormatWarning) => this.#innerWarning(w) } }) as FormatContext;
    this.#tokenizer = new XmlTokenizer(this.#callbacks());
    this.#text = new FeedText(ctx, this);
    this.#links = new FeedLinks(ctx, this);
  }

  mark(line: number, column: number, offset: number): void {
    this.#map.add(this.#window.end, this.#window.line, line, column, offset);
  }

  write(text: string): void {
    if (this.#ended || text.length === 0) return;
    this.#window.push(text);
    this.#tokenizer.write(text);
    this.#text.settle();
    this.#frames[this.#frames.length - 1]?.html?.flush();
    this.#window.trim();
    this.#map.prune(this.#window.start);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#tokenizer.end();
    this.#text.end();
    while (this.#frames.length > 0) this.#finish(this.#frames.pop()!);
    warnLinkCounts(this.ctx, this.#links.unresolved, this.#links.tooLong + this.#text.tooLong);
  }

  /** The feed's charset, once known: queries are encoded in it, IRIs in its text NFC-normalized, when it is no Unicode one. */
  set charset(charset: string) {
    if (isUnicodeEncoding(charset)) return;
    this.#links.queryCharset = charset;
    this.#text.fromLegacyCharset();
  }

  /** The file position of input index i, in an object the next call reuses. */
  position(i: number): Position {
    return positionIn(this.#window, this.#map, i, this.#pos);
  }

  #innerWarning(w: FormatWarning): void {
    if (w.code === 'unresolved-links') this.#links.unresolved += w.count ?? 1;
    else if (w.code === 'uri-too-long') this.#links.tooLong += w.count ?? 1;
    else this.ctx.warn(w);
  }

  #callbacks(): TokenizerCallbacks {
    const none = (): void => {};
    return {
      ontext: (start, end) => this.#chars(this.#window.slice(start, end), start, end),
      oncdata: (start, end, offset) => this.#cdata(start, end - offset),
      ontextentity: (cp, end) => this.#reference(String.fromCodePoint(cp), this.#tokenizer.referenceStart, end),
      onopentagname: (start, end) => this.#open(start, end),
      onattribname: (start, end) => this.#attribute(start, end),
      onattribdata: (start, end) => this.#attr?.add(this.#window.slice(start, end), start, false, this),
      onattribentity: (cp) => this.#attr?.add(String.fromCodePoint(cp), this.#tokenizer.referenceStart, true, this),
      onattribend: () => (this.#attr = undefined),
      onopentagend: (end) => this.#opened(false, end),
      onselfclosingtag: (end) => this.#opened(true, end),
      onclosetag: (start, end) => this.#close(start, end),
      oncomment: none, onprocessinginstruction: none, ondeclaration: none, onend: none,
    };
  }

  /** The innermost element, when it is one of the stack (not past MAX_DEPTH). */
  #top(): Frame | undefined {
    return this.#frames[this.#frames.length - 1];
  }

  /** Text at [start, end) of the input, decoded to `s`. */
  #chars(s: string, start: number, end: number): void {
    const f = this.#top();
    if (f === undefined) return;
    if (f.html !== undefined) f.html.add(s, start, end, this);
    else if (f.value !== undefined) f.value.add(s, start, false, this);
    else if (f.role === Role.Text && (this.#text.running || !isAllBlank(s))) this.#text.add(s, start, end - start !== s.length, (f.source ??= this.#links.source(f.name, f.item))); // not the indent between elements
  }

  /** A character reference at [start, end) of the input, decoded to `s`: in XHTML, as written. */
  #reference(s: string, start: number, end: number): void {
    const f = this.#top();
    if (f?.html?.xhtml === true) f.html.add(this.#window.slice(start, end), start, end, this);
    else if (f?.value !== undefined) f.value.add(s, start, true, this);
    else this.#chars(s, start, end);
  }

  /** A CDATA section's text [start, end): as it is (in XHTML, escaped, as HTML has no CDATA). */
  #cdata(start: number, end: number): void {
    const s = this.#window.slice(start, end);
    const html = this.#top()?.html;
    if (html?.xhtml === true) this.#escaped(html, s, start);
    else this.#chars(s, start, end);
  }

  /** CDATA text `s` at input index `start`, in XHTML content: escaped, each run of it placed where it stands, an escape where its character does. */
  #escaped(html: HtmlContent, s: string, start: number): void {
    let from = 0;
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c !== LT && c !== AMP) continue;
      if (k > from) html.add(s.slice(from, k), start + from, start + k, this);
      html.add(c === LT ? '&lt;' : '&amp;', start + k, start + k + 1, this);
      from = k + 1;
    }
    if (from < s.length) html.add(s.slice(from), start + from, start + s.length, this);
  }

  #open(start: number, end: number): void {
    this.#tag = this.#window.slice(start, end);
    this.#tagStart = start - 1;
    this.#attrs.clear();
    this.#urlNames.length = 0;
    this.#attr = undefined;
  }

  #attribute(start: number, end: number): void {
    const written = this.#window.slice(start, end);
    const name = written.toLowerCase();
    const url = isUrlAttribute(written, name);
    const read = this.#top()?.html === undefined && (url || READ_ATTRIBUTES.has(name) || readsAttribute(name)) && !this.#attrs.has(name);
    this.#attr = read ? new Value(this.ctx.config.maxLength) : undefined;
    if (this.#attr === undefined) return;
    this.#attrs.set(name, this.#attr);
    if (url) this.#urlNames.push(name);
  }

  /** The start tag has ended at input index `end` (its ">"). */
  #opened(selfClosing: boolean, end: number): void {
    const parent = this.#top();
    if (parent?.html !== undefined) return parent.html.add(this.#window.slice(this.#tagStart, end + 1), this.#tagStart, end + 1, this); // HTML's own markup
    this.#text.end();
    if (this.#deep > 0 || this.#frames.length >= MAX_DEPTH) return this.#tooDeep(selfClosing);
    const scope = scopeOf(this.#attrs, parent?.scope);
    const name = elementName(resolve(this.#tag.toLowerCase(), scope, true));
    const base = this.#base(parent);
    const item = opensItem(name) ? ++this.#items : parent?.item ?? 0;
    const attrs = rdfAttributes(this.#attrs, scope);
    const urlName = urlAttribute(name);
    const url = urlName === undefined ? undefined : attrs.get(urlName);
    if (url !== undefined) this.#links.found(url, base, `${name}[${urlName}]`, item, true, false);
    else if (urlName === undefined) this.#links.others(name, attrs, this.#urlNames, base, item);
    for (const rdf of RDF_ATTRIBUTES) {
      const v = attrs.get(rdf);
      if (v !== undefined) this.#links.found(v, base, `${name}[${rdf}]`, item, true, false);
    }
    if (selfClosing) return;
    const role = roleOf(name, parent?.name, attrs.get('type')?.url, attrs.get('mode')?.url.toLowerCase());
    const value = role === Role.Url || role === Role.Id ? new Value(this.ctx.config.maxLength) : undefined;
    const source = role === Role.Html || role === Role.Xhtml ? this.#links.source(name, item) : undefined;
    const html = source === undefined ? undefined : new HtmlContent(this.#inner, source, base, role === Role.Xhtml, this.#links.queryCharset);
    this.#frames.push({ name, base, scope, role, item, value, html, source });
  }

  /** A start tag past MAX_DEPTH: not kept (its text is its parent's), and warned of once. */
  #tooDeep(selfClosing: boolean): void {
    if (selfClosing) return;
    this.#deep++;
    if (this.#warnedDeep) return;
    this.#warnedDeep = true;
    this.ctx.warn({ code: 'too-deep', message: `feed elements nested deeper than ${MAX_DEPTH}: those inside read as text`, line: this.position(this.#tagStart).line });
  }

  /** The base in scope for the open tag: its xml:base against its parent's, the document's at the root. */
  #base(parent: Frame | undefined): UriComponents | undefined {
    const outer = parent === undefined ? this.ctx.config.base : parent.base;
    const xmlBase = this.#attrs.get('xml:base');
    return xmlBase === undefined ? outer : baseOf(xmlBase.url, outer);
  }

  /** An end tag named [start, end): the elements up to its own are closed (none when no open element has its name). */
  #close(start: number, end: number): void {
    const top = this.#top();
    const name = elementName(resolve(this.#window.slice(start, end).toLowerCase(), top?.scope, true));
    if (top?.html !== undefined && name !== top.name) return top.html.add(this.#window.slice(start - 2, end + 1), start - 2, end + 1, this);
    if (this.#deep > 0) {
      this.#deep--;
      return;
    }
    const frames = this.#frames;
    let k = frames.length - 1;
    while (k >= 0 && frames[k]!.name !== name) k--;
    if (k < 0) return;
    this.#text.end();
    while (frames.length > k) this.#finish(frames.pop()!);
  }

  /** An element has ended: its URI, or the end of its HTML. */
  #finish(f: Frame): void {
    if (f.html !== undefined) f.html.end();
    else if (f.value !== undefined) this.#links.found(f.value, f.base, f.name, f.item, false, f.role === Role.Id);
  }
}
