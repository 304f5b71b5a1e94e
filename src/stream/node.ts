// The Node adapter: a Transform whose writable side takes Buffers or
// strings and whose readable side (objectMode) emits Found objects.

import { inputType } from '../delimit/errors.js';
import { describe } from '../delimit/options.js';
import { Transform, type TransformCallback } from 'node:stream';
import type { ExtractOptions, Found } from '../delimit/types.js';
import { Extractor } from './extractor.js';
import { streamOptions, type ExtractStreamOptions } from './stream-options.js';

/** Chunks at least this long are scanned in a microtask (see _transform). */
export const OVERLAP_BYTES = 4096;

/** Encodings of write(string, encoding) in which the string stands for bytes, not text. */
const BYTE_ENCODINGS: ReadonlySet<string> = new Set(['base64', 'base64url', 'hex']);

/**
 * The readable side's events carry Found objects, where Node's typings say
 * `any`. (`read()` and async iteration keep Node's types: narrowing them
 * would make the stream no `NodeJS.ReadWriteStream`, which `pipeline()`'s
 * types need; `extractStream()` gives a typed async iterable.)
 */
export interface ExtractStream {
  on(event: 'data', listener: (found: Found) => void): this;
  on(event: string | symbol, listener: (...args: any[]) => void): this;
  once(event: 'data', listener: (found: Found) => void): this;
  once(event: string | symbol, listener: (...args: any[]) => void): this;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface only narrows Transform's types
export class ExtractStream extends Transform {
  #extractor: Extractor | undefined;

  constructor(options?: ExtractStreamOptions) {
    const { extract, highWaterMark } = streamOptions(options); // before any stream machinery exists
    super({
      decodeStrings: false,
      readableObjectMode: true,
      ...(highWaterMark === undefined ? {} : { readableHighWaterMark: highWaterMark }),
    });
    this.#extractor = new Extractor(extract);
  }

  /**
   * A chunk that is no string or Uint8Array (an object-mode source's
   * objects, a number) fails the stream with `invalid-input`, as
   * Extractor.write would: Node's own check throws into the source's
   * `data` handler, where neither pipe() nor pipeline() catches it.
   */
  override write(chunk: unknown, encoding?: BufferEncoding | ((error: Error | null | undefined) => void), cb?: (error: Error | null | undefined) => void): boolean {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) return super.write(chunk, encoding as BufferEncoding, cb);
    const err = inputType(`a chunk must be a string or a Uint8Array, not ${describe(chunk)}`);
    const done = typeof encoding === 'function' ? encoding : cb;
    if (done !== undefined) process.nextTick(done, err);
    this.destroy(err);
    return false;
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback): void {
    // A string is text, but for write(s, 'base64' | 'base64url' | 'hex'), whose string stands for bytes
    if (typeof chunk === 'string' && BYTE_ENCODINGS.has(encoding)) chunk = Buffer.from(chunk, encoding);
    if (chunk.length < OVERLAP_BYTES) {
      this.#scan(chunk, callback);
      return;
    }
    // A big chunk is scanned in a microtask, so that the source's next read
    // is issued first: a Readable asks for more in a process.nextTick
    // callback, and Node runs those before microtasks. Reading and scanning
    // then overlap instead of taking turns (scanned in this callback, each
    // chunk would wait for the scan before its read is even issued). Order
    // and backpressure are unchanged: the next chunk still waits for this
    // callback.
    queueMicrotask(() => this.#scan(chunk, callback));
  }

  #scan(chunk: Buffer | string, callback: TransformCallback): void {
    const extractor = this.#extractor;
    if (extractor === undefined) { // destroyed while the chunk waited
      callback();
      return;
    }
    try {
      this.#pushAll(extractor.write(chunk));
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      this.#pushAll(this.#extractor!.end());
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.#extractor = undefined; // drop the held text
    callback(err);
  }

  #pushAll(found: Found[]): void {
    for (let i = 0; i < found.length; i++) this.push(found[i]);
  }
}

/** A Node Transform: bytes or strings in, Found objects out. Options are checked before it is built. */
export function createExtractStream(options?: ExtractStreamOptions): ExtractStream {
  return new ExtractStream(options);
}

/** What extractStream reads: a Node readable, any iterable or async iterable of chunks, or one chunk alone. */
export type ChunkSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string> | Uint8Array | string;

/** Extract from any readable (Node stream, or any iterable or async iterable of chunks; a lone string or Uint8Array is one chunk). */
export async function* extractStream(
  readable: ChunkSource, options?: ExtractOptions,
): AsyncGenerator<Found, void, undefined> {
  const extractor = new Extractor(options);
  const iterable = readable as { [Symbol.asyncIterator]?: unknown; [Symbol.iterator]?: unknown } | null | undefined;
  if (iterable == null || (typeof iterable[Symbol.asyncIterator] !== 'function' && typeof iterable[Symbol.iterator] !== 'function')) {
    throw inputType(`extractStream takes a Node readable or an iterable of chunks, not ${iterable === null ? 'null' : typeof iterable}`);
  }
  // A lone string or Uint8Array is one chunk, as Readable.from() takes it: iterated, a Buffer gives numbers
  const chunks = typeof readable === 'string' || readable instanceof Uint8Array ? [readable] : readable;
  for await (const chunk of chunks) yield* extractor.write(chunk);
  yield* extractor.end();
}
