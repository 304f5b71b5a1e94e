// The bad-input suite (issue 17), command-line half: the urisift command
// holds up against hostile input (option values, broken .gz, file names,
// memory, workers, signals), each case a test. Runs dist/cli.js (`npm test`
// builds it first) as a real child process.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants as zlibConstants, gzipSync, inflateRawSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KeepingGunzip } from '../src/cli/gunzip.js';
import { escapeName } from '../src/cli/names.js';
import { inspect, parse } from '../src/index.js';
import { CLI, runCommand, urisift, type Run } from './helpers/run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'urisift-bad-'));
/** Loaded with --import: prints the process's peak RSS (all threads) on stderr at exit. */
const rssHook = join(tmp, 'rss.mjs');
writeFileSync(rssHook, "import { writeSync } from 'node:fs';\nprocess.on('exit', () => writeSync(2, `maxRSS=${process.resourceUsage().maxRSS}\\n`));\n");
// Counts the worker threads the CLI starts: `workers=N` on stderr at exit.
const workerHook = join(tmp, 'workers.mjs');
writeFileSync(workerHook, [
  "import wt from 'node:worker_threads';",
  "import { writeSync } from 'node:fs';",
  'let started = 0;',
  'const Base = wt.Worker;',
  'wt.Worker = class extends Base { constructor(...args) { super(...args); started++; } };',
  "if (wt.isMainThread) process.on('exit', () => writeSync(2, `workers=${started}\\n`));",
].join('\n'));
const workersStarted = (stderr: string): number => Number(/workers=(\d+)/.exec(stderr)?.[1] ?? NaN);
const maxRss = (stderr: string): number => Number(/maxRSS=(\d+)/.exec(stderr)?.[1] ?? NaN) / 1024;
const sh = (line: string, cwd = tmp): Promise<Run> => runCommand('sh', ['-c', line], { cwd });
const node = `"${process.execPath}"`;

// ---------------------------------------------------------------------------
const Usage = suite('bad input: option values');

const usageCases: Array<{ args: string[]; stderr?: RegExp }> = [
  { args: ['--charset', 'base64'], stderr: /^urisift: --charset: not a text charset: 'base64'\n/ },
  { args: ['--charset', 'hex'], stderr: /^urisift: --charset: not a text charset: 'hex'\n/ },
  { args: ['--charset', 'base64url'], stderr: /^urisift: --charset: (unknown charset|not a text charset): 'base64url'/ },
  { args: ['--charset', 'utf16le'] },
  { args: ['--charset', 'utf-7'] },
  { args: ['--charset', 'windows-1252'] },
  { args: ['--charset', 'auto'] },
  { args: ['--schemes', ''], stderr: /^urisift: --schemes: '' names no scheme\n/ },
  { args: ['--schemes', ' , '], stderr: /^urisift: --schemes: ' , ' names no scheme\n/ },
  { args: ['--max-length', '0'], stderr: /^urisift: --max-length: '0' is not an integer from 16 to 16777216\n/ },
  { args: ['--max-length', '15'], stderr: /'15' is not an integer from 16 to 16777216/ },
  { args: ['--max-length', '9999999999'], stderr: /'9999999999' is not an integer from 16 to 16777216/ },
  { args: ['--max-length', '16777217'], stderr: /from 16 to 16777216/ },
  { args: ['--max-length', '16'] },
  { args: ['--max-length', '16777216'] },
  { args: ['--unique-limit', '0'], stderr: /^urisift: --unique-limit: '0' is not an integer from 1 to/ },
  { args: ['--jobs', '99999999'], stderr: /^urisift: --jobs: '99999999' is not an integer from 0 to 65536/ },
  { args: ['--jobs', '999'] },
];
for (const c of usageCases) {
  Usage(`${c.args.join(' ') || "''"} → ${c.stderr === undefined ? 'accepted' : 'usage error'}`, async () => {
    const r = await urisift(c.args, { stdin: '<http://a.ex/>\n' }); // within the smallest --max-length
    if (c.stderr === undefined) {
      assert.is(r.stderr, '');
      assert.is(r.code, 0);
    } else {
      assert.match(r.stderr, c.stderr);
      assert.is(r.stdout, '');
      assert.is(r.code, 2);
    }
  });
}
Usage.run();

