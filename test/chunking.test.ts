// The output is the same however the input bytes are chunked (issue 3 §5):
// every fixture split at every byte, byte by byte through the Node stream,
// and random splits (fast-check); a big input whole in every mode.
import { isUtf8 } from 'node:buffer';
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Extractor, Scanner, extract, type Found } from '../src/index.js';
import { extractInPieces, extractThroughOneBuffer, key, streamInChunks } from './helpers/collect.js';
import { loadCorpusDocs, type Doc } from './helpers/corpus.js';

const docs: Doc[] = loadCorpusDocs();
docs.push({
  name: 'splits inside a multi-byte character, "://", CRLF and "URL:"',
  bytes: Buffer.from('Ünïcödé <URL:http://a.example/é/\r\n  x> and http://b.example/パス\r\nend'),
  options: {},
});

const Chunking = suite('chunking');

/** Documents longer than this (the 64 KiB charset cases) get random splits and 4 KiB chunks instead. */
const EVERY_BYTE = 8192;

Chunking('every document split at every byte position gives what extract gives', () => {
  let splits = 0;
  for (const doc of docs.filter((d) => d.bytes.length <= EVERY_BYTE)) {
    const expected = key(extract(doc.bytes, doc.options));
    if (doc.options.charset === undefined && isUtf8(doc.bytes)) { // the decoder's pieces are a chunking too: the bytes give what the text gives
      assert.equal(expected, key(extract(Buffer.from(doc.bytes).toString('utf8'), doc.options)), `${doc.name}: bytes and text`);
    }
    for (let cut = 1; cut < doc.bytes.length; cut++) {
      const got = key(extractInPieces(doc.bytes, [cut], doc.options));
      if (got.join('\n') !== expected.join('\n')) assert.equal(got, expected, `${doc.name}: split at byte ${cut}`);
      splits++;
    }
  }
  assert.ok(splits > 1000, `ran ${splits} splits`);
});

Chunking('every non-ASCII UTF-8 document split at every byte with charset utf-8 (auto holds the bytes from the first non-ASCII one, hiding such splits)', () => {
  let splits = 0;
  for (const doc of docs.filter((d) => d.bytes.length <= EVERY_BYTE && d.options.charset === undefined && isUtf8(d.bytes) && d.bytes.some((b) => b >= 0x80))) {
    const options = { ...doc.options, charset: 'utf-8' };
    const expected = key(extract(doc.bytes, options));
    for (let cut = 1; cut < doc.bytes.length; cut++) {
      const got = key(extractInPieces(doc.bytes, [cut], options));
      if (got.join('\n') !== expected.join('\n')) assert.equal(got, expected, `${doc.name}: split at byte ${cut}`);
      splits++;
    }
  }
  assert.ok(splits > 1000, `ran ${splits} splits`);
});

Chunking('every document byte by byte through the Node stream (long ones in 4 KiB chunks)', async () => {
  for (const doc of docs) {
    const expected = key(extract(doc.bytes, doc.options));
    const size = doc.bytes.length <= EVERY_BYTE ? 1 : 4093;
    assert.equal(key(await streamInChunks(doc.bytes, size, doc.options)), expected, doc.name);
  }
});

Chunking('text mode keeps no view of a chunk: one buffer reused for every piece (as the CLI reads a file)', () => {
  for (const doc of docs.filter((d) => (d.options.mode ?? 'text') === 'text')) {
    const expected = key(extract(doc.bytes, doc.options));
    for (const size of [1, 7, 4093]) assert.equal(key(extractThroughOneBuffer(doc.bytes, size, doc.options)), expected, `${doc.name}: ${size}-byte pieces`);
  }
});

Chunking('random splits (fast-check)', () => {
  const arbDoc = fc.constantFrom(...docs);
  fc.assert(fc.property(arbDoc, fc.array(fc.nat(), { maxLength: 12 }), (doc, raw) => {
    const cuts = [...new Set(raw.map((n) => n % (doc.bytes.length + 1)))].sort((a, b) => a - b);
    assert.equal(key(extractInPieces(doc.bytes, cuts, doc.options)), key(extract(doc.bytes, doc.options)), doc.name);
  }), { numRuns: 400, seed: 3986 });
});

Chunking('random text, random splits: same output, never throws (fast-check)', () => {
  const piece = fc.constantFrom('http://', 'https://a.example/', '<', '>', '"', ':', '-\n', '\n', '> ', ' ', 'x', '(', ')',
    'URL:', 'mailto:', 'é', '\r\n', '.', 'a.b', '..', '?q', '#f', '\uFFFD', '\u0000', 'パス', '“', '”');
  fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 8 }), (parts, raw) => {
    const bytes = Buffer.from(parts.join(''));
    const cuts = [...new Set(raw.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
    const options = { base: 'http://a/b/c/d;p?q' };
    assert.equal(key(extractInPieces(bytes, cuts, options)), key(extract(bytes, options)));
  }), { numRuns: 1500, seed: 42 });
});

