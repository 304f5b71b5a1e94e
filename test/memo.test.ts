// The memo of URIs found lately (the `memo` option) is a speed-up only: what
// it remembers never changes an answer, its size is bounded, and its limits
// (entries, the longest reference kept, 0 = off) behave as documented.
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_MEMO, Decoder, Scanner, extract, type ExtractOptions, type Found } from '../src/index.js';
import { isUnicodeEncoding } from '../src/formats/bytes.js';
import { LONGEST, TargetMemo } from '../src/delimit/memo.js';
import { loadCorpusDocs, type Doc } from './helpers/corpus.js';

const Memo = suite('memo');

/** Every field of every Found, the lazy ones too. */
const full = (found: readonly Found[]): string => JSON.stringify(found);

function decode(doc: Doc): { text: string; charset: string } {
  const d = new Decoder(doc.options.charset ?? 'auto');
  const text = d.write(doc.bytes) + d.end();
  return { text, charset: d.charset! };
}

/** A TargetMemo that counts its hits, to show the comparison exercised it. */
class CountingMemo extends TargetMemo {
  hits = 0;
  override recall(reference: string, text: string, start: number): string | undefined {
    const known = super.recall(reference, text, start);
    if (known !== undefined) this.hits++;
    return known;
  }
}

/** Scan `doc` with a Scanner that uses `memo`. */
function scanWith(doc: Doc, memo: TargetMemo): Found[] {
  const { charset: _charset, ...options } = doc.options;
  const s = new Scanner(options, true, memo);
  const { text, charset } = decode(doc);
  if (!isUnicodeEncoding(charset)) s.fromLegacyCharset(); // as the Extractor tells it (RFC 3987 §3.1 step 1b)
  return [...s.write(text), ...s.end()];
}

Memo('memo defaults to 8192; a bad value is a RangeError with code invalid-memo', () => {
  assert.is(DEFAULT_MEMO, 8192);
  assert.throws(() => extract('x', { memo: '8' as unknown as number }), (e: unknown) => e instanceof TypeError); // the wrong type (issue 17)
  for (const memo of [-1, 1.5, 2 ** 20 + 1, Number.NaN]) {
    try {
      extract('x', { memo });
      assert.unreachable(`memo ${String(memo)} was taken`);
    } catch (err) {
      assert.instance(err, RangeError);
      assert.is((err as { code?: string }).code, 'invalid-memo');
    }
  }
  assert.equal(extract('http://a.example/ http://a.example/', { memo: 2 ** 20 }).length, 2);
});

Memo('every corpus document: the same Founds with no memo and with a memo warmed by every other document', () => {
  const docs = loadCorpusDocs().filter((d) => (d.options.mode ?? 'text') === 'text'); // the memo is the text Scanner's
  const warm = new CountingMemo(2 ** 16);
  for (const doc of docs) scanWith(doc, warm); // remember every URI the corpus holds
  warm.hits = 0;
  for (const doc of docs) {
    const expected = full(extract(doc.bytes, { ...doc.options, memo: 0 }));
    const got = scanWith(doc, warm);
    if (full(got) !== expected) assert.fixture(full(got), expected, doc.name);
  }
  assert.ok(docs.length > 2000 && warm.hits > 2000, `${docs.length} documents, ${warm.hits} URIs taken from the memo`);
});

Memo('repeated URIs in every delimiter and context: memo on and off agree, with and without a base (fast-check)', () => {
  const piece = fc.constantFrom(
    'https://a.example/p', '"https://a.example/p"', '<https://a.example/p>', '(https://a.example/p)', 'https://a.example/p.',
    '"https://a.example/./p"', 'http://b.example/x-\ny', '<https://a.example/p\n q>', 'mailto:x@a.example', '"mailto:x@a.example"',
    '"/p"', '"p"', '<../p>', 'href="https://a.example/p"', 'filename="https://a.example/p"', 'URL:https://a.example/p',
    '"https://a.example/p', 'https://a.example/p"', ' ', '\n', '> ', ',', 'x', '%', 'é', '"', '<', '>',
  );
  const options = fc.constantFrom<ExtractOptions>({}, { base: 'http://a/b/c/d;p?q' }, { hyphen: 'drop' }, { maxLength: 20 });
  fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), options, (parts, opts) => {
    const text = parts.join('');
    assert.is(full(extract(text, opts)), full(extract(text, { ...opts, memo: 0 })), text);
    const bytes = Buffer.from(text);
    assert.is(full(extract(bytes, opts)), full(extract(bytes, { ...opts, memo: 0 })), text);
  }), { numRuns: 2000 });
});

