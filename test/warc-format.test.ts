// The WARC format: the fixtures of test/fixtures/warc read whole, byte by byte, in random chunks and through one reused buffer; the limits at their caps; records that lie.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Found, ScanOptions } from '../src/delimit/types.js';
import { extract } from '../src/index.js';
import { decideEarly, detectMode, modeOfName } from '../src/formats/detect.js';
import type { FormatWarning } from '../src/formats/types.js';
import { WarcReader } from '../src/formats/warc/reader.js';
import { linkTargets } from '../src/formats/warc/header-links.js';
import { writeInPieces } from './helpers/collect.js';
import { testCases } from './helpers/format-cases.js';
import { context, key } from './helpers/html.js';
import { urisift } from './helpers/run-cli.js';

const DIR = new URL('./fixtures/warc/', import.meta.url);

type Options = ScanOptions & { charset?: string; maxBodyBytes?: number; maxHeaderBytes?: number };

interface Case {
  about: string;
  file: string;
  options: Options;
  found: { uri: string; line: number; column: number; source: object }[];
  warnings: string[];
}
const CASES = JSON.parse(readFileSync(new URL('cases.json', DIR), 'utf8')) as Case[];

/** Read `input` cut at `cuts` (sorted); the Founds and the warning codes. */
function read(input: Uint8Array | string, cuts: readonly number[], options: Options = {}): [Found[], string[]] {
  const warnings: FormatWarning[] = [];
  const { maxBodyBytes, maxHeaderBytes, ...rest } = options;
  const ctx = { ...context(rest, warnings), maxBodyBytes, maxHeaderBytes };
  const found = writeInPieces(new WarcReader(ctx), input, cuts);
  return [found, warnings.map((w) => w.code)];
}

const shown = (f: Found): Case['found'][number] => ({ uri: f.uri, line: f.line, column: f.column, source: f.source ?? {} });

const bytesOf = (file: string): Uint8Array => new Uint8Array(readFileSync(new URL(file, DIR)));

