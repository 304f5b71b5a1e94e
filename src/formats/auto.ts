// mode 'auto': hold the first bytes until detectMode can tell, then hand
// them, and everything after, to the reader of that mode.

import type { Found } from '../delimit/types.js';
import { DETECT_BYTES, canDecide, detectMode, type DetectedMode } from './detect.js';
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
    const decided = canDecide(this.#head);
    this.#held.push(decided || typeof chunk === 'string' ? chunk : new Uint8Array(chunk)); // kept past this write: a copy, as the caller may reuse its buffer
    return decided ? this.#decide() : [];
  }

  end(): Found[] {
    const found = this.#reader === undefined ? this.#decide() : [];
    const rest = this.#reader!.end();
    return found.length === 0 ? rest : found.concat(rest);
  }

  #decide(): Found[] {
    const reader = this.#create(detectMode(this.#head));
    this.#reader = reader;
    let found: Found[] = [];
    for (const chunk of this.#held) found = found.concat(reader.write(chunk));
    this.#held = [];
    return found;
  }
}
