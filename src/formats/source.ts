// Where a Found came from, for the input formats (mail, html, log, feed, markdown).

/**
 * The origin of a Found read by an input format. Text mode sets none.
 * Mail: `message`, `messageId`, `part`, and `header` or `type`; an HTML
 * part adds `html`. HTML: `html`, and `field` in a JSON-LD script. Log: `field`, and `host` when the line names one.
 * Feed: `feed`, `item` inside an item or entry, and `html` in its HTML content.
 * Markdown: `markdown`, and `html` in raw HTML.
 * WARC: `record`, `target` and `type`, then `http` for an HTTP header's link,
 * `field` for a metadata record's outlink, and what the page's format says
 * (`html`, `feed`, `item`, `field`).
 * JSON: `field`, the key path of the string value, and `html` in a value
 * read as HTML; a comment's URIs, and those of text after the JSON ends,
 * have no source.
 */
export interface Source {
  /** Mail: 1-based number of the message in the input. */
  message?: number;
  /** Mail: the message's Message-ID, without its angle brackets. */
  messageId?: string;
  /** Mail: the MIME part (RFC 2046), '1', '1.2', …; '1' for a single-part message; '0' for the message's own header fields (with `header`). */
  part?: string;
  /** Mail: the header field the URI was in, as written ('List-Unsubscribe'). */
  header?: string;
  /** Mail: the lower-case media type of the part ('text/plain'). WARC: the record's WARC-Type, lower case ('response', 'resource', 'metadata'). */
  type?: string;
  /** HTML: `element[attribute]` ('a[href]', 'img[srcset]'), 'text' for a text node, or 'ld+json' for a JSON-LD script. */
  html?: string;
  /**
   * Log: the field the URI was in: 'request', 'referer', 'user-agent',
   * 'upstream', 'message', a JSON key path ('http.url'), a logfmt key, an
   * RFC 5424 structured-data parameter ('origin.software'), 'quoted' (another
   * quoted field of an access line). HTML: a JSON-LD value's key path ('logo.url').
   * JSON: the key path of the string value, keys joined by '.', arrays not
   * counted ('log.entries.request.url'); '' for a value under no key.
   * WARC: 'outlink' for a metadata record's outlink line.
   */
  field?: string;
  /**
   * Feed: the element the URI was in, as written (lower case), or
   * `element[attribute]` ('link', 'link[href]', 'enclosure[url]',
   * 'media:content[url]', 'content:encoded'); `html` is added for a URI of
   * its HTML content ('a[href]', 'text').
   */
  feed?: string;
  /** Feed: 1-based number of the item (RSS) or entry (Atom) the URI is in; none for the channel's or the feed's own. */
  item?: number;
  /**
   * Markdown: what the URI was in: a link's or an image's destination
   * ('link', 'image'), a reference definition's ('definition'), an autolink
   * ('autolink'), raw HTML ('html', with `html` as in html mode), or text
   * ('text': paragraphs, headings, link text, tables; 'code': code spans and blocks).
   */
  markdown?: 'link' | 'image' | 'definition' | 'autolink' | 'html' | 'text' | 'code';
  /** WARC: 1-based number of the record in the input. */
  record?: number;
  /** WARC: the record's WARC-Target-URI, as written (the base of its links); none when the record has none. */
  target?: string;
  /** WARC: the HTTP header field a link was in, lower case ('location', 'content-location', 'link'). */
  http?: string;
  /** Log: the host the line names (a vhost field, nginx's `host:`, a JSON or logfmt `host`), as written. */
  host?: string;
}