/** A record as the tools write it: version line, fields, Content-Length, the block, CRLF CRLF. */
function record(type: string, target: string, contentType: string, block: string | Buffer, extra = ''): Buffer {
  const b = typeof block === 'string' ? Buffer.from(block) : block;
  const head = `WARC/1.0\r\nWARC-Type: ${type}\r\nWARC-Target-URI: ${target}\r\n${extra}Content-Type: ${contentType}\r\nContent-Length: ${b.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), b, Buffer.from('\r\n\r\n')]);
}

const HTTP = 'application/http; msgtype=response';

function warned(input: Uint8Array, options: Options = {}): [string[], string[]] {
  const warnings: FormatWarning[] = [];
  const found = extract(input, { mode: 'warc', ...options, onWarning: (w) => void warnings.push(w) });
  return [found.map((f) => f.uri), warnings.map((w) => w.code)];
}

const Warc = suite('warc format');

testCases(Warc, DIR, 'warc', CASES, read, shown);

Warc('positions: in a payload with no coding, each URI stands where the WARC has it', () => {
  for (const file of ['base-href.warc', 'heritrix.warc', 'redirect.warc', 'revisit.warc', 'warcio-resource.warc', 'truncated.warc']) {
    const bytes = Buffer.from(bytesOf(file));
    const found = extract(bytes, { mode: 'warc' });
    assert.ok(found.length > 0, file);
    for (const f of found) {
      assert.is(bytes.toString('latin1', f.offset, f.offset + f.raw.length), f.raw, `${file} ${f.uri}`);
      const lineStart = bytes.lastIndexOf(0x0a, f.offset - 1) + 1;
      assert.is(f.column, f.offset - lineStart + 1, `${file} ${f.uri} column`);
      assert.is(f.line, bytes.subarray(0, f.offset).filter((b) => b === 0x0a).length + 1, `${file} ${f.uri} line`);
    }
  }
});

Warc('positions: in a chunked or compressed payload, each URI is placed at the payload\'s first byte', () => {
  const bytes = Buffer.from(bytesOf('wget.warc'));
  const found = extract(bytes, { mode: 'warc' });
  const at = bytes.indexOf('\r\n\r\n', bytes.indexOf('HTTP/1.1 200 OK')) + 4;
  assert.equal([...new Set(found.map((f) => f.offset))], [at]);
  assert.match(bytes.toString('latin1', at, at + 6), /^[0-9a-f]+\r\n/);
});

Warc('a string is read as its UTF-8 bytes; lines: false zeroes line and column only', () => {
  const bytes = bytesOf('base-href.warc');
  const text = Buffer.from(bytes).toString('utf8');
  const asBytes = extract(bytes, { mode: 'warc' });
  assert.equal(key([extract(text, { mode: 'warc' }), []]), key([asBytes, []]));
  const noLines = extract(bytes, { mode: 'warc', lines: false });
  assert.equal(noLines.map((f) => [f.uri, f.offset, f.line, f.column]), asBytes.map((f) => [f.uri, f.offset, 0, 0]));
});

Warc('auto: a WARC is known by its version line, and reads as in warc mode; .warc and .warc.gz by name', () => {
  for (const c of CASES.filter((x) => !x.file.endsWith('.gz'))) {
    const bytes = bytesOf(c.file);
    const warc = extract(bytes, { mode: 'warc', ...c.options }).map((f) => [f.uri, f.offset, f.source]);
    assert.equal(extract(bytes, { mode: 'auto', ...c.options }).map((f) => [f.uri, f.offset, f.source]), warc, c.file);
  }
  assert.is(detectMode('WARC/1.1\r\nWARC-Type: resource\r\n'), 'warc');
  assert.is(decideEarly('WARC/', false), undefined);
  assert.is(detectMode('WARC/'), 'text');
  assert.is(detectMode('WARC/2.0\r\n'), 'text');
  assert.is(modeOfName('crawl-00001.warc'), 'warc');
  assert.is(modeOfName('CC-MAIN-20240220.warc.gz'), 'warc');
});

Warc('maxBodyBytes: an integer ≥ 1024, else RangeError invalid-max-body-bytes (TypeError for no number)', () => {
  assert.throws(() => extract('', { mode: 'warc', maxBodyBytes: 1023 }), (e: unknown) => e instanceof RangeError && (e as { code?: string }).code === 'invalid-max-body-bytes');
  assert.throws(() => extract('', { mode: 'warc', maxBodyBytes: 1.5 }), (e: unknown) => e instanceof RangeError && (e as { code?: string }).code === 'invalid-max-body-bytes');
  assert.throws(() => extract('', { mode: 'warc', maxBodyBytes: '2048' as unknown as number }), (e: unknown) => e instanceof TypeError);
  assert.equal(extract('', { mode: 'warc', maxBodyBytes: 1024 }), []);
});

Warc('maxBodyBytes on a payload with no coding: read up to the cap exactly, the rest not, warned of', () => {
  const page = `<a href="/in">x</a>${' '.repeat(2000)}<a href="/out">y</a>`;
  const cap = page.indexOf('<a href="/out"') + 5; // the cap cuts the second tag
  const input = Buffer.concat([record('response', 'https://c.example/', HTTP, `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n${page}`), record('resource', 'https://c.example/n', 'text/plain', 'https://c.example/next')]);
  assert.equal(warned(input, { maxBodyBytes: Math.max(1024, cap) }), [['https://c.example/in', 'https://c.example/next'], ['body-too-long']]);
  assert.equal(warned(input, { maxBodyBytes: page.length }), [['https://c.example/in', 'https://c.example/out', 'https://c.example/next'], []]);
});

Warc('maxHeaderBytes: a WARC header block over it skips its record to the next; an HTTP one over it drops its rest, the payload still read', () => {
  const long = `X-Padding: ${'p'.repeat(3000)}\r\n`;
  const warcOver = Buffer.concat([record('resource', 'https://h.example/1', 'text/plain', 'https://h.example/one', long), record('resource', 'https://h.example/2', 'text/plain', 'https://h.example/two')]);
  assert.equal(warned(warcOver, { maxHeaderBytes: 1024 }), [['https://h.example/two'], ['record-resync']]);
  assert.equal(warned(warcOver), [['https://h.example/one', 'https://h.example/two'], []]);
  const endless = Buffer.concat([Buffer.from(`WARC/1.0\r\nWARC-Type: resource\r\nX-Endless: ${'e'.repeat(100_000)}`), Buffer.from('\r\n'), record('resource', 'https://h.example/3', 'text/plain', 'https://h.example/three')]);
  assert.equal(warned(endless, { maxHeaderBytes: 1024 }), [['https://h.example/three'], ['record-resync']]);
  const http = `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Long: ${'l'.repeat(2000)}\r\nLocation: /dropped\r\n\r\n<a href="/body">b</a>`;
  assert.equal(warned(record('response', 'https://h.example/', HTTP, http), { maxHeaderBytes: 1024 }), [['https://h.example/body'], ['header-too-long']]);
  assert.equal(warned(record('response', 'https://h.example/', HTTP, http)), [['https://h.example/dropped', 'https://h.example/body'], []]);
});

Warc('a body that says it is chunked and is not, a broken chunk, broken gzip: read as it is, or its rest skipped with body-unreadable', () => {
  const plain = record('response', 'https://k.example/', HTTP, 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n<a href="/plain">p</a>');
  assert.equal(warned(plain), [['https://k.example/plain'], []]);
  const broken = record('response', 'https://k.example/', HTTP, 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n14\r\n<a href="/a">a</a>  \r\nzz\r\n<a href="/b">b</a>');
  assert.equal(warned(broken), [['https://k.example/a'], ['body-unreadable']]);
  const gz = Buffer.concat([gzipSync('').subarray(0, 10), Buffer.from([0x07, 0xff, 0xff])]); // gzip's header, then a DEFLATE block of the reserved type 3
  const bad = record('response', 'https://k.example/', HTTP, Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n'), gz]));
  assert.equal(warned(bad)[1], ['body-unreadable']);
  const notHttp = record('response', 'https://k.example/', HTTP, 'GARBAGE\r\n\r\n<a href="/x">x</a>');
  assert.equal(warned(notHttp), [[], ['body-unreadable']]);
});

Warc('record types: request (its Referer too), warcinfo, continuation and unknown types are skipped; a response that is no HTTP message is its document', () => {
  const input = Buffer.concat([
    record('warcinfo', '', 'application/warc-fields', 'operator: https://op.example/\r\n'),
    record('request', 'https://r.example/', 'application/http; msgtype=request', 'GET / HTTP/1.1\r\nReferer: https://ref.example/\r\n\r\n'),
    record('continuation', 'https://r.example/', 'text/plain', 'https://cont.example/'),
    record('x-custom', 'https://r.example/', 'text/plain', 'https://custom.example/'),
    record('response', 'https://r.example/t.txt', 'text/plain', 'see ../up.txt and https://t.example/ok'),
    record('response', 'https://r.example/', 'application/http; msgtype=request', 'GET / HTTP/1.1\r\nReferer: https://ref.example/\r\n\r\n'),
  ]);
  assert.equal(warned(input), [['https://t.example/ok'], []]);
});

Warc('a record with no WARC-Target-URI resolves against the base option; a relative link with neither is warned of', () => {
  const block = 'HTTP/1.1 302 Found\r\nLocation: /there\r\n\r\n';
  const input = Buffer.from(`WARC/1.0\r\nWARC-Type: response\r\nContent-Type: ${HTTP}\r\nContent-Length: ${block.length}\r\n\r\n${block}\r\n\r\n`);
  assert.equal(warned(input, { base: 'https://b.example/x/' }), [['https://b.example/there'], []]);
  assert.equal(warned(input), [[], ['unresolved-links']]);
});

Warc('Link values: each <target> of a list, commas in quoted parameters no separator', () => {
  assert.equal(linkTargets('<a>; rel="x, <no>", < b >; rel=y,<c>'), [['a', 1], ['b', 22], ['c', 34]]);
  assert.equal(linkTargets('no angle'), []);
  assert.equal(linkTargets('<open'), []);
});

Warc('records made of the pieces the reader looks at (gzip and br bodies among them): never a throw, the same Founds however cut (fast-check)', () => {
  const html = `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nLink: </l>; rel=x\r\n\r\n<a href="p">p</a> http://t.example/`;
  const gz = gzipSync('<a href="/z">z</a>');
  const br = brotliCompressSync('<a href="/b">b</a>');
  const pieces = [
    record('response', 'https://a.example/d/', HTTP, html),
    record('response', 'https://a.example/g', HTTP, Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n${gz.length.toString(16)}\r\n`), gz, Buffer.from('\r\n0\r\n\r\n')])),
    record('response', 'https://a.example/b', HTTP, Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: br\r\nTransfer-Encoding: chunked\r\n\r\n${br.length.toString(16)}\r\n`), br, Buffer.from('\r\n0\r\n\r\n')])),
    record('metadata', 'https://a.example/', 'application/warc-fields', 'outlink: https://a.example/o L a/@href\r\n'),
    record('resource', 'https://a.example/t', 'text/plain', 'https://a.example/text'),
    Buffer.from('WARC/1.0\r\nWARC-Type: resource\r\nContent-Length: 99999\r\n\r\n'), Buffer.from('WARC/1.1\r\n'), Buffer.from('Content-Length: 5\r\n'),
    Buffer.from('\r\n'), Buffer.from('\n'), Buffer.from('garbage\r\n'), Buffer.from('http://g.example/ '), Buffer.from([0, 0x1f, 0x8b, 0xff]),
  ];
  fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), fc.uniqueArray(fc.nat(), { maxLength: 8 }), (parts, raw) => {
    const input = new Uint8Array(Buffer.concat(parts));
    const whole = key(read(input, []));
    const cuts = [...new Set(raw.map((n) => n % (input.length + 1)))].sort((a, b) => a - b);
    assert.equal(key(read(input, cuts)), whole);
  }), { numRuns: 300 });
});

