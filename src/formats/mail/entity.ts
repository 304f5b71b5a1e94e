// The MIME walk of one message (RFC 2045/2046), line by line: a boundary stack, IMAP part numbers, bases, and each leaf part scanned or skipped as it streams.

import type { Source } from '../source.js';
import type { FormatContext, FormatWarningCode } from '../types.js';
import { FieldNames, HeaderBlock } from './headers.js';
import { contentType, mechanism, messageId } from './field-values.js';
import { entityBase, type Base } from './base.js';
import { countNL, DASH_STOPS } from './bulk.js';
import type { Line, Run } from './lines.js';
import type { MessageHandler } from './mbox.js';
import { isScanned, openPart } from './part.js';
import { fieldKind, scanFields } from './scan-headers.js';
import type { TransferDecoder } from './transfer.js';
import { EncodedMessage } from './encoded-message.js';
import { scanExternalBody } from './external-body.js';
import { CR, HYPHEN, SPACE, TAB } from '../../uri/codes.js';

/** Deepest nesting of multiparts and messages walked; deeper entities are skipped with a warning. */
export const MAX_DEPTH = 32;
/** The part of the top-level message's own header fields (IMAP names it HEADER, with no number). */
export const TOP_HEADER_PART = '0';
/** A longer line is never a boundary (RFC 2046: boundaries are at most 70 characters). */
const MAX_BOUNDARY_LINE = 1000;

/** An entity being read: the body of a message (top-level or forwarded), or a child of a multipart. */
interface Entity {
  kind: 'message' | 'child';
  /** message: the part number of the message/rfc822 part ('' at the top); child: its part number. */
  number: string;
  base: Base;
  /** The enclosing multipart is multipart/digest (RFC 2046 §5.1.5: the default type is message/rfc822). */
  digest: boolean;
  depth: number;
}

interface Frame {
  /** `--boundary`, as bytes (without blanks at the boundary's end). */
  delimiter: Buffer;
  /** The boundary was declared with blanks at its end. */
  padded: boolean;
  /** Prefix of the children's part numbers ('' or '1.2.'). */
  prefix: string;
  count: number;
  base: Base;
  digest: boolean;
  depth: number;
}

/** Fields every entity needs, by lower-case name. */
const MIME_FIELDS = new Set(['content-type', 'content-transfer-encoding', 'content-base', 'content-location', 'message-id']);

/** Which fields an entity keeps: the MIME ones; a message's own also those scanned. */
const MIME_NAMES = new FieldNames((key) => MIME_FIELDS.has(key));
const SCANNED_NAMES = new FieldNames((key) => MIME_FIELDS.has(key) || fieldKind(key) !== undefined);

export class MessageWalker implements MessageHandler {
  readonly #ctx: FormatContext;
  /** The line handed to a part's decoder by #feed. */
  readonly #line: Line = { bytes: Buffer.alloc(0), withEol: Buffer.alloc(0), no: 0, offset: 0, start: 0, first: true, last: true, eol: true };
  #message = 0;
  #messageId: string | undefined;
  #frames: Frame[] = [];
  #entity: Entity = { kind: 'message', number: '', base: null, digest: false, depth: 0 };
  /** Reading the entity's header block. */
  #headers: HeaderBlock | undefined;
  /** The scanned leaf part the body lines go to (undefined: skipped). */
  #body: TransferDecoder | undefined;

  constructor(ctx: FormatContext) {
    this.#ctx = ctx;
  }

  begin(message: number): void {
    this.#message = message;
    this.#messageId = undefined;
    this.#frames = [];
    this.#open({ kind: 'message', number: '', base: null, digest: false, depth: 0 });
  }

  line(l: Line): void {
    if (l.first && l.last && this.#frames.length > 0 && l.bytes[0] === HYPHEN && l.bytes[1] === HYPHEN && l.bytes.length <= MAX_BOUNDARY_LINE) {
      if (this.#boundary(l)) return;
    }
    const headers = this.#headers;
    if (headers !== undefined) {
      const step = headers.line(l);
      if (step === 'more') return;
      this.#endHeaders(l.no + (step === 'ended' ? 1 : 0));
      if (step === 'ended') return;
      // The first line of the body, read again as bulk() reads it: it may be
      // a delimiter, or the first line of a forwarded message's header block.
      this.line(l);
      return;
    }
    this.#body?.line(l);
  }

  /** Body lines in bulk, up to the next line that may be a boundary: skipped, or to the part's decoder. */
  bulk(run: Run): void {
    if (this.#frames.length > 0 && !DASH_STOPS.narrow(run)) return;
    const headers = this.#headers;
    if (headers !== undefined) {
      const step = headers.run(run);
      if (step !== 'more') this.#endHeaders(run.no + run.lines);
      return;
    }
    const body = this.#body;
    if (body !== undefined) {
      body.bulk?.(run);
      if (run.to === run.from) this.#feed(run, body);
      return;
    }
    run.to = run.end;
    run.lines = countNL(run.latin, run.from, run.end);
  }

  /** The run's lines to the part's decoder one by one (none of them is a line the mbox or the MIME walk must see). */
  #feed(run: Run, body: TransferDecoder): void {
    const { chunk, latin, end } = run;
    const l = this.#line;
    let pos = run.from;
    let no = run.no;
    for (; pos < end; no++) {
      const nl = latin.indexOf('\n', pos);
      l.bytes = chunk.subarray(pos, nl > pos && latin.charCodeAt(nl - 1) === CR ? nl - 1 : nl);
      l.withEol = chunk.subarray(pos, nl + 1);
      l.no = no;
      l.offset = run.offset + (pos - run.from);
      body.line(l);
      pos = nl + 1;
    }
    run.lines = no - run.no;
    run.to = pos;
  }

  finish(): void {
    this.#close();
    this.#frames = [];
  }

  #open(entity: Entity): void {
    this.#entity = entity;
    this.#headers = new HeaderBlock(this.#ctx, entity.kind === 'message' && this.#ctx.headers ? SCANNED_NAMES : MIME_NAMES);
    this.#body = undefined;
  }

