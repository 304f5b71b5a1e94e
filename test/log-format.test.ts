// Log mode (src/formats/log): the fixtures of test/fixtures/log with their expected URIs, places,
// fields and hosts (cases.json); every fixture, and a log with a 10 MiB line and bad lines mixed
// in, through extract(), the Node stream byte by byte and in random chunks, extractStream, the
// Web stream and the CLI, with the same output; maxLineLength at its limit.
import { isUtf8 } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { extract, Extractor, extractStream, toWebTransform, UrisiftOptionError, type ExtractOptions, type Found } from '../src/index.js';
import { detectMode } from '../src/formats/detect.js';
import type { FormatWarning } from '../src/formats/types.js';
import { extractInPieces, extractThroughOneBuffer, streamInChunks } from './helpers/collect.js';
import { urisift } from './helpers/run-cli.js';
import { assertLinearTime } from './helpers/timing.js';

const DIR = new URL('./fixtures/log/', import.meta.url);
const BASE = 'https://base.example/dir/';

/** [line, column, uri, field, host?] */
type Row = [number, number, string, string, string?];

interface Case {
  file: string;
  what: string;
  options?: ExtractOptions;
  expected: Row[];
  /** Warning codes, with the count when there is one ('unresolved-targets 3'). */
  warnings?: string[];
}

const cases = JSON.parse(readFileSync(new URL('cases.json', DIR), 'utf8')) as Case[];
const bytesOf = (file: string): Buffer => readFileSync(new URL(file, DIR));
const files = [...new Set(cases.map((c) => c.file))];

/** Read with a warning collector; the Founds and the warnings as cases.json writes them. */
function read(input: Uint8Array, options: ExtractOptions): { found: Found[]; warnings: string[] } {
  const warnings: string[] = [];
  const onWarning = (w: FormatWarning): void => void warnings.push(w.count === undefined ? w.code : `${w.code} ${w.count}`);
  return { found: extract(input, { mode: 'log', ...options, onWarning }), warnings };
}

/** Everything a Found says, as JSON (source included). */
function json(found: readonly Found[]): string[] {
  return found.map((f) => {
    const { components: _c, warnings: _w, ...rest } = f.toJSON();
    return JSON.stringify(rest);
  });
}

const Fixtures = suite('log format: fixtures');

for (const c of cases) {
  Fixtures(`${c.file}${c.options ? ` ${JSON.stringify(c.options)}` : ''}: ${c.what}`, () => {
    const { found, warnings } = read(bytesOf(c.file), c.options ?? {});
    const rows = found.map((f): Row => {
      const row: Row = [f.line, f.column, f.uri, f.source?.field ?? '(none)'];
      if (f.source?.host !== undefined) row.push(f.source.host);
      return row;
    });
    assert.equal(rows, c.expected);
    assert.equal(warnings, c.warnings ?? []);
    for (const f of found) {
      assert.ok(f.offset >= 0 && f.length === f.raw.length, `${f.uri}: offset and length`);
      assert.ok(/^[!-~]+$/.test(f.uri), `${f.uri}: URI text (RFC 3986) only`);
    }
  });
}

Fixtures('every fixture file has cases', () => {
  const files = new Set(cases.map((c) => c.file));
  assert.ok(files.size >= 13, `${files.size} files`);
});

Fixtures('a request target is placed where the log has it', () => {
  const line = '1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET /x HTTP/1.1" 200 5 "https://r.example/" "-"\n';
  const [target, referer] = extract(line, { mode: 'log', base: BASE });
  assert.is(line.slice(target!.offset, target!.offset + target!.length), '/x');
  assert.is(line.slice(referer!.offset, referer!.offset + referer!.length), 'https://r.example/');
  assert.equal([target!.delimiter, target!.reference, target!.raw, target!.uri], ['quote', '/x', '/x', 'https://base.example/x']);
});