// ---------------------------------------------------------------------------
const Json = suite('bad input: -n --json components');

Json('components and warnings describe the printed (normalized) URI; raw keeps the spelling', async () => {
  const text = '<HTTP://A.Example:80/a/./b/../%7ec?Q#F> <http://x.example/%7e> "https://[::A]:443/%7E/" <urn:Foo:%7e>\n';
  for (const args of [['-n', '--json'], ['--json'], ['-n', '--json', '-u']]) {
    const r = await urisift(args, { stdin: text });
    const rows = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { uri: string; raw: string; components: unknown; warnings: unknown });
    assert.is(rows.length, 4, args.join(' '));
    for (const row of rows) {
      assert.equal(row.components, JSON.parse(JSON.stringify(parse(row.uri))), `${args.join(' ')} ${row.uri}`);
      assert.equal(row.warnings, inspect(row.uri));
    }
    assert.is(rows[0]?.raw, 'HTTP://A.Example:80/a/./b/../%7ec?Q#F');
    if (args.includes('-n')) assert.is(rows[0]?.uri, 'http://a.example/a/~c?Q#F');
  }
});
Json.run();

// ---------------------------------------------------------------------------
const Gz = suite('bad input: .gz files');

const member = (text: string): Buffer => gzipSync(text);
const long = Array.from({ length: 3000 }, (_, i) => `line <http://z.example/${i}>\n`).join('');
const withCrc = (b: Buffer): Buffer => { const c = Buffer.from(b); c[c.length - 8] = (c[c.length - 8] ?? 0) ^ 0xff; return c; };
const bare = Array.from({ length: 3000 }, (_, i) => `line ${i} http://h${i}.example/p\n`).join('');
const gzCases: Array<{ name: string; bytes: Buffer; stdout: string | 'prefix'; error?: string; text?: string }> = [
  { name: 'trailing garbage', bytes: Buffer.concat([member('<http://a.example/>\n'), Buffer.from('garbage')]), stdout: 'http://a.example/\n', error: 'trailing garbage after gzip data' },
  { name: 'trailing garbage after a long member', bytes: Buffer.concat([member(long), Buffer.from('GARBAGE\n')]), stdout: urisOf(long), error: 'trailing garbage after gzip data' },
  { name: 'two members', bytes: Buffer.concat([member('<http://a.example/>\n'), member('<http://b.example/>\n')]), stdout: 'http://a.example/\nhttp://b.example/\n' },
  { name: 'zero padding (tape blocks)', bytes: Buffer.concat([member('<http://a.example/>\n'), Buffer.alloc(512)]), stdout: 'http://a.example/\n' },
  { name: 'cut short', bytes: member(long).subarray(0, 4000), stdout: 'prefix', error: 'unexpected end of gzip data' },
  { name: 'cut short in a bare URI', bytes: member(bare).subarray(0, 4000), stdout: 'prefix', error: 'unexpected end of gzip data', text: bare },
  { name: 'cut short at its trailer', bytes: member(bare).subarray(0, member(bare).length - 4), stdout: urisOf(bare), error: 'unexpected end of gzip data' },
  { name: 'bad CRC', bytes: withCrc(member('<http://a.example/>\n')), stdout: 'http://a.example/\n', error: 'gzip CRC or length check failed' },
  { name: 'not gzip at all', bytes: Buffer.from('<http://a.example/>\n'), stdout: '', error: 'not in gzip format or corrupt' },
  { name: 'empty', bytes: Buffer.alloc(0), stdout: '', error: 'unexpected end of gzip data' },
];
function urisOf(text: string): string {
  return [...text.matchAll(/<([^>]+)>|(http:\/\/\S+)/g)].map((m) => `${m[1] ?? m[2]}\n`).join('');
}
for (const [i, c] of gzCases.entries()) {
  Gz(`${c.name}: what decodes is printed${c.error === undefined ? '' : ', then the error (exit 1)'}`, async () => {
    const file = join(tmp, `case${i}.gz`);
    writeFileSync(file, c.bytes);
    const r = await urisift([file]);
    if (c.stdout === 'prefix') {
      // Every URI before the cut, and none that runs into it.
      assert.ok(r.stdout.length > 1000 && urisOf(c.text ?? long).startsWith(r.stdout), `the URIs before the cut, whole: ...${r.stdout.slice(-60)}`);
    } else assert.is(r.stdout, c.stdout);
    assert.is(r.stderr, c.error === undefined ? '' : `urisift: ${file}: ${c.error}\n`);
    assert.is(r.code, c.error === undefined ? 0 : 1);
  });
}
Gz('cut short, read by a slow reader: every byte that decoded (the inflater was paused at the cut)', async () => {
  const text = Array.from({ length: 60_000 }, (_, i) => `line ${i} http://h${i}.example/p\n`).join('');
  const whole = gzipSync(text);
  const cut = whole.subarray(0, whole.length >> 1);
  const decodable = inflateRawSync(cut.subarray(10), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const gunzip = new KeepingGunzip();
  gunzip.end(cut);
  const out: Buffer[] = [];
  // A reader slower than the inflater: a chunk every millisecond.
  for await (const chunk of gunzip) {
    out.push(chunk as Buffer);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const got = Buffer.concat(out);
  assert.is(gunzip.error?.message, 'unexpected end of gzip data');
  assert.ok(decodable.length > 100_000);
  assert.is(got.length, decodable.length, `${decodable.length - got.length} bytes that decoded were lost`);
  assert.ok(got.equals(decodable));
});
Gz('the same through --jobs 2', async () => {
  const files = gzCases.map((_, i) => join(tmp, `case${i}.gz`));
  const one = await urisift(files);
  const two = await urisift(['-j', '2', ...files]);
  assert.is(two.stdout, one.stdout);
  assert.is(two.stderr, one.stderr);
  assert.is(two.code, 1);
});
Gz.run();

// ---------------------------------------------------------------------------
const Names = suite('bad input: file names that are not UTF-8, control characters');

const escapes: Array<[string | Uint8Array, string]> = [
  ['plain.txt', 'plain.txt'],
  [Buffer.from('caf\xe9.txt', 'latin1'), 'caf\\xE9.txt'],
  [Buffer.from('caf\xc3\xa9-\xff.txt', 'latin1'), 'café-\\xFF.txt'],
  ['bel\x07esc\x1b[31m.txt', 'bel\\x07esc\\x1B[31m.txt'],
  ['tab\there\nnl\r.txt', 'tab\\there\\nnl\\r.txt'],
  ['back\\slash.txt', 'back\\\\slash.txt'],
  ['c1\u0085 bidi\u202e.txt', 'c1\\u0085 bidi\\u202E.txt'],
  [Buffer.from([0xed, 0xa0, 0x80, 0x41]), '\\xED\\xA0\\x80A'],
  [Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0xff]), '\\uFEFFA\\xFF'],
  ['\ufeffbom \u200bzwsp \u2060wj rlm\u200f alm\u061c.txt', '\\uFEFFbom \\u200Bzwsp \\u2060wj rlm\\u200F alm\\u061C.txt'],
  ['\u{1F468}\u200d\u{1F469} \u0928\u094d\u200c\u0928.txt', '\u{1F468}\u200d\u{1F469} \u0928\u094d\u200c\u0928.txt'],
];
for (const [name, printed] of escapes) {
  Names(`escapeName(${JSON.stringify(typeof name === 'string' ? name : Buffer.from(name).toString('latin1'))}) → ${printed}`, () => {
    assert.is(escapeName(name), printed);
  });
}

