// Mail mode's reader (src/formats/mail): fixtures of test/fixtures/mail with their expected URIs, file
// positions and sources (cases.json), read whole, byte by byte and in random chunks with the same output.
// Limits and odd shapes: mail-edges.test.ts.
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ExtractOptions, Found } from '../src/delimit/types.js';
import { extract } from '../src/index.js';
import { extractThroughOneBuffer } from './helpers/collect.js';
import { read, shape } from './helpers/mail.js';

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

/** The bytes positions count: those after a leading UTF-8 BOM; a UTF-16 or UTF-32 file's text as UTF-8 (it is read so). */
function withoutBom(bytes: Buffer): Buffer {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) || (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff)) {
    return Buffer.from(iconv.decode(bytes.subarray(4), bytes[0] === 0 ? 'utf-32be' : 'utf-32le'), 'utf8');
  }
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
      const folded = f.source?.type === 'text/calendar' || f.source?.type === 'text/vcard'; // RFC 5545 §3.1: a fold inside
      const sections = f.source?.header?.toLowerCase() === 'content-type'; // an external body's URL parameter: RFC 2231 sections, folded
      const inside = folded ? /\r?\n[ \t]/g : sections ? /"?;?\r?\n[ \t]+(url\*\d+\*?="?)?/gi : /=\r?\n/g;
      const text = bytes.toString('latin1', f.offset, f.offset + 24).replace(inside, ''); // a soft break inside
      const at = (folded ? text.replace(/\\(?=[:;,])/g, '') : text).slice(0, 8); // RFC 5545 §3.3.11: an escape inside
      const made = sections && !/^[a-z][a-z0-9+.-]*:/i.test(at); // anon-ftp's URI is made from its site, directory and name: it is at the site
      assert.is(at, (made ? f.raw.slice(f.raw.indexOf('://') + 3) : f.raw).slice(0, 8), `${c.file}: ${f.uri}`);
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
