// Text mode: a Decoder in front of a Scanner; positions are those of the decoded text.

import { Scanner } from '../delimit/scanner.js';
import type { Found } from '../delimit/types.js';
import { Decoder } from '../stream/decode.js';
import { isUnicodeEncoding } from './bytes.js';
import { configWith, warnTooLong, type FormatContext, type FormatReader } from './types.js';

export class TextReader implements FormatReader {
  readonly #ctx: FormatContext;
  readonly #decoder: Decoder;
  readonly #scanner: Scanner;

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
    this.#decoder = new Decoder(ctx.charset);
    const config = ctx.lines ? ctx.config : configWith(ctx.config, ctx.config.base, false);
    this.#scanner = new Scanner(undefined, ctx.detach, ctx.memo, config);
  }

  /** Bytes are decoded; a string is taken as text (after any bytes held for 'auto'). */
  write(chunk: Uint8Array | string): Found[] {
    if (typeof chunk === 'string') {
      const held = this.#decoder.decided ? '' : this.#decoder.flush();
      return this.#scanner.write(held + chunk);
    }
    const text = this.#decoder.write(chunk);
    this.#charsetKnown();
    return text.length === 0 ? [] : this.#scanner.write(text);
  }

  #legacy: boolean | undefined;

  /** Once the decoder has settled its charset: a legacy one makes the scanner NFC-normalize IRIs. */
  #charsetKnown(): void {
    const charset = this.#decoder.charset;
    if (this.#legacy !== undefined || charset === undefined) return;
    this.#legacy = !isUnicodeEncoding(charset);
    if (this.#legacy) this.#scanner.fromLegacyCharset();
  }

  end(): Found[] {
    const text = this.#decoder.end();
    this.#charsetKnown();
    const found = text.length === 0 ? [] : this.#scanner.write(text);
    const rest = this.#scanner.end();
    warnTooLong(this.#ctx, this.#scanner.tooLong);
    return rest.length === 0 ? found : found.concat(rest);
  }

  /** Characters the scanner holds back (bounded by maxLength plus a little context). */
  get buffered(): number {
    return this.#scanner.buffered;
  }
}