Fixtures('a request target\'s and a referer\'s raw is the text the line holds at their offset, escapes and all', () => {
  const lines = [
    '1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET /a\\x22b HTTP/1.1" 200 5 "https://r.example/\\x22" "-"',
    '{"url":"https:\\/\\/u.example\\/a","referer":"https:\\/\\/r.example\\/","status":200}',
    '{"request":"GET https:\\/\\/a.example\\/x?u=1 HTTP\\/1.1","status":200}',
    '{"request":"GET \\u002Fp\\u00e9?q HTTP/1.1","status":200}',
    'method=GET request="GET /l\\"q HTTP/1.1" status=200',
  ];
  const text = lines.join('\n');
  const found = extract(text, { mode: 'log', base: BASE }).filter((f) => f.source?.field !== 'in-request');
  assert.is(found.length, 7);
  for (const f of found) assert.is(text.slice(f.offset, f.offset + f.length), f.raw, `${f.uri} (${f.source?.field})`);
});

Fixtures('in every fixture, a request target\'s and a referer\'s raw is the text the line holds at their offset (W3C\'s stem and query columns included)', () => {
  for (const file of files.filter((f) => !/^(?:docker|journal-json|journal-pretty|shippers)/.test(f))) { // a record's line is its value, decoded (formats.md)
    const bytes = bytesOf(file);
    const text = new TextDecoder(isUtf8(bytes) ? 'utf-8' : 'windows-1252').decode(bytes);
    for (const f of extract(bytes, { mode: 'log', base: BASE })) {
      if (f.source?.field !== 'request' && f.source?.field !== 'referer') continue;
      assert.is(text.slice(f.offset, f.offset + f.length), f.raw, `${file}:${f.line}:${f.column}`);
    }
  }
});

Fixtures('text fields do not take the base: a user agent or a file path is not a link', () => {
  const lines = [
    '1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET /x HTTP/1.1" 200 5 "-" "curl/8.5.0"',
    '2024/03/05 10:00:01 [error] 1#1: *1 open() "/var/www/html/x" failed (2: No such file), client: 1.2.3.4, server: s',
    'level=info msg="read \\"/etc/app.conf\\""',
  ];
  assert.equal(extract(lines.join('\n'), { mode: 'log', base: BASE }).map((f) => f.uri), ['https://base.example/x']);
});

Fixtures("'auto' takes access (S3, ELB and ALB, Envoy and HAProxy ones too), nginx and Apache error logs, syslog, W3C extended, Squid, Heroku, JSON lines, logfmt and Python logging's (log4j's) logs for logs, and nothing else", () => {
  const logs = [
    'combined.log', 'combined-crlf.log', 'latin1.log', 'long-values.log', 'mixed-bytes.log', 'nginx-error.log', 'apache-error.log', 'nfc-1258.log',
    'escaped-host.log', 'referer-patterns.log', 'escaped-fields.log', 'syslog.log', 'iis.log', 'cloudfront.log', 'w3c-rows.log', 'w3c-then-others.log',
    'squid.log', 'journal.log', 'journal-json.log', 'kubernetes-cri.log', 'app.jsonl', 'proxies.jsonl', 'records.jsonl', 'in-request.log',
    'docker-json.log', 'docker-edges.log', 'shippers.jsonl', 'journal-framed.log', 'app.logfmt', 'heroku.log', 'heroku-drain.log', 'journal-pretty.log', 'journal-export.log', 'journal-verbose.log',
    'aws.log', 'proxies.log', 'java.log', 'app-shapes.log', 'iso-2022-jp.log',
  ];
  for (const file of files) {
    const head = bytesOf(file).subarray(0, 1024).toString('latin1');
    assert.is(detectMode(head), logs.includes(file) ? 'log' : 'text', file);
  }
  assert.is(detectMode('<165>1 2003-10-11T22:14:15.003Z host app - - - message\n'), 'log');
  for (const text of ['a [05/Mar/2024:10:00:01 +0000] x\n', '2024/03/05 10:00:01 compile ok\n', '<p>1 2024</p>\n']) assert.is(detectMode(text), 'text', text);
  const bytes = bytesOf('combined.log');
  assert.equal(json(extractInPieces(bytes, [3, 40], { mode: 'auto', base: BASE })), json(extract(bytes, { mode: 'log', base: BASE })));
});

Fixtures.run();

const Adapters = suite('log format: every adapter gives the same Founds');