const names = join(tmp, 'names');
mkdirSync(names);
writeFileSync(Buffer.from(`${names}/caf\xe9.txt`, 'latin1'), 'x <http://cafe.example/>\n');
writeFileSync(join(names, 'bel\x07\x1b[31m.txt'), 'y <http://bel.example/>\n');

Names('a latin1 name on the command line is opened (bytes recovered from /proc/self/cmdline)', async () => {
  const r = await sh(`${node} "${CLI}" -H "$(printf 'caf\\351.txt')"`, names);
  assert.is(r.stderr, '');
  assert.is(r.stdout, 'caf\\xE9.txt:http://cafe.example/\n');
  assert.is(r.code, 0);
  const missing = await sh(`${node} "${CLI}" "$(printf 'nope\\351.txt')"`, names);
  assert.is(missing.stderr, 'urisift: nope\\xE9.txt: No such file or directory\n');
});

Names('-r finds and opens them; names print escaped in every format, with --jobs too', async () => {
  for (const extra of ['', '-j 2']) {
    const r = await sh(`${node} "${CLI}" ${extra} -r .`, names);
    assert.is(r.stdout, 'bel\\x07\\x1B[31m.txt:http://bel.example/\ncaf\\xE9.txt:http://cafe.example/\n', extra);
    assert.is(r.code, 0);
    const tsv = await sh(`${node} "${CLI}" ${extra} -f tsv -r .`, names);
    assert.is(tsv.stdout, 'bel\\x07\\x1B[31m.txt\t1\t4\thttp://bel.example/\ncaf\\xE9.txt\t1\t4\thttp://cafe.example/\n');
    const json = await sh(`${node} "${CLI}" ${extra} --json -r .`, names);
    assert.equal(json.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { file: string }).file), ['bel\\x07\\x1B[31m.txt', 'caf\\xE9.txt']);
  }
});
Names('-r opens a name that begins with U+FEFF (the bytes of a UTF-8 byte-order mark), UTF-8 or not', async () => {
  const bom = join(tmp, 'bom');
  mkdirSync(bom);
  writeFileSync(join(bom, '\ufeffa.txt'), '<http://bom.example/a>\n');
  writeFileSync(Buffer.from(`${bom}/\xef\xbb\xbfb\xff.txt`, 'latin1'), '<http://bom.example/b>\n');
  for (const extra of ['', '-j 2']) {
    const r = await sh(`${node} "${CLI}" ${extra} -r .`, bom);
    assert.is(r.stderr, '', extra);
    assert.is(r.stdout, '\\uFEFFa.txt:http://bom.example/a\n\\uFEFFb\\xFF.txt:http://bom.example/b\n', extra); // opened, and printed escaped
    assert.is(r.code, 0, extra);
  }
});
Names.run();

