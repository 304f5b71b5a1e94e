// Mail mode's reader (src/formats/mail): fixtures of test/fixtures/mail with their expected URIs, file
// positions and sources (cases.json), read whole, byte by byte and in random chunks with the same output.
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TargetMemo } from '../src/delimit/memo.js';
import { compileOptions } from '../src/delimit/options.js';
import type { ExtractOptions, Found } from '../src/delimit/types.js';
import { MailReader } from '../src/formats/mail/reader.js';
import type { FormatContext, FormatWarning } from '../src/formats/types.js';
import { extract } from '../src/index.js';
import { extractThroughOneBuffer } from './helpers/collect.js';

const DIR = new URL('./fixtures/mail/', import.meta.url);

interface Expected {
  uri: string;
  line: number;
  column?: number;
  part: string;
  type?: string;
  header?: string;
  message?: number;
  messageId?: string;
}

interface Case {
  file: string;
  what: string;
  options?: ExtractOptions;
  /** The messageId of every Found (the top-level message's), when the case has one message with an id. */
  messageId?: string;
  expected: Expected[];
  warnings?: string[];
}

const cases = JSON.parse(readFileSync(new URL('cases.json', DIR), 'utf8')) as Case[];

function context(options: ExtractOptions = {}, warnings: FormatWarning[] = []): FormatContext {
  const { charset = 'auto', headers = true, ...scan } = options;
  const config = compileOptions(scan);
  return {
    config, memo: new TargetMemo(config.memo), detach: true, lines: true, charset, headers, out: [],
    warn: (w) => warnings.push(w),
  };
}

/** Read `bytes` in the given chunks; the Founds and the warnings. */
function read(bytes: Uint8Array | string, options?: ExtractOptions, cuts: number[] = []): { found: Found[]; warnings: FormatWarning[] } {
  const warnings: FormatWarning[] = [];
  const reader = new MailReader(context(options, warnings));
  const found: Found[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut <= at) continue;
    found.push(...reader.write(bytes.slice(at, cut)));
    at = cut;
  }
  found.push(...reader.end());
  return { found, warnings };
}

/** What the output is compared on, in chunking tests. */
const shape = (r: { found: Found[]; warnings: FormatWarning[] }): string =>
  JSON.stringify([r.found.map((f) => [f.uri, f.offset, f.line, f.column, f.source]), r.warnings]);

function lineStarts(bytes: Buffer): number[] {
  const starts = [0];
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) starts.push(i + 1);
  return starts;
}

const Fixtures = suite('mail format: fixtures');

for (const c of cases) {
  Fixtures(`${c.file}${c.options ? ` ${JSON.stringify(c.options)}` : ''}: ${c.what}`, () => {
    const bytes = readFileSync(new URL(c.file, DIR));
    const { found, warnings } = read(bytes, c.options);
    const got = found.map((f) => {
      const e = c.expected.find((x) => x.uri === f.uri && x.line === f.line);
      const g: Expected = { uri: f.uri, line: f.line, part: f.source?.part ?? '' }; // key order does not matter to assert.equal
      if (e?.column !== undefined) g.column = f.column;
      if (f.source?.type !== undefined) g.type = f.source.type;
      if (f.source?.header !== undefined) g.header = f.source.header;
      if (e?.message !== undefined) g.message = f.source?.message ?? 0;
      if (e?.messageId !== undefined) g.messageId = f.source?.messageId ?? '';
      return g;
    });
    assert.equal(got, c.expected);
    assert.equal(warnings.map((w) => w.code), c.warnings ?? []);
    const starts = lineStarts(withoutBom(bytes)); // a BOM is not counted
    for (const f of found) {
      if (c.messageId !== undefined) assert.is(f.source?.messageId, c.messageId);
      else if (c.expected.every((e) => e.messageId === undefined)) assert.not.ok(f.source !== undefined && 'messageId' in f.source, 'no messageId key');
      if (!c.file.endsWith('.mbox')) assert.is(f.source?.message, 1);
      assert.is(f.offset, starts[f.line - 1]! + f.column - 1, `${f.uri}: offset is the line's start + column - 1`);
    }
  });
}

/** The bytes positions count: those after a leading UTF-8 BOM; a UTF-16 file's text as UTF-8 (it is read so). */
function withoutBom(bytes: Buffer): Buffer {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const le = bytes[0] === 0xff ? bytes.subarray(2) : Buffer.from(bytes.subarray(2)).swap16();
    return Buffer.from(le.toString('utf16le'), 'utf8');
  }
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

