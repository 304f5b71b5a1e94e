// A body's gzip, x-gzip or deflate content coding (RFC 9110 §8.4.1),
// undone as the bytes come. fflate's streams are synchronous (push(chunk,
// final), the output handed to a callback), as a FormatReader's write()
// must be: Node's zlib streams hand their output over asynchronously, and
// its sync functions take a whole body at once. The data is known by its
// first two bytes: gzip (each member of a multi-member one), zlib, else raw
// DEFLATE, so a server's "deflate" that is raw DEFLATE (as some send) reads
// too. (fflate's own Decompress, which looks the same way, loses a stream
// pushed to it one byte at a time.)

import { Gunzip, Inflate, Unzlib } from 'fflate';

/** What each of fflate's streams has: push(). */
interface Push {
  push(chunk: Uint8Array, final?: boolean): void;
}

/** The stream for data that starts with bytes a, b: gzip's magic, a zlib header (RFC 1950 §2.2: CM 8, the check), else raw DEFLATE. */
function streamFor(a: number, b: number, data: (chunk: Uint8Array) => void): Push {
  if (a === 0x1f && b === 0x8b) return new Gunzip(data);
  if ((a & 0x0f) === 8 && ((a << 8) | b) % 31 === 0) return new Unzlib(data);
  return new Inflate(data);
}

/**
 * Compressed bytes pushed at a time. DEFLATE expands 1032 times at most, so
 * one push makes at most some 4 MiB, and a body over maxBodyBytes is cut
 * within that of the cap (a decompression bomb is never inflated whole).
 */
const SLICE = 4096;

export class Inflater {
  #stream: Push | undefined;
  /** The first byte, while the second has not come. */
  #first: Uint8Array | undefined;
  readonly #data: (chunk: Uint8Array) => void;
  readonly #broken: (why: string) => void;
  #stopped = false;

  /** `data`: each piece of the decoded body; `broken`: the coded bytes are no gzip, zlib or DEFLATE data (the rest is not read). */
  constructor(data: (bytes: Uint8Array) => void, broken: (why: string) => void) {
    this.#data = (chunk) => {
      if (!this.#stopped) data(chunk);
    };
    this.#broken = broken;
  }

  /** Read no more (the body is over its cap, or broken). */
  stop(): void {
    this.#stopped = true;
  }

  /** Compressed bytes; each slice pushed is a copy, as fflate keeps a view of what it has not read yet and the caller may reuse its buffer. */
  write(bytes: Uint8Array): void {
    bytes = bytes instanceof Buffer ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) : bytes; // Uint8Array's slice() copies, a Buffer's does not
    if (this.#stream === undefined) {
      const head = this.#first === undefined ? bytes : Buffer.concat([this.#first, bytes]);
      if (head.length < 2) {
        this.#first = new Uint8Array(head); // a copy: the caller may reuse its buffer
        return;
      }
      this.#first = undefined;
      this.#stream = streamFor(head[0]!, head[1]!, this.#data);
      bytes = head;
    }
    for (let i = 0; i < bytes.length && !this.#stopped; i += SLICE) this.#push(bytes.slice(i, i + SLICE), false);
  }

  /** The coded bytes ended (`complete`: the body had all its bytes). */
  end(complete: boolean): void {
    if (this.#stopped || !complete) return;
    if (this.#stream === undefined && this.#first !== undefined) this.#stream = streamFor(this.#first[0]!, -1, this.#data);
    if (this.#stream === undefined) return; // no bytes: an empty body
    if (this.#first !== undefined) this.#push(this.#first, false);
    this.#push(new Uint8Array(0), true);
  }

  #push(bytes: Uint8Array, final: boolean): void {
    try {
      this.#stream!.push(bytes, final);
    } catch (err) {
      this.#stopped = true;
      this.#broken(err instanceof Error ? err.message : String(err));
    }
  }
}
