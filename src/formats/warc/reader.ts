// mode 'warc': a web archive (ISO 28500: WARC/1.0 and 1.1, as Heritrix,
// wget --warc-file, Browsertrix, warcio and Common Crawl write it), read
// record by record as it streams; the links of each archived page resolved
// against that page's WARC-Target-URI. A .warc.gz (a gzip member per
// record) is read through its gzip.

import type { Found } from '../../delimit/types.js';
import type { FormatContext, FormatReader } from '../types.js';
import { Inflater } from './inflate.js';
import { RecordSplitter } from './records.js';

export class WarcReader implements FormatReader {
  readonly #ctx: FormatContext;
  readonly #records: RecordSplitter;
  /** The input's first byte while it may be gzip's first; undefined once the input is known to be gzip data or not. */
  #head: Uint8Array | undefined = new Uint8Array(0);
  #gunzip: Inflater | undefined;
  /** A high surrogate that ended the last string written (its low one may start the next). */
  #surrogate = '';

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
    this.#records = new RecordSplitter(ctx);
  }

  /** Bytes of the input; a string is taken as its UTF-8 bytes (a WARC's lengths count bytes). */
  write(chunk: Uint8Array | string): Found[] {
    this.#ctx.out = [];
    this.#bytes(typeof chunk === 'string' ? this.#utf8(chunk) : chunk);
    return this.#ctx.out;
  }

  end(): Found[] {
    this.#ctx.out = [];
    if (this.#surrogate !== '') this.#bytes(Buffer.from(this.#surrogate, 'utf8')); // a lone one: U+FFFD
    if (this.#head !== undefined && this.#head.length > 0) this.#records.write(this.#head);
    this.#gunzip?.end(true);
    this.#records.end();
    return this.#ctx.out;
  }

  #bytes(bytes: Uint8Array): void {
    if (this.#head !== undefined) {
      const head = this.#head.length === 0 ? bytes : Buffer.concat([this.#head, bytes]);
      if (head.length < 2) {
        this.#head = new Uint8Array(head); // a copy: the caller may reuse its buffer
        return;
      }
      this.#head = undefined;
      if (head[0] === 0x1f && head[1] === 0x8b) this.#gunzip = new Inflater((b) => this.#records.write(b), (why) => this.#broken(why));
      bytes = head;
    }
    if (this.#gunzip !== undefined) this.#gunzip.write(bytes);
    else this.#records.write(bytes);
  }

  #broken(why: string): void {
    this.#ctx.warn({ code: 'body-unreadable', message: `the input's gzip data is broken (${why}): the rest of it is not read` });
  }

  #utf8(chunk: string): Uint8Array {
    let text = this.#surrogate + chunk;
    this.#surrogate = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.#surrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    return Buffer.from(text, 'utf8');
  }
}
