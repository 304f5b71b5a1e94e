// The HTML format's core: decoded HTML in, the URIs of its URL attributes
// and of its text out, at file positions. HtmlReader feeds it a document;
// the mail format feeds it the text/html parts.

import { QuoteType, type TokenizerCallbacks } from 'htmlparser2';
import type { ScanConfig } from '../../delimit/options.js';
import type { UriComponents } from '../../uri/components.js';
import { parse } from '../../uri/parse.js';
import { PositionMap, type Position } from '../positions.js';
import type { Source } from '../source.js';
import type { FormatContext, TextSink } from '../types.js';
import { ANY_SCHEME, kindOf, limitOf, targetOf } from './attributes.js';
import { ATTRIBUTES, LONGEST_NAME, TAGS, type TagName } from './names.js';
import { tagFounds, type Attribute, type TagContext } from './tag.js';
import { TextBatch } from './batch.js';
import { TextRun, type Positions } from './text.js';
import { FastTokenizer } from './tokenizer.js';
import { AttrValue, urlOf } from './value.js';
import { TextWindow } from './window.js';

const LF = 0x0a;
const SPACE = 0x20;

/** The name of a tag too long to be any we look for. */
const NO_NAME: TagName = { name: '', block: false, hidden: false };

export class HtmlSink implements TextSink, TagContext, Positions {
  readonly ctx: FormatContext;
  readonly #source: Source;
  readonly #sources = new Map<string, Source>();
  /** The Sources of URIs in attributes, by tag and attribute name (a cache of sourceOf). */
  readonly #labels = new Map<string, Map<string, Source>>();
  readonly #tokenizer: FastTokenizer;
  readonly #window = new TextWindow();
  /** The marks received (file positions), and the decoded index of each, to cut text pieces at. */
  readonly #map = new PositionMap();
  #marks: number[] = [];
  #markHead = 0;
  readonly #pos: Position = { line: 0, column: 0, offset: 0 };
  /** The document's base: the caller's, until a <base href> (RFC 3986 §5.1.1). */
  #base: UriComponents | undefined;
  #baseSet = false;
  /** The options the text is scanned with: the document's base in them. */
  #config: ScanConfig;
  /** The text being scanned, since the last tag with URLs (or since the base changed). */
  #segment: TextRun | undefined;
  /** The buffer text runs gather their text in, one at a time. */
  #batch: TextBatch | undefined;
  #segmentText = false;
  /** What stands between the text written and the next: an element boundary (a space or a line break; 0: nothing). */
  #gap = 0;
  #hidden = false;
  /** Text [#pendStart, #pendEnd) of the input, not yet written: the tokenizer's pieces of it, joined. */
  #pendStart = 0;
  #pendEnd = 0;
  /** The open tag: its name when it is one the tables know (else null: read from [#nameStart, #nameEnd) when needed). */
  #tag: TagName | null = NO_NAME;
  #nameStart = 0;
  #nameEnd = 0;
  #attrs: Attribute[] = [];
  #attr: Attribute | undefined;
  #warned = false;
  #ended = false;

  /** `base`: the part's base (RFC 3986 §5.1); null for the `base` option. */
  constructor(ctx: FormatContext, source: Source, base: UriComponents | undefined | null) {
    this.ctx = ctx;
    this.#source = source;
    this.#base = base === null ? ctx.config.base : base;
    this.#config = base === null ? ctx.config : { ...ctx.config, base };
    this.#tokenizer = new FastTokenizer({ xmlMode: false, decodeEntities: true }, this.#callbacks());
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
    this.#segment?.settle(); // what this text completes is emitted now, as a Segment would
    if (this.#tag === null) this.#tag = this.#slowName(TAGS, this.#nameStart, this.#nameEnd); // before its name may leave the window
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
      onopentagname: (start, end) => this.#openTag(start, end),
      onattribname: (start, end) => this.#attribute(start, end),
      onattribdata: (start, end) => this.#attr?.value.add(this.#window.slice(start, end), start, false),
      onattribentity: (cp) => this.#attr?.value.add(String.fromCodePoint(cp), this.#entityStart(), true),
      onattribend: (quote) => this.#attributeEnd(quote),
      onopentagend: () => this.#tagEnd(),
      onselfclosingtag: () => this.#tagEnd(),
      onclosetag: (start, end) => this.#closeTag(start, end),
      oncomment: none, oncdata: none, ondeclaration: none, onprocessinginstruction: none, onend: none,
    };
  }

