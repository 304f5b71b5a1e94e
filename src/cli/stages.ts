// Small byte-level stages the scanner pipelines share: a progress counter
// and the binary-file gate (grep's rule: a NUL in the first block).
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { Extractor } from '../index.js';
import type { ExtractOptions, Found } from '../delimit/types.js';
import { OVERLAP_BYTES } from '../stream/node.js';
import { BINARY_BLOCK, binaryKind, startsWithWideBom, type WideKind } from '../formats/wide-text.js';

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
export type BinaryResult = WideKind;

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

/** A NUL in the first block, and no UTF-16/32 BOM nor WARC version line first (a web archive's records hold binary payloads, which the warc mode skips). */
export function looksBinary(head: Uint8Array): boolean {
  return !startsWithWideBom(head) && !startsWithWarc(head) && head.subarray(0, BINARY_BLOCK).includes(0);
}

const WARC_VERSION = Buffer.from('WARC/1.');

function startsWithWarc(head: Uint8Array): boolean {
  return head.length >= WARC_VERSION.length && WARC_VERSION.every((b, i) => head[i] === b);
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