/** The Founds and warnings of `second`, read by a reader that has read `first` before it, as if `second` stood alone: positions and record numbers made relative to it. */
function readAfter(first: Buffer, second: Buffer, options: Options = {}): [string[], string[]] {
  const warnings: FormatWarning[] = [];
  const { maxBodyBytes, ...rest } = options;
  const reader = new WarcReader({ ...context(rest, warnings), maxBodyBytes });
  const lines = first.length === 0 ? 0 : first.toString('latin1').split('\n').length - 1;
  if (first.length > 0) reader.write(first);
  const seen = warnings.length;
  const found = [...reader.write(second), ...reader.end()].map((f) => {
    const source = f.source === undefined ? undefined : { ...f.source, record: f.source.record! - (first.length === 0 ? 0 : 1) };
    return `${f.uri} @${f.offset - first.length} ${f.line - lines}:${f.column} ${JSON.stringify(source)}`;
  });
  return [found, warnings.slice(seen).map((w) => `${w.code} ${w.line === undefined ? '' : w.line - lines} ${w.message.replace(/record \d+/g, 'record')}`)];
}

Warc('a payload reads the same after any other: a <base href>, JSON-LD and a srcdoc, a page cut inside a tag, gzip whole and broken, a feed, a cut body', () => {
  const page = (body: string, type = 'text/html', head = ''): string => `HTTP/1.1 200 OK\r\nContent-Type: ${type}\r\n${head}\r\n${body}`;
  const deflated = gzipSync('<a href="z/1">z</a> <a href="/z2">z</a>');
  const firsts = [
    record('response', 'https://f.example/a/b', HTTP, page('<head><base href="https://other.example/x/"><script type="application/ld+json">{"url":"ld/1"}</script></head><iframe srcdoc="&lt;a href=s&gt;"></iframe><a href="r">r</a>')),
    record('response', 'https://f.example/c', HTTP, page('<head><title>t</title><link rel=icon href="i.ico"><a href="/open', 'text/html; charset=windows-1251')),
    record('response', 'https://f.example/g', HTTP, Buffer.concat([Buffer.from(page('', 'text/html', 'Content-Encoding: gzip\r\n')), deflated])),
    record('response', 'https://f.example/h', HTTP, Buffer.concat([Buffer.from(page('', 'text/html', 'Content-Encoding: gzip\r\n')), deflated.subarray(0, deflated.length - 12)])),
    record('response', 'https://f.example/feed', HTTP, page('<rss xml:base="https://xb.example/"><channel><link>c</link><item><link>i</link><description>&lt;a href="d"&gt;</description></item></channel></rss>', 'application/rss+xml; charset=iso-8859-1')),
    record('response', 'https://f.example/long', HTTP, page(`<a href="/in">i</a>${' '.repeat(1100)}<a href="/out">o</a>`)),
    record('resource', 'https://f.example/t', 'text/plain; charset=utf-16le', Buffer.from('https://f.example/wide ', 'utf16le')),
  ];
  const seconds = [
    record('response', 'https://s.example/p/q', HTTP, page('<head><link rel=canonical href="c"></head><p>see https://s.example/text</p><a href="../up">u</a><script type="application/ld+json">{"logo":{"url":"l.png"}}</script><a href="é">e</a>')),
    record('response', 'https://s.example/r', HTTP, page('<a href="x?q=\xe9">x</a> <img src=y>', 'text/html; charset=iso-8859-1')),
    record('resource', 'https://s.example/t', 'text/plain', 'https://s.example/plain and more'),
    record('response', 'https://s.example/f', HTTP, page('<feed xmlns="http://www.w3.org/2005/Atom"><link href="l"/><entry><id>e</id></entry></feed>', 'application/atom+xml')),
  ];
  for (const second of seconds) {
    const alone = readAfter(Buffer.alloc(0), second, { maxBodyBytes: 1024 });
    assert.ok(alone[0].length > 0);
    for (const [i, first] of firsts.entries()) assert.equal(readAfter(first, second, { maxBodyBytes: 1024 }), alone, `after firsts[${i}]`);
  }
});