Memo(`a reference of ${LONGEST} characters is remembered; a longer one is not, and is still found`, () => {
  const memo = new TargetMemo(16);
  const at = 'https://a.example/' + 'x'.repeat(LONGEST - 18);
  const over = at + 'y';
  memo.remember(at);
  memo.remember(over);
  assert.is(memo.recall(at, at, 0), at);
  assert.is(memo.recall(over, over, 0), undefined);
  const text = `${over} ${over} "${over}"`;
  assert.equal(extract(text).map((f) => f.uri), [over, over, over]);
});

Memo('a set holds two references, the one used last first; a newcomer pushes out the other', () => {
  const memo = new TargetMemo(2); // one set of two
  memo.remember('http://a/');
  memo.remember('http://b/');
  assert.is(memo.recall('http://a/', 'http://a/', 0), 'http://a/'); // a is now first
  memo.remember('http://c/'); // pushes out b
  assert.is(memo.recall('http://b/', 'http://b/', 0), undefined);
  assert.is(memo.recall('http://a/', 'http://a/', 0), 'http://a/');
  assert.is(memo.recall('http://c/', 'http://c/', 0), 'http://c/');
});

Memo('memo 0 (or 1) remembers nothing; sizes round down to a power of two', () => {
  for (const entries of [0, 1]) {
    const memo = new TargetMemo(entries);
    memo.remember('http://a/');
    assert.is(memo.recall('http://a/', 'http://a/', 0), undefined);
  }
  const memo = new TargetMemo(7); // 4 entries: two sets of two
  const uris = Array.from({ length: 64 }, (_, i) => `http://h${i}.example/`);
  for (const u of uris) memo.remember(u);
  const kept = uris.filter((u) => memo.recall(u, u, 0) !== undefined);
  assert.ok(kept.length >= 1 && kept.length <= 4, `kept ${kept.length}`);
});

Memo('the table starts small and grows to its entries, with what it held', () => {
  const uris = Array.from({ length: 1026 }, (_, i) => `https://example.com/${i % 7}/item-${(i * 7919) % 100003}`);
  const keptBy = (entries: number): number => {
    const memo = new TargetMemo(entries);
    for (const u of uris) memo.remember(u);
    return uris.filter((u) => memo.recall(u, u, 0) !== undefined).length;
  };
  assert.ok(keptBy(8192) > 1.5 * keptBy(256), `kept ${keptBy(8192)} in a memo of 8192, ${keptBy(256)} in one of 256`);
  const memo = new TargetMemo(8192);
  for (const u of uris.slice(0, 258)) memo.remember(u); // the last one grows the table of 1024 slots, a quarter full
  assert.is(memo.recall(uris[257]!, uris[257]!, 0), uris[257]);
  assert.is(memo.recall(uris[256]!, uris[256]!, 0), uris[256], 'the table grown holds what the first held');
});

Memo('a repeat keeps its own position, delimiter and raw text', () => {
  const text = 'see https://a.example/p\n"https://a.example/p" and <https://a.example/p>.';
  const found = extract(Buffer.from(text));
  assert.equal(found.map((f) => [f.uri, f.offset, f.line, f.column, f.delimiter, f.raw]), [
    ['https://a.example/p', 4, 1, 5, 'none', 'https://a.example/p'],
    ['https://a.example/p', 25, 2, 2, 'quote', 'https://a.example/p'],
    ['https://a.example/p', 51, 2, 28, 'angle', 'https://a.example/p'],
  ]);
});

Memo.run();
