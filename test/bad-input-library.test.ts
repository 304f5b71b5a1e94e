// The bad-input suite (issue 17), library half: long held candidates stay
// linear whatever maxLength is (work counted, not timed: the box is shared),
// wrong-typed options throw TypeError, the pure functions never throw, and
// lone surrogates and invisible characters are decided.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Extractor, Scanner, createExtractStream, equivalent, extract, extractStream, inspect, mergePaths, normalize, parse, recompose,
  removeDotSegments, resolve, toUri, toWebTransform, transformReferences, UrisiftStateError, UrisiftTypeError,
} from '../src/index.js';
import { FREE, scanWork } from '../src/delimit/rescan.js';
import { invalidSkip } from '../src/delimit/invalid-window.js';
import { dataWork } from '../src/delimit/bare.js';

// ---------------------------------------------------------------------------
const Linear = suite('bad input: a long held candidate is scanned in linear work');

const MiB = 1 << 20;
const CHUNK = 64 * 1024;
const MAX_LENGTH = 1 << 24; // the largest maxLength: 16 Mi UTF-16 units
const big = { maxLength: MAX_LENGTH };
const bigBase = { maxLength: MAX_LENGTH, base: 'http://x.example/d/' };

/** Characters scanned and copied to join held and new text, and what is found, feeding `text` to a Scanner in 64 KiB chunks. */
function work(text: string): { chars: number; joined: number; uris: string[] } {
  const before = scanWork.chars;
  const joinedBefore = scanWork.joined;
  const scanner = new Scanner(big);
  const found = [];
  for (let i = 0; i < text.length; i += CHUNK) found.push(...scanner.write(text.slice(i, i + CHUNK)));
  found.push(...scanner.end());
  return { chars: scanWork.chars - before, joined: scanWork.joined - joinedBefore, uris: found.map((f) => f.uri) };
}

/** A short stand-in for a long list of URIs, so that a failure does not print megabytes. */
const digest = (uris: string[]): string[] => uris.map((u) => `${u.slice(0, 24)}… (${u.length})`);

const shapes: Array<[string, (n: number) => string]> = [
  ['<http://a/xxx…>', (n) => `<http://a/${'x'.repeat(n)}>`],
  ['"http://a/xxx…"', (n) => `"http://a/${'x'.repeat(n)}"`],
  ['bare http://a/xxx…', (n) => ` http://a/${'x'.repeat(n)} `],
  ['<http://a/ with line breaks', (n) => `<http://a/${'x/\n'.repeat(n / 3)}y>`], // not "\n>": a quote prefix
  ['bare with hyphen breaks', (n) => ` http://a/${'x-\n'.repeat(n / 3)}y `],
];
for (const [name, make] of shapes) {
  Linear(`${name}: 8 MiB costs about 8× the work of 1 MiB (linear); the same URIs as in one piece`, () => {
    const small = work(make(MiB));
    const large = work(make(8 * MiB));
    const ratio = large.chars / small.chars;
    assert.ok(ratio <= 16, `work ratio ${ratio.toFixed(1)}`);
    assert.ok(large.chars <= 8 * (8 * MiB), `${large.chars} characters scanned for 8 MiB`);
    assert.ok(large.joined <= 8 * (8 * MiB), `${large.joined} characters copied to join the held text for 8 MiB`);
    for (const [n, got] of [[MiB, small], [8 * MiB, large]] as const) {
      const whole = extract(make(n), big).map((f) => f.uri);
      assert.equal(digest(got.uris), digest(whole));
      assert.ok(got.uris.join() === whole.join());
      assert.ok(whole.some((u) => u.length > n / 2), 'one long URI');
    }
  });
}

Linear('a run of backslashes after a bare URI (no escaped dot of a regular expression) is held for a few characters, not to its end', () => {
  const make = (n: number): string => ` http://a.example${'\\'.repeat(n)}.x http://b.example/ `;
  const small = work(make(MiB));
  const large = work(make(8 * MiB));
  assert.ok(large.joined <= 8 * (8 * MiB), `${large.joined} characters copied to join the held text for 8 MiB`);
  assert.ok(large.joined <= 16 * Math.max(small.joined, CHUNK), `joined ${small.joined} for 1 MiB, ${large.joined} for 8 MiB`);
  assert.equal(large.uris, extract(make(8 * MiB)).map((f) => f.uri));
  assert.equal(large.uris, ['http://a.example', 'http://b.example/']);
});

