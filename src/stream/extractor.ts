// The byte-level core every adapter shares: the reader of the input's
// format (text: a Decoder in front of a Scanner; mail, html, log: see
// src/formats). write(chunk) → Found[], end() → Found[]; no stream code.

import { inputType, writeAfterEnd } from '../delimit/errors.js';
import { describe } from '../delimit/options.js';
import type { ExtractOptions, Found } from '../delimit/types.js';
import { createReader, makeContext } from '../formats/reader.js';
import { TextReader } from '../formats/text.js';
import type { FormatContext, FormatReader } from '../formats/types.js';
import { WideTextCheck } from '../formats/wide-text.js';

export { checkOptions } from '../formats/reader.js';

/**
 * Bytes, or characters of a string in mail, HTML or log mode, handed to the
 * reader at a time. A 32 MiB Uint8Array decoded at once takes 5-6x as long
 * as the same bytes in 64 KiB pieces (a decoder's output for a big input is
 * fresh memory, each page of which faults in), and the mail reader takes 2x
 * as long on a 32 MiB string as on 64 Ki-character pieces; 256 KiB and
 * 1 MiB pieces are slower than 64 KiB. Not 64 KiB itself: 64 KiB of
 * mostly-ASCII UTF-8 decodes to a two-byte string just over V8's largest
 * regular object (128 KiB), which goes to the large-object space, fresh
 * pages each time (a fresh process's extract() of 32 MiB of prose: 13,100 →
 * 10,800 faults, 372 → 333 ms best of 6); and a stream's 64 KiB chunks are
 * cut in two. Text mode scans a string whole: as fast, and its Founds may
 * view the caller's string.
 */
const AT_A_TIME = 60 * 1024;

export class Extractor {
  readonly #reader: FormatReader;
  /** `lines: false` in a mode that counts them anyway (its positions map through them): zero them on the way out. */
  readonly #zeroLines: boolean;
  /** Nothing written yet (an empty chunk does not count): a string's leading U+FEFF is a BOM. */
  #first = true;
  #ended = false;
  readonly #ctx: FormatContext;
  /** Charset 'auto': the first bytes, looked at for UTF-16 or UTF-32 with no BOM (a warning); dropped once judged. */
  #wide: WideTextCheck | undefined;

  /** The reader of one input, with the options extract() takes. */
  constructor(options?: ExtractOptions);
  /** @internal `detach`: see Scanner (off only for extract() on a string, whose results may view that string). */
  constructor(options?: ExtractOptions, detach?: boolean);
  constructor(options?: ExtractOptions, detach = true) {
    const ctx = makeContext(options, detach);
    this.#ctx = ctx;
    if (ctx.charset === 'auto') this.#wide = new WideTextCheck();
    const mode = options?.mode ?? 'text';
    this.#reader = createReader(mode, ctx);
    this.#zeroLines = !ctx.lines && mode !== 'text';
  }

  /**
   * Bytes are decoded; a string is taken as text (after any bytes held for
   * 'auto'). A BOM is not text: the decoder drops it from bytes, and a
   * leading U+FEFF of the first string goes too, so positions are the same
   * either way (a string from readFileSync(f, 'utf8') keeps its BOM).
   */
  write(chunk: Uint8Array | string): Found[] {
    if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) throw inputType(`a chunk must be a string or a Uint8Array, not ${describe(chunk)}`);
    if (this.#ended) throw writeAfterEnd('Extractor');
    if (this.#first && chunk.length > 0) {
      this.#first = false;
      if (typeof chunk === 'string' && chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    if (this.#wide !== undefined && typeof chunk !== 'string' && this.#wide.look(this.#ctx, chunk)) this.#wide = undefined;
    const sliced = chunk.length > AT_A_TIME && (typeof chunk !== 'string' || !(this.#reader instanceof TextReader));
    const found = sliced ? this.#writeSliced(chunk) : this.#reader.write(chunk);
    return this.#zeroLines ? zeroLines(found) : found;
  }

  /** A big chunk, AT_A_TIME bytes or characters at a time: the same Founds (every reader takes any chunking), in less time. */
  #writeSliced(chunk: Uint8Array | string): Found[] {
    const pieces: Found[][] = [];
    for (let at = 0; at < chunk.length; at += AT_A_TIME) {
      const more = this.#reader.write(typeof chunk === 'string' ? chunk.slice(at, at + AT_A_TIME) : chunk.subarray(at, at + AT_A_TIME));
      if (more.length > 0) pieces.push(more);
    }
    return pieces.length === 1 ? pieces[0]! : concatenate(pieces);
  }

  /** The URIs held back. Once ended, the Extractor takes no more input; a second end() gives nothing. */
  end(): Found[] {
    if (this.#ended) return [];
    this.#ended = true;
    this.#wide?.end(this.#ctx);
    const found = this.#reader.end();
    return this.#zeroLines ? zeroLines(found) : found;
  }

  /** Text mode: characters the scanner holds back (bounded by maxLength plus a little context). */
  get buffered(): number {
    const reader = this.#reader;
    return reader instanceof TextReader ? reader.buffered : 0;
  }
}

/** The `lines: false` result: line and column 0, as text mode leaves them. */
/**
 * The pieces as one array, each Found copied once, with no limit on their
 * number (a spread has one). Array.prototype.flat takes 6× as long: it is
 * generic (depth, holes), and extract() of 32 MiB of a log gives 120,000
 * Founds.
 */
function concatenate(pieces: readonly Found[][]): Found[] {
  let n = 0;
  for (const p of pieces) n += p.length;
  const out = new Array<Found>(n);
  let k = 0;
  for (const p of pieces) for (let j = 0; j < p.length; j++) out[k++] = p[j]!;
  return out;
}

function zeroLines(found: Found[]): Found[] {
  for (const f of found) {
    f.line = 0;
    f.column = 0;
  }
  return found;
}