for (const file of files) {
  for (const options of [{ mode: 'log' } as const, { mode: 'log', base: BASE } as const]) {
    Adapters(`${file}${options.base === undefined ? '' : ' with a base'}`, async () => {
      const bytes = bytesOf(file);
      const whole = json(extract(bytes, options));
      assert.ok(whole.length > 0, 'finds something');
      assert.equal(json(extract(bytes.toString('latin1') === bytes.toString('utf8') ? bytes.toString('utf8') : bytes, options)), whole, 'a string');
      assert.equal(json(await streamInChunks(bytes, 1, options)), whole, 'byte by byte');
      assert.equal(json(extractThroughOneBuffer(bytes, 7, options)), whole, 'one buffer reused for every 7 bytes (the CLI reads a file so)');
      fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 16 }), (cuts) => {
        assert.equal(json(extractInPieces(bytes, cuts.sort((a, b) => a - b), options)), whole);
      }), { numRuns: 25 });
      const viaGenerator: Found[] = [];
      for await (const f of extractStream(Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]), options)) viaGenerator.push(f);
      assert.equal(json(viaGenerator), whole, 'extractStream');
      const web: Found[] = [];
      const reader = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(toWebTransform(options)).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) web.push(r.value);
      assert.equal(json(web), whole, 'toWebTransform');
    });
  }
}

/**
 * Every fixture one after the other (so shapes change from line to line),
 * a 10 MiB line of text with links at its start, middle and end, invalid
 * UTF-8 and binary garbage, then one more access line.
 */
function mixedLog(): { bytes: Buffer; longLine: number } {
  const parts = files.filter((f) => !/iis|cloudfront/.test(f)).map(bytesOf);
  const before = Buffer.concat(parts.map((b) => (b[b.length - 1] === 0x0a ? b : Buffer.concat([b, Buffer.from('\n')]))));
  const longLine = before.toString('latin1').split('\n').length;
  const filler = 'word and more words, 10:30 [x] "quoted" a:b '.repeat(Math.ceil((5 << 20) / 45));
  const long = `start http://long-start.example/a ${filler} http://long-middle.example/b ${filler} http://long-end.example/c`;
  const after = [
    Buffer.from([0xff, 0xfe, 0x00, 0x01, 0xc3, 0x28, 0x0a]),
    Buffer.from('9.9.9.9 - - [05/Mar/2024:10:00:01 +0000] "GET /after HTTP/1.1" 200 5 "https://after-long.example/" "-"\n'),
  ];
  return { bytes: Buffer.concat([before, Buffer.from(long + '\n'), ...after]), longLine };
}

Adapters('a log with a 10 MiB line and bad lines mixed in: the same whatever the chunks', async () => {
  const { bytes, longLine } = mixedLog();
  for (const options of [{ mode: 'log' } as const, { mode: 'log', base: BASE } as const]) {
    const warnings: FormatWarning[] = [];
    const whole = extract(bytes, { ...options, onWarning: (w) => void warnings.push(w) });
    const uris = whole.map((f) => f.uri);
    for (const u of ['http://long-start.example/a', 'http://long-middle.example/b', 'http://long-end.example/c', 'https://after-long.example/']) {
      assert.ok(uris.includes(u), u);
    }
    const tooLong = warnings.filter((w) => w.code === 'line-too-long');
    assert.equal(tooLong.map((w) => w.line), [longLine]);
    assert.ok(whole.filter((f) => f.line === longLine).every((f) => f.source?.field === 'message'), 'the long line is text');
    const expected = json(whole);
    assert.equal(json(await streamInChunks(bytes, 65536, options)), expected, '64 KiB chunks');
    assert.equal(json(await streamInChunks(bytes, 999_983, options)), expected, 'odd chunks');
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 24 }), (cuts) => {
      assert.equal(json(extractInPieces(bytes, cuts.sort((a, b) => a - b), options)), expected);
    }), { numRuns: 4 });
  }
});

