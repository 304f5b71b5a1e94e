// The HTML format's core: decoded HTML in, the URIs of its URL attributes
// and of its text out, at file positions. HtmlReader feeds it a document;
// the mail format feeds it the text/html parts. It runs the tokenizer and
// says what each event does to the text (flow.ts), the head (head.ts), the
// scope, the base and the embedded documents; the open tag's attributes
// are kept by an OpenTag (open-tag.ts).

import type { TokenizerCallbacks } from 'htmlparser2';
import type { UriComponents } from '../../uri/components.js';
import { isUnicodeEncoding } from '../bytes.js';
import { PositionMap, type Position } from '../positions.js';
import type { Source } from '../source.js';
import { configWith, warnTooLong, type FormatContext, type TextSink } from '../types.js';
import { limitOf } from './attributes.js';
import { DocumentBase } from './base.js';
import { TAGS, UNSEEN, findName, slowName, type TagName } from './names.js';
import { Sources, tagFounds, type Attribute } from './tag.js';
import { TextFlow, type FlowContext } from './flow.js';
import type { TagReader } from './tags.js';
import { LONGEST_NAME } from './layout.js';
import { FastTokenizer, type FastSink } from './tokenizer.js';
import { OpenTag } from './open-tag.js';
import { TextWindow, positionIn } from './window.js';
import { HtmlScratch, type HtmlBuffers } from './scratch.js';
import { Scope } from './scope.js';
import type { ScriptContext } from './json-ld.js';
import { Embedded } from './embedded.js';
import { Head } from './head.js';
import type { FoundRecord } from '../../delimit/match.js';
import { findSchemeEnd } from '../../uri/parse.js';

export class HtmlSink implements TextSink, ScriptContext, FlowContext, FastSink {
  readonly ctx: FormatContext;
  readonly #sources: Sources;
  readonly #tokenizer: FastTokenizer;
  readonly #window = new TextWindow();
  /** The marks received (file positions), and the decoded index of each, to cut text pieces at. */
  readonly #map = new PositionMap();
  readonly #pos: Position = { line: 0, column: 0, offset: 0 };
  /** The document's base: the caller's, until a <base href>. */
  readonly #base: DocumentBase;
  readonly #scope = new Scope();
  readonly #flow: TextFlow;
  readonly #buffers: HtmlBuffers;
  /** The start tag the tokenizer is in: its name and the attributes of it kept. */
  readonly #openTag: OpenTag;
  /** Its JSON-LD script's body (`.script`, undefined when none is open) and srcdoc documents. */
  readonly #embedded: Embedded;
  /** The head, while the document is in it: its relative URLs wait for its <base href> (see Head). */
  #head: Head | undefined;
  #warned = false;
  #ended = false;

  /** The tokenizer's current buffer, and the input index of its start (for TextFlow). */
  get buffer(): string {
    return this.#tokenizer.buffer;
  }

  get bufferStart(): number {
    return this.#tokenizer.offset;
  }

