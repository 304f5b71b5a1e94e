// Mail mode's reader (src/formats/mail) at its limits and on odd shapes: bases, sources, boundaries,
// depth, long headers and lines, line ends, empty input.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import iconv from 'iconv-lite';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MailReader } from '../src/formats/mail/reader.js';
import { parseSimple } from '../src/formats/mail/libmime.js';
import * as fc from 'fast-check';
import libmime from 'libmime';
import type { Found } from '../src/delimit/types.js';
import type { FormatWarning } from '../src/formats/types.js';
import { context, message, read, shape } from './helpers/mail.js';
import { ROOT, runCommand } from './helpers/run-cli.js';
import { assertLinearTime, bestTimeUnder } from './helpers/timing.js';

const Edges = suite('mail format: limits and edge cases');

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

Edges('quoted boundaries: values of one shape keep their own boundaries; a quoted string before an empty boundary is none', () => {
  const part = (ct: string, b: string, host: string): string[] => [
    `Content-Type: ${ct}`, '', `--${b}`, '', 'first', `--${b}`, '', `in https://${host}.example/`, `--${b}--`,
  ];
  const mbox = [
    'From a@b Mon Jan  1 00:00:00 2024', ...part('multipart/mixed; boundary="b 1"', 'b 1', 'one'), '',
    'From a@b Mon Jan  1 00:00:00 2024', ...part('multipart/mixed; boundary="b;2"', 'b;2', 'two'), '',
    'From a@b Mon Jan  1 00:00:00 2024', ...part('multipart/mixed; x="b3"; boundary=""', 'b3', 'three'), '',
    'From a@b Mon Jan  1 00:00:00 2024', ...part('multipart/mixed; x="b4"; boundary="b5"', 'b5', 'four'), '',
  ].join('\n');
  assert.equal(read(mbox).found.map((f) => [f.uri, f.source?.part]), [
    ['https://one.example/', '2'], ['https://two.example/', '2'], ['https://three.example/', '1'], ['https://four.example/', '2'],
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

Edges('a base64 message/rfc822 part (a forward sent base64) is read in bounded memory: peak RSS at 32 MiB near that at 1 MiB', async () => {
  const peak = async (mib: number): Promise<number> => {
    const r = await runCommand(process.execPath, ['--import', 'tsx', 'test/helpers/mail-rss.ts', String(mib)]);
    const { uris, maxRss } = JSON.parse(r.stdout) as { uris: string[]; maxRss: number };
    assert.equal(uris, ['https://first.example/', 'https://after.example/']);
    return maxRss / 1024;
  };
  const [small, big] = [await peak(1), await peak(32)];
  assert.ok(big - small < 48, `peak RSS ${small.toFixed(1)} MiB at 1 MiB, ${big.toFixed(1)} MiB at 32 MiB`);
});

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Quoted-printable parts whose body is soft line breaks alone (text that
 * decodes to nothing), by the stage that would hold their marks. The heap
 * is collected before each count, so what a row before left to collect is
 * not taken off what this one holds.
 */
const SOFT_BREAKS: Array<[string, string, string]> = [
  ['plain text (the batch)', 'text/plain', 'see https://soft.example/path='],
  ['Shift_JIS (a line decoded whole)', 'text/plain; charset=shift_jis', 'see https://soft.example/path='],
  ['ISO-2022-JP (a line decoded whole)', 'text/plain; charset=iso-2022-jp', 'see https://soft.example/path='],
  ['HTML with no charset (held for its <meta charset>)', 'text/html', '<p>see https://soft.example/path='],
];

for (const [what, type, first] of SOFT_BREAKS) {
  Edges(`a quoted-printable body of soft line breaks alone is read in bounded memory: ${what}`, () => {
    const reader = new MailReader(context({}, []));
    const found = [...reader.write(message('Subject: x', `Content-Type: ${type}`, 'Content-Transfer-Encoding: quoted-printable', '', first))];
    const chunk = Buffer.from('=\n'.repeat(32768)); // 64 KiB of empty soft-broken lines
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 128; i++) found.push(...reader.write(chunk)); // 8 MiB
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    found.push(...reader.write(message('', ' next https://next.example/')), ...reader.end());
    assert.equal(found.map((f) => f.uri), ['https://soft.example/path', 'https://next.example/']);
    assert.ok(grown < 32 * 1024 * 1024, `heap grew by ${grown} bytes`);
  });
}

Edges('a field folded into many tiny lines that never ends: dropped past 1 MiB with one warning, in bounded memory', () => {
  const warnings: FormatWarning[] = [];
  const reader = new MailReader(context({}, warnings));
  const found = [...reader.write(message('From: a@example.org', 'Subject: see https://first.example/', 'List-Post: <https://list.example/x'))];
  const chunk = Buffer.from(' y\n'.repeat(21845)); // 64 KiB of folded lines, and never a blank line
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 480; i++) found.push(...reader.write(chunk)); // 30 MiB
  found.push(...reader.write(message('', 'body https://body.example/')), ...reader.end());
  const grown = process.memoryUsage().heapUsed - before;
  assert.equal(found.map((f) => f.uri), ['https://first.example/', 'https://list.example/x', 'https://body.example/']);
  assert.equal(warnings.map((w) => w.code), ['header-too-long']);
  assert.ok(grown < 48 * 1024 * 1024, `heap grew by ${grown} bytes`);
});

/** Read the message `make(n)` builds (holding n URIs) for 1500 and for `big`, after a warm-up: the time may grow with n, with room for noise, no faster. */
function assertLinear(make: (n: number) => Buffer, big: number, what: string): void {
  const time = (n: number): number => {
    const m = make(n);
    const t = performance.now();
    assert.is(read(m).found.length, n);
    return performance.now() - t;
  };
  assertLinearTime(time, 500, 1500, big, what);
}

Edges('a header block of many fields that hold URIs takes linear time', () => {
  assertLinear((n) => message('From: a@example.org', ...Array.from({ length: n }, (_, i) => `Subject: http://a.example/${i}`), '', 'body'), 12000, 'fields');
});

Edges('one folded field of many lines, each with an encoded word and text, takes linear time', () => {
  const folded = (n: number): string => Array.from({ length: n }, (_, i) => ` =?utf-8?Q?w${i}?= x http://h${i}.example/`).join('\n');
  assertLinear((n) => message('From: a@example.org', `Subject:${folded(n)}`, '', 'body'), 12000, 'lines'); // 12000 lines and their folds' cost: within 1 MiB
});

Edges('a format=flowed body of soft line breaks reads in about a plain body\'s time (its lines in bulk, not one by one), in ASCII and in UTF-8', () => {
  const body = Buffer.from(`${' \n'.repeat(1 << 21)}see https://after.example/\n`); // 4 MiB of empty soft-broken lines
  const part = (type: string): Buffer => Buffer.concat([message('Subject: x', `Content-Type: ${type}`, ''), body]);
  const cuts = (m: Buffer): number[] => Array.from({ length: Math.ceil(m.length / 65536) }, (_, i) => i * 65536);
  const time = (m: Buffer, want: string): number => bestTimeUnder(() => assert.equal(read(m, {}, cuts(m)).found.map((f) => f.uri), [want]), 0);
  const plain = part('text/plain');
  time(plain, 'https://after.example/');
  const plainMs = time(plain, 'https://after.example/');
  for (const type of ['text/plain; format=flowed; delsp=yes', 'text/plain; format=flowed']) {
    const ms = time(part(type), 'https://after.example/');
    assert.ok(ms < plainMs * 3 + 100, `${type}: ${ms.toFixed(0)} ms, a plain body ${plainMs.toFixed(0)} ms`);
  }
  const utf8 = Buffer.from(`${'caf\u00e9 au lait \n'.repeat(1 << 18)}see https://after.example/\n`); // 4 MiB of soft-broken lines in UTF-8
  const utf8Part = (type: string): Buffer => Buffer.concat([message('Subject: x', `Content-Type: ${type}; charset=utf-8`, ''), utf8]);
  const utf8Plain = time(utf8Part('text/plain'), 'https://after.example/');
  const ms = time(utf8Part('text/plain; format=flowed; delsp=yes'), 'https://after.example/');
  assert.ok(ms < utf8Plain * 3 + 100, `UTF-8, DelSp=yes: ${ms.toFixed(0)} ms, a plain body ${utf8Plain.toFixed(0)} ms`);
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

Edges('text/uri-list lines longer than a piece (64 KiB): one with a blank past the piece is skipped whole, whatever the chunking; one longer than maxLength is no URI', () => {
  const long = `http://long.example/${'x'.repeat(150000)}`;
  const m = message('Content-Type: text/uri-list', '', `${long} tail`, `${long}/kept`, `${long}${'y'.repeat(60000)}`, 'http://after.example/');
  for (const size of [0, 4093, 65536, 100000]) {
    const cuts = size === 0 ? [] : Array.from({ length: Math.ceil(m.length / size) }, (_, i) => i * size);
    const { found, warnings } = read(m, { maxLength: 200000 }, cuts);
    assert.equal(found.map((f) => [f.uri.length, f.line]), [[long.length + 5, 4], [21, 6]], `${size}-byte chunks`);
    assert.equal(warnings.map((w) => [w.code, w.count]), [['uri-list-blank', 1], ['uri-too-long', 1]], `${size}-byte chunks`);
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

Edges('a string is text: an 8bit part is not decoded again in its charset; quoted-printable and base64 bytes are', () => {
  const part = (charset: string, cte: string, body: string): string =>
    `From: a@example.org\nContent-Type: text/plain; charset=${charset}\nContent-Transfer-Encoding: ${cte}\n\n${body}\n`;
  for (const [charset, word, expected] of [
    ['iso-8859-1', 'caf\u00e9', 'caf%C3%A9'], ['windows-1251', '\u043f\u0440\u0438\u0432\u0435\u0442', '%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82'],
    ['shift_jis', '\u65e5\u672c', '%E6%97%A5%E6%9C%AC'],
  ] as const) {
    const text = part(charset, '8bit', `see http://x.example/${word} now`);
    const bytes = Buffer.concat([Buffer.from(text.slice(0, text.indexOf('see')), 'latin1'), iconv.encode(text.slice(text.indexOf('see')), charset)]);
    const want = [`http://x.example/${expected}`];
    assert.equal(read(text).found.map((f) => f.uri), want, `${charset} as a string`);
    assert.equal(read(bytes).found.map((f) => f.uri), want, `${charset} as bytes`);
    const wide = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]); // a file in UTF-16: read as its text
    assert.equal(read(wide).found.map((f) => f.uri), want, `${charset} in a UTF-16 file`);
  }
  const qp = part('iso-8859-1', 'quoted-printable', 'see http://x.example/caf=E9 now');
  assert.equal(read(qp).found.map((f) => f.uri), ['http://x.example/caf%C3%A9'], 'the escapes are bytes in the charset');
  const b64 = part('iso-8859-1', 'base64', Buffer.from('see http://x.example/caf\u00e9 now', 'latin1').toString('base64'));
  assert.equal(read(b64).found.map((f) => f.uri), ['http://x.example/caf%C3%A9'], 'base64 gives bytes in the charset');
  const html = `From: a@example.org\nContent-Type: text/html\n\n<meta charset="windows-1251"><a href="http://x.example/\u043f">p</a>\n`;
  assert.equal(read(html).found.map((f) => f.uri), ['http://x.example/%D0%BF'], 'a <meta charset> does not re-decode a string');
});

Edges('decoded runs share one buffer: a short part after a longer one reads as it would alone, whatever the encodings', () => {
  const part = (cte: string, body: string): string =>
    `From a@b Mon Jan  1 00:00:00 2024\nFrom: a@example.org\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: ${cte}\n\n${body}\n\n`;
  const base64 = (text: string): string => Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\n');
  const first = part('base64', base64(`caf\u00e9 https://long.example/${'p/'.repeat(30)} `.repeat(2000))); // a run longer than the buffer
  const seconds = [
    part('quoted-printable', `${'words =C3=A9 '.repeat(10)}\nsee https://b.example/caf=C3=A9 now\nend`),
    part('base64', base64(`${'words '.repeat(40)}x https://c.example/ab`)),
  ];
  for (const second of seconds) {
    const alone = read(Buffer.from(second)).found.map((f) => f.uri);
    assert.equal(alone.length, 1);
    assert.equal(read(Buffer.from(first + second)).found.slice(-1).map((f) => f.uri), alone);
  }
});

Edges('a UTF-8 body reads the same from a view of its bytes at any offset (its non-ASCII lines are found four bytes at a time)', () => {
  const lines = Array.from({ length: 60 }, (_, i) =>
    i % 7 === 3 ? `caf\u00e9 ${'x'.repeat((i * 13) % 50)} https://h${i}.example/\u00e9t\u00e9` : `plain ${'y'.repeat((i * 29) % 90)} https://p${i}.example/`);
  const m = `From a@b Mon Jan  1 00:00:00 2024\nFrom: a@example.org\nContent-Type: text/plain; charset=utf-8; format=flowed\n\n${lines.join('\n')}\n`;
  const bytes = Buffer.from(m);
  const where = (found: Found[]): unknown[] => found.map((f) => [f.uri, f.line, f.column, f.offset]);
  const want = where(read(bytes).found);
  assert.equal(want.length, 60);
  for (let at = 1; at < 8; at++) {
    const copy = Buffer.alloc(bytes.length + at);
    bytes.copy(copy, at);
    assert.equal(where(read(copy.subarray(at)).found), want, `at byte ${at} of its buffer`);
  }
});

Edges('a Content-Type with no "*", "\\" or "(" is parsed without libmime, to the value and parameters libmime gives', () => {
  const piece = fc.constantFrom('text/plain', 'multipart/mixed', ';', '; ', '=', '"', ' ', '\t', '\r\n ', 'charset', 'CHARSET', 'utf-8', 'boundary', '=_b 1', 'a', 'x=y', '__proto__', 'é', '');
  fc.assert(fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
    const raw = pieces.join('');
    const ours = parseSimple(raw);
    const theirs = libmime.parseHeaderValue(raw);
    assert.equal({ value: ours.value, params: { ...ours.params } }, { value: theirs.value, params: { ...theirs.params } }, JSON.stringify(raw));
  }), { numRuns: 5000, seed: 46 });
});

Edges('libmime (and the encoding-japanese and GBK tables its charset module loads) is loaded for the first encoded-word, not for a message with none', async () => {
  const script = `import { createRequire } from 'node:module';
import { extract } from './dist/index.js';
const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('encoding-japanese'));
const m = (subject) => Buffer.from('From: a@example.org\\nSubject: ' + subject + '\\nContent-Type: text/plain; charset="utf-8"\\n\\nsee https://a.example/\\n');
const plain = extract(m('plain'), { mode: 'mail' }).length;
const before = loaded();
const words = extract(m('=?utf-8?q?see_https://w.example/?='), { mode: 'mail' }).length;
console.log(JSON.stringify([plain, before, words, loaded()]));`;
  const run = await runCommand(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  assert.is(run.stderr, '');
  assert.equal(JSON.parse(run.stdout), [1, false, 2, true]);
});

Edges.run();