Fixtures('positions of exact fixtures point at the URI in the file (after ASCII text on its line, not ISO-2022 text: the offset is a byte offset)', () => {
  for (const c of cases) {
    const file = readFileSync(new URL(c.file, DIR));
    const bytes = withoutBom(file); // a BOM is not counted
    const starts = lineStarts(bytes);
    for (const f of read(file, c.options).found) {
      const e = c.expected.find((x) => x.uri === f.uri);
      const before = bytes.subarray(starts[f.line - 1], f.offset);
      if (e?.column === undefined || f.raw.length < 10 || !isAscii(before) || before.includes(0x1b)) continue; // ISO-2022's escapes: ASCII bytes, not ASCII text
      const at = bytes.toString('latin1', f.offset, f.offset + 16).replace(/=\r?\n/g, '').slice(0, 8); // a soft break inside
      assert.is(at, f.raw.slice(0, 8), `${c.file}: ${f.uri}`);
    }
  }
});

Fixtures.run();

const Chunks = suite('mail format: any chunking gives the same output');

Chunks('whole, byte by byte, and in chunks of 7 bytes and of sizes around 64 KiB (a long line\'s piece)', () => {
  for (const c of cases) {
    const bytes = readFileSync(new URL(c.file, DIR));
    const whole = shape(read(bytes, c.options));
    const bytewise = shape(read(bytes, c.options, Array.from({ length: bytes.length }, (_, i) => i)));
    assert.is(bytewise, whole, `${c.file} byte by byte`);
    for (const size of [7, 65535, 65536, 65537]) {
      if (size > bytes.length) continue;
      const cuts = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => i * size);
      assert.is(shape(read(bytes, c.options, cuts)), whole, `${c.file} in ${size}-byte chunks`);
    }
  }
});

Chunks('the format=flowed fixtures cut once at every byte', () => {
  for (const c of cases.filter((x) => x.file.includes('flowed'))) {
    const bytes = readFileSync(new URL(c.file, DIR));
    const whole = shape(read(bytes, c.options));
    for (let cut = 1; cut < bytes.length; cut++) {
      const got = shape(read(bytes, c.options, [cut]));
      if (got !== whole) assert.is(got, whole, `${c.file} cut at byte ${cut}`);
    }
  }
});

