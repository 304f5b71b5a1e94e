// mode 'auto': hold the first bytes until no more could change what detectMode says, then hand
// them, and everything after, to the reader of that mode.

import type { Found } from '../delimit/types.js';
import { Decoder, isAsciiCompatible } from '../stream/decode.js';
import { DETECT_BYTES, decideEarly, detectMode, type DetectedMode } from './detect.js';
import type { FormatReader } from './types.js';

export class AutoReader implements FormatReader {
  readonly #create: (mode: DetectedMode) => FormatReader;
  #reader: FormatReader | undefined;
  #held: Array<Uint8Array | string> = [];
  /** The first DETECT_BYTES bytes (or characters of a string), as latin1 text, or as the text #decoder reads in them. */
  #head = '';
  #seen = 0;
  /** A charset option in which ASCII bytes do not read as ASCII (UTF-16 with no BOM): the rules read its text. */
  readonly #decoder: Decoder | undefined;

  /** `create` builds the reader of the detected mode; `charset` is the charset option. */
  constructor(create: (mode: DetectedMode) => FormatReader, charset = 'auto') {
    this.#create = create;
    if (!isAsciiCompatible(charset)) this.#decoder = new Decoder(charset);
  }

  write(chunk: Uint8Array | string): Found[] {
    if (this.#reader !== undefined) return this.#reader.write(chunk);
    if (this.#seen < DETECT_BYTES) this.#read(chunk);
    const mode = decideEarly(this.#head, this.#seen >= DETECT_BYTES);
    this.#held.push(mode !== undefined || typeof chunk === 'string' ? chunk : new Uint8Array(chunk)); // kept past this write: a copy, as the caller may reuse its buffer
    return mode === undefined ? [] : this.#decide(mode);
  }

  /** Add the part of `chunk` within the first DETECT_BYTES to the head. */
  #read(chunk: Uint8Array | string): void {
    const n = Math.min(chunk.length, DETECT_BYTES - this.#seen);
    this.#seen += n;
    if (typeof chunk === 'string') this.#head += chunk.slice(0, n);
    else if (this.#decoder !== undefined) this.#head += this.#decoder.write(chunk.subarray(0, n));
    else this.#head += Buffer.from(chunk.buffer, chunk.byteOffset, n).toString('latin1');
  }

  end(): Found[] {
    if (this.#reader === undefined && this.#decoder !== undefined) this.#head += this.#decoder.end();
    const found = this.#reader === undefined ? this.#decide(detectMode(this.#head)) : [];
    const rest = this.#reader!.end();
    return found.length === 0 ? rest : found.concat(rest);
  }

  #decide(mode: DetectedMode): Found[] {
    const reader = this.#create(mode);
    this.#reader = reader;
    let found: Found[] = [];
    for (const chunk of this.#held) found = found.concat(reader.write(chunk));
    this.#held = [];
    return found;
  }
}
