// The adapters: Node Transform, Web TransformStream, extractStream, and the
// stream contract (options checked first, backpressure, errors, teardown). Decoding: decode.test.ts.
import { spawnSync } from 'node:child_process';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ExtractStream, Extractor, Scanner, createExtractStream, extract, extractStream, toWebTransform, type Found,
} from '../src/index.js';

const APPENDIX_C = `Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://foo.example.
com/rfc/>. Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>.
`;
const APPENDIX_C_URIS = [
  'http://www.w3.org/Addressing/',
  'ftp://foo.example.com/rfc/',
  'http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING',
];

const Stream = suite('stream adapters');

Stream('createExtractStream is a node:stream Transform; strings and Buffers both work', async () => {
  const s = createExtractStream();
  assert.ok(s instanceof Transform);
  assert.ok(s instanceof ExtractStream);
  const out: string[] = [];
  s.on('data', (f: Found) => out.push(f.uri));
  s.write(APPENDIX_C.slice(0, 70));
  s.write(Buffer.from(APPENDIX_C.slice(70)));
  s.end();
  await new Promise((r) => s.on('end', r));
  assert.equal(out, APPENDIX_C_URIS);
});

Stream("write(string, encoding): base64 and hex strings stand for bytes; any other string is text", async () => {
  const text = 'caf\u00e9 <http://www.w3.org/Addressing/> and "ftp://foo.example.com/rfc/"';
  for (const [chunk, encoding] of [
    [Buffer.from(text).toString('base64'), 'base64'], [Buffer.from(text).toString('base64url'), 'base64url'],
    [Buffer.from(text).toString('hex'), 'hex'], [text, 'latin1'], [text, 'utf16le'], [text, 'utf8'],
  ] as const) {
    const s = createExtractStream();
    const out: string[] = [];
    s.on('data', (f: Found) => out.push(f.uri));
    s.end(chunk, encoding);
    await new Promise((r) => s.on('end', r));
    assert.equal(out, APPENDIX_C_URIS.slice(0, 2), encoding);
  }
});

Stream('bad options throw before any stream exists', () => {
  assert.throws(() => createExtractStream({ charset: 'no-such-charset' }), (e: Error & { code?: string }) => e instanceof RangeError && e.code === 'unknown-charset');
  assert.throws(() => createExtractStream({ hyphen: 'maybe' as 'keep' }), (e: unknown) => e instanceof RangeError);
  assert.throws(() => createExtractStream({ maxLength: -1 }), (e: unknown) => e instanceof RangeError);
  assert.throws(() => createExtractStream({ maxLength: 1.5 }), (e: unknown) => e instanceof RangeError);
  assert.throws(() => createExtractStream({ base: 'relative/only' }), (e: Error & { code?: string }) => e.code === 'invalid-base');
  assert.throws(() => createExtractStream({ base: 42 as unknown as string }), (e: unknown) => e instanceof TypeError);
  assert.throws(() => createExtractStream({ schemes: ['ht tp'] }), (e: unknown) => e instanceof RangeError);
  assert.throws(() => createExtractStream({ bogus: true } as never), (e: Error & { code?: string }) => e.code === 'unknown-option');
  for (const key of ['mode', 'charset', 'headers', 'maxLineLength', 'onWarning']) { // a Scanner reads text: these are the byte adapters'
    assert.throws(() => new Scanner({ [key]: undefined } as never), (e: Error & { code?: string }) => e.code === 'unknown-option' && e.message.includes(key), key);
  }
  assert.throws(() => toWebTransform({ charset: 'nope' }), (e: unknown) => e instanceof RangeError);
  assert.throws(() => extract('x', { charset: 'nope' }), (e: unknown) => e instanceof RangeError);
  assert.throws(() => extract(42 as unknown as string), (e: unknown) => e instanceof TypeError);
});

Stream('an unknown option\'s message names the option it reads as, and which entry points take it', () => {
  const message = (make: () => unknown): string => {
    try { make(); } catch (e) { assert.is((e as Error & { code?: string }).code, 'unknown-option'); return (e as Error).message; }
    throw new Error('no throw');
  };
  const rows: Array<[() => unknown, string]> = [
    [() => extract('x', { Base: 'http://a/' } as never), 'unknown option: Base (did you mean base?)'],
    [() => extract('x', { max_length: 100 } as never), 'unknown option: max_length (did you mean maxLength?)'],
    [() => extract('x', { onwarning: () => {} } as never), 'unknown option: onwarning (did you mean onWarning?)'],
    [() => extract('x', { encoding: 'utf8' } as never), 'unknown option: encoding (did you mean charset?)'],
    [() => createExtractStream({ scheme: ['http'] } as never), 'unknown option: scheme (did you mean schemes?)'],
    [() => toWebTransform({ baseURL: 'http://a/' } as never), 'unknown option: baseURL (did you mean base?)'],
    [() => extract('x', { highWaterMark: 4 } as never), 'unknown option: highWaterMark (highWaterMark is an option of the streams, createExtractStream and toWebTransform)'],
    [() => new Extractor({ highWaterMark: 4 } as never), 'unknown option: highWaterMark (highWaterMark is an option of the streams, createExtractStream and toWebTransform)'],
    [() => new Scanner({ Charset: 'utf-8' } as never), 'unknown option: Charset (did you mean charset? a Scanner reads text: charset is an option of extract and the streams)'],
    [() => extract('x', { bogus: 1 } as never), 'unknown option: bogus'],
    [() => extract('x', { constructor: 1 } as never), 'unknown option: constructor'],
  ];
  for (const [make, want] of rows) assert.is(message(make), want);
});