Chunks('random chunks (fast-check)', () => {
  const files = cases.map((c) => ({ c, bytes: readFileSync(new URL(c.file, DIR)) }));
  const wholes = files.map(({ c, bytes }) => shape(read(bytes, c.options)));
  fc.assert(fc.property(
    fc.integer({ min: 0, max: files.length - 1 }), fc.array(fc.nat(), { maxLength: 40 }),
    (i, raw) => {
      const { c, bytes } = files[i]!;
      const cuts = [...new Set(raw.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
      return shape(read(bytes, c.options, cuts)) === wholes[i];
    },
  ), { numRuns: 300 });
});

Chunks('strings cut anywhere, inside a surrogate pair too, give what the whole string gives', () => {
  for (const c of cases) {
    const text = readFileSync(new URL(c.file, DIR), 'utf8');
    const whole = shape(read(text, c.options));
    const pairs = [...text.matchAll(/[\uD800-\uDBFF]/g)].map((m) => m.index + 1); // between the halves
    assert.is(shape(read(text, c.options, pairs)), whole, `${c.file} cut inside its surrogate pairs`);
    assert.is(shape(read(text, c.options, Array.from({ length: Math.ceil(text.length / 5) }, (_, i) => i * 5))), whole, `${c.file} in 5-unit strings`);
  }
});

Chunks('no view of a chunk is kept past its write: one buffer, overwritten after each, in mail and auto mode', () => {
  const fields = (found: Found[]): string => JSON.stringify(found.map((f) => [f.uri, f.offset, f.line, f.column, f.source]));
  for (const c of cases) {
    const bytes = readFileSync(new URL(c.file, DIR));
    for (const mode of ['mail', 'auto'] as const) {
      const options = { ...c.options, mode };
      const whole = fields(extract(bytes, options));
      for (const size of [1, 7, 4093]) assert.is(fields(extractThroughOneBuffer(bytes, size, options)), whole, `${c.file}, ${mode} mode, ${size}-byte pieces`);
    }
  }
});

Chunks('a string chunk is taken as UTF-8 bytes', () => {
  const text = 'Subject: caf\u00e9\n\nSee https://example.com/caf\u00e9 now\n';
  assert.equal(read(text).found.map((f) => f.uri), ['https://example.com/caf%C3%A9']);
});

Chunks.run();

const Edges = suite('mail format: limits and edge cases');

const message = (...lines: string[]): Buffer => Buffer.from(lines.join('\n') + '\n');

Edges('the base option resolves relative references of parts without their own base', () => {
  const m = message('Subject: x', '', 'Relative <page.html> here');
  assert.equal(read(m, { base: 'http://opt.example/dir/' }).found.map((f) => f.uri), ['http://opt.example/dir/page.html']);
});

Edges('a message without Message-ID has no messageId key; a header source names the field as written', () => {
  const [f] = read(message('list-post: <https://lp.example/>', '', 'body')).found;
  assert.equal(f?.source, { message: 1, part: '0', header: 'list-post' });
});

Edges('boundaries: an inner close also ends outer parts; whitespace after a boundary; nested numbering', () => {
  const m = message(
    'Content-Type: multipart/mixed; boundary=o', '',
    '--o', 'Content-Type: multipart/alternative; boundary=i', '',
    '--i', '', 'one https://one.example/', '--i  ', '', 'two https://two.example/',
    '--o', '', 'three https://three.example/', '--o--', 'epilogue https://epi.example/',
  );
  assert.equal(read(m).found.map((f) => [f.uri, f.source?.part]), [
    ['https://one.example/', '1.1'], ['https://two.example/', '1.2'], ['https://three.example/', '2'],
  ]);
});

Edges('too deep: a warning, and the rest skipped', () => {
  const lines: string[] = [];
  for (let i = 0; i < 40; i++) lines.push(`Content-Type: multipart/mixed; boundary=b${i}`, '', `--b${i}`);
  lines.push('', 'deep https://deep.example/');
  const { found, warnings } = read(message(...lines));
  assert.equal(found, []);
  assert.equal(warnings.map((w) => w.code), ['too-deep']);
});

Edges('a header block over 1 MiB: the rest dropped with a warning, the body still read', () => {
  const m = message('Subject: x', `X-Long: ${'a'.repeat(1.5 * 1024 * 1024)}`, 'List-Post: <https://late.example/>', '', 'body https://body.example/');
  const { found, warnings } = read(m);
  assert.equal(found.map((f) => f.uri), ['https://body.example/']);
  assert.equal(warnings.map((w) => w.code), ['header-too-long']);
});

Edges('a 16 MiB single-line body takes linear time', () => {
  const time = (n: number): number => {
    const m = Buffer.concat([message('Subject: x', ''), Buffer.alloc(n, 'x'), Buffer.from(' https://end.example/\n')]);
    const t = performance.now();
    const { found } = read(m, {}, Array.from({ length: Math.ceil(m.length / 65536) }, (_, i) => i * 65536));
    assert.equal(found.map((f) => f.uri), ['https://end.example/']);
    return performance.now() - t;
  };
  time(1 << 20);
  const small = time(2 << 20);
  const big = time(16 << 20);
  assert.ok(big < small * 8 * 3 + 200, `16 MiB: ${big.toFixed(0)} ms, 2 MiB: ${small.toFixed(0)} ms`);
});

Edges('a large base64 attachment is skipped as it streams, with bounded memory', () => {
  const head = message(
    'Content-Type: multipart/mixed; boundary=b', '', '--b', 'Content-Type: application/octet-stream',
    'Content-Transfer-Encoding: base64', '',
  );
  const line = Buffer.from(`${'QUJD'.repeat(19)}\n`);
  const tail = message('--b', '', 'after https://after.example/', '--b--');
  const warnings: FormatWarning[] = [];
  const reader = new MailReader(context({}, warnings));
  const found = [...reader.write(head)];
  const chunk = Buffer.concat(Array.from({ length: 1024 }, () => line));
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 512; i++) found.push(...reader.write(chunk)); // 38 MiB
  const grown = process.memoryUsage().heapUsed - before;
  found.push(...reader.write(tail), ...reader.end());
  assert.equal(found.map((f) => f.uri), ['https://after.example/']);
  assert.ok(grown < 32 * 1024 * 1024, `heap grew by ${grown} bytes`);
});

Edges('a header block of short fields that never ends: dropped past 1 MiB with one warning, in bounded memory', () => {
  const warnings: FormatWarning[] = [];
  const reader = new MailReader(context({}, warnings));
  const found = [...reader.write(message('From: a@example.org', 'Subject: see https://first.example/'))];
  const chunk = Buffer.from('X-B: y\n'.repeat(9362)); // 64 KiB of tiny fields, and never a blank line
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 480; i++) found.push(...reader.write(chunk)); // 30 MiB
  const grown = process.memoryUsage().heapUsed - before;
  found.push(...reader.end());
  assert.equal(found.map((f) => f.uri), ['https://first.example/']);
  assert.equal(warnings.map((w) => w.code), ['header-too-long']);
  assert.ok(grown < 48 * 1024 * 1024, `heap grew by ${grown} bytes`);
});