  /** End the current entity (a header block cut short is read as it is). */
  #close(): void {
    if (this.#headers !== undefined) this.#endHeaders(0);
    this.#body?.end();
    this.#body = undefined;
  }

  /** A delimiter line of one of the open multiparts (innermost first): it ends every entity inside it. */
  #boundary(l: Line): boolean {
    for (let i = this.#frames.length - 1; i >= 0; i--) {
      const frame = this.#frames[i]!;
      const close = delimiterMatch(l.bytes, frame.delimiter, frame.padded);
      if (close === undefined) continue;
      this.#close();
      this.#frames.length = i + 1;
      if (close) {
        this.#frames.pop(); // the epilogue follows: skipped
        return true;
      }
      frame.count++;
      this.#open({ kind: 'child', number: frame.prefix + frame.count, base: frame.base, digest: frame.digest, depth: frame.depth + 1 });
      return true;
    }
    return false;
  }

  /** The header block has ended (the body starts on line `bodyLine`): scan its fields, and start the body. */
  #endHeaders(bodyLine: number): void {
    const headers = this.#headers!;
    this.#headers = undefined;
    const e = this.#entity;
    if (e.kind === 'message') this.#messageHeaders(headers, e);
    const { type, params } = contentType(headers.value('content-type'), e.digest);
    const base = entityBase(headers, e.base, this.#ctx);
    const leaf = e.kind === 'child' ? e.number : e.number === '' ? '1' : `${e.number}.1`;
    const encoding = mechanism(headers.value('content-transfer-encoding'));
    const encoded = encoding === 'base64' || encoding === 'quoted-printable'; // not allowed for composite types (RFC 2045 §6.4)
    const multipart = type.startsWith('multipart/');
    // RFC 6522's text/rfc822-headers and RFC 6533's message/global-headers (a bounce's returned header block) are read as a forward with no body
    // RFC 2046 §5.2.2: a message/partial's first fragment opens the enclosed message (its header block, then as much body as it holds); a later one is text
    const partial = type === 'message/partial';
    const message = isMessage(type) || isHeaderBlock(type) || (partial && Number(params.number) === 1);
    if (encoded && message) { // RFC 6532 §3.5, RFC 6533 §6.3 allow it (text/rfc822-headers is text: any encoding); RFC 2045 §6.4 forbids it for message/rfc822, which mailers send all the same
      this.#encodedForward(e, leaf, base, encoding);
    } else if (multipart && (params.boundary === undefined || /^[ \t]*$/.test(params.boundary))) {
      // RFC 2046 §5.1.1 requires the parameter; RFC 2045 §5.2 reads an invalid Content-Type as text/plain
      this.#warn('no-boundary', `${type} part ${leaf} of message ${this.#message} has no boundary: read as text/plain`, bodyLine);
      this.#body = openPart(this.#ctx, { type: 'text/plain', params: {}, encoding, base, source: this.#source(leaf, 'type', 'text/plain'), line: bodyLine });
    } else if (multipart && encoded) { // RFC 2045 §6.4 forbids it; mailers send it all the same
      this.#encodedMultipart(e, params.boundary!, type, base, encoding);
    } else if (multipart) {
      this.#multipart(e, params.boundary!, type, base);
    } else if (message) {
      this.#forward(e, leaf, base);
    } else if (type === 'message/external-body' && this.#ctx.headers) { // RFC 2046 §5.2.3: the URI naming the body, found as the Content-Type field's
      scanExternalBody(this.#ctx, headers, params, (field) => this.#source(e.number === '' ? TOP_HEADER_PART : e.number, 'header', field.name), base);
    } else if (isScanned(type) || partial) {
      const source = this.#source(leaf, 'type', type);
      this.#body = openPart(this.#ctx, { type, params, encoding, base, source, line: bodyLine });
    }
  }

  #warn(code: FormatWarningCode, message: string, line: number): void {
    this.#ctx.warn({ code, message, line });
  }

  #messageHeaders(headers: HeaderBlock, e: Entity): void {
    if (e.number === '') this.#messageId = messageId(headers.value('message-id'));
    if (!this.#ctx.headers) return;
    const part = e.number === '' ? TOP_HEADER_PART : e.number;
    scanFields(this.#ctx, headers.fields, (field) => this.#source(part, 'header', field.name), headers.ascii);
  }

  /** { message, messageId?, part, header | type } (built whole: a spread costs more, per field). */
  #source(part: string, key: 'header' | 'type', value: string): Source {
    const message = this.#message;
    const messageId = this.#messageId;
    if (key === 'header') return messageId === undefined ? { message, part, header: value } : { message, messageId, part, header: value };
    return messageId === undefined ? { message, part, type: value } : { message, messageId, part, type: value };
  }

  #multipart(e: Entity, boundary: string, type: string, base: Base): void {
    if (!this.#deepEnough(e)) return;
    const prefix = e.kind === 'child' ? `${e.number}.` : e.number === '' ? '' : `${e.number}.`;
    // RFC 2046 §5.1.1: a boundary ends in no blank, so blanks after one are the delimiter line's padding ("boundary=\"abc \"")
    const bare = boundary.replace(/[ \t]+$/, '');
    const delimiter = Buffer.from(`--${bare}`, 'latin1');
    this.#frames.push({ delimiter, padded: bare.length < boundary.length, prefix, count: 0, base, digest: type === 'multipart/digest', depth: e.depth });
  }

  /** message/rfc822: the forwarded message's header block and body, numbered under its part. */
  #forward(e: Entity, number: string, base: Base): void {
    if (!this.#deepEnough(e)) return;
    this.#open({ kind: 'message', number, base, digest: false, depth: e.depth + 1 });
  }

  /** message/global or a returned header block with a transfer encoding: the decoded message walked as #forward walks one, by a walker of its own. */
  #encodedForward(e: Entity, number: string, base: Base, encoding: string): void {
    if (!this.#deepEnough(e)) return;
    this.#body = new EncodedMessage(this.#ctx, encoding, (inner) => {
      const walker = this.#nested(inner);
      walker.#open({ kind: 'message', number, base, digest: false, depth: e.depth + 1 });
      return walker;
    });
  }

  /** A multipart with a transfer encoding: its decoded body walked as #multipart walks one (preamble, parts, epilogue), by a walker of its own. */
  #encodedMultipart(e: Entity, boundary: string, type: string, base: Base, encoding: string): void {
    if (!this.#deepEnough(e)) return;
    this.#body = new EncodedMessage(this.#ctx, encoding, (inner) => {
      const walker = this.#nested(inner);
      walker.#entity = e;
      walker.#headers = undefined;
      walker.#multipart(e, boundary, type, base);
      return walker;
    });
  }

  /** A walker of the same message, for a body that must be decoded before it is walked. */
  #nested(inner: FormatContext): MessageWalker {
    const walker = new MessageWalker(inner);
    walker.#message = this.#message;
    walker.#messageId = this.#messageId;
    return walker;
  }

  #deepEnough(e: Entity): boolean {
    const max = this.#ctx.maxMimeDepth ?? MAX_DEPTH;
    if (e.depth < max) return true;
    this.#ctx.warn({ code: 'too-deep', message: `MIME nesting deeper than ${max} in message ${this.#message}: the deeper parts are skipped` });
    return false;
  }
}