Chunking('a Scanner reset after any text scans the next text as a new Scanner does (fast-check)', () => {
  const piece = fc.constantFrom('http://', 'https://a.example/', '<', '>', '"', ':', '-\n', '\n', '> ', ' ', 'x', '(', ')',
    'URL:', 'mailto:', 'é', '.', '?q', '#f', 'パス', '“', '”', '<htt', 'p://b', '\n  ');
  const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));
  const all = (scanner: Scanner, t: string, cut: number): Found[] =>
    [...scanner.write(t.slice(0, cut)), ...scanner.write(t.slice(cut)), ...scanner.end()];
  const options = { base: 'http://a/b/c/d;p?q' };
  fc.assert(fc.property(text, text, fc.nat(), fc.boolean(), (first, second, cut, ended) => {
    const reused = new Scanner(options);
    reused.write(first);
    if (ended) reused.end(); // reset also after a text left unfinished
    reused.reset();
    const got = all(reused, second, cut % (second.length + 1));
    assert.equal(JSON.stringify(got), JSON.stringify(all(new Scanner(options), second, cut % (second.length + 1))));
  }), { numRuns: 1500, seed: 3986 });
});

Chunking('all documents as one long text, cut into big random chunks (fast-check)', () => {
  // Big chunks exercise the scanner's in-place path (held text dropped when
  // nothing can reach back into it), small ones the joined path.
  const text = Buffer.concat(docs.filter((d) => d.options.charset === undefined).map((d) => d.bytes));
  const expected = key(extract(text)).join('\n');
  fc.assert(fc.property(fc.array(fc.nat({ max: text.length }), { minLength: 1, maxLength: 40 }), (raw) => {
    const cuts = [...new Set(raw)].sort((a, b) => a - b);
    assert.is(key(extractInPieces(text, cuts)).join('\n'), expected);
  }), { numRuns: 150, seed: 7 });
});

Chunking('random bytes in any charset: never throws, same output in pieces (fast-check)', () => {
  const charset = fc.constantFrom('auto', 'utf-8', 'latin1', 'windows-1252', 'utf-16le', 'utf-16be', 'shift_jis', 'gbk', 'koi8-r');
  fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), charset, fc.array(fc.nat(), { maxLength: 6 }), (bytes, cs, raw) => {
    const cuts = [...new Set(raw.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
    const options = { charset: cs, base: 'http://a/b/c/d;p?q' };
    assert.equal(key(extractInPieces(bytes, cuts, options)), key(extract(bytes, options)));
  }), { numRuns: 600, seed: 1066 });
});

/** Every fixture of a mode's folder joined (mail: each as an mbox message), repeated past 300 KiB. */
function bigInput(mode: 'mail' | 'html' | 'log' | 'feed' | 'markdown' | 'warc' | 'json'): Buffer {
  const dir = new URL(`./fixtures/${mode}/`, import.meta.url);
  const files = readdirSync(dir).filter((f) => (mode === 'json' ? f !== 'cases.json' : !/\.(json|ts|gz)$/.test(f))).sort(); // a .warc.gz is read through its gzip only at the input's start
  const one = Buffer.concat(files.map((f) => Buffer.concat([
    Buffer.from(mode === 'mail' ? 'From a@b.example Thu Jan  1 00:00:00 2024\n' : '\n'), readFileSync(new URL(f, dir)), Buffer.from('\n'),
  ])));
  return Buffer.concat(Array.from({ length: Math.ceil((300 * 1024) / one.length) }, () => one));
}

Chunking('a big input in every mode: extract() of it whole, bytes or string, gives what small pieces give', async () => {
  for (const mode of ['mail', 'html', 'log', 'feed', 'markdown', 'warc', 'json'] as const) {
    const bytes = bigInput(mode);
    const options = { mode, base: 'http://a.example/b/' };
    const expected = key(await streamInChunks(bytes, 4093, options));
    assert.ok(expected.length > 100, `${mode}: ${expected.length} found`);
    assert.equal(key(extract(bytes, options)), expected, `${mode}: extract(bytes)`);
    const text = bytes.toString('latin1');
    const inPieces = new Extractor(options);
    const fromPieces: Found[] = [];
    for (let i = 0; i < text.length; i += 4093) fromPieces.push(...inPieces.write(text.slice(i, i + 4093)));
    fromPieces.push(...inPieces.end());
    assert.equal(key(extract(text, options)), key(fromPieces), `${mode}: extract(string)`);
  }
});

Chunking.run();