/** A line a container might log, and how its characters are escaped in the record (JSON.stringify, then some as \\uXXXX or \\/). */
const innerLine = fc.oneof(
  fc.record({
    path: fc.constantFrom('/a', '/a?b=1&c=2', '/caf\u00e9', '/x%20y', '/p/../q', '//h.example/z'),
    ref: fc.constantFrom('-', 'https://r.example/p', 'http://r.example/?q=a&b', 'https://r.example/\u00e9'),
  }).map(({ path, ref }) => `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET ${path} HTTP/1.1" 200 5 "${ref}" "curl/8"`),
  fc.constant('{"url":"https://a.example/j","msg":"see http://b.example/ & <c>"}'),
  fc.constant('error: fetch https://c.example/x failed\tretrying'),
  fc.constant('level=info url=http://d.example/l msg="a \\"quoted\\" http://e.example/"'),
  fc.string({ maxLength: 40 }),
);

const dockerRecord = fc.record({
  line: innerLine,
  escapes: fc.array(fc.constantFrom('&', '/', 'a', '"', ' '), { maxLength: 3 }),
  cut: fc.boolean(),
  crlf: fc.boolean(),
  stream: fc.constantFrom('stdout', 'stderr'),
}).map(({ line, escapes, cut, crlf, stream }) => {
  let log = JSON.stringify(line + (cut ? '' : crlf ? '\r\n' : '\n')).slice(1, -1);
  for (const c of escapes) log = log.replaceAll(c === '/' ? '/' : c, c === '/' ? '\\/' : c === '"' ? '\\u0022' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `{"log":"${log}","stream":"${stream}","time":"2024-10-10T13:55:36.1Z"}`;
});

Adapters('Docker json-file records (fast-check): no throw, any chunking, each URI placed at its first character in the record', () => {
  fc.assert(fc.property(fc.array(dockerRecord, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 6 }), (records, raw) => {
    const text = records.join('\n') + '\n';
    const bytes = Buffer.from(text);
    const options = { mode: 'log', base: BASE } as const;
    const whole = extract(bytes, options);
    const cuts = [...new Set(raw.map((n) => n % bytes.length))].filter((n) => n > 0).sort((a, b) => a - b);
    assert.equal(json(extractInPieces(bytes, cuts, options)), json(whole));
    for (const f of whole) {
      let slashes = 0; // an odd run of backslashes before the offset: it points inside an escape
      while (text[f.offset - 1 - slashes] === '\\') slashes++;
      const esc = text.slice(f.offset, f.offset + (text[f.offset + 1] === 'u' ? 6 : 2));
      const first = text[f.offset] === '\\' ? JSON.parse(`"${esc}"`) as string : text[f.offset];
      const where = `${f.uri} at ${f.offset}: ${JSON.stringify(text.slice(f.offset - 2, f.offset + 12))} for raw ${JSON.stringify(f.raw)}`;
      assert.ok(slashes % 2 === 0 && first === f.raw[0], where);
    }
  }), { numRuns: 300, seed: 2024 });
});

Adapters.run();

const Limits = suite('log format: maxLineLength');

Limits('the option is checked up front', () => {
  for (const bad of [255, 1.5, -1]) {
    assert.throws(() => extract('x', { mode: 'log', maxLineLength: bad as never }), (e: unknown) => e instanceof UrisiftOptionError && e.code === 'invalid-max-line-length');
  }
  assert.throws(() => extract('x', { mode: 'log', maxLineLength: '1000' as never }), (e: unknown) => e instanceof TypeError); // the wrong type (issue 17)
  assert.not.throws(() => extract('x', { mode: 'text', maxLineLength: 256 }));
});

Limits('a line of maxLineLength characters is read by its shape; one more is scanned as text, with a warning (a CRLF\'s CR is no part of a line)', () => {
  const head = '1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET /x HTTP/1.1" 200 5 "https://r.example/" "';
  const line = (n: number): string => head + 'u'.repeat(n - head.length - 1) + '"';
  for (const [n, shaped, eol] of [[300, true, '\n'], [301, false, '\n'], [300, true, '\r\n'], [301, false, '\r\n']] as const) {
    for (const chunks of [1, 7, 300]) {
      const text = `${line(n)}${eol}${line(100 + head.length)}${eol}`;
      const warnings: FormatWarning[] = [];
      const bytes = Buffer.from(text);
      const cuts = Array.from({ length: chunks - 1 }, (_, i) => Math.floor(((i + 1) * bytes.length) / chunks));
      const found = extractInPieces(bytes, cuts, { mode: 'log', base: BASE, maxLineLength: 300, onWarning: (w) => void warnings.push(w) });
      const first = found.filter((f) => f.line === 1).map((f) => [f.uri, f.source?.field]);
      assert.equal(first, shaped ? [['https://base.example/x', 'request'], ['https://r.example/', 'referer']] : [['https://r.example/', 'message']], `${n}, ${JSON.stringify(eol)}, ${chunks} chunks`);
      assert.equal(warnings.map((w) => [w.code, w.line]), shaped ? [] : [['line-too-long', 1]]);
      assert.equal(found.filter((f) => f.line === 2).map((f) => f.source?.field), ['request', 'referer'], 'the next line is read by its shape');
    }
  }
});

