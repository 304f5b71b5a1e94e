// mode 'feed': an RSS or Atom feed, decoded by its BOM, else by the encoding
// its XML declaration names, else by the `charset` option, then read by a
// FeedSink. Positions are those of the decoded text, as in text mode.

import { HtmlReader } from '../html/reader.js';
import { sniffXmlCharset } from '../html/charset.js';
import type { FormatContext } from '../types.js';
import { FeedSink } from './sink.js';

export class FeedReader extends HtmlReader {
  constructor(ctx: FormatContext) {
    super(ctx, new FeedSink(ctx), sniffXmlCharset);
  }
}
