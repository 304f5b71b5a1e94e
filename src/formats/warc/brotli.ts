// A body's br content coding (RFC 7932, "br" in the HTTP Content Coding
// Registry, RFC 9110 §16.6.1), undone at the body's end. A FormatReader's
// write() is synchronous; Node 20's brotli decoder is either a zlib stream,
// which hands its output over asynchronously, or brotliDecompressSync,
// which takes a whole body (Node's synchronous streaming decoders, node:
// zlib/iter, come in 25.9 and are experimental; a zlib stream's
// _processChunk is internal). So the coded body is held, up to
// maxBodyBytes of it (brotli makes no less than it is given, but for a few
// bytes of framing: a body coded longer than that decodes longer too), and
// decoded in one call, its output cut at maxBodyBytes.
//
// A body that decodes past maxBodyBytes (a bomb) is not read: Node's
// decoder gives nothing of it, and its readable start would cost decoding
// it again and again. One that does not decode whole for another reason
// (broken data, a stream cut short) is read as far as it decodes, as
// gzip's streaming inflater reads a body up to its fault: its longest
// start that decodes as a stream cut short, found by bisection (at most
// some 26 decodings of a body held whole: log2 of maxBodyBytes' default).

import { brotliDecompressSync, constants } from 'node:zlib';

/** Decoded bytes handed on at a time: a reader takes a long body piece by piece, as it would take it streamed. */
const PIECE = 64 * 1024;

/** Node's code for a decoding that would make more than maxOutputLength bytes. */
const TOO_LARGE = 'ERR_BUFFER_TOO_LARGE';

/** What `coded` decodes to, at most `max` bytes; `whole`: the stream must end in it, else it may be cut short. An Error when it does not decode so. */
function decoded(coded: Uint8Array, max: number, whole: boolean): Buffer | Error {
  try {
    return brotliDecompressSync(coded, whole ? { maxOutputLength: max } : { maxOutputLength: max, finishFlush: constants.BROTLI_OPERATION_FLUSH });
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** What an Error of Node's brotli decoder says: its message ("Decompression failed"), and its code, which says more (ERR__ERROR_FORMAT_PADDING_1). */
function whyOf(err: NodeJS.ErrnoException): string {
  return err.code === undefined || err.code.startsWith('Z_') ? err.message : `${err.message}: ${err.code}`;
}

/** What the longest start of `coded` that decodes within `max` bytes decodes to (a start that decodes is one whose shorter starts all do). Only the lengths are kept while it is looked for, so one decoding's output is alive at a time. */
function decodedStart(coded: Uint8Array, max: number): Buffer {
  let lo = 0;
  let hi = coded.length;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (decoded(coded.subarray(0, mid), max, false) instanceof Error) hi = mid;
    else lo = mid;
  }
  const out = decoded(coded.subarray(0, lo), max, false);
  return out instanceof Error ? Buffer.alloc(0) : out;
}

/** What a decoder tells its Body besides the decoded bytes. */
export interface DecodeEvents {
  /** The decoded bytes, in pieces. */
  data(bytes: Uint8Array): void;
  /** The coded data is no brotli data past some point, or ends too soon: `why`. */
  broken(why: string): void;
  /** The body is over maxBodyBytes, coded (`coded`) or decoded. */
  tooLong(coded: boolean): void;
}

export class Unbrotli {
  /** The coded bytes (copies) held until the body's end. */
  #held: Uint8Array[] = [];
  #heldBytes = 0;
  #done = false;
  readonly #max: number;
  readonly #on: DecodeEvents;

  /** `max`: maxBodyBytes, the most coded bytes held and decoded bytes made. */
  constructor(max: number, on: DecodeEvents) {
    this.#max = max;
    this.#on = on;
  }

  /** Read no more (the body is over its cap, or broken). */
  stop(): void {
    this.#done = true;
    this.#held = [];
  }

  /** Coded bytes: held, up to maxBodyBytes; past that, what was held is decoded, and the rest not read. */
  write(bytes: Uint8Array): void {
    if (this.#done) return;
    const room = this.#max - this.#heldBytes;
    const take = bytes.length <= room ? bytes : bytes.subarray(0, room);
    this.#held.push(new Uint8Array(take)); // a copy: the caller may reuse its buffer
    this.#heldBytes += take.length;
    if (take === bytes) return;
    if (this.#decode(false)) this.#on.tooLong(true);
  }

  /** The coded bytes ended (`complete`: the body had all its bytes, so its stream must end in them). */
  end(complete: boolean): void {
    if (this.#done || this.#heldBytes === 0) return; // an empty body: no stream at all
    this.#decode(complete);
  }

  /** Decode what is held (no more is read after it); false when that was warned of (broken, or too long decoded). */
  #decode(whole: boolean): boolean {
    const coded = this.#held.length === 1 ? this.#held[0]! : Buffer.concat(this.#held);
    this.#held = [];
    this.#done = true;
    const out = decoded(coded, this.#max, whole);
    if (!(out instanceof Error)) {
      this.#hand(out);
      return true;
    }
    if ((out as NodeJS.ErrnoException).code === TOO_LARGE) { // nothing of it is read: its start would be found by decoding it again and again
      this.#on.tooLong(false);
      return false;
    }
    this.#hand(decodedStart(coded, this.#max));
    this.#on.broken(whyOf(out));
    return false;
  }

  #hand(out: Buffer): void {
    for (let i = 0; i < out.length; i += PIECE) this.#on.data(out.subarray(i, i + PIECE));
  }
}
