// One Markdown block, parsed alone by micromark (CommonMark), its tokens
// read in order: the destinations of links, images and reference
// definitions and the URIs of autolinks come out where they are written;
// raw HTML goes to an HTML sink of the block's own, as html mode reads it;
// the text goes to BlockText. Titles, labels and reference names are not
// read. A block's Founds come out in the order of their places.

import { parse } from 'micromark';
import type { Event, ParseContext, Token } from 'micromark-util-types';
import { decodeString } from 'micromark-util-decode-string';
import type { Found } from '../../delimit/types.js';
import type { FormatContext } from '../types.js';
import { HtmlContent } from '../feed/content.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import { BlockText } from './text.js';
import { LF, SPACE } from '../../uri/codes.js';
import { ZERO_WIDTH_SPACE } from '../../delimit/chars.js';
import type { MarkdownLinks } from './links.js';
import { mayYield, pieceEvents, pieceStarts } from './pieces.js';

/**
 * The shortcuts of pieces.ts: taken (`on`; off only in tests that check
 * they change nothing), and the least length of a piece a long block is
 * parsed in (`piece`).
 */
export const shortcuts = { on: true, piece: 1024 };

/** The Sources of Markdown's Founds, one of each. */
export const SOURCES = {
  link: { markdown: 'link' }, image: { markdown: 'image' }, definition: { markdown: 'definition' },
  autolink: { markdown: 'autolink' }, html: { markdown: 'html' }, text: { markdown: 'text' }, code: { markdown: 'code' },
} as const satisfies Record<string, Source>;

/** Tokens whose text is not read: destinations and titles (read as links, or not at all), labels and reference names. */
const UNREAD = new Set(['resourceDestination', 'resourceTitle', 'definitionLabel', 'definitionTitle', 'definitionDestination', 'reference']);

/** The gap each token's edges put in the text (see BlockText): a block's, a link's, a phrasing element's. */
const GAPS = new Map<string, typeof LF | typeof SPACE | typeof ZERO_WIDTH_SPACE>([
  ...['paragraph', 'atxHeading', 'setextHeading', 'codeFenced', 'codeIndented', 'htmlFlow', 'listItemPrefix', 'blockQuote', 'thematicBreak'].map((t) => [t, LF] as const),
  ...['link', 'image', 'htmlText'].map((t) => [t, SPACE] as const),
  ...['codeText', 'emphasis', 'strong'].map((t) => [t, ZERO_WIDTH_SPACE] as const),
]);

/** The file positions of a block's characters: it starts at `line`, column 1, `offset`. */
export class BlockPlace {
  readonly #text: string;
  readonly #line: number;
  readonly #offset: number;
  /** Indexes of the block's line feeds, found on first need. */
  #feeds: number[] | undefined;

  constructor(text: string, line: number, offset: number) {
    this.#text = text;
    this.#line = line;
    this.#offset = offset;
  }

  position(i: number): Position {
    const feeds = this.#feeds ??= lineFeeds(this.#text);
    let lo = 0;
    let hi = feeds.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (feeds[mid]! < i) lo = mid + 1;
      else hi = mid;
    }
    const lineStart = lo === 0 ? 0 : feeds[lo - 1]! + 1;
    return { line: this.#line + lo, column: i - lineStart + 1, offset: this.#offset + i };
  }
}

function lineFeeds(text: string): number[] {
  const feeds: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) feeds.push(i);
  return feeds;
}

export class BlockReader {
  readonly #ctx: FormatContext;
  /** The context of the blocks' HTML sinks (their warnings counted by `links`). */
  readonly #inner: FormatContext;
  readonly #links: MarkdownLinks;
  readonly #text: BlockText;
  readonly #parser: ParseContext = parse();
  /** The document's charset, when no Unicode one (the HTML sinks encode queries in it). */
  charset: string | undefined;

  constructor(ctx: FormatContext, inner: FormatContext, links: MarkdownLinks) {
    this.#ctx = ctx;
    this.#inner = inner;
    this.#links = links;
    this.#text = new BlockText(ctx);
  }

