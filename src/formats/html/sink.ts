// The HTML format's core: decoded HTML in, the URIs of its URL attributes
// and of its text out, at file positions. HtmlReader feeds it a document;
// the mail format feeds it the text/html parts.

import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { Match, NONE } from '../../delimit/match.js';
import type { UriComponents } from '../../uri/components.js';
import { parse } from '../../uri/parse.js';
import { PositionMap, type Position } from '../positions.js';
import { Segment } from '../segment.js';
import type { Source } from '../source.js';
import type { FormatContext, TextSink } from '../types.js';
import { ANY_SCHEME, BLOCK, HIDDEN, detach, kindOf, limitOf, targetOf, type Kind } from './attributes.js';
import { AttrValue, refreshUrl, srcsetUrls, urlOf, type Candidate } from './value.js';
import { TextWindow } from './window.js';

/** An attribute of the open tag that may hold a URL. */
interface Attribute {
  name: string;
  kind: Kind;
  value: AttrValue;
  quoted: boolean;
}

/** Longer names are no names this format looks for: not sliced at all. */
const LONGEST_NAME = 32;

export class HtmlSink implements TextSink {
  readonly #ctx: FormatContext;
  readonly #source: Source;
  readonly #sources = new Map<string, Source>();
  readonly #tokenizer: Tokenizer;
  readonly #window = new TextWindow();
  /** The marks received (file positions), and the decoded index of each, to cut text pieces at. */
  readonly #map = new PositionMap();
  #marks: number[] = [];
  #markHead = 0;
  /** The document's base: the caller's, until a <base href> (RFC 3986 §5.1.1). */
  #base: UriComponents | undefined;
  #baseSet = false;
  /** The text being scanned, since the last tag with URLs (or since the base changed). */
  #segment: Segment | undefined;
  #segmentText = false;
  /** What stands between the text written and the next: an element boundary. */
  #gap = '';
  #hidden = false;
  /** Text [#pendStart, #pendEnd) of the input, not yet written: the tokenizer's pieces of it, joined. */
  #pendStart = 0;
  #pendEnd = 0;
  #tag = '';
  #attrs: Attribute[] = [];
  #attr: Attribute | undefined;
  #warned = false;
  #ended = false;

  /** `base`: the part's base (RFC 3986 §5.1); null for the `base` option. */
  constructor(ctx: FormatContext, source: Source, base: UriComponents | undefined | null) {
    this.#ctx = ctx;
    this.#source = source;
    this.#base = base === null ? ctx.config.base : base;
    this.#tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: true }, this.#callbacks());
  }

  mark(line: number, column: number, offset: number): void {
    const at = this.#window.end;
    this.#map.add(at, this.#window.line, line, column, offset);
    if (this.#marks[this.#marks.length - 1] !== at) this.#marks.push(at);
  }

  write(text: string): void {
    if (this.#ended || text.length === 0) return;
    this.#window.push(text);
    this.#tokenizer.write(text);
    this.#flushText();
    this.#window.trim();
    this.#map.prune(this.#window.start);
    this.#pruneMarks(this.#window.start);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#tokenizer.end();
    this.#flushText();
    this.#endText();
  }

  /** The tokenizer's events. Comments, CDATA, declarations and processing instructions are not read. */
  #callbacks(): TokenizerCallbacks {
    const none = (): void => {};
    return {
      ontext: (start, end) => this.#text(start, end),
      ontextentity: (cp) => this.#textEntity(String.fromCodePoint(cp)),
      onopentagname: (start, end) => this.#openTag(this.#name(start, end)),
      onattribname: (start, end) => this.#attribute(this.#name(start, end)),
      onattribdata: (start, end) => this.#attr?.value.add(this.#window.slice(start, end), start, false),
      onattribentity: (cp) => this.#attr?.value.add(String.fromCodePoint(cp), this.#entityStart(), true),
      onattribend: (quote) => this.#attributeEnd(quote),
      onopentagend: () => this.#tagEnd(),
      onselfclosingtag: () => this.#tagEnd(),
      onclosetag: (start, end) => this.#closeTag(this.#name(start, end)),
      oncomment: none, oncdata: none, ondeclaration: none, onprocessinginstruction: none, onend: none,
    };
  }

  /** A tag or attribute name in lower case ('' for one too long to be any we look for). */
  #name(start: number, end: number): string {
    return end - start > LONGEST_NAME ? '' : this.#window.slice(start, end).toLowerCase();
  }