Linear('a line continuation under a quote or comment leader before a line of blanks is held for the continuation\'s reach, not to the blanks\' end', () => {
  for (const leader of ['>', '#', '//']) {
    const make = (n: number): string => `${leader} http://a.example/x\\\n${leader}${' '.repeat(n)}y/z http://b.example/ `;
    const small = work(make(MiB));
    const large = work(make(8 * MiB));
    assert.ok(large.joined <= 8 * (8 * MiB), `${leader}: ${large.joined} characters copied to join the held text for 8 MiB`);
    assert.ok(large.joined <= 16 * Math.max(small.joined, CHUNK), `${leader}: joined ${small.joined} for 1 MiB, ${large.joined} for 8 MiB`);
    assert.equal(large.uris, extract(make(8 * MiB)).map((f) => f.uri));
    assert.equal(large.uris, ['http://a.example/x', 'http://b.example/']);
  }
});

Linear('a closer that comes after a long held candidate is emitted on that write, not at the end', () => {
  const scanner = new Scanner(big);
  assert.equal(scanner.write('see <http://a/'), []);
  for (let i = 0; i < 40; i++) assert.equal(scanner.write('x'.repeat(16 * 1024)), []);
  assert.ok(scanner.buffered > FREE);
  const found = scanner.write('> and more');
  assert.is(found.length, 1);
  assert.is(found[0]?.uri.length, 'http://a/'.length + 40 * 16 * 1024);
});

Linear('the same through createExtractStream (64 KiB Buffers)', async () => {
  const text = `<http://a/${'x'.repeat(4 * MiB)}> <http://b/>`;
  const bytes = Buffer.from(text);
  const stream = createExtractStream(big);
  const uris: string[] = [];
  stream.on('data', (f: { uri: string }) => uris.push(f.uri));
  for (let i = 0; i < bytes.length; i += CHUNK) stream.write(bytes.subarray(i, i + CHUNK));
  stream.end();
  await new Promise((resolve) => stream.on('end', resolve));
  assert.equal(uris, [`http://a/${'x'.repeat(4 * MiB)}`, 'http://b/']);
});
/** Tokens of the largest maxLength (16 Mi) made of one repeated part that a shape check of the candidate reads: what is found, or no URI. */
const repeated: Array<[string, (n: number) => string, object, (uris: string[]) => boolean]> = [
  ['"http://a///…"', (n) => `"http://a${'/'.repeat(n)}"`, big, (uris) => uris.length === 1 && uris[0]!.length > MiB],
  ['"./././…" with a base', (n) => `"${'./'.repeat(n / 2)}"`, bigBase, (uris) => uris.join() === 'http://x.example/d/'],
  ['<.a.a.a…> with a base', (n) => `<${'.a'.repeat(n / 2)}>`, bigBase, (uris) => uris.length === 0], // a dotfile's name or an extension
  ['"a/1.a.a…" with a base', (n) => `"a/1${'.a'.repeat(n / 2)}"`, bigBase, (uris) => uris.length === 0], // a product and its version
  ['"1/1/1/…" with a base', (n) => `"${'1/'.repeat(n / 2)}1"`, bigBase, (uris) => uris.length === 0], // a date or a fraction
];
for (const [name, make, options, expected] of repeated) {
  Linear(`${name}, 16 Mi characters: read without overflowing the regular expression stack`, () => {
    const text = make(MAX_LENGTH - 16);
    assert.ok(expected(extract(text, options).map((f) => f.uri)));
  });
}

Linear.run();

// ---------------------------------------------------------------------------
const Invalid = suite('bad input: a token of many "scheme://" that no URI can be is walked in linear work');

/** Characters walked by bare candidates that failed, extracting `text`. */
function failedWork(text: string, options: object): number {
  const before = invalidSkip.failedChars;
  extract(text, options);
  return invalidSkip.failedChars - before;
}

