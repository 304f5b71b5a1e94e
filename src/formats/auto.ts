// mode 'auto': hold the first bytes until no more could change what detectMode says, then hand
// them, and everything after, to the reader of that mode.

import type { Found } from '../delimit/types.js';
import { DETECT_BYTES, decideEarly, detectMode, type DetectedMode } from './detect.js';
import type { FormatReader } from './types.js';

export class AutoReader implements FormatReader {
  readonly #create: (mode: DetectedMode) => FormatReader;
  #reader: FormatReader | undefined;
  #held: Array<Uint8Array | string> = [];
  #head = '';

  /** `create` builds the reader of the detected mode. */
  constructor(create: (mode: DetectedMode) => FormatReader) {
    this.#create = create;
  }

  write(chunk: Uint8Array | string): Found[] {
    if (this.#reader !== undefined) return this.#reader.write(chunk);
    if (this.#head.length < DETECT_BYTES) {
      const piece = typeof chunk === 'string' ? chunk.slice(0, DETECT_BYTES) : Buffer.from(chunk.subarray(0, DETECT_BYTES)).toString('latin1');
      this.#head = (this.#head + piece).slice(0, DETECT_BYTES);
    }
    const mode = decideEarly(this.#head);
    this.#held.push(mode !== undefined || typeof chunk === 'string' ? chunk : new Uint8Array(chunk)); // kept past this write: a copy, as the caller may reuse its buffer
    return mode === undefined ? [] : this.#decide(mode);
  }

  end(): Found[] {
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