Limits('a JSON object printed over lines is held up to maxLineLength characters: a longer one, or one never closed, is read line by line, however the input is chunked', () => {
  const access = '1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET /x HTTP/1.1" 200 5 "https://r.example/" "-"';
  const member = (i: number): string => `  "k${i}": "see https:\\/\\/m${i}.example\\/",`;
  const object = (n: number): string => `{\n${Array.from({ length: n }, (_, i) => member(i)).join('\n')}\n  "end": 1\n}\n`;
  const perLine = (n: number): string[] => Array.from({ length: n }, (_, i) => `https://m${i}.example/`);
  for (const [text, uris] of [
    [object(5), Array.from({ length: 5 }, (_, i) => `https://m${i}.example/`)], // under the limit: JSON, its escapes decoded
    [object(12), perLine(0)], // over it: line by line, where "https:\/\/" is no URI
    [`{\n${member(0)}\n${access}\n`, ['https://base.example/x', 'https://r.example/']], // never closed
  ] as const) {
    const bytes = Buffer.from(text);
    const whole = extract(bytes, { mode: 'log', base: BASE, maxLineLength: 300 });
    assert.equal(whole.map((f) => f.uri), uris);
    for (const cuts of [[1], [2, 50, 51], Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)]) {
      assert.equal(json(extractInPieces(bytes, cuts, { mode: 'log', base: BASE, maxLineLength: 300 })), json(whole));
    }
  }
});

/**
 * Access lines `n` characters long, and the n up to which each is timed:
 * where a field's end or a character after it is looked for, no look may
 * scan on to the line's end.
 */
const longFields: Array<[string, (n: number) => string, number]> = [
  ['a long first field before a client address (a vhost?)', (n) => `${'a'.repeat(n)} 1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET /x HTTP/1.1" 200 5 "-" "-"`, 1 << 16],
  ['a vhost before a long client field', (n) => `a.example ${':'.repeat(n)}x - - [05/Mar/2024:10:00:01 +0000] "GET /x HTTP/1.1" 200 5 "-" "-"`, 1 << 16],
  ['"{" fields with no "}"', (n) => `"GET /x HTTP/1.1" 200 5 ${'{ '.repeat(n / 2)}`, 1 << 20],
  ['bare fields, then a tab', (n) => `"GET /x HTTP/1.1" 200 5 ${'a '.repeat(n / 2)}\tx`, 1 << 20],
  ['bare words before the request', (n) => `${'a '.repeat(n / 2)}"GET /x HTTP/1.1" 200 5`, 1 << 20],
  ['quoted fields with no ":"', (n) => `"GET /x HTTP/1.1" 200 5 ${'"a" '.repeat(n / 4)}`, 1 << 20],
];

for (const [what, make, big] of longFields) {
  Limits(`an access line of ${what} takes linear time`, () => {
    const options = { mode: 'log', maxLineLength: 1 << 22 } as const;
    const time = (n: number): number => {
      const line = make(n);
      const t = performance.now();
      extract(`${line}\n${line}\n`, options);
      return performance.now() - t;
    };
    assertLinearTime(time, big >> 6, big >> 3, big, what);
  });
}

Limits('a journal field\'s value or the text after a frame is read once: a line of many "MESSAGE=" prefixes or frames in a row nests no call per prefix', () => {
  for (const [prefix, at] of [['MESSAGE=', 8], ['    MESSAGE=', 12], ['5 <1>abMESSAGE=', 15]] as const) {
    const n = 20000;
    const line = `${prefix.repeat(n)}http://x.example/\n`;
    const found = extract(Buffer.from(line), { mode: 'log' });
    assert.equal(found.map((f) => [f.uri, f.column]), [['http://x.example/', at * n + 1]], prefix);
  }
});