/** What extract finds, with the skip of candidates that must fail off ("full") or on. */
function both(text: string, options: object): [string, string] {
  const show = (): string => JSON.stringify(extract(text, options).map((f) => [f.offset, f.uri, f.raw, f.alternates]));
  invalidSkip.on = false;
  try {
    const full = show();
    invalidSkip.on = true;
    return [full, show()];
  } finally {
    invalidSkip.on = true;
  }
}

const longTokens: Array<[string, (n: number) => string]> = [
  ['http://ahttp://a…[', (n) => `${'http://a'.repeat(n / 8)}[ `],
  ['http://ahttp://a…%zz', (n) => `${'http://a'.repeat(n / 8)}%zz `],
  ['http://a/[http://a/[…', (n) => `${'http://a/['.repeat(n / 10)} `],
  ['http://a[http://a[…', (n) => `${'http://a['.repeat(n / 9)} `],
  ['http://a%zz/http://a%zz/…', (n) => `${'http://a%zz/'.repeat(n / 12)} `],
  ['http://a/[x]http://a/[x]…', (n) => `${'http://a/[x]'.repeat(n / 12)} `],
  ['http://a/(x)%zzhttp://a/(x)%zz…', (n) => `${'http://a/(x)%zz'.repeat(n / 15)} `],
  ['http://a/,mailto:x@a,…%zz (a CSV field ends at its comma)', (n) => ` ${'http://a/,mailto:x@a,'.repeat(n / 21)}%zz `],
  [',k=http://a/,k=http://a/…%zz (a key= value ends at a comma and a key)', (n) => ` ${',k=http://a/'.repeat(n / 12)}%zz `],
  ['%22http://a/%22http://a/…%zz (an encoded quote ends at the next)', (n) => ` ${'%22http://a/'.repeat(n / 12)}%zz `],
  ['&quot;http://a/&quot;…%zz (an escaped quote ends at the next)', (n) => ` ${'&quot;http://a/'.repeat(n / 15)}%zz `],
];
for (const [name, make] of longTokens) {
  Invalid(`${name}: the failed candidates of a 16 Ki token walk it a few times, not once per "://"; the same URIs as the full scan`, () => {
    const options = { maxLength: 1 << 20 };
    const n = 16 * 1024;
    const work = failedWork(make(n), options);
    assert.ok(work <= 4 * n, `${work} characters walked by failed candidates for ${n}`);
    const [full, skipped] = both(make(1024), options);
    assert.is(skipped, full);
  });
}

const brackets: Array<[string, (n: number) => string, string]> = [
  ['http://a/pa=[a=[…', (n) => ` http://a/p${'a=['.repeat(n / 3)} `, ''], // outside a query no "[" is allowed (RFC 3986 §3.3): none
  ['http://a/p=[x]=[x]…', (n) => ` http://a/p${'=[x]'.repeat(n / 4)} `, ''],
  ['http://a/p?a=[a=[…', (n) => ` http://a/p?${'a=['.repeat(n / 3)} `, 'http://a/p?a=%5Ba=%5B'], // in a query it is data, percent-encoded
];
for (const [name, make, prefix] of brackets) {
  Invalid(`${name}: whether each "[" after "=" is in the query is settled in linear work`, () => {
    const n = 48 * 1024;
    const before = dataWork.chars;
    const found = extract(make(n), { maxLength: 1 << 20 });
    assert.ok(dataWork.chars - before <= 4 * n, `${dataWork.chars - before} characters looked at for ${n}`);
    assert.equal(found.map((f) => f.uri.slice(0, prefix.length)), prefix === '' ? [] : [prefix]);
  });
}

/** Pieces of tokens: schemes, brackets, "%" triplets good and bad, delimiters, punctuation, a hyphen break, invisible and non-ASCII characters. */
const PIECES = [
  'http://', 'mailto:', 'a', '/', '[', ']', '%', '%4', '%41', '%zz', '?', '#', '(', ')', '.', ',', "'", '@', ':',
  '-\n', '\u200B', 'é', ' ', '*', '_', '[1]', '[::1]', 'x', '{id}', '\\', '’', '=', 'k=', '+', '%22', '$', '&quot;', '%3C', '%3E',
];
/** And whole URIs, so that a token that fails often holds a valid one. */
const URIS = ['http://b.example/', 'http://a', 'mailto:x@b.example', 'http://[::1]/'];
const piece = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: fc.constantFrom(...URIS) });
const token = fc.array(piece, { maxLength: 30 }).map((a) => a.join(''));
const text = fc.array(fc.tuple(token, fc.constantFrom(' ', '\n', ' (', '"', "'", '*', '<')), { minLength: 1, maxLength: 4 })
  .map((ts) => ts.map(([t, sep]) => sep + t).join(''));