// ---------------------------------------------------------------------------
const Special = suite('bad input: operands that are no files');

Special('a socket or a too long name: strerror\'s words after the name, with --jobs too', async () => {
  const socket = join(tmp, 'sock');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  const long = join(tmp, 'x'.repeat(300));
  try {
    for (const extra of [[], ['-j', '2']]) {
      const r = await urisift([...extra, socket, long]);
      assert.is(r.stderr, `urisift: ${socket}: No such device or address\nurisift: ${long}: File name too long\n`, extra.join(' '));
      assert.is(r.code, 1);
    }
  } finally {
    server.close();
  }
});
Special.run();

// ---------------------------------------------------------------------------
const Unique = suite('bad input: --unique memory');

Unique('--unique-limit N: holds N URIs, says so once, later URIs are checked against those N', async () => {
  const text = '<http://a.example/> <http://b.example/> <http://c.example/> <HTTP://A.example/> <http://d.example/> <http://b.example/> <http://c.example/>\n';
  const r = await urisift(['--unique-limit', '2'], { stdin: text });
  assert.is(r.stdout, 'http://a.example/\nhttp://b.example/\nhttp://c.example/\nhttp://d.example/\nhttp://c.example/\n');
  assert.is(r.stderr, 'urisift: --unique-limit: 2 distinct URIs held; from here on, URIs are checked against those only\n');
  assert.is(r.code, 0);
});

Unique('--unique costs about 210 bytes per distinct URI; --unique-limit keeps memory flat', async () => {
  const file = join(tmp, 'distinct.txt');
  writeFileSync(file, Array.from({ length: 250_000 }, (_, i) => `<http://distinct.example/page/${i}>\n`).join(''));
  const run = (args: string[]): Promise<Run> => runCommand(process.execPath, ['--import', rssHook, CLI, ...args, file]);
  const [plain, unique, limited] = [await run([]), await run(['--unique']), await run(['--unique-limit', '1000'])];
  const perUri = ((maxRss(unique.stderr) - maxRss(plain.stderr)) * 2 ** 20) / 250_000;
  console.log(`  RSS MiB: plain ${maxRss(plain.stderr).toFixed(0)}, --unique ${maxRss(unique.stderr).toFixed(0)} (${perUri.toFixed(0)} B/URI), --unique-limit 1000 ${maxRss(limited.stderr).toFixed(0)}`);
  assert.ok(perUri > 100 && perUri < 400, `${perUri} bytes per URI`);
  assert.ok(maxRss(limited.stderr) < maxRss(plain.stderr) + 24, 'the limit bounds the set');
});
Unique.run();

