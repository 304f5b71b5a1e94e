// Small byte-level stages the scanner pipelines share: a progress counter
// and the binary-file gate (grep's rule: a NUL in the first block).
import { Transform, Writable, type TransformCallback } from 'node:stream';

/** Counts the bytes that pass (compressed bytes, for .gz) and reports them. */
export class ByteCounter extends Transform {
  readonly #report: (bytes: number) => void;

  constructor(report: (bytes: number) => void) {
    super();
    this.#report = report;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#report(chunk.length);
    callback(null, chunk);
  }
}

/** Thrown through the pipeline to stop reading a binary file. */
export class BinaryFileError extends Error {
  override name = 'BinaryFileError';
}

export const BINARY_BLOCK = 8192;

/** Charsets whose text is full of NUL bytes; the binary test would misfire. */
export function isWideCharset(charset: string | undefined): boolean {
  return charset !== undefined && /^(utf-?16|utf-?32|ucs-?2|ucs-?4)/i.test(charset);
}

/**
 * grep's test on the first block read: if the first chunk's first
 * BINARY_BLOCK bytes hold a NUL (and do not start with a UTF-16/32
 * byte-order mark), fail with BinaryFileError. Deciding on the first chunk
 * (a file's first read is 64 KiB) keeps a slow pipe streaming.
 */
export class BinaryGate extends Transform {
  #checked = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.#checked) {
      this.#checked = true;
      if (looksBinary(chunk)) return callback(new BinaryFileError('binary file'));
    }
    callback(null, chunk);
  }
}

export function looksBinary(head: Uint8Array): boolean {
  const bom = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff) ||
    (head[0] === 0 && head[1] === 0 && head[2] === 0xfe && head[3] === 0xff);
  return !bom && head.subarray(0, BINARY_BLOCK).includes(0);
}

/** An objectMode sink that awaits `each` per object (backpressure for stdout). */
export function objectSink<T>(each: (item: T) => Promise<void> | void): Writable {
  return new Writable({
    objectMode: true,
    write(item: T, _encoding, callback) {
      let result: Promise<void> | void;
      try {
        result = each(item);
      } catch (err) {
        return callback(err as Error);
      }
      if (result === undefined) callback();
      else result.then(() => callback(), callback);
    },
  });
}