const options = fc.constantFrom({}, { maxLength: 24 }, { maxLength: 48 }, { hyphen: 'drop' as const }, { base: 'http://base.example/d/' });

Invalid('a candidate that what is before it ends sooner is no skipped one: a CSV field after a comma, a key= value, an escaped quote', () => {
  for (const s of [
    ' http://b.example/,mailto:x@b.example,% ', ' http://a/%zz,k=http://b.example/x,n=1 ', " http://a/,'http://b.example/'%zz ",
    ' http://b.example/%22http://b.example/%22%4 ', ' http://b.example/&quot;http://b.example/&quot;%zz ', ' http://a/%3Chttp://b.example/%3E%zz ',
  ]) {
    const [full, skipped] = both(s, {});
    assert.is(skipped, full, s);
  }
  // a candidate that a CSV field's comma ends fails; a later start is no field, runs past the comma and past maxLength: too long, not invalid
  for (const s of [' ,http://b.example/http://b.example/[,*http://b.example/http://b.example/ http://http://']) {
    const [full, skipped] = both(s, { maxLength: 48 });
    assert.is(skipped, full, s);
  }
  // a later start runs past the escaped quote's closer, and past maxLength: too long, not invalid
  const s = ' &quot;http://ahttp://b.example/*%zz&quot;http://http://b.example/ ';
  const [full, skipped] = both(s, { maxLength: 48 });
  assert.is(skipped, full, s);
});

Invalid('random tokens: the same URIs with the skip on and off, whole and in random chunks', () => {
  fc.assert(fc.property(text, options, fc.array(fc.nat(), { maxLength: 6 }), (s, o, cuts) => {
    const [full, skipped] = both(s, o);
    assert.is(skipped, full);
    const scanner = new Scanner(o);
    const found = [];
    let from = 0;
    for (const at of [...cuts.map((c) => c % (s.length + 1))].sort((a, b) => a - b)) {
      found.push(...scanner.write(s.slice(from, at)));
      from = at;
    }
    found.push(...scanner.write(s.slice(from)), ...scanner.end());
    assert.is(JSON.stringify(found.map((f) => [f.offset, f.uri, f.raw, f.alternates])), full);
  }), { numRuns: 3000 });
});
Invalid.run();

// ---------------------------------------------------------------------------
const Types = suite('bad input: a value of the wrong type throws a TypeError with a stable code');

/** A UrisiftTypeError (a TypeError) with `code`. */
const typeError = (code: string) => (e: unknown): boolean => e instanceof TypeError && e instanceof UrisiftTypeError && e.code === code;
const OPTION_TYPE = typeError('invalid-option-type');
const INPUT_TYPE = typeError('invalid-input');

const notObject = fc.anything().filter((v) => v !== undefined && (typeof v !== 'object' || v === null || Array.isArray(v)));
const makers: Array<[string, (o: unknown) => unknown]> = [
  ['extract', (o) => extract('x', o as never)],
  ['createExtractStream', (o) => createExtractStream(o as never)],
  ['new Scanner', (o) => new Scanner(o as never)],
  ['new Extractor', (o) => new Extractor(o as never)],
  ['toWebTransform', (o) => toWebTransform(o as never)],
];
for (const [name, make] of makers) {
  Types(`${name}(options that are not an object) → TypeError, code invalid-option-type`, () => {
    fc.assert(fc.property(notObject, (o) => {
      assert.throws(() => make(o), OPTION_TYPE);
    }));
  });
}