// ---------------------------------------------------------------------------
const Jobs = suite('bad input: --jobs');

const tiny = join(tmp, 'tiny');
mkdirSync(tiny);
for (let i = 0; i < 300; i++) writeFileSync(join(tiny, `f${String(i).padStart(3, '0')}.txt`), `<http://t${i}.example/>\n`);

Jobs('-j 999 on 300 small files: workers capped at the CPUs; output as -j 1', async () => {
  const one = await urisift(['-r', tiny]);
  const r = await runCommand(process.execPath, ['--import', rssHook, CLI, '-j', '999', '-r', tiny]);
  assert.is(r.stdout, one.stdout);
  assert.is(r.stdout.split('\n').length, 301);
  console.log(`  -j 999, 300 files: peak RSS ${maxRss(r.stderr).toFixed(0)} MiB`);
  assert.ok(maxRss(r.stderr) < 400, `peak RSS ${maxRss(r.stderr)} MiB`);
});

Jobs('-j 2 on 300 small files: the main thread scans them, no worker starts; output as -j 1', async () => {
  const one = await urisift(['-r', tiny]);
  const r = await runCommand(process.execPath, ['--import', workerHook, CLI, '-j', '2', '-r', tiny]);
  assert.is(r.stdout, one.stdout);
  assert.is(workersStarted(r.stderr), 0, r.stderr);
});

Jobs('-j 2 on small files and two of 256 KiB and more: the big ones go to workers; output as -j 1', async () => {
  const mixed = join(tmp, 'mixed');
  mkdirSync(mixed);
  for (let i = 0; i < 40; i++) writeFileSync(join(mixed, `f${String(i).padStart(2, '0')}.txt`), `<http://m${i}.example/>\n`);
  const big = Array.from({ length: 8000 }, (_, i) => `see <http://big.example/${i}> here\n`).join('');
  assert.ok(big.length >= 256 * 1024);
  writeFileSync(join(mixed, 'f10-big.txt'), big);
  writeFileSync(join(mixed, 'f20-big.txt'), big);
  for (const extra of [[], ['--json'], ['--unique', '-f', 'tsv']]) {
    const one = await urisift([...extra, '-r', mixed]);
    const r = await runCommand(process.execPath, ['--import', workerHook, CLI, '-j', '2', ...extra, '-r', mixed]);
    assert.is(r.stdout, one.stdout);
    assert.ok(workersStarted(r.stderr) >= 1, r.stderr);
  }
});

