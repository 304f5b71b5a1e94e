// A record's payload on its way to its Document: the chunked transfer
// coding and a gzip or deflate content coding undone, and cut at
// maxBodyBytes. A payload with a coding no reader here undoes (br,
// compress, zstd, two codings) is skipped, and said so.

import type { FormatContext } from '../types.js';
import { Dechunker } from './chunked.js';
import type { Document, RecordInfo } from './document.js';
import { Inflater } from './inflate.js';
import { MAX_BODY_BYTES } from './limits.js';


/** Content codings read (lower case), and how. */
const CODINGS: ReadonlyMap<string, 'identity' | 'inflate'> = new Map([
  ['', 'identity'], ['identity', 'identity'], ['gzip', 'inflate'], ['x-gzip', 'inflate'], ['deflate', 'inflate'],
]);

/** How a Content-Encoding value is undone, or undefined when it is not. */
export function codingOf(value: string | undefined): 'identity' | 'inflate' | undefined {
  return CODINGS.get((value ?? '').trim().toLowerCase());
}

/** Is the Transfer-Encoding value's last coding chunked (RFC 9112 §6.1)? */
export function isChunked(value: string | undefined): boolean {
  return value !== undefined && /(?:^|,)\s*chunked\s*$/i.test(value);
}

export class Body {
  readonly #ctx: FormatContext;
  readonly #doc: Document;
  readonly #record: RecordInfo;
  readonly #line: number;
  readonly #dechunk: Dechunker | undefined;
  readonly #inflate: Inflater | undefined;
  /** Decoded bytes read, and the cap. */
  #read = 0;
  readonly #max: number;
  #stopped = false;

  /** `line`: where the payload starts, for warnings. */
  constructor(ctx: FormatContext, doc: Document, record: RecordInfo, line: number, chunked: boolean, inflate: boolean) {
    this.#ctx = ctx;
    this.#doc = doc;
    this.#record = record;
    this.#line = line;
    this.#max = ctx.maxBodyBytes ?? MAX_BODY_BYTES;
    const broken = (what: string) => (why: string): void => this.#broken(what, why);
    if (inflate) this.#inflate = new Inflater((b) => this.#take(b), broken('its compressed data'));
    const next = inflate ? (b: Uint8Array): void => this.#inflate!.write(b) : (b: Uint8Array): void => this.#take(b);
    if (chunked) this.#dechunk = new Dechunker(next, broken('its chunked transfer coding'));
  }

  write(bytes: Uint8Array): void {
    if (this.#stopped) return;
    if (this.#dechunk !== undefined) this.#dechunk.write(bytes);
    else if (this.#inflate !== undefined) this.#inflate.write(bytes);
    else this.#take(bytes);
  }

  /** The block ended; `complete`: it had all its bytes. */
  end(complete: boolean): void {
    if (!this.#stopped) this.#dechunk?.end();
    if (!this.#stopped) this.#inflate?.end(complete && (this.#dechunk?.complete ?? true));
    this.#doc.end();
  }

  /** Decoded bytes: to the document, up to the cap. */
  #take(bytes: Uint8Array): void {
    if (this.#stopped) return;
    const room = this.#max - this.#read;
    this.#read += bytes.length;
    if (bytes.length <= room) return this.#doc.write(bytes);
    if (room > 0) this.#doc.write(bytes.subarray(0, room));
    this.#stop();
    this.#ctx.warn({
      code: 'body-too-long', line: this.#line,
      message: `record ${this.#record.number}: payload over maxBodyBytes (${this.#max}) decoded: the rest of it is not read`,
    });
  }

  #broken(what: string, why: string): void {
    this.#stop();
    this.#ctx.warn({ code: 'body-unreadable', line: this.#line, message: `record ${this.#record.number}: ${what} is broken (${why}): the rest of the payload is not read` });
  }

  #stop(): void {
    this.#stopped = true;
    this.#inflate?.stop();
  }
}
