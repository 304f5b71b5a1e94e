// The HTML format: the fixtures of test/fixtures/html read whole, byte by byte and in random chunks; the sink's marks; the charset prescan (bounds and edges: html-edges.test.ts).
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ScanOptions } from '../src/delimit/types.js';
import { Extractor, extract } from '../src/index.js';
import { sniffHtmlCharset } from '../src/formats/html/charset.js';
import { percentEncodeJis } from '../src/formats/jis-encode.js';
import { HtmlReader } from '../src/formats/html/reader.js';
import { HtmlSink } from '../src/formats/html/sink.js';
import type { FormatWarning } from '../src/formats/types.js';
import { parse } from '../src/uri/parse.js';
import { testCases } from './helpers/format-cases.js';
import { context, key, read } from './helpers/html.js';

const DIR = new URL('./fixtures/html/', import.meta.url);

interface Case {
  about: string;
  file: string;
  options: ScanOptions & { charset?: string };
  /** `field`: a JSON-LD value's key path, when the Found has one. */
  found: { uri: string; line: number; column: number; html: string; field?: string }[];
  warnings: string[];
}
const CASES = JSON.parse(readFileSync(new URL('cases.json', DIR), 'utf8')) as Case[];

const Html = suite('html format');

testCases(Html, DIR, 'html', CASES, read, (f) => ({ uri: f.uri, line: f.line, column: f.column, html: f.source?.html, ...(f.source?.field === undefined ? {} : { field: f.source.field }) }));

Html('text in, as strings: the same Founds, at the same offsets', () => {
  for (const c of CASES.filter((x) => !/1251|1258|iso-2022-jp|meta-|xml-declaration|bom-/.test(x.file))) { // a string is text: no <meta> or XML declaration charset is read
    const text = readFileSync(new URL(c.file, DIR), 'utf8');
    const expected = key(read(new Uint8Array(Buffer.from(text)), [], c.options));
    assert.equal(key(read(text, [], c.options)), expected, c.file);
    assert.equal(key(read(text, [7, 50, 51, 300], c.options)), expected, c.file);
    // Bytes are held for the charset prescan (1024 of them); characters are read as they come.
    assert.equal(key(read(text, Array.from({ length: text.length }, (_, i) => i), c.options)), expected, `${c.file} character by character`);
  }
});

Html('bytes, then text as a string: the page keeps the charset its bytes settled (NFC, queries in that charset)', () => {
  const page = iconv.encode('<a href="http://q.example/?q=\u00ea\u0301">l</a><p>see http://x.example/\u00ea\u0301 done</p>', 'windows-1258');
  const options = { mode: 'html', charset: 'windows-1258' } as const;
  const whole = extract(page, options).map((f) => f.uri);
  assert.equal(whole, ['http://q.example/?q=%EA%EC', 'http://x.example/%E1%BA%BF']);
  const ex = new Extractor(options);
  const found = [...ex.write(page), ...ex.write('<p>more</p>'), ...ex.end()];
  assert.equal(found.map((f) => f.uri), whole);
});

