// A WARC's records (ISO 28500, WARC/1.0 and 1.1 §4): a version line, named
// fields up to a blank line (CRLF; a bare LF is taken too), exactly
// Content-Length bytes of block, then two CRLFs. The block streams to its
// reader as it comes, never held. Bytes where a record should start and
// none does (a Content-Length that was short, garbage, a header block over
// maxHeaderBytes, no Content-Length) are skipped up to the next line that
// starts "WARC/1.", and said so.

import type { Position } from '../positions.js';
import type { FormatContext } from '../types.js';
import { Cursor } from './cursor.js';
import { fieldOf, isContinuation } from './fields.js';
import { MAX_HEADER_BYTES } from './limits.js';
import { LineTaker } from './lines.js';
import { Payloads } from './payloads.js';
import { openBlock, recordInfo, type BlockSink } from './record.js';

const enum State { Seek, Fields, Block }

/** Bytes of a line kept while looking for a version line: enough to know one. */
const SEEK_LINE = 64;

const VERSION = /^WARC\/1\.\d/;

export class RecordSplitter {
  readonly #ctx: FormatContext;
  readonly #payloads: Payloads;
  readonly #cursor = new Cursor();
  readonly #line = new LineTaker(SEEK_LINE);
  readonly #maxHeader: number;
  #state = State.Seek;
  #records = 0;
  /** The record's version line's place, its fields (lower-case names, the first of each kept) and their bytes. */
  #recordAt: Position = { line: 1, column: 1, offset: 0 };
  #lineAt: Position = this.#recordAt;
  readonly #fields = new Map<string, string>();
  #lastField = '';
  #headerBytes = 0;
  /** The block being read: its reader (undefined: skipped), its length and the bytes still to come. */
  #block: BlockSink | undefined;
  #length = 0;
  #remaining = 0;
  /** Bytes skipped since the last record (blank lines not counted), and why they were. */
  #skipped = 0;
  #skipAt: Position | undefined;
  #why = 'they are no WARC record';

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
    this.#payloads = new Payloads(ctx);
    this.#maxHeader = ctx.maxHeaderBytes ?? MAX_HEADER_BYTES;
  }

  write(bytes: Uint8Array): void {
    let i = 0;
    while (i < bytes.length) {
      if (this.#state === State.Block) {
        i = this.#blockBytes(bytes, i);
        continue;
      }
      if (this.#line.length === 0) {
        this.#lineAt = this.#cursor.position();
        this.#line.max = this.#state === State.Seek ? SEEK_LINE : Math.max(1, this.#maxHeader - this.#headerBytes + 1);
      }
      const end = this.#line.takePast(bytes, i, this.#cursor);
      if (end === -1) return;
      i = end;
      if (this.#state === State.Seek) this.#seekLine();
      else this.#fieldLine();
    }
  }

  #blockBytes(bytes: Uint8Array, i: number): number {
    const n = Math.min(this.#remaining, bytes.length - i);
    this.#cursor.pass(bytes, i, i + n);
    this.#block?.write(i === 0 && n === bytes.length ? bytes : bytes.subarray(i, i + n));
    this.#remaining -= n;
    if (this.#remaining === 0) this.#blockDone();
    return i + n;
  }

  /** A line where a record may start: a version line starts one; a blank line passes; anything else is skipped. */
  #seekLine(): void {
    const length = this.#line.length;
    const line = this.#line.line();
    if (VERSION.test(line)) return this.#recordStart(length);
    if (line === '' && length <= 2) return;
    this.#skipped += length;
    this.#skipAt ??= this.#lineAt;
  }

  #recordStart(length: number): void {
    this.#warnSkipped('the next record');
    this.#records++;
    this.#recordAt = this.#lineAt;
    this.#state = State.Fields;
    this.#fields.clear();
    this.#lastField = '';
    this.#headerBytes = length;
  }

  #fieldLine(): void {
    const over = this.#line.over;
    this.#headerBytes += this.#line.length;
    const line = this.#line.line();
    if (over || this.#headerBytes > this.#maxHeader) return this.#skip(`record ${this.#records}'s header block is over maxHeaderBytes (${this.#maxHeader})`);
    if (line === '') return this.#fieldsDone();
    if (isContinuation(line)) {
      if (this.#fields.has(this.#lastField)) this.#fields.set(this.#lastField, `${this.#fields.get(this.#lastField)!} ${line.trim()}`);
      return;
    }
    const f = fieldOf(line);
    if (f === undefined || this.#fields.has(f.name)) return void (this.#lastField = '');
    this.#fields.set(f.name, f.value);
    this.#lastField = f.name;
  }

  #fieldsDone(): void {
    const length = this.#fields.get('content-length');
    if (length === undefined || !/^\d{1,15}$/.test(length)) {
      return this.#skip(`record ${this.#records} has ${length === undefined ? 'no' : `no valid (${length.slice(0, 20)})`} Content-Length`);
    }
    this.#length = this.#remaining = Number(length);
    this.#state = State.Block;
    this.#block = openBlock(this.#payloads, recordInfo(this.#records, this.#fields), this.#fields, this.#cursor.position());
    if (this.#remaining === 0) this.#blockDone();
  }

  #blockDone(): void {
    this.#block?.end(true);
    this.#block = undefined;
    this.#state = State.Seek;
    this.#why = `they follow record ${this.#records}'s block, which should end in CRLF CRLF (its Content-Length may be short)`;
  }

  /** The record being read cannot be: skip to the next version line. */
  #skip(why: string): void {
    this.#state = State.Seek;
    this.#skipped += this.#headerBytes;
    this.#skipAt = this.#recordAt;
    this.#why = why;
  }

  #warnSkipped(upTo: string): void {
    if (this.#skipped === 0) return;
    const message = `${this.#skipped} byte(s) skipped up to ${upTo}: ${this.#why}`;
    this.#ctx.warn({ code: 'record-resync', message, line: this.#skipAt!.line });
    this.#skipped = 0;
    this.#skipAt = undefined;
  }

  end(): void {
    if (this.#line.length > 0) this.#lastLine();
    if (this.#state === State.Block) {
      this.#block?.end(false);
      const message = `record ${this.#records} is cut short: the input ended ${this.#remaining} byte(s) before the end of its block (Content-Length ${this.#length}); what came of it was read`;
      this.#ctx.warn({ code: 'record-truncated', message, line: this.#recordAt.line });
    } else if (this.#state === State.Fields) {
      this.#ctx.warn({ code: 'record-truncated', message: `record ${this.#records} is cut short: the input ended in its header block`, line: this.#recordAt.line });
    }
    this.#warnSkipped('the end of the input');
  }

  /** A last line with no line end. */
  #lastLine(): void {
    if (this.#state === State.Seek) {
      const length = this.#line.length;
      const line = this.#line.line();
      if (VERSION.test(line)) return this.#recordStart(length);
      this.#skipped += length;
      this.#skipAt ??= this.#lineAt;
    } else {
      this.#line.clear();
    }
  }
}
