// The byte-level core every adapter shares: the reader of the input's
// format (text: a Decoder in front of a Scanner; mail, html, log: see
// src/formats). write(chunk) → Found[], end() → Found[]; no stream code.

import type { ExtractOptions, Found } from '../delimit/types.js';
import { createReader, makeContext } from '../formats/reader.js';
import { TextReader } from '../formats/text.js';
import type { FormatReader } from '../formats/types.js';

export { checkOptions } from '../formats/reader.js';

export class Extractor {
  readonly #reader: FormatReader;

  /** `detach`: see Scanner (off only for extract() on a string, whose results may view that string). */
  constructor(options?: ExtractOptions, detach = true) {
    const ctx = makeContext(options, detach);
    this.#reader = createReader(options?.mode ?? 'text', ctx);
  }

  /** Bytes are decoded; a string is taken as text (after any bytes held for 'auto'). */
  write(chunk: Uint8Array | string): Found[] {
    return this.#reader.write(chunk);
  }

  end(): Found[] {
    return this.#reader.end();
  }

  /** Text mode: characters the scanner holds back (bounded by maxLength plus a little context). */
  get buffered(): number {
    const reader = this.#reader;
    return reader instanceof TextReader ? reader.buffered : 0;
  }
}
