// The JSON format: the fixtures of test/fixtures/json read whole, byte by byte, in random chunks; positions, 'auto', limits, and JSON made by fast-check.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ExtractOptions, Found } from '../src/delimit/types.js';
import { extract } from '../src/index.js';
import { decideEarly, detectMode, modeOfName } from '../src/formats/detect.js';
import type { FormatWarning } from '../src/formats/types.js';
import { extractInPieces, key } from './helpers/collect.js';
import { testCases } from './helpers/format-cases.js';

const DIR = new URL('./fixtures/json/', import.meta.url);

type Options = Pick<ExtractOptions, 'base' | 'charset' | 'maxJsonDepth' | 'maxLength'>;

interface Case {
  about: string;
  file: string;
  options: Options;
  found: { uri: string; line: number; column: number; field?: string; html?: string }[];
  warnings: string[];
}
const CASES = JSON.parse(readFileSync(new URL('cases.json', DIR), 'utf8')) as Case[];

/** Read `input` cut at `cuts` (sorted) in json mode; the Founds and the warning codes. */
function read(input: Uint8Array, cuts: readonly number[], options: Options): [Found[], string[]] {
  const warnings: FormatWarning[] = [];
  const found = extractInPieces(input, cuts, { mode: 'json', ...options, onWarning: (w) => void warnings.push(w) });
  return [found, warnings.map((w) => w.code)];
}

/** What a case lists of a Found. */
function shown(f: Found): Case['found'][number] {
  const { field, html } = f.source ?? {};
  return { uri: f.uri, line: f.line, column: f.column, ...(field === undefined ? {} : { field }), ...(html === undefined ? {} : { html }) };
}

const Json = suite('json format');

testCases(Json, DIR, 'json', CASES, read, shown);

