// A body's gzip, x-gzip or deflate content coding (RFC 9110 §8.4.1),
// undone as the bytes come. fflate's Decompress is synchronous and
// streaming (push(chunk, final), its output handed to ondata), as a
// FormatReader's write() must be: Node's zlib streams hand their output
// over asynchronously, and its sync functions take a whole body at once.
// Decompress knows gzip (each member of a multi-member one), zlib and raw
// DEFLATE by their first bytes, so a server's "deflate" that is raw DEFLATE
// (as some send) reads too.

import { Decompress } from 'fflate';

/**
 * Compressed bytes pushed at a time. DEFLATE expands 1032 times at most, so
 * one push makes at most some 4 MiB, and a body over maxBodyBytes is cut
 * within that of the cap (a decompression bomb is never inflated whole).
 */
const SLICE = 4096;

export class Inflater {
  readonly #decompress: Decompress;
  readonly #broken: (why: string) => void;
  #stopped = false;

  /** `data`: each piece of the decoded body; `broken`: the coded bytes are no gzip, zlib or DEFLATE data (the rest is not read). */
  constructor(data: (bytes: Uint8Array) => void, broken: (why: string) => void) {
    this.#decompress = new Decompress((chunk) => {
      if (!this.#stopped) data(chunk);
    });
    this.#broken = broken;
  }

  /** Read no more (the body is over its cap, or broken). */
  stop(): void {
    this.#stopped = true;
  }

  write(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length && !this.#stopped; i += SLICE) this.#push(bytes.subarray(i, i + SLICE), false);
  }

  /** The coded bytes ended (`complete`: the body had all its bytes). */
  end(complete: boolean): void {
    if (!this.#stopped && complete) this.#push(new Uint8Array(0), true);
  }

  #push(bytes: Uint8Array, final: boolean): void {
    try {
      this.#decompress.push(bytes, final);
    } catch (err) {
      this.#stopped = true;
      this.#broken(err instanceof Error ? err.message : String(err));
    }
  }
}
