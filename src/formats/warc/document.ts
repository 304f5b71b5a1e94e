// The payload of a record read as the document it is: HTML and XHTML by the
// HTML reader, feeds by the feed reader, other XML by what 'auto' makes of
// it, text and JSON by text rules; each with the record's WARC-Target-URI as
// its base and the charset its Content-Type names. The Founds are moved to
// WARC positions and tagged with the record.

import type { FoundRecord } from '../../delimit/match.js';
import type { Found } from '../../delimit/types.js';
import { charsetName } from '../../stream/decode.js';
import type { UriComponents } from '../../uri/components.js';
import { AutoReader } from '../auto.js';
import type { DetectedMode } from '../detect.js';
import { FeedSink } from '../feed/sink.js';
import { HtmlReader } from '../html/reader.js';
import { pageCharset, sniffHtmlCharset, sniffXmlCharset } from '../html/charset.js';
import type { Position } from '../positions.js';
import type { Source } from '../source.js';
import { TextReader } from '../text.js';
import type { FormatContext, FormatReader, FormatWarning } from '../types.js';
import type { MediaType } from './fields.js';
import type { Payloads } from './payloads.js';

/** What the record a payload is in says of it. */
export interface RecordInfo {
  /** 1-based number of the record in the input. */
  number: number;
  /** WARC-Type, lower case. */
  type: string;
  /** WARC-Target-URI, as written (angle brackets taken off), and its parse: the payload's base. */
  target: string | undefined;
  base: UriComponents | undefined;
}

/** How a payload of a media type is read; undefined: skipped. */
type Kind = 'html' | 'feed' | 'xml' | 'text';

const KINDS: ReadonlyMap<string, Kind> = new Map([
  ['text/html', 'html'], ['application/xhtml+xml', 'html'],
  ['application/rss+xml', 'feed'], ['application/atom+xml', 'feed'],
  ['text/xml', 'xml'], ['application/xml', 'xml'],
  ['application/json', 'text'], ['application/javascript', 'text'], ['application/x-javascript', 'text'],
]);

/** How a payload of lower-case media type `type` is read, or undefined when it is skipped (images, video, fonts, binaries, no type). */
export function kindOf(type: string): Kind | undefined {
  return KINDS.get(type) ?? (type.startsWith('text/') || type.endsWith('+json') ? 'text' : undefined);
}

/** The Source of a record's URI, with what the reader inside it said (`inner`): the record's fields, then the inner ones (copied one by one: a spread of sources of many shapes takes V8's slow path). */
export function recordSource(record: RecordInfo, inner?: Source): Source {
  const own: Source = record.target === undefined ? { record: record.number, type: record.type } : { record: record.number, target: record.target, type: record.type };
  if (inner === undefined) return own;
  const to = own as Record<string, unknown>;
  const from = inner as Record<string, unknown>;
  for (const k in from) to[k] = from[k];
  return own;
}

export class Document {
  readonly #payloads: Payloads;
  readonly #reader: FormatReader;
  readonly #record: RecordInfo;
  readonly #at: Position;
  readonly #exact: boolean;
  readonly #sources = new Map<Source | undefined, Source>();

  /** `at`: where the payload starts in the WARC; `exact`: its bytes are the file's (no transfer or content coding), so positions in it are moved by `at`, else each is `at`. */
  constructor(payloads: Payloads, record: RecordInfo, media: MediaType, kind: Kind, at: Position, exact: boolean) {
    this.#payloads = payloads;
    this.#record = record;
    this.#at = at;
    this.#exact = exact;
    const label = media.charset;
    const page = label === undefined ? undefined : pageCharset(label);
    const text = label === undefined ? undefined : charsetName(label);
    if (label !== undefined && (kind === 'text' ? text : page) === undefined) {
      this.warn({ code: 'unknown-charset', message: `unknown charset "${label}" in record ${record.number}'s Content-Type: read with the charset option (${payloads.parent.charset})` });
    }
    this.#reader = this.#open(payloads.open(this, record.base, text), kind, page);
  }

  #open(ctx: FormatContext, kind: Kind, charset: string | undefined): FormatReader {
    const html = (): FormatReader => new HtmlReader(ctx, undefined, (head) => charset ?? sniffHtmlCharset(head));
    const feed = (): FormatReader => new HtmlReader(ctx, new FeedSink(ctx), (head) => charset ?? sniffXmlCharset(head));
    switch (kind) {
      case 'html': return html();
      case 'feed': return feed();
      case 'text': return new TextReader(ctx);
      case 'xml': return new AutoReader((m: DetectedMode) => (m === 'feed' ? feed() : m === 'html' ? html() : new TextReader(ctx)), ctx.charset);
    }
  }

  write(bytes: Uint8Array): void {
    this.#place(this.#reader.write(bytes));
  }

  end(): void {
    this.#place(this.#reader.end());
    this.#payloads.close(this);
  }

  /** Move Founds to their places in the WARC, tag them with the record, and hand them out. */
  #place(found: Found[]): void {
    const out = this.#payloads.parent.out;
    const at = this.#at;
    for (let i = 0; i < found.length; i++) {
      const f = found[i] as FoundRecord;
      f.source = this.#source(f.source);
      if (this.#exact) {
        if (f.line === 1) f.column += at.column - 1;
        f.line += at.line - 1;
        f.offset += at.offset;
      } else {
        f.line = at.line;
        f.column = at.column;
        f.offset = at.offset;
      }
      out.push(f);
    }
  }

  #source(inner: Source | undefined): Source {
    let s = this.#sources.get(inner);
    if (s === undefined) {
      s = recordSource(this.#record, inner);
      if (this.#sources.size < 256) this.#sources.set(inner, s);
    }
    return s;
  }

  /** A warning of the reader inside, its line moved as its Founds are. */
  warn(w: FormatWarning): void {
    const parent = this.#payloads.parent;
    if (w.line === undefined) return parent.warn(w);
    parent.warn({ ...w, line: this.#exact ? w.line + this.#at.line - 1 : this.#at.line });
  }
}
