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
  /** `lines: false` in a mode that counts them anyway (its positions map through them): zero them on the way out. */
  readonly #zeroLines: boolean;

  /** `detach`: see Scanner (off only for extract() on a string, whose results may view that string). */
  constructor(options?: ExtractOptions, detach = true) {
    const ctx = makeContext(options, detach);
    const mode = options?.mode ?? 'text';
    this.#reader = createReader(mode, ctx);
    this.#zeroLines = !ctx.lines && mode !== 'text';
  }

  /** Bytes are decoded; a string is taken as text (after any bytes held for 'auto'). */
  write(chunk: Uint8Array | string): Found[] {
    const found = this.#reader.write(chunk);
    return this.#zeroLines ? zeroLines(found) : found;
  }

  end(): Found[] {
    const found = this.#reader.end();
    return this.#zeroLines ? zeroLines(found) : found;
  }

  /** Text mode: characters the scanner holds back (bounded by maxLength plus a little context). */
  get buffered(): number {
    const reader = this.#reader;
    return reader instanceof TextReader ? reader.buffered : 0;
  }
}

/** The `lines: false` result: line and column 0, as text mode leaves them. */
function zeroLines(found: Found[]): Found[] {
  for (const f of found) {
    f.line = 0;
    f.column = 0;
  }
  return found;
}
