// Mail mode: an mbox or one message, read as bytes line by line (bounded memory, any chunking), each message's MIME tree walked as it streams.

import type { Found } from '../../delimit/types.js';
import type { FormatContext, FormatReader } from '../types.js';
import { MessageWalker } from './entity.js';
import { LineSplitter } from './lines.js';
import { MboxSplitter } from './mbox.js';
import { LoneCrCheck } from '../line-ends.js';
import { iconv } from '../../stream/iconv.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The byte-order marks of UTF-32 and UTF-16, UTF-32LE's first (it starts with UTF-16LE's), with their charsets. */
const WIDE_BOMS: ReadonlyArray<readonly [string, readonly number[]]> = [
  ['utf-32le', [0xff, 0xfe, 0, 0]], ['utf-32be', [0, 0, 0xfe, 0xff]], ['utf-16le', [0xff, 0xfe]], ['utf-16be', [0xfe, 0xff]],
];

/** The UTF-16 or UTF-32 byte-order mark b starts with, if any: its charset and length. */
function wideBom(b: Uint8Array): [string, number] | undefined {
  const bom = WIDE_BOMS.find(([, bytes]) => bytes.every((x, i) => b[i] === x));
  return bom === undefined ? undefined : [bom[0], bom[1].length];
}

/** Could b (shorter than 4 bytes) still grow into a longer UTF-16 or UTF-32 byte-order mark? */
function mayBeWideBom(b: Uint8Array): boolean {
  return b.length < 4 && WIDE_BOMS.some(([, bytes]) => b.length < bytes.length && b.every((x, i) => x === bytes[i]));
}

export class MailReader implements FormatReader {
  readonly #ctx: FormatContext;
  readonly #mbox: MboxSplitter;
  readonly #lines: LineSplitter;
  #ended = false;
  readonly #crs = new LoneCrCheck();
  /** The input's first bytes while they may still be a byte-order mark; undefined once passed. */
  #head: Buffer | undefined = Buffer.alloc(0);
  /** A file in UTF-16 or UTF-32 (its BOM said so): its bytes decoded, and read as their UTF-8. */
  #wide: { write(b: Buffer): string; end(): string | undefined } | undefined;
  /** A high surrogate that ended the last string written (see #bytesOf). */
  #surrogate = '';

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
    this.#mbox = new MboxSplitter(new MessageWalker(ctx));
    this.#lines = new LineSplitter((line) => this.#mbox.line(line), (run) => this.#mbox.bulk(run));
  }

  /** Bytes of the input; a string is text, taken as its UTF-8 bytes (the first chunk that is not empty says which the input is). */
  write(chunk: Uint8Array | string): Found[] {
    this.#ctx.out = [];
    if (this.#ctx.decoded === undefined && chunk.length > 0) this.#ctx.decoded = typeof chunk === 'string';
    const text = this.#wide !== undefined && typeof chunk !== 'string' ? this.#wide.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)) : chunk;
    this.#write(this.#bytesOf(text));
    return this.#ctx.out;
  }

  #write(chunk: Uint8Array): void {
    const bytes = this.#head !== undefined ? this.#afterBom(chunk) : chunk;
    if (bytes !== undefined) this.#take(bytes);
  }

  /**
   * A chunk's bytes: a string's UTF-8, less a high surrogate at its end,
   * held for the low one the next string may start with (each half alone
   * would be U+FFFD).
   */
  #bytesOf(chunk: Uint8Array | string): Uint8Array {
    const held = this.#surrogate;
    this.#surrogate = '';
    if (typeof chunk !== 'string') return held === '' ? chunk : Buffer.concat([Buffer.from(held, 'utf8'), chunk]);
    let text = held + chunk;
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.#surrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    return Buffer.from(text, 'utf8');
  }

  #take(bytes: Uint8Array): void {
    this.#crs.look(this.#ctx, bytes, 'mail');
    if (bytes.length > 0) this.#lines.write(bytes);
  }

  /**
   * A UTF-8 BOM before the first header (a message saved by a Windows
   * program) is no part of the message: it would make the first field a body
   * line. A UTF-16 or UTF-32 one says the file is in that charset (MIME's
   * structure is ASCII's bytes): from there on the file is read as its UTF-8. Returns the
   * bytes after the BOM, or undefined while the head may still be one.
   */
  #afterBom(bytes: Uint8Array): Uint8Array | undefined {
    const head = Buffer.concat([this.#head!, bytes]);
    const n = Math.min(head.length, BOM.length);
    if ((head.subarray(0, n).equals(BOM.subarray(0, n)) && n < BOM.length) || mayBeWideBom(head)) {
      this.#head = head;
      return undefined;
    }
    this.#head = undefined;
    const wide = wideBom(head);
    if (wide !== undefined) {
      this.#wide = iconv().getDecoder(wide[0], { stripBOM: false });
      this.#ctx.decoded = true;
      return this.#bytesOf(this.#wide.write(head.subarray(wide[1])));
    }
    return n === BOM.length && head.subarray(0, n).equals(BOM) ? head.subarray(n) : head;
  }

  end(): Found[] {
    this.#ctx.out = [];
    if (this.#ended) return this.#ctx.out;
    this.#ended = true;
    const rest = this.#wide?.end();
    if (rest !== undefined && rest !== '') this.#write(this.#bytesOf(rest));
    if (this.#surrogate !== '') this.#write(this.#bytesOf(new Uint8Array(0))); // a lone one: U+FFFD
    if (this.#head !== undefined && this.#head.length > 0) this.#take(this.#head); // a BOM's first bytes, and no more
    this.#crs.end(this.#ctx, 'mail');
    this.#lines.end();
    this.#mbox.end();
    return this.#ctx.out;
  }
}
