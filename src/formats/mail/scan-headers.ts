// Which header fields of a message are scanned for URIs (RFC 2369 List-*, RFC 5064 Archived-At, unstructured text), and the scan of one field.

import { isUtf8 } from 'node:buffer';
import { Decoder } from '../../stream/decode.js';
import { isUnicodeEncoding } from '../bytes.js';
import { Segment } from '../segment.js';
import type { Source } from '../source.js';
import type { FormatContext } from '../types.js';
import { flat } from './flat.js';
import type { Field } from './headers.js';
import { libmime } from './libmime.js';

/**
 * RFC 2369 and RFC 5064: lists of `<uri>`, scanned as written (Appendix C's `<…>` rules find them). List-URL is
 * no RFC's, but list servers (SmartList: lists.debian.org) give the list's page in it in the same form.
 */
const URI_LISTS = new Set([
  'list-help', 'list-unsubscribe', 'list-subscribe', 'list-post', 'list-owner', 'list-archive', 'archived-at', 'list-url',
]);

/** Unstructured fields (RFC 5322 §3.6.5, and common ones of the same kind): RFC 2047-decoded, then scanned. */
const UNSTRUCTURED = new Set(['subject', 'comments', 'keywords', 'thread-topic', 'organization']);

/**
 * X-* fields are unstructured text (X-Mailer, X-Original-URL, X-Report-Abuse, …) except these, which hold
 * addresses, ids, trace and filter data: never scanned. Names are lower-case; an entry ending in '-' is a prefix.
 */
const STRUCTURED_X = [
  'x-original-to', 'x-delivered-to', 'x-forwarded-to', 'x-forwarded-for', 'x-envelope-from', 'x-envelope-to',
  'x-sender', 'x-receiver', 'x-received', 'x-originating-ip', 'x-original-message-id', 'x-message-id',
  'x-uid', 'x-status', 'x-keywords', 'x-priority', 'x-msmail-priority', 'x-mimeole', 'x-virus-scanned',
  'x-ms-', 'x-microsoft-', 'x-forefront-', 'x-google-', 'x-gm-', 'x-gmail-', 'x-spam-', 'x-mozilla-',
  'x-apple-', 'x-original-from', 'x-original-sender', 'x-original-cc', 'x-original-recipient', 'x-original-return-path',
  'x-original-received', 'x-original-arrival-time', 'x-original-authentication-results', 'x-original-dkim-', 'x-envelope-', 'x-ses-', 'x-proofpoint-', 'x-mimecast-', 'x-authenticated-',
  'x-arc-', 'x-dkim-', 'x-ironport-', 'x-sg-', 'x-mailgun-', 'x-pm-', 'x-beenthere', 'x-mailman-version',
];

/** How a field is scanned: 'list' (as written), 'text' (RFC 2047-decoded), or not at all. */
export function fieldKind(key: string): 'list' | 'text' | undefined {
  if (URI_LISTS.has(key)) return 'list';
  if (UNSTRUCTURED.has(key)) return 'text';
  if (!key.startsWith('x-')) return undefined;
  let kind = X_KINDS.get(key);
  if (kind === undefined) {
    kind = STRUCTURED_X.some((x) => (x.endsWith('-') ? key.startsWith(x) : key === x)) ? 'none' : 'text';
    if (X_KINDS.size < 1024) X_KINDS.set(key, kind);
  }
  return kind === 'none' ? undefined : kind;
}

/** X-* names already looked up (bounded). */
const X_KINDS = new Map<string, 'text' | 'none'>();

/** A header line's bytes (as latin1 text) as text: the `charset` option's logic (RFC 6532 UTF-8 under 'auto'). */
function headerText(ctx: FormatContext, latin: string): string {
  if (!NON_ASCII.test(latin)) return latin;
  const bytes = Buffer.from(latin, 'latin1');
  // 'auto' reads valid UTF-8 as UTF-8; after an ASCII first byte no BOM is in play. (A Decoder would first take a 64 KiB buffer to hold the bytes in.)
  if (ctx.charset === 'auto' && bytes[0]! < 0x80 && isUtf8(bytes)) return bytes.toString('utf8');
  const decoder = new Decoder(ctx.charset);
  return decoder.write(bytes) + decoder.end();
}

const NON_ASCII = /[\x80-\xff]/;