Jobs('stdout not read: workers stop scanning ahead (bytes read, peak RSS stay bounded)', async () => {
  const files = [1, 2].map((n) => {
    const file = join(tmp, `slow${n}.txt`);
    writeFileSync(file, Array.from({ length: 400_000 }, (_, i) => `see <http://slow${n}.example/page/${i}> ok\n`).join(''));
    return file;
  });
  const child = spawn(process.execPath, ['--import', rssHook, CLI, '-j', '2', ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pause();
  let stderr = '';
  let lines = 0;
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const read = Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${child.pid}/io`, 'utf8'))?.[1]) / 2 ** 20;
  child.stdout.on('data', (c: Buffer) => { for (const b of c) if (b === 10) lines++; });
  child.stdout.resume();
  const code = await new Promise((resolve) => child.on('close', resolve));
  console.log(`  paused 2.5 s: ${read.toFixed(1)} MiB read of 30 MiB; peak RSS ${maxRss(stderr).toFixed(0)} MiB`);
  assert.is(code, 0);
  assert.is(lines, 800_000);
  assert.ok(read < 10, `${read} MiB read while stdout was not read`);
  assert.ok(maxRss(stderr) < 320, `peak RSS ${maxRss(stderr)} MiB`);
});

Jobs('a low ulimit -n (EMFILE): every file is still read', async () => {
  let limit = 32;
  while (limit < 256 && (await sh(`ulimit -n ${limit} && ${node} "${CLI}" --version`)).code !== 0) limit += 4;
  const one = await urisift(['-r', tiny]);
  const r = await sh(`ulimit -n ${limit + 4} && ${node} "${CLI}" -j 4 -r "${tiny}"`);
  assert.is(r.stderr, '', `ulimit -n ${limit + 4}`);
  assert.is(r.stdout, one.stdout);
  assert.is(r.code, 0);
});
Jobs.run();

// ---------------------------------------------------------------------------
const Fifo = suite('bad input: Ctrl-C while opening a FIFO');

/**
 * Wait until a thread of `pid` is in openat(2) (x86-64: 257, arm64: 56), as
 * /proc/PID/task/TID/syscall shows: the open of the FIFO. At most 5 s.
 */
async function waitForOpen(pid: number): Promise<number> {
  const started = Date.now();
  const openat = process.arch === 'arm64' ? '56' : '257';
  while (Date.now() - started < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const tasks = (() => { try { return readdirSync(`/proc/${pid}/task`); } catch { return []; } })();
    const inOpen = tasks.some((t) => { try { return readFileSync(`/proc/${pid}/task/${t}/syscall`, 'utf8').split(' ')[0] === openat; } catch { return false; } });
    if (inOpen) return Date.now() - started;
  }
  return Date.now() - started;
}

const fifo = join(tmp, 'fifo');
const hasFifo = (await sh(`mkfifo "${fifo}"`)).code === 0;
for (const args of [[fifo], ['-j', '2', fifo, join(tiny, 'f000.txt')]]) {
  Fifo(`urisift ${args.length > 1 ? '-j 2 FIFO file' : 'FIFO'}: the first SIGINT ends it, exit 130`, async () => {
    if (!hasFifo) return void console.log('  skipped: mkfifo failed');
    const started = Date.now();
    let opening = 0;
    const r = await urisift(args, {
      onSpawn(child) {
        void waitForOpen(child.pid ?? 0).then((ms) => {
          opening = ms;
          child.kill('SIGINT');
          setTimeout(() => child.kill('SIGKILL'), 3000).unref();
        });
      },
    });
    assert.is(r.signal, null, 'not killed by the fallback SIGKILL');
    assert.is(r.code, 130);
    assert.is(r.stderr, '');
    assert.ok(Date.now() - started - opening < 2000);
  });
}
/** The bytes process `pid` has read so far (/proc/PID/io's rchar), once it reaches `bytes`; at most 5 s. */
async function waitForRead(pid: number, bytes: number): Promise<number> {
  const started = Date.now();
  let read = 0;
  while (Date.now() - started < 5000 && read < bytes) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      read = Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
    } catch {
      return read;
    }
  }
  return read;
}

Fifo('urisift -j 2 FILE FIFO BIG FILE: the files after a FIFO with no writer are read while it waits; output in operand order', async () => {
  if (!hasFifo) return void console.log('  skipped: mkfifo failed');
  const waiting = join(tmp, 'waiting.fifo');
  await sh(`mkfifo "${waiting}"`);
  const bigFile = join(tmp, 'after-fifo.txt');
  const size = 4 << 20;
  // Few URIs: their lines are held while the FIFO prints (a file of many waits, its lines held up to a bound).
  writeFileSync(bigFile, `see <http://after.example/> here\n${'no link on this line of text\n'.repeat(Math.ceil(size / 29))}`);
  const [first, last] = [join(tiny, 'f000.txt'), join(tiny, 'f001.txt')];
  let readWhileWaiting = 0;
  const r = await urisift(['-j', '2', first, waiting, bigFile, last], {
    onSpawn(child) {
      void waitForRead(child.pid ?? 0, size).then((read) => {
        readWhileWaiting = read;
        void sh(`printf 'fifo <http://fifo.example/>\\n' > "${waiting}"`);
      });
    },
  });
  assert.ok(readWhileWaiting >= size, `${readWhileWaiting} bytes read before the FIFO had its writer`);
  const lines = r.stdout.split('\n');
  assert.is(lines[0], `${first}:http://t0.example/`);
  assert.is(lines[1], `${waiting}:http://fifo.example/`);
  assert.is(lines[2], `${bigFile}:http://after.example/`);
  assert.is(lines.at(-2), `${last}:http://t1.example/`);
  assert.is(r.stderr, '');
  assert.is(r.code, 0);
});
Fifo.after(() => rmSync(tmp, { recursive: true, force: true }));
Fifo.run();
