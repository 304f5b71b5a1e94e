// The byte-level core every adapter shares: a Decoder in front of a Scanner.
// write(chunk) → Found[], end() → Found[]; no stream code.

import { compileOptions } from '../delimit/options.js';
import { Scanner } from '../delimit/scanner.js';
import type { ExtractOptions, Found } from '../delimit/types.js';
import { Decoder, checkCharset } from './decode.js';

/** Check every option up front; throws TypeError or RangeError with a stable `code`. */
export function checkOptions(options: ExtractOptions | undefined): void {
  compileOptions(options);
  checkCharset(options?.charset);
}

export class Extractor {
  readonly #decoder: Decoder;
  readonly #scanner: Scanner;

  /** `detach`: see Scanner (off only for extract() on a string, whose results may view that string). */
  constructor(options?: ExtractOptions, detach = true) {
    checkOptions(options);
    this.#decoder = new Decoder(options?.charset ?? 'auto');
    const { charset: _charset, ...scan } = options ?? {};
    this.#scanner = new Scanner(scan, detach);
  }

  /** Bytes are decoded; a string is taken as text (after any bytes held for 'auto'). */
  write(chunk: Uint8Array | string): Found[] {
    if (typeof chunk === 'string') {
      const held = this.#decoder.decided ? '' : this.#decoder.flush();
      return this.#scanner.write(held + chunk);
    }
    const text = this.#decoder.write(chunk);
    return text.length === 0 ? [] : this.#scanner.write(text);
  }

  end(): Found[] {
    const text = this.#decoder.end();
    const found = text.length === 0 ? [] : this.#scanner.write(text);
    const rest = this.#scanner.end();
    return rest.length === 0 ? found : found.concat(rest);
  }

  /** Characters the scanner holds back (bounded by maxLength plus a little context). */
  get buffered(): number {
    return this.#scanner.buffered;
  }
}