/** Decodes RFC 2047 encoded-words (see words()). */
interface WordDecoder {
  decodeWords(text: string): string;
}

let decoder: WordDecoder | undefined;

/**
 * libmime's RFC 2047 decoder (libmime is loaded for the first field with a
 * word), with a word in a charset that is no Unicode one NFC-normalized
 * (RFC 3987 §3.1 step 1b), as a body part in that charset is; a word in a
 * UTF is left as written (step 1c). The charset may carry an RFC 2231
 * language (`iso-8859-1*fr`).
 */
function words(): WordDecoder {
  if (decoder !== undefined) return decoder;
  class Normalizing extends libmime().Libmime {
    override decodeWord(charset: string, encoding: string, text: string): string {
      const decoded = super.decodeWord(charset, encoding, text);
      return isUnicodeEncoding(charset.split('*')[0]!) ? decoded : decoded.normalize('NFC');
    }
  }
  return (decoder = new Normalizing());
}
/** One Q-encoded word in a charset whose ASCII bytes are ASCII (an RFC 2231 language allowed): its encoded text. */
const Q_WORD = /^=\?(?:utf-?8|us-ascii|iso-8859-\d+|windows-125\d)(?:\*[^?\s]*)?\?[Qq]\?([^?\s]*)\?=$/i;

/** An RFC 2047 encoded-word: =?charset?B|Q?text?= */
const ENCODED_WORD = /=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=/g;

/**
 * Scan the fields of one header block that fieldKind names. Each physical
 * line is marked; a field with RFC 2047 encoded-words is decoded whole
 * (words may span lines) and marked at its value's start. Without a base,
 * the fields share one Segment, each after a blank line (which ends any
 * candidate, as the end of the text does) and tagged with its own source,
 * all in one write (the scanner's cost is per write); with one, each is
 * scanned on its own.
 */
export function scanFields(ctx: FormatContext, fields: readonly Field[], sourceOf: (field: Field) => Source, ascii = false): void {
  const own = ctx.config.base !== undefined;
  let text: FieldText | undefined;
  for (const field of fields) {
    const kind = fieldKind(field.key);
    if (kind === undefined || field.lines.length === 0) continue;
    const encoded = kind === 'text' && field.lines.some((l) => l.text.includes('=?'));
    // Without a base every URI has a scheme, so a field with no ':' holds none.
    if (!encoded && !own && !field.lines.some((l) => l.text.includes(':'))) continue;
    if (text === undefined || own) text = new FieldText(new Segment(ctx, sourceOf(field), null));
    else text.next(sourceOf(field));
    // Whether this field's own bytes are ASCII (not the block's: another field's 8-bit text must not change how this one is read).
    text.field(ascii || !field.lines.some((l) => NON_ASCII.test(l.text)) ? undefined : ctx, field, encoded);
    if (own) text.end();
  }
  if (!own) text?.end();
}

/** The text of header fields gathered for one write to their Segment, with its marks and sources. */
class FieldText {
  readonly #segment: Segment;
  #text = '';
  #lines = 0;
  /** Flat [index, line breaks before it, line, column, offset] per mark (see Segment.writeLines). */
  readonly #marks: number[] = [];
  /** Flat [index, source] from which each source holds. */
  readonly #sources: Array<number | Source> = [];
  /** The physical line of the field that #encodedWords is at, and the index of its start in the joined lines (see #seek). */
  #lineK = 0;
  #lineStart = 0;

  constructor(segment: Segment) {
    this.#segment = segment;
  }

  /** The next field, after a blank line. */
  next(source: Source): void {
    this.#add('\n\n');
    this.#sources.push(this.#text.length, source);
  }

  /** `ctx` undefined: the field's bytes are all ASCII (no decoding). */
  field(ctx: FormatContext | undefined, field: Field, encoded: boolean): void {
    const text = (latin: string): string => (ctx === undefined ? latin : headerText(ctx, latin));
    // raw non-ASCII too: each physical line decoded first (a fold never cuts a character), then read as an ASCII one
    if (encoded) return this.#encodedWords(ctx === undefined ? field : { ...field, lines: field.lines.map((l) => ({ ...l, text: text(l.text) })) });
    for (const l of field.lines) {
      this.#mark(l.line, l.column, l.offset);
      this.#add(text(l.text));
    }
  }

