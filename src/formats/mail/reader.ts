// Mail mode: an mbox or one message, read as bytes line by line (bounded memory, any chunking), each message's MIME tree walked as it streams.

import type { Found } from '../../delimit/types.js';
import type { FormatContext, FormatReader } from '../types.js';
import { MessageWalker } from './entity.js';
import { LineSplitter } from './lines.js';
import { MboxSplitter } from './mbox.js';
import { LoneCrCheck } from '../line-ends.js';

export class MailReader implements FormatReader {
  readonly #ctx: FormatContext;
  readonly #mbox: MboxSplitter;
  readonly #lines: LineSplitter;
  #ended = false;
  readonly #crs = new LoneCrCheck();

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
    this.#mbox = new MboxSplitter(new MessageWalker(ctx));
    this.#lines = new LineSplitter((line) => this.#mbox.line(line), (run) => this.#mbox.bulk(run));
  }

  /** Bytes of the input; a string is taken as its UTF-8 bytes. */
  write(chunk: Uint8Array | string): Found[] {
    this.#ctx.out = [];
    if (this.#ended) throw new Error('write after end');
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.#crs.look(this.#ctx, bytes, 'mail');
    if (bytes.length > 0) this.#lines.write(bytes);
    return this.#ctx.out;
  }

  end(): Found[] {
    this.#ctx.out = [];
    if (this.#ended) return this.#ctx.out;
    this.#ended = true;
    this.#crs.end(this.#ctx, 'mail');
    this.#lines.end();
    this.#mbox.end();
    return this.#ctx.out;
  }
}