  fromLegacyCharset(charset: string): void {
    this.charset = charset;
    this.#text.fromLegacyCharset();
  }

  get tooLong(): number {
    return this.#text.tooLong;
  }

  /** Read the block `text`, which starts the line `line` at `offset`. */
  read(text: string, line: number, offset: number): void {
    if (shortcuts.on && !mayYield(text)) return;
    const place = new BlockPlace(text, line, offset);
    const out = this.#ctx.out;
    const first = out.length;
    const parser = this.#parser;
    parser.defined.length = 0;
    parser.lazy = {}; // micromark's lazy lines, by line number: the block's own (another block's would end its fences and comments)
    let html: HtmlContent | undefined;
    for (const events of pieceEvents(parser, text, shortcuts.on ? pieceStarts(text, shortcuts.piece) : [])) html = this.#walk(events, text, place, html);
    html?.flush();
    this.#text.scan((i) => place.position(i), out);
    if (html !== undefined) html.end();
    if (out.length - first > 1) sortFrom(this.#ctx.out, first);
  }

  /** Hand each token to the reader it is for; the HTML sink, if the block has raw HTML. */
  #walk(events: Event[], text: string, place: BlockPlace, sink: HtmlContent | undefined): HtmlContent | undefined {
    let html = sink;
    let unread = 0;
    let inHtml = 0;
    let inCode = 0;
    const media: Source[] = [];
    for (let k = 0; k < events.length; k++) {
      const [kind, token] = events[k]!;
      const type = token.type;
      const enter = kind === 'enter';
      if (UNREAD.has(type)) unread += enter ? 1 : -1;
      if (type === 'htmlFlow' || type === 'htmlText') inHtml += enter ? 1 : -1;
      if (type === 'codeText' || type === 'codeFenced' || type === 'codeIndented') inCode += enter ? 1 : -1;
      const gap = GAPS.get(type);
      if (gap !== undefined) this.#text.boundary(gap);
      if (type === 'link' || type === 'image') enter ? media.push(type === 'link' ? SOURCES.link : SOURCES.image) : media.pop();
      if (!enter) continue;
      if (type === 'htmlFlowData' || type === 'htmlTextData' || (inHtml > 0 && type === 'lineEnding')) {
        html ??= new HtmlContent(this.#inner, SOURCES.html, this.#inner.config.base, false, this.charset);
        html.add(slice(text, token), token.start.offset, token.end.offset, place);
      }
      else if (type === 'resourceDestinationString') this.#links.destination(slice(text, token), place.position(token.start.offset), media.at(-1) ?? SOURCES.link);
      else if (type === 'definitionDestinationString') this.#links.destination(slice(text, token), place.position(token.start.offset), SOURCES.definition);
      else if (type === 'autolinkProtocol') this.#links.autolink(slice(text, token), place.position(token.start.offset));
      else if (unread === 0 && inHtml === 0) k = this.#textToken(events, k, text, inCode > 0 ? SOURCES.code : SOURCES.text);
    }
    return html;
  }

  /** Read the text token at events[k]; the index of the last event it took. */
  #textToken(events: Event[], k: number, text: string, source: Source): number {
    const token = events[k]![1];
    switch (token.type) {
      case 'data': case 'autolinkEmail': case 'codeTextData': case 'codeFlowValue':
        this.#text.add(slice(text, token), token.start.offset, token.end.offset, source);
        return k;
      case 'lineEnding':
        this.#text.add('\n', token.start.offset, token.end.offset, source);
        return k;
      case 'characterEscape': case 'characterReference': {
        this.#text.add(decodeString(slice(text, token)), token.start.offset, token.end.offset, source);
        let j = k + 1;
        while (events[j]![1] !== token) j++;
        return j; // its marker and value tokens read
      }
      default:
        return k;
    }
  }
}

function slice(text: string, token: Token): string {
  return text.slice(token.start.offset, token.end.offset);
}

/** Sort out[first…] by offset, keeping the order of Founds at one offset. */
function sortFrom(out: Found[], first: number): void {
  const block = out.splice(first);
  block.sort((a, b) => a.offset - b.offset);
  for (const f of block) out.push(f);
}