Warc('a gzip or deflate payload reads the same inflated whole (small, all come) or streamed (over 64 KiB coded, cut short, or refused by zlib)', () => {
  let x = 7;
  const next = (): number => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), (x >>> 0) % 26); // xorshift32: letters that compress to about 60%
  const noise = Array.from({ length: 120_000 }, () => String.fromCharCode(97 + next())).join('');
  const html = (pad: string): string => `<a href="/one">1</a><!--${pad}--><a href="two">2</a> http://text.example/t`;
  const coded = (body: Buffer, coding: string): Buffer => record('response', 'https://z.example/d/', HTTP, Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: ${coding}\r\n\r\n`), body]));
  for (const pad of ['', noise]) {
    const plain = warned(record('response', 'https://z.example/d/', HTTP, `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n${html(pad)}`));
    assert.equal(plain, [['https://z.example/one', 'https://z.example/d/two', 'http://text.example/t'], []]);
    const gz = gzipSync(html(pad));
    assert.is(gz.length > 64 * 1024, pad !== '');
    assert.equal(warned(coded(gz, 'gzip')), plain, 'gzip');
    assert.equal(warned(coded(deflateSync(html(pad)), 'deflate')), plain, 'zlib');
    assert.equal(warned(coded(deflateRawSync(html(pad)), 'deflate')), plain, 'raw DEFLATE');
    const badCheck = Buffer.from(gz);
    badCheck[badCheck.length - 8]! ^= 0xff; // the CRC-32 zlib checks and fflate does not
    assert.equal(warned(coded(badCheck, 'gzip')), plain, 'a bad CRC');
    assert.equal(warned(coded(Buffer.concat([gz, gz]), 'gzip')), [[...plain[0], ...plain[0]], []], 'two members');
  }
  const gz = gzipSync(html(''));
  assert.equal(warned(coded(gz.subarray(0, gz.length - 20), 'gzip')), [['https://z.example/one', 'https://z.example/d/two', 'http://te'], ['body-unreadable']], 'cut short: what came of it');
});

Warc('command: --mode warc reads a WARC whose payloads hold NUL bytes; a .warc.gz is read by its name in auto', async () => {
  const wget = await urisift(['--mode', 'warc', 'test/fixtures/warc/wget.warc']);
  assert.is(wget.code, 0, wget.stderr);
  assert.equal(wget.stdout.trim().split('\n'), CASES.find((c) => c.file === 'wget.warc')!.found.map((f) => f.uri));
  const cc = await urisift(['--mode', 'auto', '--json', 'test/fixtures/warc/commoncrawl.warc.gz']);
  assert.is(cc.code, 0, cc.stderr);
  const lines = cc.stdout.trim().split('\n').map((l) => JSON.parse(l) as { uri: string; source: object });
  assert.equal(lines.map((l) => [l.uri, l.source]), CASES.find((c) => c.file === 'commoncrawl.warc.gz')!.found.map((f) => [f.uri, f.source]));
  const image = await urisift(['--mode', 'auto', 'test/fixtures/warc/image-skipped.warc']);
  assert.is(image.stdout, 'https://img.example/deflated\n');
  assert.match(image.stderr, /warning: .*Content-Encoding "zstd" is not read/);
});

Warc.run();