Limits('a stream of JSON lines whose keys are all new (ids in them) is read in bounded memory', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const ex = new Extractor({ mode: 'log' });
  const batch = (b: number): string => Array.from({ length: 1000 }, (_, i) => `{"user_${b}_${i}_${'k'.repeat(40)}":"see http://x.example/"}\n`).join('');
  ex.write(batch(0));
  gc();
  const before = process.memoryUsage().heapUsed;
  let found = 0;
  for (let b = 1; b <= 200; b++) found += ex.write(batch(b)).length;
  found += ex.end().length;
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  assert.is(found, 200_000);
  assert.ok(grown < 8 * 1024 * 1024, `heap grew by ${grown} bytes`);
});

Limits.run();

const Cli = suite('log format: the CLI prints what the library finds');

for (const file of files) {
  Cli(file, async () => {
    const bytes = bytesOf(file);
    for (const base of [undefined, BASE]) {
      const args = ['--mode', 'log', '--json', ...(base === undefined ? [] : ['--base', base]), ...(bytes.includes(0) ? ['--binary'] : [])];
      const r = await urisift(args, { stdin: bytes });
      assert.is(r.code, 0, r.stderr);
      const printed = r.stdout.split('\n').filter((l) => l !== '').map((l) => {
        const { components: _c, warnings: _w, ...rest } = JSON.parse(l) as Found;
        return JSON.stringify(rest);
      });
      const { found, warnings } = read(bytes, base === undefined ? {} : { base });
      assert.equal(printed, json(found));
      const unresolved = warnings.find((w) => w.startsWith('unresolved-targets '));
      if (unresolved !== undefined) assert.match(r.stderr, `${unresolved.split(' ')[1]} relative request target(s) left out`);
    }
  });
}

Cli('lone CR line ends (classic Mac): the CLI warns that the log is read as one line', async () => {
  const log = ['1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET /a HTTP/1.1" 200 5 "https://ref.example/a" "UA"', '1.2.3.4 - - [05/Mar/2024:10:00:02 +0000] "GET /b HTTP/1.1" 200 5 "https://ref.example/b" "UA"', ''].join('\r');
  const r = await urisift(['--mode', 'log'], { stdin: Buffer.from(log) });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, 'warning: line 1: lines end with a lone CR');
  const lf = await urisift(['--mode', 'log'], { stdin: Buffer.from(log.replace(/\r/g, '\n')) });
  assert.not.match(lf.stderr, 'lone CR');
});

Cli('the log\'s counts are printed once for the run, summed over its files, with -j 1 and -j 2', async () => {
  const line = (target: string): string => `1.2.3.4 - - [05/Mar/2024:10:00:01 +0000] "GET ${target} HTTP/1.1" 200 5 "-" "ua"`;
  const log = [line('/rel'), line('/a%zz%%{'), line('http://[bad'), ''].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'urisift-log-'));
  try {
    for (const name of ['a.log', 'b.log']) writeFileSync(join(dir, name), log);
    for (const jobs of ['1', '2']) {
      const r = await urisift(['--mode', 'log', '--jobs', jobs, join(dir, 'a.log'), join(dir, 'b.log')]);
      assert.is(r.code, 0, r.stderr);
      assert.equal(r.stderr.split('\n').filter((l) => l !== ''), [
        `urisift: warning: 2 request target(s) or referer(s) are not URI references even once percent-encoded (the first in ${join(dir, 'a.log')}, line 3)`,
        'urisift: 4 relative request target(s) left out: give --base',
      ]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Cli('a long line: the CLI warns and finds what extract finds', async () => {
  const { bytes, longLine } = mixedLog();
  const r = await urisift(['--mode', 'log', '--binary'], { stdin: bytes });
  assert.is(r.code, 0, r.stderr);
  assert.equal(r.stdout.split('\n').filter((l) => l !== ''), extract(bytes, { mode: 'log' }).map((f) => f.uri));
  assert.match(r.stderr, `warning: line ${longLine}: longer than `);
});

Cli.run();
