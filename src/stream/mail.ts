// Internet mail for URI extraction: split an mbox into messages, walk a
// message's MIME tree (RFC 2045/2046) and decode its text parts —
// quoted-printable (RFC 2045 §6.7) or base64 (§6.8), then their charset.
// Headers and bodies are handled as latin1 strings, which map bytes 1:1.
import { Transform, type TransformCallback } from 'node:stream';
import iconv from 'iconv-lite';

/** A decoded text/* part of a message. */
export interface TextPart {
  /** MIME part number: '1', '1.2', … ('1' for a single-part message). */
  part: string;
  /** Lower-case media type, e.g. 'text/plain'. */
  type: string;
  charset: string;
  /** Lower-case Content-Transfer-Encoding. */
  encoding: string;
  /** 0-based line of the body's first line within the message. */
  bodyLine: number;
  text: string;
}

/** One message of an mbox, with its 1-based first line in the file. */
export interface MailMessage {
  bytes: Buffer;
  line: number;
}

const MAX_DEPTH = 20;

/** The decoded text parts of one RFC 5322 message, in document order. */
export function textParts(message: Uint8Array, fallbackCharset = 'utf-8'): TextPart[] {
  const out: TextPart[] = [];
  walkEntity(Buffer.from(message).toString('latin1'), 0, '1', fallbackCharset, out, 0);
  return out;
}

function walkEntity(s: string, line: number, part: string, fallback: string, out: TextPart[], depth: number): void {
  const split = /^\r?\n|\r?\n\r?\n/.exec(s);
  const headerEnd = split?.index ?? s.length;
  const bodyStart = split === null ? s.length : headerEnd + split[0].length;
  const headers = parseHeaders(s.slice(0, headerEnd));
  const { type, params } = parseContentType(headers.get('content-type') ?? 'text/plain');
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  const body = s.slice(bodyStart);
  const bodyLine = line + countLines(s, 0, bodyStart);
  if (depth < MAX_DEPTH && type.startsWith('multipart/') && params.boundary !== undefined) {
    splitMultipart(body, params.boundary).forEach((p, i) =>
      walkEntity(p.text, bodyLine + p.line, `${part === '1' && depth === 0 ? '' : `${part}.`}${i + 1}`, fallback, out, depth + 1));
  } else if (depth < MAX_DEPTH && type === 'message/rfc822') {
    walkEntity(decodeTransfer(body, encoding).toString('latin1'), bodyLine, part, fallback, out, depth + 1);
  } else if (type.startsWith('text/')) {
    const charset = params.charset ?? fallback;
    out.push({ part, type, charset, encoding, bodyLine, text: decodeCharset(decodeTransfer(body, encoding), charset, fallback) });
  }
}

/** Unfold (RFC 5322 §2.2.3) and index by lower-case name; the first wins. */
export function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const field of block.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    const name = field.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, field.slice(colon + 1).trim());
  }
  return headers;
}

/** `text/plain; charset="iso-8859-1"` → type and lower-case-named params. */
export function parseContentType(value: string): { type: string; params: Record<string, string> } {
  const [typePart = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    const raw = p.slice(eq + 1).trim();
    params[p.slice(0, eq).trim().toLowerCase()] = raw.startsWith('"') ? raw.slice(1, raw.lastIndexOf('"') > 0 ? raw.lastIndexOf('"') : undefined).replace(/\\(.)/g, '$1') : raw;
  }
  return { type: typePart.trim().toLowerCase() || 'text/plain', params };
}