/** Each option, and what its right type is. */
const optionTypes: Array<[string, (v: unknown) => boolean]> = [
  ['base', (v) => typeof v === 'string'],
  ['hyphen', (v) => typeof v === 'string'],
  ['schemes', (v) => Array.isArray(v) && v.every((s) => typeof s === 'string')],
  ['maxLength', (v) => typeof v === 'number'],
  ['memo', (v) => typeof v === 'number'],
  ['charset', (v) => typeof v === 'string'],
  ['mode', (v) => typeof v === 'string'],
  ['headers', (v) => typeof v === 'boolean'],
  ['maxLineLength', (v) => typeof v === 'number'],
  ['onWarning', (v) => typeof v === 'function'],
];
for (const [key, right] of optionTypes) {
  Types(`{ ${key}: a value of the wrong type } → TypeError, from extract and createExtractStream`, () => {
    fc.assert(fc.property(fc.anything().filter((v) => v !== undefined && !right(v)), (v) => {
      assert.throws(() => extract('x', { [key]: v }), OPTION_TYPE);
      assert.throws(() => createExtractStream({ [key]: v }), OPTION_TYPE);
    }));
  });
}

Types('the issue\'s cases; a value of the right type out of range is still a RangeError', async () => {
  assert.throws(() => extract('x', { maxLength: '100' as never }), OPTION_TYPE);
  assert.throws(() => createExtractStream(5 as never), OPTION_TYPE);
  assert.throws(() => createExtractStream({ highWaterMark: '16' as never }), OPTION_TYPE);
  for (const text of [null, undefined, 42, {}]) assert.throws(() => extract(text as never), INPUT_TYPE);
  assert.throws(() => new Scanner().write(42 as never), INPUT_TYPE);
  assert.throws(() => extract('x', { maxLength: 15 }), (e: unknown) => e instanceof RangeError);
  assert.throws(() => extract('x', { maxLength: 2 ** 24 + 1 }), (e: unknown) => (e as { code?: string }).code === 'invalid-max-length');
  assert.is(extract('<http://a.example/>', { maxLength: 2 ** 24 }).length, 1);
  assert.throws(() => extract('http://a.example/', { schemes: [] }), (e: unknown) => e instanceof RangeError && (e as { code?: string }).code === 'empty-scheme-list');
  assert.throws(() => extract('x', { hyphen: 'both' as never }), (e: unknown) => e instanceof RangeError);
  assert.throws(() => extract('x', { mode: 'pdf' as never }), (e: unknown) => e instanceof RangeError);
  const iterator = extractStream((async function* () {})(), 5 as never)[Symbol.asyncIterator]();
  await iterator.next().then(() => assert.unreachable('extractStream took 5'), (e: unknown) => assert.ok(OPTION_TYPE(e)));
  for (const source of [null, undefined, 5, {}]) {
    const it = extractStream(source as never)[Symbol.asyncIterator]();
    await it.next().then(() => assert.unreachable(`extractStream took ${String(source)}`), (e: unknown) => {
      assert.ok(INPUT_TYPE(e));
      assert.match((e as Error).message, /^extractStream takes a Node readable or an iterable of chunks/);
    });
  }
});
Types('a byte codec is no charset: base64 and hex throw before any data flows', () => {
  for (const charset of ['base64', 'hex', 'BASE64']) {
    assert.throws(() => extract(Buffer.from('aHR0cDovL2EuZXhhbXBsZS8='), { charset }), (e: unknown) => (e as { code?: string }).code === 'not-a-text-charset');
    assert.throws(() => createExtractStream({ charset }), (e: unknown) => e instanceof RangeError);
  }
  for (const charset of ['latin1', 'utf-16le', 'windows-1251', 'shift_jis', 'auto']) assert.not.throws(() => extract(Buffer.alloc(0), { charset }));
});

const MODES = ['text', 'mail', 'html', 'log', 'feed', 'markdown', 'warc', 'json', 'auto'] as const;
const notChunks: Array<[string, unknown]> = [
  ['a DataView', new DataView(new ArrayBuffer(4))], ['an ArrayBuffer', new ArrayBuffer(4)], ['a number', 42], ['null', null], ['an array', [104, 116]],
];

