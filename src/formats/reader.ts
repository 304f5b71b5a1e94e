// The reader for an input: options checked once, then the mode's format.

import { optionType, UrisiftOptionError } from '../delimit/errors.js';
import { TargetMemo } from '../delimit/memo.js';
import { EXTRACT_KEYS, checkInteger, compileBase, compileOptions, describe } from '../delimit/options.js';
import type { ExtractOptions, Mode } from '../delimit/types.js';
import { checkCharset } from '../stream/decode.js';
import { AutoReader } from './auto.js';
import type { DetectedMode } from './detect.js';
import type { FeedReader } from './feed/reader.js';
import type { HtmlReader } from './html/reader.js';
import { LogReader } from './log/reader.js';
import type { MailReader } from './mail/reader.js';
import type { MarkdownReader } from './markdown/reader.js';
import { JsonReader } from './json/reader.js';
import type { WarcReader } from './warc/reader.js';
import { TextReader } from './text.js';
import { configWith, formatContext, withBase, type FormatContext, type FormatReader, type FormatWarning } from './types.js';
import { requireOwn } from '../modules.js';

export const MODES: readonly Mode[] = ['text', 'mail', 'html', 'log', 'feed', 'markdown', 'warc', 'json', 'auto'];

/** Check every option up front; throws TypeError or RangeError with a stable `code`. */
export function checkOptions(options: ExtractOptions | undefined): void {
  makeContext(options, true);
}

/** The compiled options every reader of one input shares. */
export function makeContext(options: ExtractOptions | undefined, detach: boolean): FormatContext {
  const compiled = compileOptions(options, EXTRACT_KEYS);
  const lines = compiled.lines;
  const targetBase = compiled.base;
  const config = configWith(compiled, compileBase(options?.documentBase, 'documentBase') ?? targetBase, true);
  const charset = checkCharset(options?.charset);
  const { mode = 'text', headers = true, onWarning, maxLineLength, maxHeaderBytes, maxMimeDepth, maxBodyBytes, maxJsonDepth } = options ?? {};
  if (typeof mode !== 'string') throw optionType(`mode must be a string, not ${describe(mode)}`);
  if (!MODES.includes(mode)) {
    throw new UrisiftOptionError('invalid-mode', `mode must be one of ${MODES.join(', ')}, not ${mode}`);
  }
  if (typeof headers !== 'boolean') throw optionType(`headers must be a boolean, not ${describe(headers)}`);
  if (onWarning !== undefined && typeof onWarning !== 'function') throw optionType(`onWarning must be a function, not ${describe(onWarning)}`);
  if (maxLineLength !== undefined) checkInteger('maxLineLength', maxLineLength, 256, Infinity, 'invalid-max-line-length');
  if (maxHeaderBytes !== undefined) checkInteger('maxHeaderBytes', maxHeaderBytes, 1024, Infinity, 'invalid-max-header-bytes');
  if (maxMimeDepth !== undefined) checkInteger('maxMimeDepth', maxMimeDepth, 1, 1024, 'invalid-max-mime-depth');
  if (maxBodyBytes !== undefined) checkInteger('maxBodyBytes', maxBodyBytes, 1024, Infinity, 'invalid-max-body-bytes');
  if (maxJsonDepth !== undefined) checkInteger('maxJsonDepth', maxJsonDepth, 1, 1 << 20, 'invalid-max-json-depth');
  const warn = onWarning === undefined ? ignore : (w: FormatWarning) => onWarning(w);
  const memo = new TargetMemo(config.memo);
  return formatContext({ config, targetBase, memo, detach, charset, lines, headers, maxLineLength, maxHeaderBytes, maxMimeDepth, maxBodyBytes, maxJsonDepth, out: [], warn });
}

function ignore(): void {}

/** The reader of `mode` ('auto' decides on the first bytes). */
export function createReader(mode: Mode, ctx: FormatContext): FormatReader {
  return mode === 'auto' ? new AutoReader((m) => readerFor(m, ctx), ctx.charset) : readerFor(mode, ctx);
}

function readerFor(mode: DetectedMode, ctx: FormatContext): FormatReader {
  if (mode !== 'text' && !kept.has(mode)) keepShapes(mode);
  return build(mode, ctx);
}

function build(mode: DetectedMode, ctx: FormatContext): FormatReader {
  switch (mode) {
    case 'text': return new TextReader(ctx);
    case 'mail': return new (formats().MailReader)(ctx);
    case 'html': return new (formats().HtmlReader)(ctx);
    case 'log': return new LogReader(withBase(ctx, ctx.targetBase));
    case 'feed': return new (formats().FeedReader)(ctx);
    case 'markdown': return new (formats().MarkdownReader)(ctx);
    case 'warc': return new (warc())(ctx);
    case 'json': return new JsonReader(ctx);
  }
}

/**
 * The mail, HTML, feed and Markdown readers, loaded on first use: their libraries
 * (htmlparser2 and its entity tables, libmime, micromark) take longer to load than a
 * small file takes to scan, and text mode never needs them. require() of an
 * ES module is synchronous on Node 20.19+ (no top-level await in these).
 */
