// A part's bytes → text in its charset (iconv-lite through one decoder: charset-direct.ts; or libmime per line for ISO-2022-JP and kin), else by the `charset` option's logic; marks kept in step with the text.

import { isAscii } from 'node:buffer';
import { SNIFF_BYTES } from '../../stream/decode.js';
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
import { DirectDecoder } from './charset-direct.js';

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
  /** direct: the decoder and what it needs to know of the bytes so far. */
  #direct: DirectDecoder | undefined;
  /** auto and sniff: what waits for the charset to be settled. */
  readonly #held = new HeldOps();
  /** auto: a non-ASCII byte was seen (from there on, bytes are held). */
  #holding = false;
  #passed = 0;
  /** perline: a charset read line by line (ISO-2022-JP, the multi-byte ones: see line-charset.ts). */
  #lines: LineDecoder | undefined;
  #lastMark: Mark | undefined;
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
    if (choice.kind === 'ascii') this.#choose({ kind: 'iconv', name: 'utf-8' }, true);
    else this.#choose(choice);
  }

  #sniffer: Sniffer | undefined;

  #sniffWith(sniff: Sniffer): void {
    this.#mode = 'sniff';
    this.#sniffer = sniff;
  }

  /** Settle the charset; `asciiLabel`: read UTF-8 as a us-ascii label is (see #label). */
  #choose(choice: { kind: 'iconv' | 'libmime'; name: string }, asciiLabel = false): void {
    if (!isUnicodeEncoding(choice.name)) this.#legacy?.();
    const name = choice.name;
    if (choice.kind === 'libmime' || (!runsDecode(name) && lineSafe(name))) {
      this.#mode = 'perline';
      const codec = choice.kind === 'libmime' ? { decode: (b: Buffer) => decodeJis(b, name), incremental: undefined, silent: escapeRest, stateful: iso2022Cut } : iconvLines(name);
      this.#lines = new LineDecoder(codec, { text: (t) => this.#text(t), mark: (m) => this.#mark(m) });
    } else {
      this.#mode = 'direct';
      this.#direct = new DirectDecoder(name, asciiLabel);
    }
  }

  /**
   * Text less the BOM of a UTF-8 part: its three bytes stand in the file, so
   * the text after them is marked three columns on (the file's byte offset).
   * A base64 part's marks are the encoded lines' (remark), which it does not move.
   */
  #bom(text: string): string {
    const rest = this.#direct!.lessBom(text);
    const m = this.#lastMark;
    if (rest.length < text.length && m !== undefined && !this.#remark) this.#mark([m[0], m[1] + BOM_BYTES, m[2] + BOM_BYTES]);
    return rest;
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
    if (this.#mode === 'direct') return this.#direct!.runs ? 'any' : 'none';
    return this.#mode === 'auto' && !this.#holding ? 'ascii' : 'none';
  }

  /**
   * The text of chunk[from, to), a run of whole lines (as `runs` allows),
   * decoded as bytes() would; `latin`: the same bytes as latin1 text, when they are all ASCII.
   * Marks are the caller's.
   */
  bulkText(chunk: Buffer, from: number, to: number, latin: string | undefined): string {
    if (this.#mode === 'direct') return this.#direct!.bulkText(chunk, from, to, latin);
    this.#passed += to - from;
    return latin ?? chunk.toString('latin1', from, to);
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
      case 'direct': this.#decode(buf); break;
      case 'perline': this.#lines!.bytes(buf); break;
      case 'sniff': this.#hold(buf, SNIFF_HTML); break;
      case 'auto': this.#auto(buf); break;
    }
  }

  end(): void {
    if (this.#mode === 'sniff') this.#decideSniff();
    if (this.#mode === 'auto' && this.#holding) this.#decideAuto(true);
    if (this.#mode === 'direct') this.#text(this.#bom(this.#direct!.end()));
    if (this.#mode === 'perline') this.#lines!.flush();
    this.#out.end();
  }

  #decode(b: Buffer): void {
    this.#text(this.#bom(this.#direct!.write(b)));
  }

  /** Whether runBytes may be called now: the charset is settled and reads a run of bytes as it reads them piece by piece. */
  get takesRunBytes(): boolean {
    return this.#batch !== undefined && this.#mode === 'direct' && this.#direct!.runs;
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
    const direct = this.#direct!;
    const text = direct.runBytes(b, latin, ascii);
    if (text === undefined) {
      this.#runPieces(b, marks);
      return;
    }
    const same = ascii || !direct.utf8; // a byte index is a text index
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
