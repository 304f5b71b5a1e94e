// mode 'json': a JSON document (RFC 8259: an API's response, a HAR file, a
// package.json, JSON-LD, a notebook), decoded as text mode decodes it (BOM,
// else the `charset` option), read as it streams by JsonLexer: each string
// value by its key (see values.ts), comments as text. Where the input stops
// being JSON (or nests deeper than maxJsonDepth) the reader warns once and
// scans the rest as text mode does, so nothing is lost. Positions are those
// of the decoded text.

import type { Found } from '../../delimit/types.js';
import { Decoder } from '../../stream/decode.js';
import { isUnicodeEncoding } from '../bytes.js';
import { Segment } from '../segment.js';
import { warnLinkCounts } from '../link.js';
import type { FormatContext, FormatReader } from '../types.js';
import { JsonLexer, type JsonSink } from './lexer.js';
import { JsonValues, type ValueContext } from './values.js';

/** Containers nested deeper than this stop the JSON reading (maxJsonDepth's default). */
export const DEFAULT_MAX_JSON_DEPTH = 1024;

/** The line count of the decoded input, as far as the lexer has read it. */
class Lines {
  #text = '';
  /** The input offset of #text's start; how far its line breaks are counted. */
  #start = 0;
  #counted = 0;
  #line = 1;
  lineStart = 0;

  /** The next chunk of text, at input offset `start` (the one before is counted to its end first). */
  chunk(text: string, start: number): void {
    this.lineAt(this.#start + this.#text.length);
    this.#text = text;
    this.#start = start;
    this.#counted = start;
  }

  lineAt(at: number): number {
    if (at <= this.#counted) return this.#line;
    const text = this.#text;
    const end = at - this.#start;
    for (let i = text.indexOf('\n', this.#counted - this.#start); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
      this.#line++;
      this.lineStart = this.#start + i + 1;
    }
    this.#counted = at;
    return this.#line;
  }

  /** The 1-based column of offset `at`, on the line lineAt(at) gave. */
  columnOf(at: number): number {
    return at - this.lineStart + 1;
  }
}

export class JsonReader implements FormatReader, JsonSink {
  readonly #ctx: FormatContext;
  readonly #decoder: Decoder;
  readonly #lexer: JsonLexer;
  readonly #lines = new Lines();
  readonly #values: JsonValues;
  /** The offset of the next decoded character. */
  #offset = 0;
  /** The comment being read; the rest of the input once it is no JSON. */
  #comment: Segment | undefined;
  #rest: Segment | undefined;
  #legacy = false;
  #charsetKnown = false;

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
    this.#decoder = new Decoder(ctx.charset);
    const lexer = this.#lexer = new JsonLexer(this, ctx.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH);
    const lines = this.#lines;
    const place: ValueContext = { lineAt: (at) => lines.lineAt(at), get lineStart() { return lines.lineStart; }, field: () => lexer.field() };
    this.#values = new JsonValues(ctx, place);
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
    if (this.#rest !== undefined) this.#rest.end();
    else if (!this.#lexer.end()) this.#truncated();
    const values = this.#values;
    warnLinkCounts(this.#ctx, values.unresolved, values.tooLong + values.scannedTooLong);
    return this.#ctx.out;
  }

  #take(text: string): void {
    this.#settleCharset();
    if (text.length === 0) return;
    const start = this.#offset;
    this.#offset += text.length;
    if (this.#rest !== undefined) return this.#rest.write(text);
    this.#lines.chunk(text, start);
    const stop = this.#lexer.write(text);
    if (stop !== -1) this.#noJson(text.slice(stop), start + stop);
  }

  /** The input is no JSON from offset `at` on (`text` from there): warn, and scan it as text. */
  #noJson(text: string, at: number): void {
    if (this.#lexer.inValue) this.#values.close();
    const line = this.#lines.lineAt(at);
    const deep = this.#lexer.tooDeep;
    this.#ctx.warn(deep
      ? { code: 'too-deep', line, message: `JSON nested deeper than maxJsonDepth (${this.#lexer.depth}): the rest is scanned as text` }
      : { code: 'invalid-json', line, message: `no JSON from column ${this.#lines.columnOf(at)} on: the rest is scanned as text` });
    const rest = this.#rest = this.#segment();
    rest.mark(line, this.#lines.columnOf(at), at);
    rest.write(text);
  }

  /** The input ended inside a value, a container or a comment: what was read is read; a warning says so. */
  #truncated(): void {
    if (this.#lexer.inValue) this.#values.close();
    if (this.#comment !== undefined) this.comment('', this.#offset, false, true);
    this.#ctx.warn({ code: 'invalid-json', line: this.#lines.lineAt(this.#offset), message: 'the JSON ends inside a value' });
  }

  #segment(): Segment {
    const segment = new Segment(this.#ctx, undefined);
    if (this.#legacy) segment.fromLegacyCharset();
    return segment;
  }

  // JsonSink: string values go to JsonValues; comments are scanned as text.

  open(at: number, kind: number): void {
    this.#values.open(at, kind);
  }

  piece(text: string, from: number, to: number, at: number, raw: number): void {
    this.#values.piece(text, from, to, at, raw);
  }

  close(): void {
    this.#values.close();
  }

  comment(s: string, at: number, first: boolean, end: boolean): void {
    if (first) {
      this.#comment = this.#segment();
      this.#comment.mark(this.#lines.lineAt(at), this.#lines.columnOf(at), at);
    }
    const segment = this.#comment!;
    segment.write(s);
    if (!end) return;
    this.#comment = undefined;
    segment.end();
  }

  #settleCharset(): void {
    const charset = this.#decoder.charset;
    if (this.#charsetKnown || charset === undefined) return;
    this.#charsetKnown = true;
    if (isUnicodeEncoding(charset)) return;
    this.#legacy = true;
    this.#values.fromLegacyCharset(charset);
  }
}
