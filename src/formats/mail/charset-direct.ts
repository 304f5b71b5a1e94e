// The charset stage's 'direct' mode: a part's bytes through one decoder, in a
// charset settled before they are read (its label, the `charset` option, or
// what 'auto' and the HTML sniff decided). The decoder is made on first use
// (runs of ASCII or valid UTF-8 need none), a UTF-8 part's text loses its
// BOM, and a run of whole lines is decoded at once when the charset reads a
// run as it reads its lines (runsDecode). Marks are the stage's.

import { isUtf8 } from 'node:buffer';
import { Decoder } from '../../stream/decode.js';
import { isUtf8Name, Utf8Decoder, Utf8OrCp1252Decoder } from '../../stream/utf8.js';
import { runsDecode } from './charset-runs.js';

export class DirectDecoder {
  /** The decoder reads a run of lines as it reads them one by one (runsDecode). */
  readonly runs: boolean;
  /** The charset is UTF-8. */
  readonly utf8: boolean;
  readonly #name: string;
  /** The part is labelled us-ascii: read as UTF-8, each byte that starts no valid sequence as windows-1252. */
  readonly #asciiLabel: boolean;
  /** Made on first use. */
  #decoder: { write(b: Buffer): string; end(): string | undefined } | undefined;
  /** Bytes have gone to the decoder, or around it (runs). */
  #fed = false;
  /** UTF-8: no text has gone out yet, so a U+FEFF that starts it is a BOM (see lessBom). */
  #atStart: boolean;
  /** The decoder may hold the start of a sequence (the last byte it was fed is not ASCII). */
  #mayHold = false;

  constructor(name: string, asciiLabel: boolean) {
    this.#name = name;
    this.#asciiLabel = asciiLabel;
    this.runs = runsDecode(name);
    this.utf8 = name === 'utf-8' || isUtf8Name(name);
    this.#atStart = this.utf8;
  }

  /** The decoder, made now if not yet: UTF-8 keeps a U+FEFF at its start (lessBom strips a BOM). */
  #dec(): { write(b: Buffer): string; end(): string | undefined } {
    return (this.#decoder ??= this.#asciiLabel ? new Utf8OrCp1252Decoder() : this.utf8 ? new Utf8Decoder(true) : new Decoder(this.#name));
  }

  /** The text of bytes read piece by piece. */
  write(b: Buffer): string {
    const text = this.#dec().write(b);
    this.#fed = true;
    if (b.length > 0) this.#mayHold = b[b.length - 1]! >= 0x80;
    return text;
  }

  /** What the decoder still holds, at the part's end. */
  end(): string {
    return this.#decoder?.end() ?? '';
  }

  /** `text` less the BOM that starts a UTF-8 part's text, when it does. */
  lessBom(text: string): string {
    if (!this.#atStart || text.length === 0) return text;
    this.#atStart = false;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  /** The text of chunk[from, to), a run of whole lines (the stage's bulkText); `latin`: the same bytes as latin1 text, when they are all ASCII. */
  bulkText(chunk: Buffer, from: number, to: number, latin: string | undefined): string {
    // After a line break the decoder holds nothing; a BOM (only stripped first) never starts a run.
    const text = latin ?? this.#decodeRun(chunk.subarray(from, to));
    this.#ran(text);
    return text;
  }

  #decodeRun(b: Buffer): string {
    return this.utf8 && isUtf8(b) ? b.toString('utf8') : this.#dec().write(b);
  }

  /**
   * The text of a run of lines (the stage's runBytes), decoded at once; none
   * when it must go piece by piece: the decoder may hold bytes, a BOM may
   * start it, or its bytes are not UTF-8.
   */
  runBytes(b: Buffer, latin: string | undefined, ascii: boolean): string | undefined {
    const utf8 = this.utf8;
    if (utf8 && (this.#mayHold || (!ascii && ((!this.#fed && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) || !isUtf8(b))))) return undefined;
    // Single-byte charsets (runsDecode): one character per byte, no state.
    const text = ascii ? latin ?? b.toString('latin1') : utf8 ? b.toString('utf8') : this.#dec().write(b);
    this.#ran(text);
    return text;
  }

  /** A run decoded at once: it ends with a line break, so the decoder holds nothing after it. */
  #ran(text: string): void {
    this.#fed = true;
    this.#atStart &&= text.length === 0;
    this.#mayHold = false;
  }
}