/** A forwarded message: RFC 2046 §5.2.1, RFC 6532 §3.7 (its UTF-8 form), and message/news, the older name Usenet software gives a forwarded article. */
function isMessage(type: string): boolean {
  return type === 'message/rfc822' || type === 'message/global' || type === 'message/news';
}

/** A bounce's returned header block: RFC 6522 §4, RFC 6533 §6.3 (its UTF-8 form). */
function isHeaderBlock(type: string): boolean {
  return type === 'text/rfc822-headers' || type === 'message/global-headers';
}

/** true: the close delimiter; false: a delimiter; undefined: not this boundary's line. `padded`: the boundary was declared with blanks at its end, which may come before the close's "--". */
function delimiterMatch(b: Buffer, delimiter: Buffer, padded: boolean): boolean | undefined {
  const n = delimiter.length;
  if (b.length < n || b.compare(delimiter, 0, n, 0, n) !== 0) return undefined;
  let i = n;
  while (i < b.length && (b[i] === SPACE || b[i] === TAB)) i++; // padding, or the blanks of a boundary declared with them ("--abc --")
  const close = b[i] === HYPHEN && b[i + 1] === HYPHEN && (i === n || padded);
  for (i = close ? i + 2 : i; i < b.length; i++) if (b[i] !== SPACE && b[i] !== TAB) return undefined;
  return close;
}