let loaded: {
  MailReader: typeof MailReader; HtmlReader: typeof HtmlReader; FeedReader: typeof FeedReader; MarkdownReader: typeof MarkdownReader;
} | undefined;

function formats(): NonNullable<typeof loaded> {
  if (loaded === undefined) {
    const { MailReader } = requireOwn('./formats/mail/reader.js') as typeof import('./mail/reader.js');
    const { HtmlReader } = requireOwn('./formats/html/reader.js') as typeof import('./html/reader.js');
    const { FeedReader } = requireOwn('./formats/feed/reader.js') as typeof import('./feed/reader.js');
    const { MarkdownReader } = requireOwn('./formats/markdown/reader.js') as typeof import('./markdown/reader.js');
    loaded = { MailReader, HtmlReader, FeedReader, MarkdownReader };
  }
  return loaded;
}

/** The WARC reader, loaded on first use as the readers above are (it loads them, and fflate). */
let warcReader: typeof WarcReader | undefined;

function warc(): typeof WarcReader {
  return (warcReader ??= (requireOwn('./formats/warc/reader.js') as typeof import('./warc/reader.js')).WarcReader);
}

/**
 * A sample of each mode's input, read by the reader keepShapes keeps: the
 * objects a reader builds for the usual inputs (a message with a
 * quoted-printable text part and an HTML part, a page with a base, links and
 * a srcset, an access line and a JSON line, an RSS item, a Markdown page,
 * a WARC response record of a page), left open.
 */
const SAMPLES: Record<Exclude<DetectedMode, 'text'>, string> = {
  mail: 'From a@b.example Thu Jan  1 00:00:00 2024\nSubject: see http://a.example/s\n'
    + 'List-Help: <mailto:l@a.example?subject=help>\nContent-Type: multipart/alternative; boundary="b"\n\n'
    + '--b\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n'
    + 'See http://a.example/p?q=3D1 and <http://a.example/lo=\nng>.\n--b\nContent-Type: text/html\n\n'
    + '<p><a href="http://a.example/h">h</a> http://a.example/t &amp; x</p>\n',
  html: '<!doctype html><html><head><base href="http://a.example/"><meta charset="utf-8"></head><body>'
    + '<p>Text http://a.example/t &amp; more <a href="x/y" title="t">link</a> <img src="i.png" srcset="a.png 1x, b.png 2x"></p>\n',
  log: '127.0.0.1 - - [10/Oct/2024:13:55:36 +0000] "GET /a?b=1 HTTP/1.1" 200 5 "http://r.example/" "UA"\n'
    + '{"url":"http://a.example/j","status":200}\nlevel=info url=http://a.example/l\n',
  feed: '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>T</title><link>http://a.example/</link>'
    + '<item><title>I http://a.example/t</title><link>http://a.example/i?a=1&amp;b=2</link><enclosure url="http://a.example/e.mp3"/>'
    + '<description><![CDATA[<p><a href="http://a.example/h">h</a></p>]]></description></item></channel></rss>\n',
  markdown: '# T http://a.example/t\n\nSee [g](docs/g.md "t") ![i](i.png) <http://a.example/a> `http://a.example/c` a\\_b &amp;\n\n'
    + '<p align="center"><img src="l.png"></p>\n\n[r]: http://a.example/r \'t\'\n',
  warc: 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://a.example/w\r\nContent-Type: application/http; msgtype=response\r\n'
    + 'Content-Length: 108\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nLink: </s.css>; rel=stylesheet\r\n\r\n'
    + '<a href="x">x</a>\r\n\r\n',
  json: '{\n  "name": "a", // see http://a.example/c\n  "homepage": "docs/", "links": [{"href": "http://a.example/l?x=1&y=\\u00e9"}],\n'
    + '  "text": "See http:\\/\\/a.example\\/t and <http://a.example/a>", "n": -1.5e3, "ok": true, "v": null /* x */\n}\n',
};

/** The readers keepShapes made, one per mode, open for the module's life. */
const kept = new Map<DetectedMode, FormatReader>();

/**
 * V8 keeps the shapes (maps) of objects only while one of each shape is
 * alive. When no reader of a mode outlives its input, a full GC frees the
 * shapes of its state, and the code optimized for them is thrown away and
 * optimized again: after a GC, the next input takes 1.25-1.4x as long in
 * mail and HTML mode (see the Scanner's own keeper, src/delimit/scanner.ts).
 * So the first reader of a mode comes with one more, which reads SAMPLES and
 * is kept, its objects alive.
 */
function keepShapes(mode: Exclude<DetectedMode, 'text'>): void {
  const reader = build(mode, makeContext({ mode, memo: 0 }, true)); // no memo: its tables are the bulk of a reader, and hold no shape of their own
  kept.set(mode, reader);
  reader.write(SAMPLES[mode]);
}
