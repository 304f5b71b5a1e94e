// A body's gzip, x-gzip or deflate content coding (RFC 9110 §8.4.1),
// undone as the bytes come. fflate's streams are synchronous (push(chunk,
// final), the output handed to a callback), as a FormatReader's write()
// must be: Node's zlib streams hand their output over asynchronously, and
// its sync functions take a whole body at once. The data is known by its
// first two bytes: gzip (each member of a multi-member one), zlib, else raw
// DEFLATE, so a server's "deflate" that is raw DEFLATE (as some send) reads
// too. (fflate's own Decompress, which looks the same way, loses a stream
// pushed to it one byte at a time.)
//
// Most coded bodies are small (a page, a few KiB): such a body is held, and
// once it has all come, inflated by one call of zlib's sync functions,
// which take a fifth of the time of a fflate stream and none of its 32 KiB
// window buffers per body. A body over HOLD bytes, one whose input ends
// first, and one zlib finds fault with (a bad check value, bytes after the
// stream, a break) go through fflate, as they come or from what was held,
// so what is read of them is the same either way.

import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
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

/** The sync inflate for data that starts with bytes a, b (as streamFor picks). */
function wholeFor(a: number, b: number): typeof inflateSync {
  if (a === 0x1f && b === 0x8b) return gunzipSync;
  if ((a & 0x0f) === 8 && ((a << 8) | b) % 31 === 0) return inflateSync;
  return inflateRawSync;
}

/** Compressed bytes of a body held for one sync inflate at its end; a longer body is streamed. */
const HOLD = 64 * 1024;

/** The most one sync inflate makes (a body that inflates to more is streamed, and cut at maxBodyBytes as it comes). */
const WHOLE_OUT = 4 * 1024 * 1024;

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
  /** The body's bytes (copies) while it may be inflated whole at its end; undefined once it is streamed. */
  #held: Uint8Array[] | undefined = [];
  #heldBytes = 0;
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

  /** Compressed bytes: held while the body may be inflated whole, else streamed. */
  write(bytes: Uint8Array): void {
    const held = this.#held;
    if (held !== undefined) {
      if (this.#heldBytes + bytes.length <= HOLD) {
        held.push(new Uint8Array(bytes)); // a copy: the caller may reuse its buffer
        this.#heldBytes += bytes.length;
        return;
      }
      this.#release();
    }
    this.#streamed(bytes);
  }

  /** The coded bytes ended (`complete`: the body had all its bytes). */
  end(complete: boolean): void {
    if (this.#held !== undefined && !(complete && this.#whole(this.#held))) this.#release();
    if (this.#stopped || !complete) return;
    if (this.#stream === undefined && this.#first !== undefined) this.#stream = streamFor(this.#first[0]!, -1, this.#data);
    if (this.#stream === undefined) return; // no bytes: an empty body
    if (this.#first !== undefined) this.#push(this.#first, false);
    this.#push(new Uint8Array(0), true);
  }

  /** The held body inflated in one call; false (nothing read) when zlib cannot, or it makes over WHOLE_OUT. */
  #whole(held: readonly Uint8Array[]): boolean {
    if (this.#heldBytes < 2) return false;
    const body = held.length === 1 ? held[0]! : Buffer.concat(held);
    let out: Buffer;
    try {
      out = wholeFor(body[0]!, body[1]!)(body, { maxOutputLength: WHOLE_OUT });
    } catch {
      return false;
    }
    this.#held = undefined;
    if (out.length > 0) this.#data(out);
    return true;
  }

  /** Stream what was held, and what comes after it. */
  #release(): void {
    const held = this.#held!;
    this.#held = undefined;
    for (const b of held) this.#streamed(b);
  }

  /** Compressed bytes to the fflate stream; each slice pushed is a copy, as fflate keeps a view of what it has not read yet and the caller may reuse its buffer. */
  #streamed(bytes: Uint8Array): void {
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

  #push(bytes: Uint8Array, final: boolean): void {
    try {
      this.#stream!.push(bytes, final);
    } catch (err) {
      this.#stopped = true;
      this.#broken(err instanceof Error ? err.message : String(err));
    }
  }
}