/** RFC 2046 §5.1.1: the parts between `--boundary` lines, before `--boundary--`. */
export function splitMultipart(body: string, boundary: string): Array<{ text: string; line: number }> {
  const parts: Array<{ text: string; line: number }> = [];
  const delimiter = `--${boundary}`;
  let start = -1;
  let startLine = 0;
  let line = 0;
  for (let pos = 0; pos <= body.length;) {
    const nl = body.indexOf('\n', pos);
    const end = nl < 0 ? body.length : nl + 1;
    const text = body.slice(pos, end).replace(/\r?\n$/, '');
    if (text.startsWith(delimiter) && /^(--)?[ \t]*$/.test(text.slice(delimiter.length))) {
      if (start >= 0) parts.push({ text: body.slice(start, Math.max(start, pos - (body[pos - 2] === '\r' ? 2 : 1))), line: startLine });
      if (text.slice(delimiter.length).startsWith('--')) return parts;
      start = end;
      startLine = line + 1;
    }
    if (nl < 0) break;
    pos = end;
    line++;
  }
  if (start >= 0) parts.push({ text: body.slice(start), line: startLine });
  return parts;
}

/** Undo a Content-Transfer-Encoding; 7bit, 8bit, binary and unknown pass through. */
export function decodeTransfer(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/[^A-Za-z0-9+/]/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'latin1');
}

/** RFC 2045 §6.7: drop trailing blanks and soft breaks (`=` EOL), decode `=XX`. */
export function decodeQuotedPrintable(body: string): Buffer {
  const text = body
    .replace(/[ \t]+(?=\r?\n|$)/g, '')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(text, 'latin1');
}

/** Decode with the part's charset; us-ascii labels are read as UTF-8, unknown ones as the fallback. */
export function decodeCharset(bytes: Buffer, charset: string, fallback: string): string {
  let name = charset.trim().toLowerCase();
  if (name === 'us-ascii' || name === 'ascii' || name === 'auto') name = 'utf-8';
  if (!iconv.encodingExists(name)) name = iconv.encodingExists(fallback) ? fallback : 'utf-8';
  return iconv.decode(bytes, name);
}

function countLines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

const FROM_ = Buffer.from('From ');
/** A From_ line: `From sender date`, the date with a time (as mutt's is_from checks). */
const FROM_LINE = /^From \S+ +\S.*\d\d?:\d\d/;

/**
 * Bytes of an mbox (or of one .eml) → one MailMessage per message.
 * A message starts at a From_ line (`From sender date`) at the top of the
 * file or after a blank line; `>From ` lines lose one `>` (mboxrd). A file whose first line
 * is not a `From ` line is a single message.
 */
export class MboxSplitter extends Transform {
  #carry: Buffer = Buffer.alloc(0);
  #message: Buffer[] = [];
  #messageLine = 1;
  #line = 0;
  #mbox: boolean | undefined;
  #previousBlank = true;

  constructor() {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const buf = this.#carry.length > 0 ? Buffer.concat([this.#carry, chunk]) : chunk;
    let pos = 0;
    for (let nl = buf.indexOf(0x0a); nl >= 0; nl = buf.indexOf(0x0a, pos)) {
      this.#takeLine(buf.subarray(pos, nl + 1));
      pos = nl + 1;
    }
    this.#carry = Buffer.from(buf.subarray(pos));
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.#carry.length > 0) this.#takeLine(this.#carry);
    this.#emit();
    callback();
  }

  #takeLine(line: Buffer): void {
    this.#line++;
    this.#mbox ??= line.subarray(0, 5).equals(FROM_);
    const isFrom = this.#mbox && this.#previousBlank && line.subarray(0, 5).equals(FROM_) &&
      FROM_LINE.test(line.subarray(0, 200).toString('latin1'));
    this.#previousBlank = line[0] === 0x0a || (line[0] === 0x0d && line[1] === 0x0a);
    if (isFrom) {
      this.#emit();
      this.#messageLine = this.#line + 1;
      return;
    }
    this.#message.push(this.#mbox && /^>+From /.test(line.subarray(0, 40).toString('latin1')) ? line.subarray(1) : line);
  }

  #emit(): void {
    if (this.#message.length === 0) return;
    this.push({ bytes: Buffer.concat(this.#message), line: this.#messageLine } satisfies MailMessage);
    this.#message = [];
  }
}
