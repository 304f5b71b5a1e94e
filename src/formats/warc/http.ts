// The block of a response or revisit record of type application/http: the
// HTTP/1.x status line and header block, whose Location, Content-Location
// and Link fields are links, then the payload (a response's), read as the
// document its Content-Type says, its codings undone.

import type { FormatContext } from '../types.js';
import type { Position } from '../positions.js';
import { Body, codingOf, isChunked } from './body.js';
import { Cursor } from './cursor.js';
import { Document, kindOf, type RecordInfo } from './document.js';
import { fieldOf, isContinuation, mediaTypeOf } from './fields.js';
import { LINK_FIELDS, RecordLinks } from './header-links.js';
import { LineTaker } from './lines.js';
import type { BlockSink } from './record.js';
import { MAX_HEADER_BYTES } from './limits.js';
import type { Payloads } from './payloads.js';

const enum State { Status, Fields, Body, Skip }

/** The fields that say how the payload is read. */
const BODY_FIELDS = new Set(['content-type', 'content-encoding', 'transfer-encoding']);

export class HttpBlock implements BlockSink {
  readonly #ctx: FormatContext;
  readonly #payloads: Payloads;
  readonly #record: RecordInfo;
  readonly #cursor: Cursor;
  readonly #line: LineTaker;
  readonly #links: RecordLinks;
  readonly #fields = new Map<string, string>();
  /** The field being read (its continuation lines may follow), and where its value starts. */
  #field: { name: string; value: string; at: Position } | undefined;
  #lineAt: Position;
  #state = State.Status;
  #headerBytes = 0;
  #warnedLong = false;
  /** The block's first line, for warnings. */
  readonly #first: number;
  readonly #maxHeader: number;
  #body: Body | undefined;
  readonly #payload: boolean;
  /** The record's WARC-Identified-Payload-Type: the payload's type when the HTTP header names none. */
  readonly #identified: string | undefined;

  /** `at`: where the block starts; `payload`: read the payload after the header (a response's; a revisit has none to read). */
  constructor(payloads: Payloads, record: RecordInfo, at: Position, payload: boolean, identified: string | undefined) {
    const ctx = this.#ctx = payloads.parent;
    this.#payloads = payloads;
    this.#record = record;
    this.#cursor = new Cursor(at);
    this.#lineAt = at;
    this.#first = at.line;
    this.#maxHeader = ctx.maxHeaderBytes ?? MAX_HEADER_BYTES;
    this.#line = new LineTaker(this.#maxHeader);
    this.#links = new RecordLinks(ctx, record);
    this.#payload = payload;
    this.#identified = identified;
  }

  write(bytes: Uint8Array): void {
    let i = 0;
    while (i < bytes.length && (this.#state === State.Status || this.#state === State.Fields)) {
      if (this.#line.length === 0) this.#lineAt = this.#cursor.position();
      const end = this.#line.takePast(bytes, i, this.#cursor);
      if (end === -1) return;
      i = end;
      this.#lineDone();
    }
    if (i < bytes.length && this.#state === State.Body) this.#body!.write(i === 0 ? bytes : bytes.subarray(i));
  }

  end(complete: boolean): void {
    if (this.#state === State.Fields) this.#fieldDone();
    this.#links.end(this.#first);
    this.#body?.end(complete);
  }

  #lineDone(): void {
    const over = this.#line.over;
    this.#headerBytes += this.#line.length;
    const line = this.#line.line();
    if (this.#state === State.Status) return this.#status(line);
    if (line === '') return this.#headerDone();
    if (over || this.#headerBytes > this.#maxHeader) return this.#tooLong();
    if (isContinuation(line) && this.#field !== undefined) {
      this.#field.value += ` ${line.trim()}`;
      return;
    }
    this.#fieldDone();
    const f = fieldOf(line);
    if (f !== undefined) this.#field = { name: f.name, value: f.value, at: { line: this.#lineAt.line, column: this.#lineAt.column + f.at, offset: this.#lineAt.offset + f.at } };
  }

  #status(line: string): void {
    if (/^HTTP\/\d(?:\.\d)?[ \t]+\d{3}(?:[ \t]|$)/.test(line)) {
      this.#state = State.Fields;
      return;
    }
    this.#state = State.Skip;
    this.#ctx.warn({ code: 'body-unreadable', line: this.#lineAt.line, message: `record ${this.#record.number}: its application/http block starts with no HTTP status line: not read` });
  }

  /** A field has ended (no continuation line after it): its links, or what it says of the payload. */
  #fieldDone(): void {
    const f = this.#field;
    this.#field = undefined;
    if (f === undefined) return;
    if (LINK_FIELDS.has(f.name)) this.#links.field(f.name, f.value, f.at);
    else if (BODY_FIELDS.has(f.name) && !this.#fields.has(f.name)) this.#fields.set(f.name, f.value);
  }

  #tooLong(): void {
    if (this.#warnedLong) return;
    this.#warnedLong = true;
    this.#fieldDone();
    this.#ctx.warn({ code: 'header-too-long', line: this.#lineAt.line, message: `record ${this.#record.number}: HTTP header block over maxHeaderBytes (${this.#maxHeader}): the rest of it is not read` });
  }

  #headerDone(): void {
    this.#fieldDone();
    this.#state = State.Skip;
    if (!this.#payload) return;
    const body = this.#body = openPayload(this.#payloads, this.#record, this.#cursor.position(), this.#fields, this.#identified);
    if (body !== undefined) this.#state = State.Body;
  }
}

/** The Body of a payload that starts at `at`, by its HTTP header `fields`; undefined when it is skipped (its type, or a coding not read). */
function openPayload(payloads: Payloads, record: RecordInfo, at: Position, fields: ReadonlyMap<string, string>, identified: string | undefined): Body | undefined {
  const ctx = payloads.parent;
  const media = mediaTypeOf(fields.get('content-type'));
  const type = media.type === '' ? mediaTypeOf(identified) : media;
  const kind = kindOf(type.type);
  if (kind === undefined) return undefined;
  const coding = codingOf(fields.get('content-encoding'));
  if (coding === undefined) {
    ctx.warn({ code: 'body-unreadable', line: at.line, message: `record ${record.number}: Content-Encoding "${fields.get('content-encoding')}" is not read (one coding is: gzip, x-gzip, deflate or br): its payload is skipped` });
    return undefined;
  }
  const chunked = isChunked(fields.get('transfer-encoding'));
  const exact = coding === 'identity' && !chunked;
  const doc = new Document(payloads, record, type.type === media.type ? media : { ...type, charset: type.charset ?? media.charset }, kind, at, exact);
  return new Body(ctx, doc, record, at.line, chunked, coding);
}
