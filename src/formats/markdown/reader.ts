// mode 'markdown': a CommonMark document, decoded as text mode decodes it
// (BOM, else the `charset` option), cut into blocks at blank lines (see
// blocks.ts), each block parsed alone and read as it ends (block.ts), so
// memory holds one block. A block longer than maxLineLength is not parsed:
// it is scanned as text mode scans it, as it streams, with a
// 'block-too-long' warning. Positions are those of the decoded text.

import type { Found } from '../../delimit/types.js';
import { Decoder } from '../../stream/decode.js';
import { isUnicodeEncoding } from '../bytes.js';
import { Segment } from '../segment.js';
import type { FormatContext, FormatReader, FormatWarning } from '../types.js';
import { warnLinkCounts } from '../link.js';
import { BlockReader, SOURCES } from './block.js';
import { BlockCutter, HEAD } from './blocks.js';
import { MarkdownLinks } from './links.js';
import { DEFAULT_MAX_LINE_LENGTH } from '../log/reader.js';


export class MarkdownReader implements FormatReader {
  readonly #ctx: FormatContext;
  readonly #decoder: Decoder;
  readonly #cutter = new BlockCutter();
  readonly #links: MarkdownLinks;
  readonly #blocks: BlockReader;
  readonly #max: number;
  /** The block read so far (while it is no longer than #max). */
  #held = '';
  /** The block being scanned as text, once it is longer than #max. */
  #overflow: Segment | undefined;
  /** Where the block starts: its line and offset (it starts a line). */
  #blockLine = 1;
  #blockOffset = 0;
  /** The line and offset of the next character. */
  #line = 1;
  #offset = 0;
  /** The line being read: its length so far, its first HEAD characters, whether it is all blanks so far. */
  #lineLength = 0;
  #head = '';
  #blank = true;
  #legacy: string | undefined;
  #charsetKnown = false;

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
    this.#decoder = new Decoder(ctx.charset);
    this.#max = ctx.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
    this.#links = new MarkdownLinks(ctx);
    const inner = Object.create(ctx, { warn: { value: (w: FormatWarning) => this.#innerWarning(w) } }) as FormatContext;
    this.#blocks = new BlockReader(ctx, inner, this.#links);
  }

  /** Bytes are decoded; a string is taken as text (after any bytes held for 'auto'). */
  write(chunk: Uint8Array | string): Found[] {
    this.#ctx.out = [];
    this.#take(this.#decoder.take(chunk));
    return this.#ctx.out;
  }

  end(): Found[] {
    this.#ctx.out = [];
    this.#take(this.#decoder.end());
    this.#endBlock();
    warnLinkCounts(this.#ctx, this.#links.unresolved, this.#links.tooLong + this.#blocks.tooLong);
    return this.#ctx.out;
  }

  /** Characters held: the block read so far, while it is parsed whole (at most maxLineLength), and a line's first characters. */
  get held(): number {
    return this.#held.length + this.#head.length;
  }

  #innerWarning(w: FormatWarning): void {
    if (w.code === 'unresolved-links') this.#links.unresolved += w.count ?? 1;
    else if (w.code === 'uri-too-long') this.#links.tooLong += w.count ?? 1;
    else this.#ctx.warn(w);
  }

  /** Decoded text, line by line: a line that starts a block ends the one before. */
  #take(text: string): void {
    this.#settleCharset();
    const n = text.length;
    for (let i = 0; i < n;) {
      if (this.#lineLength === 0 && this.#cutter.cutsAt(text.charCodeAt(i))) this.#endBlock();
      const lf = text.indexOf('\n', i);
      const end = lf === -1 ? n : lf + 1;
      this.#lineChars(text, i, lf === -1 ? n : lf);
      this.#append(i === 0 && end === n ? text : text.slice(i, end));
      if (lf !== -1) this.#lineEnded();
      i = end;
    }
  }

  /** Characters [from, to) of a line, no line feed among them. */
  #lineChars(text: string, from: number, to: number): void {
    if (this.#head.length < HEAD) this.#head += text.slice(from, Math.min(to, from + HEAD - this.#head.length));
    if (this.#blank && !/^[ \t\r]*$/.test(text.slice(from, to))) this.#blank = false;
    this.#lineLength += to - from;
  }

  #lineEnded(): void {
    const head = this.#head;
    this.#cutter.line(head.charCodeAt(head.length - 1) === 0x0d ? head.slice(0, -1) : head, this.#blank);
    this.#line++;
    this.#lineLength = 0;
    this.#head = '';
    this.#blank = true;
  }

  /** Add `s` to the block: held, or scanned as text once the block is too long. */
  #append(s: string): void {
    if (this.#held.length === 0 && this.#overflow === undefined) {
      this.#blockLine = this.#line;
      this.#blockOffset = this.#offset;
    }
    this.#offset += s.length;
    if (this.#overflow !== undefined) return this.#overflow.write(s);
    this.#held += s;
    if (this.#held.length > this.#max) this.#startOverflow();
  }

  #startOverflow(): void {
    this.#ctx.warn({
      code: 'block-too-long', line: this.#blockLine,
      message: `a Markdown block longer than maxLineLength (${this.#max}) is scanned as text`,
    });
    const segment = new Segment(this.#ctx, SOURCES.text);
    if (this.#legacy !== undefined) segment.fromLegacyCharset();
    segment.mark(this.#blockLine, 1, this.#blockOffset);
    segment.write(this.#held);
    this.#held = '';
    this.#overflow = segment;
  }

  /** The block read so far has ended: read it. */
  #endBlock(): void {
    if (this.#overflow !== undefined) {
      this.#overflow.end();
      this.#overflow = undefined;
    }
    if (this.#held.length === 0) return;
    const text = this.#held;
    this.#held = '';
    this.#blocks.read(text, this.#blockLine, this.#blockOffset);
  }

  /** Once the decoder has settled its charset: a legacy one makes queries encoded in it and IRIs NFC-normalized. */
  #settleCharset(): void {
    const charset = this.#decoder.charset;
    if (this.#charsetKnown || charset === undefined) return;
    this.#charsetKnown = true;
    if (isUnicodeEncoding(charset)) return;
    this.#legacy = charset;
    this.#links.queryCharset = charset;
    this.#blocks.fromLegacyCharset(charset);
  }
}