  /**
   * An ASCII field with encoded-words: each word decoded and marked where it
   * starts, the text between words marked where it stands (so a URI written
   * plainly after a word has its exact place); the blanks between two words
   * are dropped (RFC 2047 §6.2).
   */
  #encodedWords(field: Field): void {
    const raw = field.lines.map((l) => l.text).join('');
    this.#lineK = 0;
    this.#lineStart = 0;
    let at = 0;
    let group = -1; // start of the run of adjacent words (only blanks between them) not yet written
    for (const m of raw.matchAll(ENCODED_WORD)) {
      const between = raw.slice(at, m.index);
      if (group !== -1 && /^[ \t]*$/.test(between)) {
        at = m.index + m[0].length;
        continue;
      }
      if (group !== -1) this.#addWords(field, group, raw.slice(group, at));
      this.#addRaw(field, at, between);
      group = m.index;
      at = m.index + m[0].length;
    }
    // Adjacent words are decoded together, as libmime joins them: a character split between two (which RFC 2047 §5 forbids, but senders write) is whole.
    if (group !== -1) this.#addWords(field, group, raw.slice(group, at));
    this.#addRaw(field, at, raw.slice(at));
  }

  /**
   * Add the decoded text of `s`, a run of encoded-words at index `at`,
   * marked at its start. In one Q-encoded word in a charset whose ASCII
   * bytes are ASCII, the plain text before its first escape and after its
   * last (RFC 2047 §4.2: '_' a space) is marked where it stands, so a URI
   * written plainly there has its exact place.
   */
  #addWords(field: Field, at: number, s: string): void {
    const decoded = words().decodeWords(s);
    const q = Q_WORD.exec(s);
    if (q === null) return this.#addAt(field, at, decoded);
    const text = q[1]!;
    const from = s.length - 2 - text.length; // the encoded text's index in s
    const first = text.indexOf('=');
    const last = text.lastIndexOf('=');
    const head = (first === -1 ? text : text.slice(0, first)).replaceAll('_', ' ');
    const tail = first === -1 || last + 3 > text.length ? '' : text.slice(last + 3).replaceAll('_', ' ');
    if (head.length + tail.length > decoded.length || !decoded.startsWith(head) || !decoded.endsWith(tail)) return this.#addAt(field, at, decoded);
    this.#addAt(field, at + from, head);
    this.#addAt(field, first === -1 ? at : at + from + first, decoded.slice(head.length, decoded.length - tail.length));
    this.#addAt(field, at + from + last + 3, tail);
  }

  /** Add `s`, the field's own text from index `at` of its joined physical lines: marked where each of its physical lines starts. */
  #addRaw(field: Field, at: number, s: string): void {
    let from = 0;
    while (from < s.length) {
      this.#seek(field, at + from);
      const k = this.#lineK;
      const end = k + 1 < field.lines.length ? Math.min(s.length, this.#lineStart + field.lines[k]!.text.length - at) : s.length;
      this.#addAt(field, at + from, s.slice(from, end));
      from = end;
    }
  }

  /** Add `s`, marked at index `at` of the field's joined physical lines. */
  #addAt(field: Field, at: number, s: string): void {
    if (s === '') return;
    this.#seek(field, at);
    const l = field.lines[this.#lineK]!;
    const column = at - this.#lineStart;
    this.#mark(l.line, l.column + column, l.offset + column);
    this.#add(s);
  }

  /**
   * Move the cursor (#lineK, #lineStart) to the physical line that holds
   * index `at` of the joined lines. The indexes #encodedWords hands on only
   * grow, so a field of many folded lines and words costs linear time.
   */
  #seek(field: Field, at: number): void {
    while (this.#lineK + 1 < field.lines.length && at >= this.#lineStart + field.lines[this.#lineK]!.text.length) {
      this.#lineStart += field.lines[this.#lineK++]!.text.length;
    }
  }

  end(): void {
    this.#segment.writeLines(flat(this.#text), this.#lines, this.#marks, this.#marks.length, this.#sources);
    this.#segment.end();
  }

  #mark(line: number, column: number, offset: number): void {
    this.#marks.push(this.#text.length, this.#lines, line, column, offset);
  }

  #add(s: string): void {
    for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) this.#lines++;
    this.#text += s;
  }
}
