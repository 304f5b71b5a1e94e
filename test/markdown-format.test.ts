// The Markdown format: the fixtures of test/fixtures/markdown read whole, byte by byte, in random chunks and as text; blocks, limits and pieces.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Found, ScanOptions } from '../src/delimit/types.js';
import { extract } from '../src/index.js';
import { MarkdownReader } from '../src/formats/markdown/reader.js';
import { modeOfName } from '../src/formats/detect.js';
import type { FormatWarning } from '../src/formats/types.js';
import { writeInPieces } from './helpers/collect.js';
import { testCases } from './helpers/format-cases.js';
import { context, key } from './helpers/html.js';

const DIR = new URL('./fixtures/markdown/', import.meta.url);

type Options = ScanOptions & { charset?: string; documentBase?: string; maxLineLength?: number };

interface Case {
  about: string;
  file: string;
  options: Options;
  found: { uri: string; line: number; column: number; markdown: string; html?: string }[];
  warnings: string[];
}
const CASES = JSON.parse(readFileSync(new URL('cases.json', DIR), 'utf8')) as Case[];

/** Read `input` cut at `cuts` (sorted); the Founds and the warning codes. */
function read(input: Uint8Array | string, cuts: readonly number[], options: Options = {}): [Found[], string[]] {
  const warnings: FormatWarning[] = [];
  const { documentBase, maxLineLength, ...rest } = options;
  const ctx = context(documentBase === undefined ? rest : { ...rest, base: documentBase }, warnings);
  const found = writeInPieces(new MarkdownReader(maxLineLength === undefined ? ctx : { ...ctx, maxLineLength }), input, cuts);
  return [found, warnings.map((w) => w.code)];
}

/** What a case lists of a Found. */
function shown(f: Found): Case['found'][number] {
  const { markdown = '', html } = f.source ?? {};
  return { uri: f.uri, line: f.line, column: f.column, markdown, ...(html === undefined ? {} : { html }) };
}

/** The URIs `text` gives in markdown mode, each with its source's markdown label. */
function uris(text: string, options: Options = {}): string[] {
  return extract(text, { mode: 'markdown', ...options }).map((f) => `${f.uri} ${f.source?.markdown ?? ''}${f.source?.html === undefined ? '' : ` ${f.source.html}`}`);
}

const Markdown = suite('markdown format');

testCases(Markdown, DIR, 'markdown', CASES, read, shown);

Markdown('text in, as strings: the same Founds, at the same offsets', () => {
  for (const c of CASES.filter((x) => !/1252/.test(x.file))) {
    const text = readFileSync(new URL(c.file, DIR), 'utf8');
    const expected = key(read(new Uint8Array(Buffer.from(text)), [], c.options));
    assert.equal(key(read(text, [], c.options)), expected, c.file);
    assert.equal(key(read(text, Array.from({ length: text.length }, (_, i) => i), c.options)), expected, `${c.file} character by character`);
  }
});

Markdown('positions: a destination, an autolink, raw HTML and text stand where the file has them', () => {
  const text = 'x [a](http://d.example/1) <http://a.example/2>\n\n<img src="http://h.example/3"> and http://t.example/4\n';
  const [found] = read(text, []);
  assert.equal(found.map((f) => [text.slice(f.offset, f.offset + 8), f.line, f.column, f.source]), [
    ['http://d', 1, 7, { markdown: 'link' }],
    ['http://a', 1, 28, { markdown: 'autolink' }],
    ['http://h', 3, 11, { markdown: 'html', html: 'img[src]' }],
    ['http://t', 3, 36, { markdown: 'text' }],
  ]);
});

Markdown('a URL that is both a link\'s text and its destination is two Founds; the text ends at the link\'s end', () => {
  assert.equal(uris('[http://a.example/x](http://a.example/x)tail'), ['http://a.example/x text', 'http://a.example/x link']);
});

Markdown('escapes and character references in destinations are decoded as CommonMark decodes them', () => {
  assert.equal(uris('[a](http://e.example/a\\_b\\(c\\)?x=1&amp;y=&#50;&#x33;)'), ['http://e.example/a_b(c)?x=1&y=23 link']);
  assert.equal(uris('[a](<http://e.example/a b>) [b](http://e.example/\\ok)'), ['http://e.example/a%20b link', 'http://e.example//ok link'], 'a backslash before no punctuation stays, and is read as html mode reads it in an http URL');
});

Markdown('link titles are no URLs; relative links need a base (documentBase first), as in html mode', () => {
  assert.equal(uris('[a](x.md "http://title.example/") [b](y.md \'http://t.example/\') [c](z.md (http://t.example/))'), []);
  assert.equal(uris('[a](x.md "t")', { base: 'http://b.example/d/' }), ['http://b.example/d/x.md link']);
  assert.equal(uris('[a](x.md)', { base: 'http://b.example/d/', documentBase: 'http://doc.example/' }), ['http://doc.example/x.md link']);
});

