// mode 'html': a standalone HTML document, decoded by its BOM, else by the
// charset its <meta> (or XML declaration) declares, else by the `charset` option, then read by
// an HtmlSink. Positions are those of the decoded text, as in text mode.

import type { Found } from '../../delimit/types.js';
import { Decoder } from '../../stream/decode.js';
import type { FormatContext, FormatReader, TextSink } from '../types.js';
import { PRESCAN_BYTES, pageCharset, sniffHtmlCharset } from './charset.js';
import { xmlEncodingLabel } from '../../stream/xml-declaration.js';
import { HtmlSink } from './sink.js';

/** Does `head` start with a byte order mark (UTF-8, UTF-16LE or UTF-32LE, UTF-16BE, UTF-32BE)? */
function hasBom(head: Uint8Array): boolean {
  const [a, b, c, d] = head;
  return (a === 0xef && b === 0xbb && c === 0xbf) || (a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff) || (a === 0 && b === 0 && c === 0xfe && d === 0xff);
}

/** What a document reader hands its decoded text to: an HtmlSink, or a feed's (see formats/feed). */
export interface DocumentSink extends TextSink {
  /** The document's charset, once known. */
  set charset(charset: string);
}

/** A document's own charset from its first bytes (up to PRESCAN_BYTES of them), or undefined. */
export type Sniff = (head: Uint8Array) => string | undefined;

export class HtmlReader implements FormatReader {
  readonly #ctx: FormatContext;
  readonly #sink: DocumentSink;
  readonly #sniff: Sniff;
  #decoder: Decoder | undefined;
  /** The first bytes, held until the prescan has read PRESCAN_BYTES of them (or the input ended). */
  #held: Uint8Array[] = [];
  #charsetSet = false;
  #heldBytes = 0;

  /** `sink` and `sniff`: what reads the decoded text, and the charset the first bytes declare (an HTML page's, by default). */
  constructor(ctx: FormatContext, sink: DocumentSink = new HtmlSink(ctx, {}, null), sniff: Sniff = sniffHtmlCharset) {
    this.#ctx = ctx;
    this.#sink = sink;
    this.#sniff = sniff;
    this.#sink.mark(1, 1, 0); // the decoded text is the file: one mark says so
  }

  /** Bytes are decoded; a string is taken as text (after any bytes held). */
  write(chunk: Uint8Array | string): Found[] {
    this.#ctx.out = [];
    if (typeof chunk === 'string') this.#sink.write(this.#charsetKnown(this.#flush()) + chunk);
    else this.#sink.write(this.#decode(chunk));
    return this.#ctx.out;
  }

  end(): Found[] {
    this.#ctx.out = [];
    const text = this.#flush();
    const rest = this.#decoder!.end();
    this.#charsetKnown('');
    this.#sink.write(text + rest);
    this.#sink.end();
    return this.#ctx.out;
  }

  #decode(bytes: Uint8Array): string {
    if (this.#decoder !== undefined) return this.#charsetKnown(this.#decoder.write(bytes));
    this.#heldBytes += bytes.length;
    const decided = this.#heldBytes >= PRESCAN_BYTES;
    this.#held.push(decided ? bytes : new Uint8Array(bytes)); // kept past this write: a copy, as the caller may reuse its buffer
    return decided ? this.#charsetKnown(this.#decide()) : '';
  }

  /** Tell the sink the page's charset once the decoder has settled it (before `text` is read). */
  #charsetKnown(text: string): string {
    const charset = this.#decoder?.charset;
    if (!this.#charsetSet && charset !== undefined) {
      this.#charsetSet = true;
      this.#sink.charset = charset;
    }
    return text;
  }

  /** Settle the charset with the bytes held now, and return what they decode to (all of it). */
  #flush(): string {
    const text = this.#decoder === undefined ? this.#decide() : '';
    return this.#decoder!.decided ? text : text + this.#decoder!.flush();
  }

  /** A <meta> or an XML declaration that names a charset no decoder reads (a byte codec such as hex, a misspelt label): the page is read with the charset option, and said so. */
  #unknownDeclared(head: Buffer): void {
    const text = head.toString('latin1', 0, PRESCAN_BYTES).replace(/<!--[^]*?(?:-->|$)/g, ''); // not a <meta> in a comment, as the prescan skips it
    const m = this.#sniff === sniffHtmlCharset ? /<meta\b[^>]*?charset\s*=\s*["']?([\w.:-]+)/i.exec(text) : null; // an XML document's text has no <meta> to read
    const label = m?.[1] ?? xmlEncodingLabel(head.subarray(0, PRESCAN_BYTES));
    if (label === undefined || pageCharset(label) !== undefined) return;
    const where = m === null ? 'an XML declaration' : 'a <meta>';
    this.#ctx.warn({ code: 'unknown-charset', message: `unknown charset "${label}" in ${where}: read with the charset option (${this.#ctx.charset})`, line: 1 });
  }

  /** Pick the decoder from the first bytes, and decode the bytes held. */
  #decide(): string {
    const head = Buffer.concat(this.#held);
    this.#held = [];
    const sniffed = hasBom(head) ? 'auto' : this.#sniff(head.subarray(0, PRESCAN_BYTES));
    if (sniffed === undefined) this.#unknownDeclared(head);
    this.#decoder = new Decoder(sniffed ?? this.#ctx.charset); // 'auto' reads and strips the BOM
    return head.length === 0 ? '' : this.#decoder.write(head);
  }
}