Html('ISO-2022-JP query bytes: the WHATWG encoder\'s, each character back by the WHATWG decoder (TextDecoder)', () => {
  const decode = (query: string): string => new TextDecoder('iso-2022-jp').decode(Buffer.from(query.replace(/%([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1'));
  assert.is(percentEncodeJis('q=漢字&r=ｶﾀｶﾅ−1'), 'q=%1B$B4A;z%1B(B&r=%1B$B%25+%25?%25+%25J!%5D%1B(B1');
  assert.is(percentEncodeJis('¥1~‾'), '%1B(J%5C1%1B(B~%1B(J~%1B(B');
  assert.is(percentEncodeJis('a😀b\u2014漢\x1b'), 'a%26%23128512%3Bb%26%238212%3B%1B$B4A%1B(B%26%2365533%3B');
  let all = '';
  for (let p = 0; p < 94 * 94; p++) all += new TextDecoder('iso-2022-jp').decode(Buffer.from([0x1b, 0x24, 0x42, 0x21 + Math.floor(p / 94), 0x21 + (p % 94)]));
  const chars = [...new Set(all)].filter((c) => c !== '\ufffd');
  assert.ok(chars.length > 6800, `${chars.length} characters`);
  for (const c of chars) assert.is(decode(percentEncodeJis(c)), c, `U+${c.codePointAt(0)!.toString(16)}`);
});

Html('relative links left out for want of a base are counted, once per document (unresolved-links)', () => {
  const page = '<a href="x.html">x</a><a href="">empty</a><img src="i.png" srcset="a.png 1x, b.png 2x"><a href="http://abs.example/">a</a>';
  for (const base of [undefined, 'http://b.example/']) {
    const warnings: FormatWarning[] = [];
    const found = extract(page, { mode: 'html', base, onWarning: (w) => void warnings.push(w) });
    assert.is(found.length, base === undefined ? 1 : 5);
    assert.equal(warnings.map((w) => [w.code, w.count]), base === undefined ? [['unresolved-links', 4]] : []);
  }
});

Html('offsets are UTF-16 offsets of the decoded text, as in text mode', () => {
  const text = '<p>é😀 <a href="http://a.example/">x</a>\n  http://b.example/</p>';
  const [found] = read(new Uint8Array(Buffer.from(text)), []);
  assert.equal(found.map((f) => [f.uri, f.offset, text.slice(f.offset, f.offset + f.uri.length)]), [
    ['http://a.example/', text.indexOf('http://a'), 'http://a.example/'],
    ['http://b.example/', text.indexOf('http://b'), 'http://b.example/'],
  ]);
  assert.equal([found[1]!.line, found[1]!.column], [2, 3]);
});

Html('character references and case in attributes that hold no URL: the URLs around them keep their places', () => {
  const text = `<p title="a&amp;b" class=x&y><a data-x="&lt;" href="http://a.example/q?x=1&amp;y=2" rel=n&amp;>see http://t.example/</a>
<IMG alt='&quot;' SRC='http://i.example/p.png' Longdesc=d.html title=&gt;></p>`;
  const bytes = new Uint8Array(Buffer.from(text));
  for (const base of [undefined, 'http://b.example/d/']) {
    const whole = read(bytes, [], { base });
    assert.equal(whole[0].map((f) => [f.uri, f.offset, f.line, f.column, f.source?.html]), [
      ['http://a.example/q?x=1&y=2', text.indexOf('http://a'), 1, 53, 'a[href]'],
      ['http://t.example/', text.indexOf('http://t'), 1, 100, 'text'],
      ['http://i.example/p.png', text.indexOf('http://i'), 2, 24, 'img[src]'],
      ...(base === undefined ? [] : [['http://b.example/d/d.html', text.indexOf('d.html'), 2, 57, 'img[longdesc]']]),
    ]);
    assert.equal(key(read(bytes, Array.from({ length: bytes.length }, (_, i) => i), { base })), key(whole), 'byte by byte');
  }
});

Html('HtmlSink: file positions from the marks it receives, mail fields kept in source', () => {
  const ctx = context();
  const sink = new HtmlSink(ctx, { message: 2, part: '1.2', type: 'text/html' }, parse('http://part.example/d/'));
  sink.mark(40, 1, 1000);
  sink.write('<p>See <a href="x.html">http://a.exa');
  sink.mark(40, 40, 1039); // a quoted-printable soft break stood here ("=\n" is gone from the text)
  sink.write('mple/y</a>\n<img src="/i.png"></p>');
  sink.end();
  assert.equal(ctx.out.map((f) => [f.uri, f.line, f.column, f.offset, f.source]), [
    ['http://part.example/d/x.html', 40, 17, 1016, { message: 2, part: '1.2', type: 'text/html', html: 'a[href]' }],
    ['http://a.example/y', 40, 25, 1024, { message: 2, part: '1.2', type: 'text/html', html: 'text' }],
    ['http://part.example/i.png', 41, 11, 1060, { message: 2, part: '1.2', type: 'text/html', html: 'img[src]' }],
  ]);
});

Html('HtmlSink: null takes the base option; undefined means no base', () => {
  for (const [base, expected] of [[null, ['http://opt.example/a.html']], [undefined, []]] as const) {
    const ctx = context({ base: 'http://opt.example/' });
    const sink = new HtmlSink(ctx, {}, base);
    sink.write('<a href="a.html">a</a>');
    sink.end();
    assert.equal(ctx.out.map((f) => f.uri), expected);
  }
});

Html('sniffHtmlCharset: the WHATWG prescan', () => {
  const sniff = (s: string): string | undefined => sniffHtmlCharset(new Uint8Array(Buffer.from(s, 'latin1')));
  assert.is(sniff('<meta charset="windows-1251">'), 'windows-1251');
  assert.is(sniff('<html><head><META CHARSET=KOI8-R>'), 'koi8-r');
  assert.is(sniff('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'), 'shift_jis');
  assert.is(sniff('<meta content=\'text/html; charset="gb2312"\' http-equiv=content-type>'), 'gbk');
  assert.is(sniff('<meta content="text/html; charset=koi8-r">'), undefined, 'content without the pragma');
  assert.is(sniff('<!-- <meta charset="koi8-r"> --><meta charset=utf-8>'), 'utf-8');
  assert.is(sniff('<meta charset="iso-8859-1">'), 'windows-1252');
  assert.is(sniff('<meta charset="utf-16">'), 'utf-8');
  assert.is(sniff('<meta charset="no-such-thing">'), undefined);
  // Encoding Standard labels that iconv-lite does not know, or reads as another charset.
  for (const [label, name] of [['x-cp1251', 'windows-1251'], ['x-cp1252', 'windows-1252'], ['iso-ir-100', 'windows-1252'], ['iso8859-9', 'windows-1254'],
    ['l5', 'windows-1254'], ['dos-874', 'windows-874'], ['iso885911', 'windows-874'], ['x-euc-jp', 'euc-jp'], ['koi8', 'koi8-r'], ['x-mac-roman', 'macintosh'],
    ['x-mac-cyrillic', 'macukraine'], ['logical', 'iso-8859-8'], ['iso-8859-6-i', 'iso-8859-6'], ['csisolatin9', 'iso-8859-15'], ['unicodefeff', 'utf-8']]) {
    assert.is(sniff(`<meta charset="${label}">`), name, label);
  }
  assert.is(sniff('<p title="<meta charset=koi8-r>">'), undefined, 'inside an attribute value');
  assert.is(sniff(`<!--${' '.repeat(1100)}--><meta charset=koi8-r>`), undefined, 'past the first 1024 bytes');
  assert.is(sniff('<meta charset="koi8'), undefined, 'cut short');
  // No <meta>: the encoding of an XML declaration at the first byte ("get an XML encoding").
  assert.is(sniff('<?xml version="1.0" encoding="EUC-KR"?><rss>'), 'cp949');
  assert.is(sniff("<?xml version='1.0' encoding = \t'Shift_JIS'?><html>"), 'shift_jis');
  assert.is(sniff('<?xml version="1.0" encoding="UTF-16"?><html>'), 'utf-8');
  assert.is(sniff('<?xml version="1.0" encoding="windows-1251"?><meta charset="koi8-r">'), 'koi8-r', 'a <meta> first');
  assert.is(sniff('<?xml version="1.0" encoding="windows-1251"?><meta charset="x-nope">'), 'windows-1251', 'an unknown <meta>, then the declaration');
  assert.is(sniff(' <?xml version="1.0" encoding="koi8-r"?>'), undefined, 'not at the first byte');
  assert.is(sniff('<?XML version="1.0" encoding="koi8-r"?>'), undefined, 'in upper case');
  assert.is(sniff('<?xml version="1.0"?><p encoding="koi8-r">'), undefined, 'after the declaration');
  assert.is(sniff('<?xml version="1.0" encoding=koi8-r?>'), undefined, 'unquoted');
  assert.is(sniff('<?xml version="1.0" encoding=" koi8-r"?>'), undefined, 'a blank inside the quotes');
  assert.is(sniff('<?xml version="1.0" encoding="koi8-r?>'), undefined, 'unclosed');
  // An XML declaration in UTF-16 with no BOM: `<?x` names the byte order.
  assert.is(sniff('<\0?\0x\0m\0l\0'), 'utf-16le');
  assert.is(sniff('\0<\0?\0x\0m\0l'), 'utf-16be');
  assert.is(sniff('<\0?\0X\0'), undefined, 'case-sensitive');
});

Html('an unknown <meta charset> is warned of, but not one in a comment (the prescan skips comments)', () => {
  const page = (meta: string): Uint8Array => new TextEncoder().encode(`${meta}<p>http://a.example/</p>`);
  assert.equal(read(page('<meta charset="x-nope">'), [])[1], ['unknown-charset']);
  assert.equal(read(page('<!-- <meta charset="x-nope"> -->'), [])[1], []);
  assert.equal(read(page('<!-- old --><meta charset="x-nope">'), [])[1], ['unknown-charset']);
});

Html('a byte order mark wins over <meta charset>', () => {
  const html = '<meta charset="windows-1251"><p>http://a.example/ü</p>';
  const [found] = read(new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(html)])), [2]);
  assert.equal(found.map((f) => [f.uri, f.offset]), [['http://a.example/%C3%BC', html.indexOf('http')]]);
});

Html('the charset option when nothing is declared', () => {
  const bytes = new Uint8Array(iconv.encode('<p>http://a.example/ж</p>', 'koi8-r'));
  const reader = new HtmlReader({ ...context(), charset: 'koi8-r' });
  const found = [...reader.write(bytes), ...reader.end()];
  assert.equal(found.map((f) => f.uri), ['http://a.example/%D0%B6']);
});

Html.run();
