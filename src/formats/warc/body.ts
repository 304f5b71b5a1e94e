// A record's payload on its way to its Document: the chunked transfer
// coding and a gzip, deflate or br content coding undone, and cut at
// maxBodyBytes. A payload with a coding no reader here undoes (compress,
// zstd, two codings) is skipped, and said so.

import type { FormatContext } from '../types.js';
import { Unbrotli } from './brotli.js';
import { Dechunker } from './chunked.js';
import type { Document, RecordInfo } from './document.js';
import { Inflater } from './inflate.js';
import { MAX_BODY_BYTES } from './limits.js';

/** How a content coding is undone: not at all, by the (streaming) inflater, by brotli (the body held). */
export type Coding = 'identity' | 'inflate' | 'brotli';

/** Content codings read (lower case), and how. */
const CODINGS: ReadonlyMap<string, Coding> = new Map([
  ['', 'identity'], ['identity', 'identity'], ['gzip', 'inflate'], ['x-gzip', 'inflate'], ['deflate', 'inflate'], ['br', 'brotli'],
]);

/** How a Content-Encoding value is undone, or undefined when it is not. */
export function codingOf(value: string | undefined): Coding | undefined {
  return CODINGS.get((value ?? '').trim().toLowerCase());
}

/** Is the Transfer-Encoding value's last coding chunked (RFC 9112 §6.1)? */
export function isChunked(value: string | undefined): boolean {
  return value !== undefined && /(?:^|,)\s*chunked\s*$/i.test(value);
}

/** What undoes a content coding: Inflater and Unbrotli. */
interface Decoder {
  write(bytes: Uint8Array): void;
  end(complete: boolean): void;
  stop(): void;
}

export class Body {
  readonly #ctx: FormatContext;
  readonly #doc: Document;
  readonly #record: RecordInfo;
  readonly #line: number;
  readonly #dechunk: Dechunker | undefined;
  readonly #decoder: Decoder | undefined;
  /** Decoded bytes read, and the cap. */
  #read = 0;
  readonly #max: number;
  #stopped = false;

  /** `line`: where the payload starts, for warnings. */
  constructor(ctx: FormatContext, doc: Document, record: RecordInfo, line: number, chunked: boolean, coding: Coding) {
    this.#ctx = ctx;
    this.#doc = doc;
    this.#record = record;
    this.#line = line;
    this.#max = ctx.maxBodyBytes ?? MAX_BODY_BYTES;
    const broken = (what: string) => (why: string): void => this.#broken(what, why);
    const data = (b: Uint8Array): void => this.#take(b);
    if (coding === 'inflate') this.#decoder = new Inflater(data, broken('its compressed data'));
    else if (coding === 'brotli') this.#decoder = new Unbrotli(this.#max, { data, broken: broken('its br data'), tooLong: (coded) => this.#tooLong(coded) });
    const decoder = this.#decoder;
    const next = decoder === undefined ? data : (b: Uint8Array): void => decoder.write(b);
    if (chunked) this.#dechunk = new Dechunker(next, broken('its chunked transfer coding'));
  }

  write(bytes: Uint8Array): void {
    if (this.#stopped) return;
    if (this.#dechunk !== undefined) this.#dechunk.write(bytes);
    else if (this.#decoder !== undefined) this.#decoder.write(bytes);
    else this.#take(bytes);
  }

  /** The block ended; `complete`: it had all its bytes. */
  end(complete: boolean): void {
    if (!this.#stopped) this.#dechunk?.end();
    if (!this.#stopped) this.#decoder?.end(complete && (this.#dechunk?.complete ?? true));
    this.#doc.end();
  }

  /** Decoded bytes: to the document, up to the cap. */
  #take(bytes: Uint8Array): void {
    if (this.#stopped) return;
    const room = this.#max - this.#read;
    this.#read += bytes.length;
    if (bytes.length <= room) return this.#doc.write(bytes);
    if (room > 0) this.#doc.write(bytes.subarray(0, room));
    this.#tooLong(false);
  }

  /** The payload is over maxBodyBytes: decoded, or (br, held to be decoded whole) `coded`. */
  #tooLong(coded: boolean): void {
    this.#stop();
    const message = coded
      ? `record ${this.#record.number}: br payload over maxBodyBytes (${this.#max}) coded: what its first ${this.#max} bytes decode to is read, the rest is not`
      : `record ${this.#record.number}: payload over maxBodyBytes (${this.#max}) decoded: the rest of it is not read`;
    this.#ctx.warn({ code: 'body-too-long', line: this.#line, message });
  }

  #broken(what: string, why: string): void {
    this.#stop();
    this.#ctx.warn({ code: 'body-unreadable', line: this.#line, message: `record ${this.#record.number}: ${what} is broken (${why}): the rest of the payload is not read` });
  }

  #stop(): void {
    this.#stopped = true;
    this.#decoder?.stop();
  }
}