  /** Where the entity just decoded started (the tokenizer knows; its callbacks do not say). */
  #entityStart(): number {
    const at = (this.#tokenizer as unknown as { entityStart?: unknown }).entityStart;
    return typeof at === 'number' ? at : this.#pendEnd;
  }

  #openTag(name: string): void {
    this.#boundary(name);
    this.#tag = name;
    this.#attrs = [];
    this.#attr = undefined;
  }

  #closeTag(name: string): void {
    this.#boundary(name);
    this.#hidden = false; // in script or style, the tokenizer reports no other end tag
  }

  #boundary(name: string): void {
    this.#flushText();
    this.#gap = this.#gap === '\n' || BLOCK.has(name) ? '\n' : ' ';
  }

  /** An attribute starts: keep its value if it may hold a URL (the first of a name only, as HTML does). */
  #attribute(name: string): void {
    const kind = kindOf(this.#tag, name);
    const seen = this.#attrs.some((a) => a.name === name);
    this.#attr = kind === undefined || seen ? undefined : {
      name, kind, value: new AttrValue(limitOf(kind, this.#ctx.config.maxLength)), quoted: false,
    };
  }

  #attributeEnd(quote: QuoteType): void {
    const attr = this.#attr;
    if (attr === undefined) return;
    attr.quoted = quote === QuoteType.Double || quote === QuoteType.Single;
    this.#attrs.push(attr);
    this.#attr = undefined;
  }

  /** The open tag has ended: emit its URLs, after the text before it (document order). */
  #tagEnd(): void {
    const tag = this.#tag;
    const found: Match[] = [];
    for (const attr of this.#attrs) this.#attributeFounds(tag, attr, found);
    const base = tag === 'base' && !this.#baseSet ? this.#attrs.find((a) => a.name === 'href') : undefined;
    if (found.length > 0 || base !== undefined) this.#endText();
    for (const f of found) this.#ctx.out.push(f);
    if (base !== undefined) this.#setBase(base);
    if (HIDDEN.has(tag)) this.#hidden = true;
    this.#attrs = [];
  }

  /** The first <base href> is the base of what follows; a relative one is resolved against the base before it. */
  #setBase(attr: Attribute): void {
    this.#baseSet = true;
    const url = attr.value.tooLong ? undefined : urlOf(attr.value.text)[0]?.[0];
    const target = url === undefined ? undefined : targetOf(url, this.#base, ANY_SCHEME);
    const components = target === undefined ? undefined : parse(target);
    if (components !== undefined) this.#base = { ...components, fragment: undefined };
  }

  /** The Founds of one attribute of `tag`, pushed to `found`. */
  #attributeFounds(tag: string, attr: Attribute, found: Match[]): void {
    if (attr.kind === 'pragma') return;
    if (attr.value.tooLong) return this.#tooLong(attr);
    let candidates: Candidate[];
    if (attr.kind === 'content') {
      const pragma = this.#attrs.find((a) => a.kind === 'pragma');
      if (pragma === undefined || pragma.value.text.toLowerCase() !== 'refresh') return;
      candidates = refreshUrl(attr.value.text);
    } else candidates = attr.kind === 'srcset' ? srcsetUrls(attr.value.text) : urlOf(attr.value.text);
    const html = `${tag}[${attr.name}]`;
    for (const [url, at] of candidates) {
      if (url.length > this.#ctx.config.maxLength) this.#tooLong(attr);
      else {
        const f = this.#found(url, attr.value.inputIndex(at), attr.quoted, html);
        if (f !== undefined) found.push(f);
      }
    }
  }

  #found(url: string, at: number, quoted: boolean, html: string): Match | undefined {
    const uri = targetOf(url, this.#base, this.#ctx.config.policy);
    if (uri === undefined) return undefined;
    const own = this.#ctx.detach ? detach : (s: string): string => s;
    const reference = own(url);
    const f = new Match(uri === url ? reference : own(uri), reference, reference, undefined, quoted ? 'quote' : 'none', false, NONE);
    const p = this.#position(at);
    f.offset = p.offset;
    f.line = p.line;
    f.column = p.column;
    f.source = this.#sourceOf(html);
    return f;
  }

  #tooLong(attr: Attribute): void {
    if (this.#warned) return;
    this.#warned = true;
    this.#ctx.warn({
      code: 'attribute-too-long', line: this.#position(attr.value.inputIndex(0)).line,
      message: `an HTML ${attr.name} attribute longer than maxLength (${this.#ctx.config.maxLength}) was skipped`,
    });
  }

  #sourceOf(html: string): Source {
    let source = this.#sources.get(html);
    if (source !== undefined) return source;
    source = { ...this.#source, html };
    if (this.#sources.size < 256) this.#sources.set(html, source); // any element may have an href: bound the cache
    return source;
  }

  /** The file position of decoded index i. */
  #position(i: number): Position {
    const [line, column] = this.#window.position(i);
    return this.#map.locate(i, line, column) ?? { line, column, offset: i };
  }

  /** Text [start, end) of the input: joined to the text before it when they touch. */
  #text(start: number, end: number): void {
    if (this.#hidden) return;
    if (start !== this.#pendEnd) this.#flushText();
    if (this.#pendStart === this.#pendEnd) this.#pendStart = start;
    this.#pendEnd = end;
  }

  /** Scan the text held, cut at each mark so that positions stay exact. */
  #flushText(): void {
    const start = this.#pendStart;
    const end = this.#pendEnd;
    if (start === end) return;
    this.#pendStart = this.#pendEnd = end;
    const segment = this.#textSegment();
    this.#pruneMarks(start);
    const marks = this.#marks;
    for (let from = start; from < end;) {
      const next = this.#markHead < marks.length ? Math.min(marks[this.#markHead]!, end) : end;
      const p = this.#position(from);
      segment.mark(p.line, p.column, p.offset);
      segment.write(this.#window.slice(from, next));
      if (next < end) this.#markHead++;
      from = next;
    }
  }

  /** Forget the marks at or before index `at`: text is cut only after its start. */
  #pruneMarks(at: number): void {
    const marks = this.#marks;
    while (this.#markHead < marks.length && marks[this.#markHead]! <= at) this.#markHead++;
    if (this.#markHead > 4096 && this.#markHead * 2 > marks.length) {
      this.#marks = marks.slice(this.#markHead);
      this.#markHead = 0;
    }
  }

  /** A character reference in text: its character stands where the reference starts. */
  #textEntity(char: string): void {
    if (this.#hidden) return;
    this.#flushText();
    const segment = this.#textSegment();
    const p = this.#position(this.#entityStart());
    segment.mark(p.line, p.column, p.offset);
    segment.write(char);
  }

  /** The Segment text goes to, after the boundary since the last text. */
  #textSegment(): Segment {
    let segment = this.#segment;
    if (segment === undefined) {
      segment = this.#segment = new Segment(this.#ctx, this.#sourceOf('text'), this.#base);
      this.#segmentText = false;
    }
    if (this.#segmentText && this.#gap !== '') segment.write(this.#gap);
    this.#gap = '';
    this.#segmentText = true;
    return segment;
  }

  /** End the text scanned so far: its URIs are emitted before what follows. */
  #endText(): void {
    this.#segment?.end();
    this.#segment = undefined;
  }
}
