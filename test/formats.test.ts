// The input formats through every entry point: extract(), the Node stream
// byte by byte and in random chunks, extractStream, the Web TransformStream
// and the CLI all give the same Founds for every mail and HTML fixture; the
// mode option, 'auto' and its detection rules.
import { readdirSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  extract, extractStream, toWebTransform, UrisiftOptionError, type ExtractOptions, type Found,
} from '../src/index.js';
import { detectMode, modeOfName } from '../src/formats/detect.js';
import { extractInPieces, streamInChunks } from './helpers/collect.js';
import { urisift } from './helpers/run-cli.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);

interface Sample {
  name: string;
  bytes: Buffer;
  options: ExtractOptions;
}

/** Every mail, HTML, feed, Markdown and WARC fixture file, read in its format's mode (and a base for the others than mail, so relative links count). */
function samples(): Sample[] {
  const out: Sample[] = [];
  for (const [dir, mode] of [['mail', 'mail'], ['html', 'html'], ['feed', 'feed'], ['markdown', 'markdown'], ['warc', 'warc'], ['json', 'json']] as const) {
    let files: string[] = [];
    try { files = readdirSync(new URL(`${dir}/`, FIXTURES)).sort(); } catch { continue; }
    for (const name of files) {
      if (!/\.(eml|mbox|html?|xml|md|warc|json|jsonld|har|ipynb)$/.test(name) || name === 'cases.json') continue;
      const bytes = readFileSync(new URL(`${dir}/${name}`, FIXTURES));
      const options: ExtractOptions = mode === 'mail' ? { mode } : { mode, base: 'http://base.example/dir/page' };
      out.push({ name: `${dir}/${name}`, bytes, options });
    }
  }
  return out;
}

/** Everything a Found says, as JSON (source included). */
function json(found: readonly Found[]): string[] {
  return found.map((f) => {
    const { components: _c, warnings: _w, ...rest } = f.toJSON();
    return JSON.stringify(rest);
  });
}

const all = samples();

const Adapters = suite('formats: every adapter gives the same Founds');

Adapters('there are mail, HTML, feed, Markdown and WARC fixtures', () => {
  assert.ok(all.some((s) => s.name.startsWith('mail/')), 'mail fixtures');
  assert.ok(all.some((s) => s.name.startsWith('html/')), 'html fixtures');
  assert.ok(all.some((s) => s.name.startsWith('feed/')), 'feed fixtures');
  assert.ok(all.some((s) => s.name.startsWith('markdown/')), 'markdown fixtures');
  assert.ok(all.some((s) => s.name.startsWith('warc/')), 'warc fixtures');
});

for (const s of all) {
  Adapters(s.name, async () => {
    const whole = json(extract(s.bytes, s.options));
    assert.equal(json(await streamInChunks(s.bytes, 1, s.options)), whole, 'byte by byte');
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, s.bytes.length - 1) }), { maxLength: 12 }), (cuts) => {
      assert.equal(json(extractInPieces(s.bytes, cuts.sort((a, b) => a - b), s.options)), whole);
    }), { numRuns: 20 });
    const viaGenerator: Found[] = [];
    for await (const f of extractStream(Readable.from([s.bytes.subarray(0, 7), s.bytes.subarray(7)]), s.options)) viaGenerator.push(f);
    assert.equal(json(viaGenerator), whole, 'extractStream');
    const web: Found[] = [];
    const reader = new Blob([new Uint8Array(s.bytes)]).stream().pipeThrough(toWebTransform(s.options)).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) web.push(r.value);
    assert.equal(json(web), whole, 'toWebTransform');
  });
}

Adapters.run();

const Cli = suite('formats: the CLI prints what the library finds');

for (const s of all) {
  Cli(s.name, async () => {
    // --binary: the library has no binary test, and a fixture may hold a NUL
    const args = ['--mode', s.options.mode!, '--json', '--binary', ...(s.options.base === undefined ? [] : ['--base', s.options.base])];
    const r = await urisift(args, { stdin: s.bytes });
    assert.is(r.code, 0, r.stderr);
    const printed = r.stdout.split('\n').filter((l) => l !== '').map((l) => {
      const { components: _c, warnings: _w, ...rest } = JSON.parse(l) as Found;
      return JSON.stringify(rest);
    });
    assert.equal(printed, json(extract(s.bytes, s.options)));
  });
}

Cli.run();

const Mode = suite('formats: the mode option and auto');

Mode('a bad mode or headers value throws before anything is read', () => {
  assert.throws(() => extract('x', { mode: 'pdf' as never }), (e: unknown) => e instanceof UrisiftOptionError && e.code === 'invalid-mode');
  assert.throws(() => extract('x', { headers: 'no' as never }), (e: unknown) => e instanceof TypeError);
  assert.throws(() => toWebTransform({ onWarning: 5 as never }), (e: unknown) => e instanceof TypeError);
});