Types('a chunk that is neither a string nor a Uint8Array → TypeError, code invalid-input, in every mode and adapter', async () => {
  for (const mode of MODES) {
    for (const [name, chunk] of notChunks) {
      assert.throws(() => new Extractor({ mode }).write(chunk as never), (e: unknown) => INPUT_TYPE(e) && /chunk must be a string or a Uint8Array/.test((e as Error).message), `${mode}: ${name}`);
      const iterator = extractStream([chunk] as never, { mode })[Symbol.asyncIterator]();
      await iterator.next().then(() => assert.unreachable(`extractStream took ${name}`), (e: unknown) => assert.ok(INPUT_TYPE(e)));
      const web = toWebTransform({ mode });
      void web.writable.getWriter().write(chunk as never).catch(() => {});
      await web.readable.getReader().read().then(() => assert.unreachable(`toWebTransform took ${name}`), (e: unknown) => assert.ok(INPUT_TYPE(e)));
      await nodeStreamFails(mode, name, chunk);
    }
  }
});

/** The Node stream fails with invalid-input, through write()'s callback and 'error', and through pipeline() from an object-mode source. */
async function nodeStreamFails(mode: (typeof MODES)[number], name: string, chunk: unknown): Promise<void> {
  const stream = createExtractStream({ mode });
  const failed = new Promise<unknown>((resolve) => stream.once('error', resolve));
  const written = new Promise<unknown>((resolve) => stream.write(chunk, resolve));
  assert.ok(INPUT_TYPE(await written), `${mode}: write(${name})'s callback`);
  assert.ok(INPUT_TYPE(await failed), `${mode}: write(${name})'s error event`);
  if (chunk === null) return; // a source cannot send null: it ends the stream
  const source = Readable.from([`see http://a.example/\n`, chunk, 'http://b.example/\n'], { objectMode: true });
  await pipeline(source, createExtractStream({ mode }), new Writable({ objectMode: true, write: (_f, _e, cb) => cb() }))
    .then(() => assert.unreachable(`pipeline took ${name}`), (e: unknown) => assert.ok(INPUT_TYPE(e), `${mode}: pipeline with ${name}: ${String(e)}`));
}

Types.run();

const Turns = suite('bad input: write after end(), in every mode');

Turns('Extractor.write after end() throws UrisiftStateError (write-after-end); a second end() gives nothing', () => {
  for (const mode of MODES) {
    const x = new Extractor({ mode });
    x.write('see http://a.example/\n');
    x.end();
    assert.equal(x.end(), [], mode);
    for (const chunk of ['more http://b.example/\n', Buffer.from('x')]) {
      assert.throws(() => x.write(chunk), (e: unknown) => e instanceof UrisiftStateError && e.code === 'write-after-end', mode);
    }
  }
  const scanner = new Scanner();
  scanner.end();
  assert.throws(() => scanner.write('x'), (e: unknown) => e instanceof UrisiftStateError && e.code === 'write-after-end');
});

Turns.run();

// ---------------------------------------------------------------------------
const Pure = suite('bad input: the pure functions never throw');

const any = fc.anything();
const pure: Array<[string, fc.Arbitrary<unknown[]>, (...a: unknown[]) => unknown]> = [
  ['parse', fc.tuple(any, any), (a, b) => parse(a as never, b as never)],
  ['resolve', fc.tuple(any, any, any, any), (a, b, c, d) => resolve(a as never, b as never, c as never, d as never)],
  ['recompose', fc.tuple(any), (a) => recompose(a)],
  ['removeDotSegments', fc.tuple(any), (a) => removeDotSegments(a)],
  ['mergePaths', fc.tuple(any, any), (a, b) => mergePaths(a, b)],
  ['transformReferences', fc.tuple(any, any, any), (a, b, c) => transformReferences(a, b, c)],
  ['normalize', fc.tuple(any, any, any), (a, b, c) => normalize(a as never, b as never, c as never)],
  ['equivalent', fc.tuple(any, any, any), (a, b, c) => equivalent(a as never, b as never, c as never)],
  ['toUri', fc.tuple(any, any), (a, b) => toUri(a as never, b as never)],
  ['inspect', fc.tuple(any), (a) => inspect(a as never)],
];
for (const [name, args, call] of pure) {
  Pure(`${name}(anything) does not throw`, () => {
    fc.assert(fc.property(args, (a) => { call(...a); }), { numRuns: 300 });
  });
}