  /** Characters of decoded input held for the tokenizer's callbacks (window.ts: KEEP before the newest chunk, at most). */
  get held(): number { return this.#window.end - this.#window.start; }

  /** `base`: the part's base (RFC 3986 §5.1); null for the `base` option. `depth`: how many srcdoc documents this one is in. */
  constructor(ctx: FormatContext, source: Source, base: UriComponents | undefined | null, depth = 0) {
    this.ctx = ctx;
    this.#sources = new Sources(source);
    this.#buffers = (ctx.html ??= new HtmlScratch()).take();
    this.#base = new DocumentBase(base === null ? ctx.config.base : base, ctx.config.policy, this.#buffers.targets);
    this.#flow = new TextFlow(this, this.#window, configWith(ctx.config, undefined, ctx.config.lines), this.#buffers.batch);
    this.#tokenizer = new FastTokenizer({ xmlMode: false, decodeEntities: true }, this.#callbacks(), this, this.#buffers.tags);
    this.#embedded = new Embedded(this, this, HtmlSink, depth);
    this.#openTag = new OpenTag(this.#window, this.#tokenizer, this.#scope, this.#embedded, this.#base, ctx.config.maxLength);
    this.#head = new Head(this, this.#base, this.#flow, this.#window);
  }

  mark(line: number, column: number, offset: number): void {
    const at = this.#window.end;
    this.#map.add(at, this.#window.line, line, column, offset);
    this.#flow.cut(at);
  }

  write(text: string): void {
    if (this.#ended || text.length === 0) return;
    this.#window.push(text);
    this.#read(text);
  }

  /**
   * Text with marks inside it, in one call, as mark() and write() in turn
   * would give them: the first `count` numbers of `marks`, flat [index in
   * text, (line breaks before it: not read, the window counts them), line,
   * column, offset] per mark, in index order (the layout of the mail
   * format's TextBatch). The tokenizer gets the text as one chunk, not one
   * per mark.
   */
  writeMarked(text: string, marks: readonly number[], count: number): void {
    if (this.#ended) return;
    const window = this.#window;
    const start = window.end;
    window.push(text);
    for (let k = 0; k < count; k += 5) {
      const at = start + marks[k]!;
      this.#map.add(at, window.lineAt(at), marks[k + 2]!, marks[k + 3]!, marks[k + 4]!);
      this.#flow.cut(at);
    }
    if (text.length > 0) this.#read(text);
  }

  /** Tokenize text just pushed to the window, then let go of what is no longer needed. */
  #read(text: string): void {
    this.#head?.start(this.ctx.out);
    this.#tokenizer.write(text);
    this.#flow.settle();
    this.#openTag.settle(this);
    this.#embedded.script?.settle(this);
    this.#window.trim();
    this.#map.prune(this.#window.start);
    this.#flow.prune(this.#window.start);
    this.#head?.hold(this.ctx.out);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#head?.start(this.ctx.out);
    this.#tokenizer.end();
    this.#embedded.end(this.#openTag.attrs, this.#openTag.attr); // the input ends inside a tag, a srcdoc or a JSON-LD script
    this.#flow.flush();
    this.#flow.end();
    this.#head?.end();
    this.#head = undefined;
    this.ctx.html?.give(this.#buffers);
    const n = this.#base.unresolved;
    if (n > 0) this.ctx.warn({ code: 'unresolved-links', message: `${n} relative link(s) left out: no base to resolve them against`, count: n });
    warnTooLong(this.ctx, this.#flow.tooLong);
  }

  /**
   * The tokenizer's events. Comments, declarations and processing
   * instructions are not read; the first two stand in text as a phrasing
   * element's boundary does, no gap a reader sees (React's `<!-- -->`
   * between two text nodes: `Docs<!-- -->https://a/` is `https://a/`). A
   * CDATA section, which the tokenizer opens in foreign content alone, is
   * text, [start, end - offset) (its "]]>" left out).
   */
  #callbacks(): TokenizerCallbacks {
    const none = (): void => {};
    const unseen = (): void => this.#flow.boundary(UNSEEN);
    const text = (start: number, end: number): void => (this.#embedded.script === undefined ? this.text(start, end) : this.#embedded.script.add(this.#window.slice(start, end), start, false));
    return {
      ontext: text,
      oncdata: (start, end, offset) => text(start, end - offset),
      ontextentity: (cp) => {
        if (this.#head !== undefined && !this.#flow.hidden && !this.#head.entity(cp)) this.#head = undefined;
        this.#flow.entity(String.fromCodePoint(cp), this.#entityStart());
      },
      onopentagname: (start, end) => this.#open(findName(TAGS, this.#tokenizer, start, end), start, end),
      onattribname: (start, end) => this.#openTag.attribute(start, end),
      onattribdata: (start, end) => this.#openTag.attr?.value.add(this.#window.slice(start, end), start, false),
      onattribentity: (cp) => this.#openTag.attr?.value.add(String.fromCodePoint(cp), this.#entityStart(), true),
      onattribend: (quote) => this.#openTag.attributeEnd(quote),
      onopentagend: () => this.#tagEnd(false),
      onselfclosingtag: () => this.#tagEnd(true),
      onclosetag: (start, end) => this.#close(findName(TAGS, this.#tokenizer, start, end), start, end),
      isInForeignContext: () => this.#scope.foreign,
      oncomment: unseen, onprocessinginstruction: unseen, ondeclaration: none, onend: none,
    };
  }

  text(start: number, end: number): void {
    if (this.#head !== undefined && !this.#flow.hidden && !this.#head.text(start, end)) this.#head = undefined;
    this.#flow.text(start, end);
  }

  startTag(tag: TagName | null | undefined, start: number, end: number, reader: TagReader, offset: number, selfClosing: boolean): void {
    this.#open(end - start > LONGEST_NAME ? undefined : tag, start, end);
    const relativeIsInert = this.#base.base === undefined && this.#head === undefined && this.#openTag.tag?.name !== 'base';
    this.#openTag.readAttributes(reader, offset, relativeIsInert);
    this.#tagEnd(selfClosing);
  }

  endTag(tag: TagName | null | undefined, start: number, end: number): void {
    this.#close(end - start > LONGEST_NAME ? undefined : tag, start, end);
  }

  /** Where the entity just decoded started (the tokenizer knows; its callbacks do not say). */
  #entityStart(): number {
    const at = (this.#tokenizer as unknown as { entityStart?: unknown }).entityStart;
    return typeof at === 'number' ? at : this.#flow.pendEnd;
  }

  /** A start tag, named [start, end): `tag` is what TAGS has of the name (undefined: look again, slowly). */
  #open(tag: TagName | null | undefined, start: number, end: number): void {
    const open = this.#openTag;
    open.open(tag, start, end);
    if (this.#head !== undefined && !this.#head.tag(open.name, true)) this.#head = undefined;
    this.#flow.boundary(open.tag); // "http://a/long/<wbr>path" is one URL
    if (open.tag?.pre === true) this.#flow.pre++;
  }

  #close(tag: TagName | null | undefined, start: number, end: number): void {
    const known = tag === undefined ? slowName(this.#window, start, end) : tag;
    if (this.#head !== undefined && !this.#head.tag((known ?? slowName(this.#window, start, end)).name, false)) this.#head = undefined;
    this.#flow.boundary(known);
    if (known?.pre === true && this.#flow.pre > 0) this.#flow.pre--;
    if (known?.scope === true) this.#scope.closed(known.name);
    else if (this.#scope.foreign) this.#scope.closed((known ?? slowName(this.#window, start, end)).name); // a name TAGS lacks, in foreign content only
    this.#flow.hidden = false; // in script or style, the tokenizer reports no other end tag
    if (this.#embedded.script !== undefined) this.#embedded.scriptEnd();
  }

  /**
   * The open tag has ended (`selfClosing`: with "/>"): emit its URLs, after
   * the text before it (document order: see TextRun.queue). Only a <base> of the document
   * itself sets the base: not one in a <template> or in <svg>.
   */
  #tagEnd(selfClosing: boolean): void {
    const attrs = this.#openTag.attrs;
    if (this.#openTag.live) {
      const tag = this.#openTag.name;
      const found = tagFounds(this, tag, attrs);
      const base = tag === 'base' && !this.#base.set && this.#scope.document ? attrs.find((a) => a.name === 'href') : undefined;
      if (tag === 'script' && !this.#scope.foreign) this.#embedded.scriptOpened(attrs);
      if (base !== undefined) {
        this.#flow.end(); // the URIs of the text before it first
        for (const f of found) this.ctx.out.push(f);
        this.#base.read(base.value); // the URL attributes after it are resolved against it (see DocumentBase#read)
        this.#head?.end(); // the URLs of the head before it are resolved against it
        this.#head = undefined;
      } else if (found.length > 0) this.tagFounds(found);
    }
    this.#openTag.ended();
    const t = this.#openTag.tag;
    if (this.#scope.foreign || t?.scope === true) this.#scope.opened(this.#openTag.name, selfClosing);
    if (t === null) return;
    if (t.hidden && !(selfClosing && this.#scope.foreign)) this.#flow.hidden = true; // <svg><script href="…"/> holds nothing
  }

  /** A tag's Founds, after the text before it (in the head, see Head). */
  tagFounds(found: FoundRecord[]): void {
    if (this.#head === undefined) this.#flow.tagFounds(found);
    else if (!this.#head.tagFounds(found)) this.#head = undefined;
  }

  /** The page's charset, once known: the query of a link is encoded in it (see Targets). */
  set charset(charset: string) {
    this.#base.charset = charset;
    if (!isUnicodeEncoding(charset)) this.fromLegacyCharset();
  }

  fromLegacyCharset(): void {
    this.#flow.fromLegacyCharset();
  }

  tooLong(attr: Attribute): void {
    if (this.#warned) return;
    this.#warned = true;
    this.ctx.warn({
      code: 'attribute-too-long', line: attr.value.position(0, this, { line: 0, column: 0, offset: 0 }).line,
      message: `an HTML ${attr.name} attribute longer than ${limitOf(attr.kind, this.ctx.config.maxLength)} characters was skipped`,
    });
  }

  target(url: string): string | undefined {
    // in the head, with no base yet, a relative URL stands for itself until the head ends (see Head)
    if (this.#head !== undefined && this.#base.base === undefined && this.#openTag.tag?.name !== 'base' && findSchemeEnd(url) === -1) return url;
    return this.#base.target(url);
  }

  sourceFor(tag: string, name: string): Source {
    return this.#sources.of(tag, name);
  }

  sourceOf(html: string): Source {
    return this.#sources.get(html);
  }

  jsonSource(field: string): Source {
    return this.#sources.json(field);
  }

  /** The file position of decoded index i, in an object the next call reuses. */
  position(i: number): Position {
    return positionIn(this.#window, this.#map, i, this.#pos);
  }
}