const DETECT: Array<[string, string]> = [
  ['From alice@example.org Mon Mar  4 09:00:00 2024\nSubject: x\n', 'mail'],
  ['# Title\n\nSee [the guide](docs/guide.md) and <https://a.example/>.\n', 'text'], // no content is taken for Markdown
  ['From - Mon Mar  4 09:00:00 2024\n', 'mail'],
  ['From the XZ Utils README (included in the xz-utils package):\n\nSee http://zlib.net/\n', 'text'], // no separator: no mbox
  ['From 09:00 to 17:00 UTC on 4 June 2024 the site is down.\nhttp://status.example/\n', 'text'],
  ['Return-Path: <a@example.org>\nReceived: from x\n\tby y\n', 'mail'],
  ['Subject: hello\nFrom: a@example.org\n\nbody\n', 'mail'],
  ['288       \nFrom: Frank <frank@icloud.com>\nTo: grace@example.org\n', 'mail'], // Apple Mail's .emlx: its length first
  ['2024\nThis year see http://a.example/\n', 'text'],
  ['X-GM-THRID: 1792345678901234567\nX-Gmail-Labels: Inbox\nFrom: a@example.org\n\nbody\n', 'mail'], // an X- field first, a mail field after
  ['X-Version: 2\nX-Name: build\n\nhttp://a.example/\n', 'text'], // X- fields, no mail field
  ['title: Notes\ndate: 2024-01-01\n\nhttp://a.example/\n', 'text'], // front matter: its first field is no mail field
  ['\ufeff<!DOCTYPE html>\n<html><body><a href="/x">x</a>', 'html'],
  [`\xff\xfe${Buffer.from('<!DOCTYPE html>\n<a href="/x">x</a>', 'utf16le').toString('latin1')}`, 'html'], // UTF-16LE, its BOM
  [`\xfe\xff${Buffer.from('<html><body>', 'utf16le').swap16().toString('latin1')}`, 'html'], // UTF-16BE
  ['<!-- saved -->\n<html lang="en">\n', 'html'],
  ['  <HTML>\n<body>\n', 'html'],
  ['Note: this is text\nsee http://a.example/\n', 'text'],
  ['Hello: world, says the poem\nand so on\n', 'text'],
  ['<p>a fragment is not a document</p>\n', 'text'],
  ['plain words\n', 'text'],
];

Mode('detectMode reads the first bytes', () => {
  for (const [head, mode] of DETECT) assert.is(detectMode(head), mode, JSON.stringify(head));
});

Mode('a file name announces its mode; .gz looks at the name inside', () => {
  assert.equal(
    ['a.eml', 'list.mbox', 'x.mbox.gz', '12345.emlx', 'page.HTML', 'p.htm', 'notes.txt', 'access.log', 'mbox', 'outlook.msg', 'news.rss', 'blog.atom.gz', 'feeds.opml', 'sitemap.xml', 'README.md', 'c.markdown.gz'].map(modeOfName),
    ['mail', 'mail', 'mail', 'mail', 'html', 'html', undefined, undefined, undefined, undefined, 'feed', 'feed', 'feed', undefined, undefined, undefined], // Outlook's .msg is a binary format; .xml is any XML: its first bytes decide
  );
});

Mode("'auto' reads mail as mail and HTML as HTML, however the first bytes come", () => {
  const mail = 'Subject: hi\nList-Post: <mailto:list@example.org>\n\nsee http://a.example/\n';
  const html = '<!doctype html>\n<a href="http://b.example/">b</a>\n';
  for (const [input, mode] of [[mail, 'mail'], [html, 'html'], ['text http://c.example/\n', 'text']] as const) {
    const expected = json(extract(input, { mode }));
    assert.equal(json(extract(input, { mode: 'auto' })), expected, mode);
    assert.equal(json(extractInPieces(Buffer.from(input), [1, 2, 3, 9], { mode: 'auto' })), expected, `${mode} in pieces`);
  }
});

Mode('documentBase is the base of every mode but a log\'s request targets, which keep base', () => {
  const documentBase = 'file:///srv/site/logs/access.log';
  const base = 'https://www.example.com/';
  const uris = (input: string, options: ExtractOptions): string[] => extract(input, { documentBase, ...options }).map((f) => f.uri);
  assert.equal(uris('see "../index.html"\n', {}), ['file:///srv/site/index.html']);
  assert.equal(uris('see "../index.html"\n', { base }), ['file:///srv/site/index.html'], 'text: documentBase in place of base');
  assert.equal(uris('<!doctype html>\n<a href="x.html">x</a>\n', { mode: 'auto', base }), ['file:///srv/site/logs/x.html'], 'html');
  const log = '1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET /a.gif HTTP/1.1" 200 5 "-" "-"\n';
  assert.equal(uris(log, { mode: 'log' }), [], 'a log: no base');
  assert.equal(uris(log, { mode: 'auto', base }), ['https://www.example.com/a.gif'], 'a log: base');
  assert.throws(() => extract('x', { documentBase: 'relative/only' }), (e: unknown) => e instanceof UrisiftOptionError && e.code === 'invalid-base' && e.message.startsWith('documentBase'));
  assert.throws(() => extract('x', { documentBase: 42 as never }), (e: unknown) => e instanceof TypeError);
});

Mode.run();
