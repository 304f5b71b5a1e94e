// A part's bytes → text in its charset (iconv-lite, or libmime per line for ISO-2022-JP and kin), else by the `charset` option's logic; marks kept in step with the text.

import { isAscii, isUtf8 } from 'node:buffer';
import { Decoder, SNIFF_BYTES } from '../../stream/decode.js';
import { isUtf8Name, Utf8Decoder, Utf8OrCp1252Decoder } from '../../stream/utf8.js';
import type { FormatContext, TextSink } from '../types.js';
import type { TextBatch } from './batch.js';
import { resolveCharset, type CharsetChoice } from './charset-label.js';
import { isUnicodeEncoding } from '../bytes.js';
import type { ByteSink, RunByteSink } from './transfer.js';
import { MarkList } from './mark-list.js';
import { LineDecoder, iconvLines, lineSafe, type Mark } from './line-charset.js';
import { decodeJis, escapeRest, iso2022Cut, iso2022jpName } from '../../stream/iso2022.js';
import { autoCharset, SNIFF_HTML, type Sniffer } from './charset-unlabelled.js';
import { runMarks, runsDecode } from './charset-runs.js';
import { HeldOps } from './held-ops.js';

export interface CharsetOptions {
  /** The part's charset parameter, if any. */
  label: string | undefined;
  /** For a part with no (usable) label: HTML's sniffer. */
  sniff: Sniffer | undefined;
  /** base64: mark again after each decoded line break (decoded lines are not file lines). */
  remark: boolean;
  /** For warnings. */
  line: number;
  part: string;
  /** The batch `out` is, when it is one: runs of decoded bytes may go to it at once (runBytes). */
  batch?: TextBatch | undefined;
  /** Called once the part's charset is settled, if it is no Unicode one (TextSink#fromLegacyCharset). */
  legacy?: (() => void) | undefined;
}

const BOM_BYTES = 3;

export class CharsetStage implements ByteSink, RunByteSink {
  readonly #ctx: FormatContext;
  readonly #out: TextSink;
  readonly #remark: boolean;
  #mode: 'direct' | 'perline' | 'auto' | 'sniff' = 'direct';
  /** direct: made on first use (runs of ASCII or valid UTF-8 need none). */
  #decoder: { write(b: Buffer): string; end(): string | undefined } | undefined;
  #name = '';
  /** auto and sniff: what waits for the charset to be settled. */
  readonly #held = new HeldOps();
  /** auto: a non-ASCII byte was seen (from there on, bytes are held). */
  #holding = false;
  #passed = 0;
  /** perline: a charset read line by line (ISO-2022-JP, the multi-byte ones: see line-charset.ts). */
  #lines: LineDecoder | undefined;
  #lastMark: Mark | undefined;
  /** direct: the decoder reads a run of lines as it reads them one by one (runsDecode). */
  #runs = false;
  /** direct: bytes have gone to the decoder, or around it (runs). */
  #fed = false;
  /** direct: the charset is UTF-8. */
  #utf8 = false;
  /** direct, UTF-8: no text has gone out yet, so a U+FEFF that starts it is a BOM (see #bom). */
  #atStart = false;
  /** direct: the decoder may hold the start of a sequence (the last byte it was fed is not ASCII). */
  #mayHold = false;
  /** direct: the part is labelled us-ascii (see #label). */
  #asciiLabel = false;
  /** See CharsetOptions.batch. */
  readonly #batch: TextBatch | undefined;
  /** See CharsetOptions.legacy. */
  readonly #legacy: (() => void) | undefined;

  constructor(ctx: FormatContext, out: TextSink, o: CharsetOptions) {
    this.#ctx = ctx;
    this.#out = out;
    this.#remark = o.remark;
    this.#batch = o.batch;
    this.#legacy = o.legacy;
    const choice = o.label === undefined ? undefined : resolveCharset(o.label);
    if (choice?.kind === 'unknown') {
      ctx.warn({ code: 'unknown-charset', message: `unknown charset "${o.label}" in part ${o.part}: read with the charset option (${ctx.charset})`, line: o.line });
    }
    if (choice !== undefined && choice.kind !== 'unknown') this.#label(choice);
    else if (o.sniff !== undefined) this.#sniffWith(o.sniff);
    else this.#fallback();
  }