Stream('options inherited from a prototype are read, and checked, alike by every entry point', async () => {
  const text = 'see "../g" and <http://x.example/>\n';
  const options = Object.create({ base: 'http://a/b/c/d;p?q' }) as { base: string };
  const want = ['http://a/b/g', 'http://x.example/'];
  assert.equal(extract(text, options).map((f) => f.uri), want, 'extract');
  const piped: Found[] = [];
  for await (const f of Readable.from([Buffer.from(text)]).pipe(createExtractStream(options))) piped.push(f as Found);
  assert.equal(piped.map((f) => f.uri), want, 'createExtractStream');
  const found: Found[] = [];
  for await (const f of extractStream(Readable.from([Buffer.from(text)]), options)) found.push(f);
  assert.equal(found.map((f) => f.uri), want, 'extractStream');
  const bad = Object.create({ maxLength: 'x' }) as object;
  for (const make of [() => extract('x', bad), () => createExtractStream(bad), () => toWebTransform(bad)]) {
    assert.throws(make, (e: Error & { code?: string }) => e instanceof TypeError && e.code === 'invalid-option-type');
  }
});

Stream('backpressure: a slow consumer pauses the producer', async () => {
  const line = 'see http://example.com/a and http://example.com/b\n';
  let produced = 0;
  const total = 20000; // 1 MiB of input
  const source = new Readable({
    read() {
      if (produced === total) this.push(null);
      else { produced++; this.push(line); }
    },
  });
  let consumed = 0;
  let maxAhead = 0;
  const sink = new Writable({
    objectMode: true,
    highWaterMark: 1,
    write(_f: Found, _e, cb) {
      consumed++;
      maxAhead = Math.max(maxAhead, produced - consumed / 2);
      setImmediate(cb); // slow
    },
  });
  await pipeline(source, createExtractStream(), sink);
  assert.is(consumed, total * 2);
  // With backpressure the lead is bounded by the buffers between the stages
  // (16 KiB in the source, 16 KiB in our writable side, 16 objects out:
  // about 660 lines here); without it, the source would run 20,000 ahead.
  assert.ok(maxAhead < 1500, `producer ran ${maxAhead} lines ahead of the consumer`);
});

Stream('big chunks (scanned in a microtask) keep order, output and backpressure', async () => {
  const line = 'see http://example.com/a and <http://example.com/b\n  /c>\n';
  const chunk = Buffer.from(line.repeat(Math.ceil(65536 / line.length)));
  const total = 64; // 4 MiB in 64 KiB chunks
  let produced = 0;
  const source = new Readable({
    highWaterMark: 65536,
    read() {
      if (produced === total) this.push(null);
      else { produced++; setImmediate(() => this.push(chunk)); }
    },
  });
  const perChunk = extract(chunk).length;
  const uris: string[] = [];
  let maxAhead = 0;
  const sink = new Writable({
    objectMode: true,
    highWaterMark: 1,
    write(f: Found, _e, cb) {
      uris.push(f.uri);
      maxAhead = Math.max(maxAhead, produced - uris.length / perChunk);
      if (uris.length % 64 === 0) setImmediate(cb); else cb(); // slow
    },
  });
  await pipeline(source, createExtractStream(), sink);
  const whole = Buffer.concat(Array.from({ length: total }, () => chunk));
  assert.equal(uris, extract(whole).map((f) => f.uri));
  assert.ok(maxAhead < 6, `producer ran ${maxAhead.toFixed(1)} chunks ahead of the consumer`);
});

Stream('destroying the stream while a big chunk waits to be scanned emits nothing more and no error', async () => {
  const s = createExtractStream();
  let data = 0;
  let error: unknown;
  s.on('data', () => data++);
  s.on('error', (err) => { error = err; });
  s.write(Buffer.from('http://example.com/x '.repeat(1000)));
  s.destroy();
  await new Promise((r) => s.on('close', r));
  await new Promise((r) => setImmediate(r));
  assert.is(data, 0);
  assert.is(error, undefined);
});

