// The feed format (RSS, Atom): the fixtures of test/fixtures/feed read whole, byte by byte, in random chunks and as text.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Found, ScanOptions } from '../src/delimit/types.js';
import { extract } from '../src/index.js';
import { FeedReader } from '../src/formats/feed/reader.js';
import type { FormatWarning } from '../src/formats/types.js';
import { writeInPieces } from './helpers/collect.js';
import { testCases } from './helpers/format-cases.js';
import { context, key } from './helpers/html.js';

const DIR = new URL('./fixtures/feed/', import.meta.url);

interface Case {
  about: string;
  file: string;
  options: ScanOptions & { charset?: string };
  found: { uri: string; line: number; column: number; feed: string; item?: number; html?: string }[];
  warnings: string[];
}
const CASES = JSON.parse(readFileSync(new URL('cases.json', DIR), 'utf8')) as Case[];

/** Read `input` cut at `cuts` (sorted); the Founds and the warning codes. */
function read(input: Uint8Array | string, cuts: readonly number[], options?: ScanOptions & { charset?: string }): [Found[], string[]] {
  const warnings: FormatWarning[] = [];
  const found = writeInPieces(new FeedReader(context(options, warnings)), input, cuts);
  return [found, warnings.map((w) => w.code)];
}

/** What a case lists of a Found. */
function shown(f: Found): Case['found'][number] {
  const { feed = '', item, html } = f.source ?? {};
  return { uri: f.uri, line: f.line, column: f.column, feed, ...(item === undefined ? {} : { item }), ...(html === undefined ? {} : { html }) };
}

const Feed = suite('feed format');

testCases(Feed, DIR, 'feed', CASES, read, shown);

Feed('text in, as strings: the same Founds, at the same offsets', () => {
  for (const c of CASES.filter((x) => !/1252/.test(x.file))) {
    const text = readFileSync(new URL(c.file, DIR), 'utf8');
    const expected = key(read(new Uint8Array(Buffer.from(text)), [], c.options));
    assert.equal(key(read(text, [], c.options)), expected, c.file);
    assert.equal(key(read(text, Array.from({ length: text.length }, (_, i) => i), c.options)), expected, `${c.file} character by character`);
  }
});

Feed('positions: attribute values, element text and escaped HTML stand where the feed has them', () => {
  const text = '<rss><channel><item>\n<link>\n  https://a.example/x?p=1&amp;q=2 </link><enclosure url=" https://e.example/e.mp3"/>'
    + '<description>&lt;a href="https://h.example/h?a=1&amp;amp;b=2"&gt;x&lt;/a&gt; http://t.example/t</description></item></channel></rss>';
  const [found] = read(text, []);
  assert.equal(found.map((f) => [f.uri, text.slice(f.offset, f.offset + 9), f.source]), [
    ['https://a.example/x?p=1&q=2', 'https://a', { feed: 'link', item: 1 }],
    ['https://e.example/e.mp3', 'https://e', { feed: 'enclosure[url]', item: 1 }],
    ['https://h.example/h?a=1&b=2', 'https://h', { feed: 'description', item: 1, html: 'a[href]' }],
    ['http://t.example/t', 'http://t.', { feed: 'description', item: 1, html: 'text' }],
  ]);
});

Feed('namespace names, schema locations, tag: and urn: ids, a guid that is no URL: no links', () => {
  const text = '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://s.example/ http://s.example/a.xsd">'
    + '<id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id><entry><id>tag:a.example,2024:1</id></entry></feed>'
    + '<rss><channel><item><guid isPermaLink="false">x-42</guid><guid>7</guid></item></channel></rss>';
  assert.equal(extract(text, { mode: 'feed', base: 'http://b.example/' }).map((f) => f.uri), []);
});

Feed('elements nested past the stack\'s depth are read as text, warned of once, and the feed after them still read', () => {
  const warnings: FormatWarning[] = [];
  const deep = '<x>'.repeat(300) + 'http://deep.example/' + '</x>'.repeat(300);
  const found = extract(`<rss><channel>${deep}<link>http://after.example/</link>${deep}</channel></rss>`, { mode: 'feed', onWarning: (w) => void warnings.push(w) });
  assert.equal(found.map((f) => f.uri), ['http://deep.example/', 'http://after.example/', 'http://deep.example/']);
  assert.equal(warnings.map((w) => w.code), ['too-deep']);
});

Feed('a link longer than maxLength is left out and counted (uri-too-long)', () => {
  const warnings: FormatWarning[] = [];
  const long = `http://l.example/${'a'.repeat(300)}`;
  const found = extract(`<rss><channel><link>${long}</link><link>http://s.example/</link></channel></rss>`, { mode: 'feed', maxLength: 256, onWarning: (w) => void warnings.push(w) });
  assert.equal(found.map((f) => f.uri), ['http://s.example/']);
  assert.equal(warnings.map((w) => [w.code, w.count]), [['uri-too-long', 1]]);
});

Feed('feeds made of the pieces the reader looks at: never a throw, the same Founds however cut (fast-check)', () => {
  const pieces = ['<rss>', '<channel>', '<item>', '</item>', '<link>', '</link>', '<feed xmlns="http://www.w3.org/2005/Atom">', '<entry xml:base="d/">', '</entry>',
    '<link href="', '"/>', '<enclosure url="http://e.example/a b">', '<description>', '</description>', '<![CDATA[', ']]>', '<content type="xhtml">', '</content>',
    '<content type="html">', '&lt;a href="x?a=1&amp;amp;b=2"&gt;', '&lt;/a&gt;', '<a href="r">', '</a>', '<guid>', '</guid>', '&amp;', '&#104;', '&bogus;', '&',
    '<', '>', '"', ' ', '\n', 'http://t.example/p', 'rel/x', '<!-- c -->', '<?pi x?>', '<title>', '</title>', '\u00e9', '<media:content url="m.mp4"/>'];
  fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), fc.uniqueArray(fc.nat(), { maxLength: 8 }), (parts, raw) => {
    const text = parts.join('');
    for (const base of [undefined, 'http://b.example/f/']) {
      const whole = key(read(text, [], { base }));
      const cuts = [...new Set(raw.map((n) => n % (text.length + 1)))].sort((a, b) => a - b);
      assert.equal(key(read(text, cuts, { base })), whole);
      assert.equal(key(read(new Uint8Array(Buffer.from(text)), cuts, { base })), whole);
    }
  }), { numRuns: 300 });
});

Feed('auto reads every fixture as a feed, from its first bytes', () => {
  for (const c of CASES) {
    const bytes = new Uint8Array(readFileSync(new URL(c.file, DIR)));
    const feed = extract(bytes, { mode: 'feed', ...c.options }).map((f) => [f.uri, f.offset, f.source]);
    assert.equal(extract(bytes, { mode: 'auto', ...c.options }).map((f) => [f.uri, f.offset, f.source]), feed, c.file);
  }
});

Feed('the outermost xml:base is resolved against documentBase; a relative one with no base leaves relative links out', () => {
  const text = '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="blog/"><link href="a.html"/><entry xml:base="mailto:x@y.example"><link href="b.html"/></entry></feed>';
  assert.equal(extract(text, { mode: 'feed', documentBase: 'https://d.example/feeds/atom.xml' }).map((f) => f.uri), ['https://d.example/feeds/blog/a.html']);
  const warnings: FormatWarning[] = [];
  assert.equal(extract(text, { mode: 'feed', onWarning: (w) => void warnings.push(w) }).map((f) => f.uri), []);
  assert.equal(warnings.map((w) => [w.code, w.count]), [['unresolved-links', 2]]);
});

Feed.run();