Markdown('code spans and blocks are text: their absolute URIs come out, their links and paths do not', () => {
  assert.equal(uris('`[a](rel.md) http://c.example/1`\n\n```\n[b](rel.md)\n\nhttp://c.example/2\n```\n', { base: 'http://b.example/' }),
    ['http://c.example/1 code', 'http://c.example/2 code']);
});

Markdown('a table: a "|" ends a URL in a cell, as in text mode', () => {
  assert.equal(uris('| a | b |\n|---|---|\n| http://t.example/1|http://t.example/2 |\n'), ['http://t.example/1 text', 'http://t.example/2 text']);
});

Markdown('email autolinks and www. literals give no URI, as in text and html modes', () => {
  assert.equal(uris('<team@a.example> www.example.com/x'), []);
});

Markdown('a block longer than maxLineLength is scanned as text, warned of, and the blocks after it parsed', () => {
  const long = `[a](rel/1.md) http://long.example/x ${'word '.repeat(60)}`;
  const text = `${long}\n\n[b](rel/2.md)\n`;
  const warnings: FormatWarning[] = [];
  const found = extract(text, { mode: 'markdown', base: 'http://b.example/', maxLineLength: 256, onWarning: (w) => void warnings.push(w) });
  assert.equal(found.map((f) => [f.uri, f.source]), [['http://long.example/x', { markdown: 'text' }], ['http://b.example/rel/2.md', { markdown: 'link' }]]);
  assert.equal(warnings.map((w) => [w.code, w.line]), [['block-too-long', 1]]);
});

Markdown('a block of exactly maxLineLength characters is parsed', () => {
  const head = '[a](rel/1.md) ';
  const block = head + 'x'.repeat(256 - head.length - 1) + '\n';
  assert.is(block.length, 256);
  const warnings: FormatWarning[] = [];
  const found = extract(block, { mode: 'markdown', base: 'http://b.example/', maxLineLength: 256, onWarning: (w) => void warnings.push(w) });
  assert.equal(found.map((f) => f.uri), ['http://b.example/rel/1.md']);
  assert.equal(warnings, []);
  assert.equal(extract(block + 'y', { mode: 'markdown', base: 'http://b.example/', maxLineLength: 256 }).map((f) => f.uri), [], 'one more: read as text');
});

Markdown('a fence that is never closed holds its block to the limit, then the rest is text: bounded, no Found lost', () => {
  const text = '```\n' + 'http://f.example/a\n\n'.repeat(40) + '[x](http://f.example/b)\n';
  const found = read(text, [], { maxLineLength: 256 })[0];
  assert.is(found.length, 41);
  assert.ok(found.every((f) => f.source?.markdown === 'code' || f.source?.markdown === 'text'));
});

Markdown('auto never picks markdown: not by file name, not by content', () => {
  for (const name of ['README.md', 'a.markdown', 'b.mdown', 'c.mkd', 'd.mkdn', 'e.MD', 'f.md.gz', 'g.mdx']) assert.is(modeOfName(name), undefined, name);
  const md = '# Title\n\n[a](http://a.example/)\n';
  assert.equal(extract(md, { mode: 'auto' }).map((f) => f.source), [undefined]);
});

Markdown('Markdown made of the pieces the reader looks at: never a throw, the same Founds however cut (fast-check)', () => {
  const pieces = ['[', ']', '(', ')', '![', '<', '>', '`', '```', '~~~', '    ', '\n', '\n\n', '\r\n', ' ', '\\', '\\)', '&amp;', '&#x26;', '&bogus;', '"', "'",
    '[r]: ', 'http://t.example/p', 'rel/x.md', '<http://a.example/>', '<a href="h.html">', '</a>', '<!--', '-->', '<script>', '</script>', '- ', '> ', '# ',
    '*', '_', '|', 'x@y.example', 'www.example.com', '\u00e9', '<img src="i.png" srcset="a.png 1x, b.png 2x">', '---', '\t'];
  fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), fc.uniqueArray(fc.nat(), { maxLength: 8 }), (parts, raw) => {
    const text = parts.join('');
    for (const options of [{}, { base: 'http://b.example/f/' }, { maxLineLength: 256 }]) {
      const whole = key(read(text, [], options));
      const cuts = [...new Set(raw.map((n) => n % (text.length + 1)))].sort((a, b) => a - b);
      assert.equal(key(read(text, cuts, options)), whole);
      assert.equal(key(read(new Uint8Array(Buffer.from(text)), cuts, options)), whole);
    }
  }), { numRuns: 120 });
});

Markdown('a long input of one line streams in bounded memory', () => {
  const reader = new MarkdownReader({ ...context({}), maxLineLength: 4096 });
  const chunk = 'http://l.example/a [b](c) '.repeat(4000);
  let found = 0;
  for (let i = 0; i < 50; i++) {
    found += reader.write(chunk).length;
    assert.ok(reader.held <= 4096 + 1024, `held ${reader.held}`);
  }
  found += reader.end().length;
  assert.is(found, 50 * 4000);
});

Markdown.run();