Pure('the issue\'s cases', () => {
  assert.is(recompose(null), undefined);
  assert.is(recompose({}), '');
  assert.is(recompose({ scheme: 'http', host: 'a' }), 'http://a');
  assert.is(recompose({ scheme: 'http', host: 5 }), undefined);
  assert.is(removeDotSegments(5), undefined);
  assert.is(mergePaths(null, 'g'), undefined);
  assert.is(mergePaths({ host: 'a' }, 'g'), '/g');
  assert.ok(parse('http://a', 'notarray' as never) !== undefined);
  assert.is(equivalent(5 as never, 5 as never), false);
  assert.is(normalize('http://a', { level: 'x' as never }), undefined);
  const codes: string[] = [];
  normalize('http://a', { level: 'x' as never }, codes as never);
  assert.equal(codes, ['invalid-options']);
  assert.equal(inspect(5 as never), ['invalid-uri']);
});

const field = fc.option(fc.string(), { nil: undefined });
const components = fc.record(
  { scheme: field, userinfo: field, host: field, port: field, path: field, query: field, fragment: field },
  { requiredKeys: [] },
);
Pure('recompose: a missing field is an absent component (no "undefined" in the output)', () => {
  fc.assert(fc.property(components, (c) => {
    const s = recompose(c);
    assert.type(s, 'string');
    if (!Object.values(c).some((v) => v?.includes('undefined'))) assert.not.ok(s!.includes('undefined'), s);
  }));
});
Pure.run();

// ---------------------------------------------------------------------------
const Chars = suite('bad input: lone surrogates and invisible characters');

const uris = (s: string, o = {}): string[] => extract(s, o).map((f) => f.uri);
Chars('a lone surrogate is no URI character: it ends the URI, and the URIs around it are found', () => {
  assert.equal(uris('see http://a.example/x\uD800 and http://b.example/y ok'), ['http://a.example/x', 'http://b.example/y']);
  assert.equal(uris('see http://a.example/x\uDC00y http://b.example/'), ['http://a.example/x', 'http://b.example/']);
  assert.equal(uris('http://a.example/\uD800http://b.example/'), ['http://a.example/', 'http://b.example/']);
  assert.equal(uris('<http://a.example/\uDFFF> "http://b.example/"'), ['http://a.example/', 'http://b.example/']);
  assert.equal(uris('http://a.example/\uD83D\uDE00 x'), ['http://a.example/%F0%9F%98%80'], 'a pair is a character');
});

Chars('a surrogate pair cut between writes is joined again', () => {
  for (const cut of ['http://a.example/\uD83D|\uDE00 x', '<http://a.example/\uD83D|\uDE00>']) {
    const scanner = new Scanner();
    const [a, b] = cut.split('|') as [string, string];
    const found = [...scanner.write(a), ...scanner.write(b), ...scanner.end()];
    assert.equal(found.map((f) => f.uri), ['http://a.example/%F0%9F%98%80'], JSON.stringify(cut));
  }
});

Chars('zero-width space, word joiner, U+FEFF and soft hyphen are removed: the URI comes out whole, repaired', () => {
  for (const c of ['\u200B', '\u2060', '\uFEFF', '\u00AD']) {
    for (const [text, delimiter] of [[`http://pay${c}ment.example/`, 'none'], [`<http://pay${c}ment.example/>`, 'angle'], [`"http://pay${c}ment.example/"`, 'quote']] as const) {
      const found = extract(`Pay at ${text} now`);
      assert.is(found.length, 1, JSON.stringify(text));
      assert.is(found[0]?.uri, 'http://payment.example/');
      assert.is(found[0]?.raw, `http://pay${c}ment.example/`);
      assert.is(found[0]?.delimiter, delimiter);
      assert.is(found[0]?.repaired, true);
    }
  }
  assert.equal(uris('http://example.com/a.\u200B next'), ['http://example.com/a'], 'trailing punctuation before it is trimmed');
});

Chars('the same, byte by byte through the stream', () => {
  const text = 'Pay at http://pay\u200Bment.example/ and <https://a.example/b\u2060c> \uD83D\uDE00 http://x.example/\u00ADy ok';
  const whole = uris(text);
  const extractor = new Extractor();
  const bytes = Buffer.from(text);
  const found = [];
  for (const b of bytes) found.push(...extractor.write(Uint8Array.of(b)));
  found.push(...extractor.end());
  assert.equal(found.map((f) => f.uri), whole);
  assert.equal(whole, ['http://payment.example/', 'https://a.example/bc', 'http://x.example/y']);
});
Chars.run();
