// The `lines` option: false leaves every Found's line and column at 0 and
// changes nothing else, in every mode, however the input is chunked; the CLI
// counts lines only for an output that shows them.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Scanner, extract, type ExtractOptions, type Found } from '../src/index.js';
import { extractInPieces, streamInChunks } from './helpers/collect.js';
import { loadCorpusDocs } from './helpers/corpus.js';
import { urisift } from './helpers/run-cli.js';

const Lines = suite('lines option');

const FIXTURES = new URL('./fixtures/', import.meta.url);

/** Every field of every Found (the lazy ones too), with line and column as `lines: false` gives them. */
function withoutLines(found: readonly Found[]): string {
  return JSON.stringify(found.map((f) => ({ ...(JSON.parse(JSON.stringify(f)) as Found), line: 0, column: 0 })));
}

function json(found: readonly Found[]): string {
  return JSON.stringify(found);
}

/** The mail, HTML and log fixtures, each in its mode (HTML with a base, so relative links count). */
function formatSamples(): { name: string; bytes: Buffer; options: ExtractOptions }[] {
  const out: { name: string; bytes: Buffer; options: ExtractOptions }[] = [];
  for (const [dir, mode, pattern] of [['mail', 'mail', /\.(eml|mbox)$/], ['html', 'html', /\.html?$/], ['log', 'log', /\.(log|jsonl|logfmt)$/]] as const) {
    for (const name of readdirSync(new URL(`${dir}/`, FIXTURES)).sort()) {
      if (!pattern.test(name)) continue;
      const options: ExtractOptions = mode === 'html' ? { mode, base: 'http://base.example/dir/page' } : { mode };
      out.push({ name: `${dir}/${name}`, bytes: readFileSync(new URL(`${dir}/${name}`, FIXTURES)), options });
    }
  }
  return out;
}

Lines('lines must be a boolean; true is the default', () => {
  for (const lines of ['false', 0, null]) {
    assert.throws(() => extract('http://a.example/', { lines: lines as unknown as boolean }), (e: unknown) => e instanceof TypeError);
    assert.throws(() => new Scanner({ lines: lines as unknown as boolean }), (e: unknown) => e instanceof TypeError);
  }
  const text = 'x\n  see http://a.example/p';
  assert.equal(json(extract(text)), json(extract(text, { lines: true })));
  const [f] = extract(text, { lines: false });
  assert.equal([f?.uri, f?.offset, f?.line, f?.column], ['http://a.example/p', 8, 0, 0]);
});

Lines('every corpus document: lines: false gives the same Founds with line and column 0', () => {
  const docs = loadCorpusDocs();
  for (const doc of docs) {
    const expected = withoutLines(extract(doc.bytes, doc.options));
    const got = json(extract(doc.bytes, { ...doc.options, lines: false }));
    if (got !== expected) assert.fixture(got, expected, doc.name);
  }
  assert.ok(docs.length > 2000, `${docs.length} documents`);
});

Lines('every mail, HTML and log fixture: the same, in its mode and in auto', async () => {
  const samples = formatSamples();
  for (const s of samples) {
    const expected = withoutLines(extract(s.bytes, s.options));
    const opts: ExtractOptions = { ...s.options, lines: false };
    assert.is(json(extract(s.bytes, opts)), expected, s.name);
    assert.is(json(await streamInChunks(s.bytes, 1, opts)), expected, `${s.name}, byte by byte`);
    if (s.options.mode !== 'log') assert.is(withoutLines(extract(s.bytes, { ...opts, mode: 'auto' })), withoutLines(extract(s.bytes, { ...s.options, mode: 'auto' })), `${s.name}, auto`);
  }
  assert.ok(samples.length > 30, `${samples.length} fixtures`);
});

Lines('any chunking gives what one piece gives (fast-check)', () => {
  const piece = fc.constantFrom(
    'http://a.example/p', '<http://a.example/\n  p>', '"mailto:x@a.example"', 'http://b.example/x-\ny', '\n', '\r\n', ' ', 'é', 'x', ':', '10:30',
  );
  fc.assert(fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 6 }), (parts, raw) => {
    const bytes = Buffer.from(parts.join(''));
    const cuts = [...new Set(raw.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
    const expected = withoutLines(extract(bytes));
    assert.is(json(extractInPieces(bytes, cuts, { lines: false })), expected);
  }), { numRuns: 1000 });
});

Lines('CLI: --format uri prints the URIs tsv prints, with their positions, in text and mail mode', async () => {
  for (const [file, mode] of [['../../examples/sample.txt', 'text'], ['mail/archive.mbox', 'mail']] as const) {
    const path = new URL(file, FIXTURES).pathname;
    const plain = await urisift(['--mode', mode, '--base', 'http://a/b/c/d;p?q', path]);
    const tsv = await urisift(['--mode', mode, '--base', 'http://a/b/c/d;p?q', '--format', 'tsv', path]);
    assert.is(plain.code, 0, plain.stderr);
    assert.is(tsv.code, 0, tsv.stderr);
    const rows = tsv.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    assert.ok(rows.length > 5 && rows.every((c) => Number(c[1]) >= 1 && Number(c[2]) >= 1), tsv.stdout);
    assert.equal(plain.stdout.trimEnd().split('\n'), rows.map((c) => c[3]), file);
  }
});

Lines.run();