  /**
   * A label's charset. A us-ascii one, which any 8-bit byte breaks, is read
   * as UTF-8 with each byte that starts no valid sequence as windows-1252
   * (Utf8OrCp1252Decoder): mislabelled UTF-8 and mislabelled Latin-1 alike.
   */
  #label(choice: Exclude<CharsetChoice, { kind: 'unknown' }>): void {
    this.#choose(choice.kind === 'ascii' ? { kind: 'iconv', name: 'utf-8' } : choice);
    this.#asciiLabel = choice.kind === 'ascii';
  }

  #sniffer: Sniffer | undefined;

  #sniffWith(sniff: Sniffer): void {
    this.#mode = 'sniff';
    this.#sniffer = sniff;
  }

  #choose(choice: { kind: 'iconv' | 'libmime'; name: string }): void {
    if (!isUnicodeEncoding(choice.name)) this.#legacy?.();
    const name = choice.name;
    if (choice.kind === 'libmime' || (!runsDecode(name) && lineSafe(name))) {
      this.#mode = 'perline';
      const codec = choice.kind === 'libmime' ? { decode: (b: Buffer) => decodeJis(b, name), incremental: undefined, silent: escapeRest, stateful: iso2022Cut } : iconvLines(name);
      this.#lines = new LineDecoder(codec, { text: (t) => this.#text(t), mark: (m) => this.#mark(m) });
    } else {
      this.#mode = 'direct';
      this.#name = choice.name;
      this.#decoder = undefined;
      this.#fed = false;
      this.#runs = runsDecode(choice.name);
      this.#utf8 = choice.name === 'utf-8' || isUtf8Name(choice.name);
      this.#atStart = this.#utf8;
    }
  }

  /** The direct decoder, made now if not yet: UTF-8 keeps a U+FEFF at its start (#bom strips a BOM). */
  #dec(): { write(b: Buffer): string; end(): string | undefined } {
    return (this.#decoder ??= this.#asciiLabel ? new Utf8OrCp1252Decoder() : this.#utf8 ? new Utf8Decoder(true) : new Decoder(this.#name));
  }

  /**
   * Text less the BOM of a UTF-8 part: its three bytes stand in the file, so
   * the text after them is marked three columns on (the file's byte offset).
   * A base64 part's marks are the encoded lines' (remark), which it does not move.
   */
  #bom(text: string): string {
    if (!this.#atStart || text.length === 0) return text;
    this.#atStart = false;
    if (text.charCodeAt(0) !== 0xfeff) return text;
    const m = this.#lastMark;
    if (m !== undefined && !this.#remark) this.#mark([m[0], m[1] + BOM_BYTES, m[2] + BOM_BYTES]);
    return text.slice(1);
  }

  /**
   * The charset is read line by line (line-charset.ts): its ASCII bytes are
   * no measure of its characters (ISO-2022-JP's escapes), so every line of
   * the input must be marked.
   */
  get byLines(): boolean {
    return this.#mode === 'perline';
  }

  /** Which runs of whole lines bulkText takes now: any, ASCII ones only ('auto' still looking), or none. */
  get runs(): 'any' | 'ascii' | 'none' {
    if (this.#mode === 'direct') return this.#runs ? 'any' : 'none';
    return this.#mode === 'auto' && !this.#holding ? 'ascii' : 'none';
  }

  /**
   * The text of chunk[from, to), a run of whole lines (as `runs` allows),
   * decoded as bytes() would; `latin`: the same bytes as latin1 text, when they are all ASCII.
   * Marks are the caller's.
   */
  bulkText(chunk: Buffer, from: number, to: number, latin: string | undefined): string {
    if (this.#mode === 'direct') {
      // After a line break the decoder holds nothing; a BOM (only stripped first) never starts a run.
      const text = latin ?? this.#decodeRun(chunk.subarray(from, to));
      this.#fed = true;
      this.#atStart &&= text.length === 0;
      this.#mayHold = false; // the run ends with a line break
      return text;
    }
    this.#passed += to - from;
    return latin ?? chunk.toString('latin1', from, to);
  }

  #decodeRun(b: Buffer): string {
    return this.#utf8 && isUtf8(b) ? b.toString('utf8') : this.#dec().write(b);
  }

  /** The `charset` option's logic: 'auto' (BOM, UTF-8 if valid, else windows-1252) or its charset. */
  #fallback(): void {
    const name = this.#ctx.charset;
    if (name.toLowerCase() === 'auto') this.#mode = 'auto';
    else this.#choose(iso2022jpName(name) !== undefined ? { kind: 'libmime', name: 'ISO-2022-JP' } : { kind: 'iconv', name });
  }

  mark(line: number, column: number, offset: number): void {
    if (this.#mode === 'sniff' || (this.#mode === 'auto' && this.#holding)) return this.#held.mark(line, column, offset);
    const m: Mark = [line, column, offset];
    if (this.#mode === 'perline') this.#lines!.mark(m);
    else this.#mark(m);
  }

  bytes(b: Uint8Array): void {
    const buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    switch (this.#mode) {
      case 'direct': this.#direct(buf); break;
      case 'perline': this.#lines!.bytes(buf); break;
      case 'sniff': this.#hold(buf, SNIFF_HTML); break;
      case 'auto': this.#auto(buf); break;
    }
  }

  end(): void {
    if (this.#mode === 'sniff') this.#decideSniff();
    if (this.#mode === 'auto' && this.#holding) this.#decideAuto(true);
    if (this.#mode === 'direct' && this.#decoder !== undefined) this.#text(this.#bom(this.#decoder.end() ?? ''));
    if (this.#mode === 'perline') this.#lines!.flush();
    this.#out.end();
  }

  #direct(b: Buffer): void {
    const text = this.#dec().write(b);
    this.#fed = true;
    if (b.length > 0) this.#mayHold = b[b.length - 1]! >= 0x80;
    this.#text(this.#bom(text));
  }

  /** Whether runBytes may be called now: the charset is settled and reads a run of bytes as it reads them piece by piece. */
  get takesRunBytes(): boolean {
    return this.#batch !== undefined && this.#mode === 'direct' && this.#runs;
  }

  /**
   * The decoded bytes of a run of lines (see RunByteSink), with the text and
   * marks bytes() and mark() in turn would give: one decode and one write
   * to the batch. A mark's text index is that of the text the decoder had
   * given when it came (the bytes before it, less an unfinished UTF-8
   * sequence). Where that is not plain (the decoder may hold bytes, a BOM
   * at the start, bytes that are not UTF-8), the bytes go piece by piece.
   */
  runBytes(b: Buffer, latin: string | undefined, marks: MarkList): void {
    const ascii = isAscii(b);
    const utf8 = this.#utf8;
    if (utf8 && (this.#mayHold || (!ascii && ((!this.#fed && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) || !isUtf8(b))))) {
      this.#runPieces(b, marks);
      return;
    }
    // Single-byte charsets (runsDecode): one character per byte, no state.
    const text = ascii ? latin ?? b.toString('latin1') : utf8 ? b.toString('utf8') : this.#dec().write(b);
    this.#fed = true;
    this.#atStart &&= text.length === 0;
    this.#mayHold = false;
    const same = ascii || !utf8; // a byte index is a text index
    const batch = this.#batch!;
    const into = batch.takesMarks; // the marks go straight into the batch's own, at the text's place in it
    const out = into ? batch.marks : new MarkList();
    const lines = runMarks(text, b, same, marks, this.#remark, this.#lastMark, out, into ? batch.length : 0, into ? batch.lines : 0);
    const n = marks.n;
    if (n > 0) this.#lastMark = [marks.a[n - 3]!, marks.a[n - 2]!, marks.a[n - 1]!];
    if (into) batch.writeRun(text, lines);
    else batch.writeMarked(text, lines, out);
  }

  /** runBytes the long way: the bytes between marks through bytes(), the marks through mark(). */
  #runPieces(b: Buffer, list: MarkList): void {
    const marks = list.a;
    let from = 0;
    for (let k = 0; k < list.n; k += 4) {
      const at = marks[k]!;
      if (at > from) this.bytes(b.subarray(from, at));
      this.mark(marks[k + 1]!, marks[k + 2]!, marks[k + 3]!);
      from = at;
    }
    if (from < b.length) this.bytes(b.subarray(from));
  }

  #mark(m: Mark): void {
    this.#lastMark = m;
    this.#out.mark(m[0], m[1], m[2]);
  }

  /** Decoded text out; for base64, a mark again after each line break. */
  #text(s: string): void {
    if (s.length === 0) return;
    const m = this.#lastMark;
    if (!this.#remark || m === undefined || !s.includes('\n')) {
      this.#out.write(s);
      return;
    }
    let from = 0;
    for (let nl = s.indexOf('\n'); nl !== -1; nl = s.indexOf('\n', from)) {
      this.#out.write(s.slice(from, nl + 1));
      this.#out.mark(m[0], m[1], m[2]);
      from = nl + 1;
    }
    if (from < s.length) this.#out.write(s.slice(from));
  }

  #hold(b: Buffer, limit: number): void {
    this.#held.bytes(b);
    if (this.#held.size < limit) return;
    if (this.#mode === 'sniff') this.#decideSniff();
    else this.#decideAuto(false);
  }

  /** auto: ASCII passes (it reads the same either way); from the first other byte, hold up to SNIFF_BYTES. */
  #auto(b: Buffer): void {
    if (this.#holding) return this.#hold(b, SNIFF_BYTES - this.#passed);
    let k = isAscii(b) ? b.length : 0;
    while (k < b.length && b[k]! < 0x80) k++;
    if (k > 0) this.#text(b.toString('latin1', 0, k)); // base64: marked again after each line break, as in 'direct
    this.#passed += k;
    if (k === b.length) return;
    this.#holding = true;
    this.#hold(b.subarray(k), SNIFF_BYTES - this.#passed);
  }

  #decideAuto(final: boolean): void {
    const name = autoCharset(this.#held.joined(), this.#passed, final);
    this.#replay(() => this.#choose({ kind: 'iconv', name }));
  }

  #decideSniff(): void {
    const head = this.#held.joined().subarray(0, SNIFF_HTML);
    const label = this.#sniffer?.(head);
    const choice = label === undefined ? undefined : resolveCharset(label);
    this.#replay(() => (choice !== undefined && choice.kind !== 'unknown' ? this.#label(choice) : this.#fallback()));
  }

  /** Settle the mode, then send what was held through it. */
  #replay(settle: () => void): void {
    this.#holding = false;
    settle();
    this.#held.replay(this);
  }
}
