// The HTML format's pieces a text/html part goes through (kept in one place: the only imports from ../html).

import { HtmlSink } from '../html/sink.js';
import { sniffHtmlCharset } from '../html/charset.js';
import type { Source } from '../source.js';
import type { FormatContext, TextSink } from '../types.js';
import type { UriComponents } from '../../uri/components.js';
import type { Sniffer } from './charset.js';

/** The sink of a text/html part: HtmlSink handles `<base href>`, attributes and text nodes. */
export function htmlSink(ctx: FormatContext, source: Source, base: UriComponents | undefined | null): TextSink {
  return new HtmlSink(ctx, source, base);
}

/** `<meta charset>` in the first bytes of a part that names no charset. */
export const sniffHtml: Sniffer = sniffHtmlCharset;