  /** The entry of `table` for the name [start, end) in any case; null when it has none. */
  #find<T extends { name: string }>(table: { find(s: string, a: number, b: number): T | null | undefined }, start: number, end: number): T | null | undefined {
    if (end - start > LONGEST_NAME) return undefined;
    const t = this.#tokenizer;
    return start >= t.offset ? table.find(t.buffer, start - t.offset, end - t.offset) : undefined;
  }

  /** The name [start, end) in lower case, sliced, with what `table` knows of it. */
  #slowName(table: typeof TAGS, start: number, end: number): TagName {
    if (end - start > LONGEST_NAME) return NO_NAME;
    const name = this.#window.slice(start, end).toLowerCase();
    return table.get(name) ?? { name, block: false, hidden: false };
  }

  /** Where the entity just decoded started (the tokenizer knows; its callbacks do not say). */
  #entityStart(): number {
    const at = (this.#tokenizer as unknown as { entityStart?: unknown }).entityStart;
    return typeof at === 'number' ? at : this.#pendEnd;
  }

  #openTag(start: number, end: number): void {
    const tag = this.#find(TAGS, start, end);
    this.#tag = tag === undefined ? this.#slowName(TAGS, start, end) : tag;
    this.#nameStart = start;
    this.#nameEnd = end;
    this.#boundary(this.#tag !== null && this.#tag.block);
    if (this.#attrs.length > 0) this.#attrs = [];
    this.#attr = undefined;
  }

  #closeTag(start: number, end: number): void {
    const tag = this.#find(TAGS, start, end);
    this.#boundary((tag === undefined ? this.#slowName(TAGS, start, end) : tag)?.block === true);
    this.#hidden = false; // in script or style, the tokenizer reports no other end tag
  }

  #boundary(block: boolean): void {
    this.#flushText();
    this.#gap = this.#gap === LF || block ? LF : SPACE;
  }

  /** The open tag's name in lower case. */
  #tagName(): string {
    return (this.#tag ??= this.#slowName(TAGS, this.#nameStart, this.#nameEnd)).name;
  }

  /** An attribute starts: keep its value if it may hold a URL (the first of a name only, as HTML does). */
  #attribute(start: number, end: number): void {
    this.#attr = undefined;
    if (end - start > LONGEST_NAME) return;
    const known = this.#find(ATTRIBUTES, start, end);
    const name = known === undefined ? this.#window.slice(start, end).toLowerCase() : known?.name;
    if (name === undefined) return;
    const kind = kindOf(this.#tagName(), name);
    if (kind === undefined || this.#attrs.some((a) => a.name === name)) return;
    this.#attr = { name, kind, value: new AttrValue(limitOf(kind, this.ctx.config.maxLength)), quoted: false };
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
    const attrs = this.#attrs;
    if (attrs.length > 0) {
      const tag = this.#tagName();
      const found = tagFounds(this, tag, attrs, this.#base);
      const base = tag === 'base' && !this.#baseSet ? attrs.find((a) => a.name === 'href') : undefined;
      if (found.length > 0 || base !== undefined) this.#endText();
      for (const f of found) this.ctx.out.push(f);
      if (base !== undefined) this.#setBase(base);
      this.#attrs = [];
    }
    if (this.#tag !== null && this.#tag.hidden) this.#hidden = true;
  }

  /** The first <base href> is the base of what follows; a relative one is resolved against the base before it. */
  #setBase(attr: Attribute): void {
    this.#baseSet = true;
    const url = attr.value.tooLong ? undefined : urlOf(attr.value.text)[0]?.[0];
    const target = url === undefined ? undefined : targetOf(url, this.#base, ANY_SCHEME);
    const components = target === undefined ? undefined : parse(target);
    if (components !== undefined) {
      this.#base = { ...components, fragment: undefined };
      this.#config = { ...this.ctx.config, base: this.#base };
    }
  }

  tooLong(attr: Attribute): void {
    if (this.#warned) return;
    this.#warned = true;
    this.ctx.warn({
      code: 'attribute-too-long', line: this.position(attr.value.inputIndex(0)).line,
      message: `an HTML ${attr.name} attribute longer than maxLength (${this.ctx.config.maxLength}) was skipped`,
    });
  }

  sourceFor(tag: string, name: string): Source {
    let byName = this.#labels.get(tag);
    if (byName === undefined) {
      byName = new Map();
      if (this.#labels.size < 256) this.#labels.set(tag, byName);
    }
    let source = byName.get(name);
    if (source === undefined) byName.set(name, (source = this.sourceOf(`${tag}[${name}]`)));
    return source;
  }

  sourceOf(html: string): Source {
    let source = this.#sources.get(html);
    if (source !== undefined) return source;
    source = { ...this.#source, html };
    if (this.#sources.size < 256) this.#sources.set(html, source); // any element may have an href: bound the cache
    return source;
  }

  /** The file position of decoded index i, in an object the next call reuses. */
  position(i: number): Position {
    const w = this.#window;
    const p = this.#pos;
    w.seek(i);
    if (!this.#map.locateInto(i, w.seekLine, w.seekColumn, p)) {
      p.line = w.seekLine;
      p.column = w.seekColumn;
      p.offset = i;
    }
    return p;
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
    const t = this.#tokenizer;
    for (let from = start; from < end;) {
      const next = this.#markHead < marks.length ? Math.min(marks[this.#markHead]!, end) : end;
      segment.mark(from);
      if (from >= t.offset) segment.copy(t.buffer, from - t.offset, next - t.offset);
      else {
        const text = this.#window.slice(from, next);
        segment.copy(text, 0, text.length);
      }
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
    segment.mark(this.#entityStart());
    segment.copy(char, 0, char.length);
  }

  /** The run text goes to, after the boundary since the last text. */
  #textSegment(): TextRun {
    let segment = this.#segment;
    if (segment === undefined) {
      segment = this.#segment = new TextRun(this.ctx, this.sourceOf('text'), this.#config, this, this.#batch ??= new TextBatch());
      this.#segmentText = false;
    }
    if (this.#segmentText && this.#gap !== 0) segment.char(this.#gap);
    this.#gap = 0;
    this.#segmentText = true;
    return segment;
  }

  /** End the text scanned so far: its URIs are emitted before what follows. */
  #endText(): void {
    this.#segment?.end();
    this.#segment = undefined;
  }
}