Stream('an error in the consumer tears the pipeline down through _destroy', async () => {
  const s = createExtractStream();
  const sink = new Writable({ objectMode: true, write(_f, _e, cb) { cb(new Error('sink failed')); } });
  let error: unknown;
  try {
    await pipeline(Readable.from([APPENDIX_C]), s, sink);
  } catch (err) {
    error = err;
  }
  assert.is((error as Error | undefined)?.message, 'sink failed');
  assert.ok(s.destroyed);
});

Stream('extractStream over a Node Readable, fed one byte at a time', async () => {
  const bytes = Buffer.from(APPENDIX_C);
  const chunks = [...bytes].map((b) => Buffer.from([b]));
  const out: string[] = [];
  for await (const f of extractStream(Readable.from(chunks))) out.push(f.uri);
  assert.equal(out, APPENDIX_C_URIS);
});

Stream('extractStream takes a lone Buffer or string as one chunk, as Readable.from() does', async () => {
  for (const whole of [Buffer.from(APPENDIX_C), APPENDIX_C]) {
    const out: string[] = [];
    for await (const f of extractStream(whole as never)) out.push(f.uri);
    assert.equal(out, APPENDIX_C_URIS, typeof whole);
  }
});

/** Whether a write of one small chunk to `ts` is taken while nothing reads its readable side (three turns of the event loop). */
async function takenUnread(ts: TransformStream<Uint8Array | string, Found>): Promise<boolean> {
  const written = ts.writable.getWriter().write('see http://a.example/ and http://b.example/ and http://c.example/').then(() => true);
  const held = new Promise<boolean>((resolve) => setImmediate(() => setImmediate(() => setImmediate(() => resolve(false)))));
  return Promise.race([written, held]);
}

Stream('toWebTransform: highWaterMark is its readable side\'s, in Founds (default 0: nothing is taken ahead of a reader)', async () => {
  assert.is(await takenUnread(toWebTransform()), false, 'default');
  assert.is(await takenUnread(toWebTransform({ highWaterMark: 0 })), false, '0');
  assert.is(await takenUnread(toWebTransform({ highWaterMark: 16 })), true, '16: three Founds fit');
  for (const bad of [-1, 1.5, '4']) {
    assert.throws(() => toWebTransform({ highWaterMark: bad as number }), (e: Error & { code?: string }) => e.code === 'invalid-high-water-mark' || e.code === 'invalid-option-type', String(bad));
  }
  const ts = toWebTransform({ highWaterMark: 16, base: 'http://x/' });
  const writer = ts.writable.getWriter();
  void writer.write('"../g" and http://a.example/').then(() => writer.close());
  const out: string[] = [];
  for await (const f of ts.readable as unknown as AsyncIterable<Found>) out.push(f.uri);
  assert.equal(out, ['http://x/g', 'http://a.example/']);
});

Stream('toWebTransform with a fetch-style ReadableStream', async () => {
  const body = new Response(new TextEncoder().encode(APPENDIX_C)).body!;
  const out: string[] = [];
  for await (const f of body.pipeThrough(toWebTransform()) as unknown as AsyncIterable<Found>) out.push(f.uri);
  assert.equal(out, APPENDIX_C_URIS);
});

/**
 * tuneForOnePass() changes its process, so each case runs in a fresh node
 * of its own, on the built library (`npm test` builds dist/ first): node's
 * own arguments, then what the first and the second call return.
 */
const ONE_PASS_CASES: readonly { node: readonly string[]; first: object; second: object }[] = [
  { node: [], first: { inliningBudget: true, mallocBlock: process.platform === 'linux' }, second: { inliningBudget: false, mallocBlock: false } },
  { node: ['--max-inlined-bytecode-size-cumulative=100'], first: { inliningBudget: false, mallocBlock: process.platform === 'linux' }, second: { inliningBudget: false, mallocBlock: false } },
  { node: ['--max_inlined_bytecode_size_cumulative=920'], first: { inliningBudget: false, mallocBlock: process.platform === 'linux' }, second: { inliningBudget: false, mallocBlock: false } },
];

Stream('tuneForOnePass: once per process, and not over a budget node was given', () => {
  const dist = new URL('../dist/index.js', import.meta.url).href;
  const code = `const { tuneForOnePass, extract } = await import(${JSON.stringify(dist)});
    const calls = [tuneForOnePass(), tuneForOnePass()];
    console.log(JSON.stringify({ calls, uris: extract('see <http://a.example/x>').map((f) => f.uri) }));`;
  for (const c of ONE_PASS_CASES) {
    const r = spawnSync(process.execPath, [...c.node, '--input-type=module', '-e', code], { encoding: 'utf8' });
    assert.is(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout), { calls: [c.first, c.second], uris: ['http://a.example/x'] }, c.node.join(' '));
  }
});

Stream.run();
