// Small byte-level stages the scanner pipelines share: a progress counter
// and the binary-file gate (grep's rule: a NUL in the first block).
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { Extractor } from '../index.js';
import type { ExtractOptions, Found } from '../delimit/types.js';
import { OVERLAP_BYTES } from '../stream/node.js';

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

/** Thrown through the pipeline to stop reading a binary file; `result` says whether it reads as UTF-16 text without a BOM. */
export class BinaryFileError extends Error {
  override name = 'BinaryFileError';
  readonly result: BinaryResult;
  constructor(result: BinaryResult) {
    super('binary file');
    this.result = result;
  }
}

/** A file the binary test skips: 'binary', or text in UTF-16 or UTF-32 without a BOM, which --charset reads. */
export type BinaryResult = 'binary' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be';

/**
 * What a head the binary test refused looks like: UTF-32LE (or BE) when
 * nearly every four bytes are a character's and then three NULs (mostly
 * ASCII text in UTF-32 without a BOM), UTF-16LE (or BE) when nearly every
 * second byte is a NUL and nearly no other one is, else 'binary'.
 */
export function binaryKind(head: Uint8Array): BinaryResult {
  const n = Math.min(head.length, BINARY_BLOCK) & ~3;
  if (n < 16) return 'binary';
  const nuls = [0, 0, 0, 0]; // NULs at each place of a group of four
  for (let i = 0; i < n; i++) if (head[i] === 0) nuls[i & 3]!++;
  const [a, b, c, d] = nuls as [number, number, number, number];
  const quads = n / 4;
  const most = (count: number): boolean => count >= 0.9 * quads;
  const few = (count: number): boolean => count <= 0.02 * quads;
  if (most(b) && most(c) && most(d) && few(a)) return 'utf-32le';
  if (most(a) && most(b) && most(c) && few(d)) return 'utf-32be';
  if (most(b) && most(d) && few(a) && few(c)) return 'utf-16le';
  if (most(a) && most(c) && few(b) && few(d)) return 'utf-16be';
  return 'binary';
}

export const BINARY_BLOCK = 8192;

/**
 * Charsets whose text is full of NUL bytes; the binary test would misfire.
 * The name is read as iconv-lite reads it (case and every character but
 * letters and digits ignored: `UTF_16LE`, `utf 16le`), and each of its
 * aliases of UTF-16 and UTF-32 begins so too.
 */
export function isWideCharset(charset: string | undefined): boolean {
  return charset !== undefined && /^(utf16|utf32|ucs2|ucs4)/.test(charset.toLowerCase().replace(/[^0-9a-z]/g, ''));
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
      if (looksBinary(chunk)) return callback(new BinaryFileError(binaryKind(chunk)));
    }
    callback(null, chunk);
  }
}

export function looksBinary(head: Uint8Array): boolean {
  const bom = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff) ||
    (head[0] === 0 && head[1] === 0 && head[2] === 0xfe && head[3] === 0xff);
  return !bom && head.subarray(0, BINARY_BLOCK).includes(0);
}

/**
 * The end of a scan pipeline: bytes in, each Found handed to `each`, then
 * `ready` awaited (stdout's backpressure) before the next chunk. It runs the
 * library's Extractor itself rather than piping createExtractStream's
 * objects into a sink: on a log of 121,000 URIs that hop cost a stream write
 * per URI, about a tenth of the run.
 */
export class ExtractSink extends Writable {
  #extractor: Extractor | undefined;
  readonly #each: (found: Found) => void;
  readonly #ready: () => Promise<void> | undefined;
  readonly #cut: () => boolean;

  /** `cut`: asked at the end; true when the input was cut short (a truncated .gz), so that what is held, maybe a cut URI, is dropped. */
  constructor(options: ExtractOptions, each: (found: Found) => void, ready: () => Promise<void> | undefined, cut: () => boolean = () => false) {
    super({ decodeStrings: false });
    this.#extractor = new Extractor(options);
    this.#each = each;
    this.#ready = ready;
    this.#cut = cut;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // A big chunk is scanned in a microtask, so that the source's next read
    // is issued first (as ExtractStream does).
    if (chunk.length < OVERLAP_BYTES) this.#take((x) => x.write(chunk), callback);
    else queueMicrotask(() => this.#take((x) => x.write(chunk), callback));
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.#cut()) {
      this.#extractor = undefined; // text that ran into the cut is no whole URI
      return callback();
    }
    this.#take((x) => x.end(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#extractor = undefined; // drop the held text
    callback(error);
  }

  #take(scan: (extractor: Extractor) => Found[], callback: (error?: Error | null) => void): void {
    const extractor = this.#extractor;
    if (extractor === undefined) return callback(); // destroyed while the chunk waited
    try {
      const found = scan(extractor);
      for (let i = 0; i < found.length; i++) this.#each(found[i]!);
    } catch (err) {
      return callback(err as Error);
    }
    const ready = this.#ready();
    if (ready === undefined) callback();
    else ready.then(() => callback(), callback);
  }
}
