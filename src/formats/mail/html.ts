// The HTML format's pieces a text/html part goes through (kept in one place: the only imports from ../html).

import { HtmlSink } from '../html/sink.js';
import { sniffHtmlCharset } from '../html/charset.js';
import type { Source } from '../source.js';
import type { FormatContext, TextSink } from '../types.js';
import type { UriComponents } from '../../uri/components.js';
import type { Sniffer } from './charset-unlabelled.js';
import { isUnicodeCharset } from '../bytes.js';
import { isKnownTextCharset } from '../../stream/decode.js';
import { iso2022jpName } from '../../stream/iso2022.js';

/**
 * The sink of a text/html part: HtmlSink handles `<base href>`, attributes
 * and text nodes; `charset`, the part's label, is the one its links' queries
 * are encoded in when it is no Unicode one (ISO-2022-JP too, which iconv-lite
 * does not know: see formats/jis-encode.ts).
 */
export function htmlSink(ctx: FormatContext, source: Source, base: UriComponents | undefined | null, charset?: string): TextSink {
  const sink = new HtmlSink(ctx, source, base);
  if (charset !== undefined && !isUnicodeCharset(charset) && (isKnownTextCharset(charset) || iso2022jpName(charset) !== undefined)) sink.charset = charset;
  return sink;
}

/** A sink that takes text with its marks inside it in one call (see HtmlSink.writeMarked). */
export interface MarkedSink extends TextSink {
  writeMarked(text: string, marks: readonly number[], count: number): void;
}

/** Whether `sink` takes marked text in one call (an HtmlSink). */
export function takesMarks(sink: TextSink): sink is MarkedSink {
  return sink instanceof HtmlSink;
}

/** `<meta charset>` in the first bytes of a part that names no charset. */
export const sniffHtml: Sniffer = sniffHtmlCharset;