Edges('a header block of many fields that hold URIs takes linear time', () => {
  const time = (n: number): number => {
    const fields = Array.from({ length: n }, (_, i) => `Subject: http://a.example/${i}`);
    const m = message('From: a@example.org', ...fields, '', 'body');
    const t = performance.now();
    assert.is(read(m).found.length, n);
    return performance.now() - t;
  };
  time(500);
  const small = time(1500);
  const big = time(12000);
  assert.ok(big < small * 8 * 3 + 200, `12000 fields: ${big.toFixed(0)} ms, 1500: ${small.toFixed(0)} ms`);
});

Edges('lone CR line ends (classic Mac): a lone-cr-line-ends warning, once; CRLF and LF give none', () => {
  const lines = ['From: a@example.org', 'Subject: see http://subject.example/', '', 'body http://body.example/', ''];
  for (const [eol, warned] of [['\r', true], ['\r\n', false], ['\n', false]] as const) {
    const bytes = Buffer.from(lines.join(eol));
    assert.equal(read(bytes).warnings.map((w) => w.code), warned ? ['lone-cr-line-ends'] : [], JSON.stringify(eol));
    assert.equal(read(bytes, {}, Array.from({ length: bytes.length }, (_, i) => i)).warnings.map((w) => w.code), warned ? ['lone-cr-line-ends'] : []);
  }
});

Edges('lines longer than a piece (64 KiB): QP escapes, base64 and flowed text cut anywhere give the same output', () => {
  const filler = 'word=3Dvalue '.repeat(12000); // 156 KiB of QP on one line
  const b64 = Buffer.from(`${'text '.repeat(40000)}https://b64-long.example/x\n`).toString('base64'); // one 260 KiB line
  const m = message(
    'Content-Type: multipart/mixed; boundary=b', '',
    '--b', 'Content-Transfer-Encoding: quoted-printable', '', `${filler}https://qp-long.example/a?b=3Dc`,
    '--b', 'Content-Transfer-Encoding: base64', '', b64,
    '--b', 'Content-Type: text/plain; format=flowed; delsp=yes', '', `> ${'flow '.repeat(30000)}https://flow-long.example/y `, '> z',
    '--b--',
  );
  const whole = read(m);
  assert.equal(whole.found.map((f) => f.uri), ['https://qp-long.example/a?b=c', 'https://b64-long.example/x', 'https://flow-long.example/yz']);
  for (const size of [1000, 4093, 65536, 100000]) {
    const cuts = Array.from({ length: Math.ceil(m.length / size) }, (_, i) => i * size);
    assert.is(shape(read(m, {}, cuts)), shape(whole), `${size}-byte chunks`);
  }
});

Edges('an unknown transfer encoding passes through; CRLF and LF mixed', () => {
  const m = Buffer.from('Content-Transfer-Encoding: x-weird\r\n\r\nsee https://weird.example/\nand https://crlf.example/\r\n');
  assert.equal(read(m).found.map((f) => [f.uri, f.line, f.column]), [['https://weird.example/', 3, 5], ['https://crlf.example/', 4, 5]]);
});

Edges('an empty input, and a message with headers only', () => {
  assert.equal(read(Buffer.alloc(0)).found, []);
  assert.equal(read(Buffer.from('Subject: https://only.example/')).found.map((f) => f.uri), ['https://only.example/']);
});

Edges.run();