Json('positions: each URI stands where the file has it, line and column from its offset', () => {
  for (const c of CASES) {
    const text = readFileSync(new URL(c.file, DIR), 'utf8');
    for (const f of extract(text, { mode: 'json', base: 'https://b.example/x/', ...c.options })) {
      const before = text.slice(0, f.offset);
      assert.is(f.line, before.split('\n').length, `${c.file} ${f.uri} line`);
      assert.is(f.column, f.offset - before.lastIndexOf('\n'), `${c.file} ${f.uri} column`);
      if (!f.raw.includes('/') || text.startsWith(f.raw, f.offset)) continue;
      assert.is(text.slice(f.offset, f.offset + 6).replace(/\\\//g, '/').slice(0, 4), f.raw.slice(0, 4), `${c.file} ${f.uri} at its offset`); // "https:\/\/" as written
    }
  }
});

Json('auto: a JSON document is known by its head, and by the names .json, .jsonc, .har, .jsonld, .geojson, .ipynb, .webmanifest', () => {
  for (const file of ['package.json', 'shop.har', 'tsconfig.json', 'schema-org.jsonld', 'analysis.ipynb', 'go-escapes.json', 'wordpress-rest.json']) {
    const bytes = readFileSync(new URL(file, DIR));
    const expected = extract(bytes, { mode: 'json' }).map((f) => [f.uri, f.offset, f.source]);
    assert.equal(extract(bytes, { mode: 'auto' }).map((f) => [f.uri, f.offset, f.source]), expected, file);
  }
  for (const name of ['a.json', 'settings.jsonc', 'www.example.com.har', 'org.jsonld', 'map.geojson', 'notebook.ipynb', 'site.webmanifest', 'x.json.gz']) assert.is(modeOfName(name), 'json', name);
  assert.is(decideEarly('{\n  "a": 1', false), undefined);
  assert.is(detectMode('{\n  "a": 1,\n  "b": [true, null]\n}\n'), 'json');
  assert.is(detectMode('{"a": 1}\n{"a": 2}\n'), 'log');
});

Json('maxJsonDepth: an integer from 1 to 1048576, else RangeError invalid-max-json-depth (TypeError for no number); at the limit, deeper is text', () => {
  for (const bad of [0, 1.5, 1 << 21]) {
    assert.throws(() => extract('', { mode: 'json', maxJsonDepth: bad }), (e: unknown) => e instanceof RangeError && (e as { code?: string }).code === 'invalid-max-json-depth', String(bad));
  }
  assert.throws(() => extract('', { mode: 'json', maxJsonDepth: '2' as unknown as number }), (e: unknown) => e instanceof TypeError);
  const text = '{"a": {"b": {"url": "/x"}}, "c": "http://after.example/"}';
  const warned = (depth: number): [string[], string[]] => {
    const codes: string[] = [];
    const found = extract(text, { mode: 'json', base: 'http://b.example/', maxJsonDepth: depth, onWarning: (w) => void codes.push(w.code) });
    return [found.map((f) => `${f.uri} ${f.source?.field ?? '-'}`), codes];
  };
  assert.equal(warned(3), [['http://b.example/x a.b.url', 'http://after.example/ c'], []]);
  assert.equal(warned(2), [['http://b.example/x -', 'http://after.example/ -'], ['too-deep']]); // the rest is text: "/x" in quotes, as text mode reads it with a base
});

Json('a string value longer than the held part streams: the same URIs at the same places as a short one gives', () => {
  const filler = 'word \\"quoted\\" \\n '.repeat(700); // escapes throughout, past 8 KiB of decoded text
  const text = `{"a": "${filler} see http://x.example/one and <http://x.example/two\\n  /wrapped> ${filler} http:\\/\\/x.example\\/three"}`;
  const found = extract(text, { mode: 'json' });
  assert.equal(found.map((f) => f.uri), ['http://x.example/one', 'http://x.example/two/wrapped', 'http://x.example/three']);
  for (const f of found) assert.is(text.slice(f.offset, f.offset + 6).replace(/\\\//g, '/').slice(0, 4), 'http', f.uri);
  assert.equal(found.map((f) => f.column), found.map((f) => f.offset + 1));
});

Json('a string value whose first piece is longer than the held part: the pieces after it stream on, none lost', () => {
  const text = `{"a": "${'x'.repeat(9000)} http:\\/\\/x.example\\/p and \\"http://y.example/q\\""}`;
  const found = extract(text, { mode: 'json' });
  assert.equal(found.map((f) => `${f.uri} ${f.column} ${f.source?.field}`), ['http://x.example/p 9009 a', 'http://y.example/q 9037 a']);
  assert.equal(key(extractInPieces(new Uint8Array(Buffer.from(text)), [5000], { mode: 'json' })), key(found));
});

Json('invalid-json: the line and column are the character\'s that is no JSON, past the blanks and brackets before it, at any chunking', () => {
  const text = '[1,\n2,\n3]\n\n  x http://x.example/';
  for (const cuts of [[], [1], [6], [9], [12]]) {
    const warnings: FormatWarning[] = [];
    const found = extractInPieces(new Uint8Array(Buffer.from(text)), cuts, { mode: 'json', onWarning: (w) => void warnings.push(w) });
    assert.equal(warnings.map((w) => `${w.code} ${w.line} ${w.message}`), ['invalid-json 5 no JSON from column 3 on: the rest is scanned as text'], String(cuts));
    assert.equal(found.map((f) => `${f.uri} ${f.line}:${f.column}`), ['http://x.example/ 5:5'], String(cuts));
  }
});

const URLS = ['https://a.example/p?q=1&r=2', 'http://b.example/x/y', 'https://c.example/é', 'ftp://d.example/f.txt'];

Json('JSON made by fast-check: never throws, every inserted URL is found, any chunking gives the same', () => {
  const doc = fc.record({
    data: fc.jsonValue({ maxDepth: 4 }),
    links: fc.array(fc.constantFrom(...URLS), { minLength: 1, maxLength: 4 }),
    indent: fc.constantFrom(0, 1, 2, '\t'),
    slashes: fc.boolean(),
    cuts: fc.uniqueArray(fc.integer({ min: 1, max: 4000 }), { maxLength: 16 }),
  });
  fc.assert(fc.property(doc, ({ data, links, indent, slashes, cuts }) => {
    let text = JSON.stringify({ data, links: links.map((u, i) => ({ [`k${i}`]: `see ${u} now`, url: u })) }, null, indent);
    if (slashes) text = text.replace(/\//g, '\\/'); // PHP's json_encode
    const bytes = new Uint8Array(Buffer.from(text));
    const whole = extract(bytes, { mode: 'json' });
    const uris = whole.map((f) => f.uri);
    for (const u of links) assert.ok(uris.includes(new URL(u).href), `${u} in ${text.slice(0, 200)}`);
    assert.equal(key(extractInPieces(bytes, cuts.filter((c) => c < bytes.length).sort((a, b) => a - b), { mode: 'json' })), key(whole));
  }), { numRuns: 150 });
});

Json('text that is no JSON never throws, and every Found stands inside it', () => {
  const pieces = ['{', '}', '[', ']', '"', ':', ',', '\\', '\\u00', '/', '*', '//', '/*', '*/', '\n', ' ', 'true', 'nul', '-1.5e3', 'url', 'http://x.example/a', '"https://y.example/b"',
    '"mimeType": "text/html"', '"text": ', '"body_html": ', '<a href=\\"/x?a&amp;b\\">', '<script>http://s.example/</script>'];
  fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
    const text = parts.join('');
    const found = extract(text, { mode: 'json' });
    assert.ok(found.every((f) => f.offset >= 0 && f.offset <= text.length));
  }), { numRuns: 400 });
});

Json('a key path longer than 1024 characters is cut there, with …; a BOM between two values (files joined with cat) is a blank', () => {
  const key = 'k'.repeat(1000);
  const deep = `${'{"' + key + '": '.repeat(1)}{"${key}": {"url": "http://x.example/"}}}`;
  const [f] = extract(deep, { mode: 'json' });
  assert.is(f?.source?.field, `${`${key}.${key}`.slice(0, 1024)}…`);
  const codes: string[] = [];
  const joined = extract('\ufeff{"a": 1}\n\ufeff{"url": "http://y.example/"}\n', { mode: 'json', onWarning: (w) => void codes.push(w.code) });
  assert.equal(joined.map((x) => [x.uri, x.source?.field]), [['http://y.example/', 'url']]);
  assert.equal(codes, []);
});

Json.run();
