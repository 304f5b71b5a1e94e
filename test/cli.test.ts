// The urisift command (issue 4), run as a real child process over pipes: globs, the table cases, inputs
// and outputs. The process's own behaviour (pipes, signals, --help): cli-process.test.ts.
// `npm test` builds dist/ first; these tests run dist/cli.js.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Glob, GlobError, compileGlob } from '../src/cli/glob.js';
import { expandOperands } from '../src/cli/inputs.js';
import { ROOT, runCommand, urisift } from './helpers/run-cli.js';

interface Case {
  name: string;
  args: string[];
  stdin?: string;
  stdinLatin1?: string;
  stdinUtf16le?: string;
  stdinUtf16be?: string;
  stdout?: string;
  /** A file stdout is opened on (`> /dev/full`), instead of a pipe. */
  stdoutTo?: string;
  stdoutMatch?: string;
  stderrMatch?: string;
  code: number;
}

const cases = JSON.parse(readFileSync(new URL('./fixtures/cli-cases.json', import.meta.url), 'utf8')) as Case[];
const tmp = mkdtempSync(join(tmpdir(), 'urisift-cli-'));
const sample = readFileSync(join(ROOT, 'examples/sample.txt'), 'utf8');

// A tree for -r, .gz and --jobs: sorted walk order is a.txt, b.txt.gz, sub/c.txt, sub/d.txt.
const tree = join(tmp, 'tree');
mkdirSync(join(tree, 'sub'), { recursive: true });
writeFileSync(join(tree, 'a.txt'), 'A <http://a.example/1>\n');
writeFileSync(join(tree, 'b.txt.gz'), gzipSync('B <http://b.example/gz>\n'));
writeFileSync(join(tree, 'sub', 'd.txt'), 'D "http://d.example/"\n');
writeFileSync(join(tree, 'sub', 'c.txt'), `C\n${sample}`);
const binary = join(tmp, 'image.bin');
writeFileSync(binary, Buffer.concat([Buffer.from('GIF89a\0\0'), Buffer.from(' http://hidden.example/ ')]));

// A few MB of text for the --jobs tests.
const big = join(tmp, 'big.txt');
writeFileSync(big, Array.from({ length: 80_000 }, (_, i) => `line ${i}: see <http://big.example/page/${i}> for more.\n`).join(''));

const Globs = suite('cli: --include/--exclude patterns (test/fixtures/cli-globs.json)');
type GlobRow = { glob: string; what: string } & ({ name: string; matches: boolean } | { error: string });
const globs = JSON.parse(readFileSync(new URL('./fixtures/cli-globs.json', import.meta.url), 'utf8')) as GlobRow[];
for (const g of globs) {
  if ('error' in g) {
    Globs(`${g.what}: ${g.glob} is refused`, () => {
      assert.throws(() => compileGlob(g.glob), (err: Error) => err instanceof GlobError && err.message.includes(g.error));
    });
  } else {
    const name = g.name.length > 40 ? `${JSON.stringify(g.name.slice(0, 12))}… (${g.name.length} characters)` : JSON.stringify(g.name);
    Globs(`${g.what}: ${g.glob} ${g.matches ? 'matches' : 'does not match'} ${name}`, () => {
      const glob = compileGlob(g.glob);
      assert.is(glob.test(g.name), g.matches);
      // each position of the pattern at most once a character of the name: O(n·m), whatever the stars
      const bound = ([...g.name].length + 1) * ([...g.glob].length + 1);
      assert.ok(glob.work <= bound, `${glob.work} positions visited, more than ${bound}`);
    });
  }
}
Globs('any pattern compiles or is refused with a GlobError, and a name made by its own rules matches (fast-check)', () => {
  const glob = fc.array(fc.constantFrom('*', '?', '[', ']', '!', '^', '-', '{', '}', ',', '\\', ':', 'a', 'z', '.', '😀', '[:alpha:]', '/'), { maxLength: 12 }).map((a) => a.join(''));
  fc.assert(fc.property(glob, fc.string({ maxLength: 8 }), (g, name) => {
    let re: Glob | undefined;
    try {
      re = compileGlob(g);
    } catch (err) {
      assert.ok(err instanceof GlobError, `${JSON.stringify(g)}: ${String(err)}`);
    }
    if (re !== undefined) re.test(name);
  }), { numRuns: 3000, seed: 3986 });
  const literal = fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/);
  fc.assert(fc.property(literal, literal, (a, b) => {
    assert.ok(compileGlob(`${a}*`).test(a + b) && compileGlob(`{${b},${a}}`).test(a) && compileGlob(a.replace(/./gu, '?')).test(a));
  }), { numRuns: 500, seed: 7 });
});

Globs.run();

const Table = suite('cli: table cases (test/fixtures/cli-cases.json)');
for (const c of cases) {
  Table(c.name, async () => {
    const stdin = c.stdinLatin1 !== undefined ? Buffer.from(c.stdinLatin1, 'latin1')
      : c.stdinUtf16le !== undefined ? Buffer.from(c.stdinUtf16le, 'utf16le')
      : c.stdinUtf16be !== undefined ? Buffer.from(c.stdinUtf16be, 'utf16le').swap16() : (c.stdin ?? '');
    const r = await urisift(c.args, { stdin, stdoutTo: c.stdoutTo });
    if (c.stdout !== undefined) assert.is(r.stdout, c.stdout);
    if (c.stdoutMatch !== undefined) assert.match(r.stdout, new RegExp(c.stdoutMatch));
    if (c.stderrMatch !== undefined) assert.match(r.stderr, new RegExp(c.stderrMatch));
    else assert.is(r.stderr, '');
    assert.is(r.code, c.code);
  });
}
Table.run();

const Io = suite('cli: inputs and outputs');

Io('stdin and "-" give the same output', async () => {
  const a = await urisift([], { stdin: sample });
  const b = await urisift(['-'], { stdin: sample });
  const c = await urisift(['examples/sample.txt']);
  assert.ok(a.stdout.includes('http://www.w3.org/Addressing/\n'));
  assert.is(b.stdout, a.stdout);
  assert.is(c.stdout, a.stdout);
});

Io('a regular file and a FIFO of the same bytes (several chunks, a URI across a chunk end) give the same output', async () => {
  // A regular file is read with synchronous reads, a FIFO one chunk ahead.
  const line = (i: number): string => `line ${i} see http://example.org/${i}/${'p'.repeat(i % 90)} and <http://wrap.example/${i}\n  /rest>\n`;
  const text = Array.from({ length: 4000 }, (_, i) => line(i)).join('');
  assert.ok(text.length > 4 * 65536);
  const file = join(tmp, 'chunks.txt');
  writeFileSync(file, text);
  const fromFile = await urisift([file]);
  assert.is(fromFile.stdout.split('\n').length - 1, 8000);
  const fifo = join(tmp, 'chunks.fifo');
  if (spawnSync('mkfifo', [fifo]).status !== 0) return void console.log('  skipped: mkfifo failed');
  const running = urisift([fifo]);
  const writer = runCommand('sh', ['-c', `cat "${file}" > "${fifo}"`]);
  const [fromFifo] = await Promise.all([running, writer]);
  assert.is(fromFifo.code, 0, fromFifo.stderr);
  assert.is(fromFifo.stdout, fromFile.stdout);
});

Io('--json: one object per line with uri, line, column; file when there are several inputs', async () => {
  const one = await urisift(['--json', 'examples/sample.txt']);
  const rows = one.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.ok(rows.length >= 7);
  for (const row of rows) {
    assert.type(row.uri, 'string');
    assert.type(row.line, 'number');
    assert.type(row.column, 'number');
    assert.is(row.file, undefined);
    // every Found field, the computed ones (components, warnings) included
    for (const field of ['reference', 'raw', 'components', 'offset', 'length', 'delimiter', 'repaired', 'alternates', 'warnings']) {
      assert.ok(field in row, `--json carries ${field}`);
    }
  }
  assert.equal([rows[0]?.uri, rows[0]?.line, rows[0]?.column], ['http://www.w3.org/Addressing/', 7, 29]);
  const two = await urisift(['--json', 'examples/sample.txt', '-'], { stdin: '<http://x.example/>' });
  const last = JSON.parse(two.stdout.trimEnd().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
  assert.is(last.file, '(standard input)');
});

Io('several inputs get the grep-style FILE: prefix; -H and --no-filename override', async () => {
  const two = await urisift(['-', 'examples/data/docs/faq.txt'], { stdin: '<http://x.example/>' });
  assert.is(two.stdout.split('\n')[0], '(standard input):http://x.example/');
  assert.ok(two.stdout.includes('examples/data/docs/faq.txt:mailto:bugs@example.com\n'));
  const off = await urisift(['--no-filename', '-', 'examples/data/docs/faq.txt'], { stdin: '<http://x.example/>' });
  assert.is(off.stdout.split('\n')[0], 'http://x.example/');
  const on = await urisift(['-H'], { stdin: '<http://x.example/>' });
  assert.is(on.stdout, '(standard input):http://x.example/\n');
});

Io('a missing file is reported and the next file is still scanned (exit 1)', async () => {
  const r = await urisift(['no/such/file.txt', 'examples/data/docs/faq.txt']);
  assert.is(r.stderr, 'urisift: no/such/file.txt: No such file or directory\n');
  assert.ok(r.stdout.includes('examples/data/docs/faq.txt:https://issues.example.com/urisift/new\n'));
  assert.is(r.code, 1);
});

Io('-r walks directories in sorted order, reading .gz transparently', async () => {
  const r = await urisift(['-r', tree]);
  const lines = r.stdout.trimEnd().split('\n');
  assert.is(lines[0], `${join(tree, 'a.txt')}:http://a.example/1`);
  assert.is(lines[1], `${join(tree, 'b.txt.gz')}:http://b.example/gz`);
  assert.is(lines[2], `${join(tree, 'sub', 'c.txt')}:http://www.w3.org/Addressing/`);
  assert.is(lines.at(-1), `${join(tree, 'sub', 'd.txt')}:http://d.example/`);
  assert.is(r.code, 0);
});

Io('-r reads a directory when the scan reaches it: the first file comes before the rest of the tree is read', async () => {
  const lazy = join(tmp, 'lazy');
  mkdirSync(join(lazy, 'b'), { recursive: true });
  for (const name of ['a.txt', 'b/gone.txt', 'c.txt']) writeFileSync(join(lazy, name), name);
  const { inputs, severalSources } = await expandOperands([lazy], true);
  assert.ok(severalSources);
  assert.equal((await inputs.next()).value?.map((input) => input.path), [join(lazy, 'a.txt')]);
  // b/ is read after its turn comes: what it holds then is what is scanned
  rmSync(join(lazy, 'b', 'gone.txt'));
  writeFileSync(join(lazy, 'b', 'new.txt'), 'new');
  const rest: unknown[] = [];
  for await (const batch of inputs) for (const input of batch) rest.push(input.path);
  assert.equal(rest, [join(lazy, 'b', 'new.txt'), join(lazy, 'c.txt')]);
});

Io('--jobs 2 prints what --jobs 1 prints on a tree of more files than it reads ahead, missing operands between them', async () => {
  const wide = join(tmp, 'wide');
  for (let d = 0; d < 3; d++) {
    mkdirSync(join(wide, `d${d}`, 'deep'), { recursive: true });
    for (let f = 0; f < 200; f++) writeFileSync(join(wide, `d${d}`, f % 7 === 0 ? 'deep' : '', `f${f}.txt`), f % 3 === 0 ? '' : `<http://w.example/${d}/${f}>\n`);
  }
  const missing = Array.from({ length: 300 }, (_, i) => join(wide, `missing-${i}`));
  const args = ['-r', join(wide, 'd0'), ...missing, join(wide, 'd1'), '-', join(wide, 'd2'), big];
  const one = await urisift(['--jobs', '1', ...args], { stdin: '<http://stdin.example/>' });
  const two = await urisift(['--jobs', '2', ...args], { stdin: '<http://stdin.example/>' });
  assert.is(one.stdout.split('\n').length, 3 * 133 + 80_000 + 2);
  assert.is(two.stdout, one.stdout);
  assert.is(two.stderr, one.stderr);
  assert.is(two.code, 1);
});

Io('--include, --exclude and --exclude-dir choose what -r reads; operands are always read', async () => {
  const files = async (args: string[]): Promise<string[]> => {
    const r = await urisift(['-H', ...args]);
    assert.is(r.code, 0);
    return [...new Set(r.stdout.trimEnd().split('\n').map((l) => l.slice(0, l.indexOf(':'))))]; // the names hold no ':'
  };
  const [a, b, c, d] = [join(tree, 'a.txt'), join(tree, 'b.txt.gz'), join(tree, 'sub', 'c.txt'), join(tree, 'sub', 'd.txt')];
  assert.equal(await files(['--include', '*.txt', '-r', tree]), [a, c, d]);
  assert.equal(await files(['--exclude-dir', 'sub', '-r', tree]), [a, b]);
  assert.equal(await files(['--include', '*.{gz,txt}', '--exclude', 'c.*', '-r', tree]), [a, b, d]);
  assert.equal(await files(['--exclude', '*.txt', a, '-r', tree]), [a, b]);
  assert.equal(await files(['--exclude-dir', 'sub/', '-r', tree]), [a, b]); // as shell completion writes a directory
});

Io('a bad --include pattern is a usage error; the filters without -r say they do nothing', async () => {
  const bad = await urisift(['-r', '--include', '[z-a]', tree]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /^urisift: --include: '\[z-a\]': the range z-a is out of order\nusage: /);
  const plain = await urisift(['--include', '*.md', join(tree, 'a.txt')]);
  assert.is(plain.code, 0);
  assert.is(plain.stdout, 'http://a.example/1\n');
  assert.match(plain.stderr, /^urisift: warning: --include, --exclude and --exclude-dir choose among the files -r finds/);
});

Io('-r in mail and auto mode leaves out what mail stores keep beside their messages', async () => {
  const store = join(tmp, 'store');
  const msg = (uri: string): string => `From: a@example.org\nSubject: x\n\nsee ${uri}\n`;
  for (const d of ['Maildir/cur', 'Maildir/new', 'Maildir/tmp', 'Mail/Local Folders']) mkdirSync(join(store, d), { recursive: true });
  writeFileSync(join(store, 'Maildir/cur/1.host:2,S'), msg('https://cur.example/'));
  writeFileSync(join(store, 'Maildir/tmp/2.host'), msg('https://in-delivery.example/'));
  writeFileSync(join(store, 'Maildir/dovecot-uidlist'), '3 V1 N2\n1 https://index.example/\n');
  writeFileSync(join(store, 'Maildir/subscriptions'), 'https://subscriptions.example/\n');
  writeFileSync(join(store, 'Mail/Local Folders/Inbox'), `From - Mon Mar  4 09:00:00 2024\n${msg('https://inbox.example/')}`);
  writeFileSync(join(store, 'Mail/Local Folders/Inbox.msf'), '// <!-- <mdb:mork:z v="1.4"/> -->\n(81=https://inbox.example/)\n');
  writeFileSync(join(store, 'Mail/Local Folders/msgFilterRules.dat'), 'action="Forward" actionValue="https://rules.example/"\n');
  for (const mode of ['mail', 'auto']) {
    const r = await urisift(['--mode', mode, '--no-filename', '-r', store]);
    assert.is(r.stdout, 'https://inbox.example/\nhttps://cur.example/\n', mode);
  }
  const text = await urisift(['--no-filename', '-r', store]); // text mode reads every file
  assert.is(text.stdout.trimEnd().split('\n').length, 7);
});

Io('a directory without -r is an error for that path only', async () => {
  const r = await urisift([tree, join(tree, 'a.txt')]);
  assert.is(r.stderr, `urisift: ${tree}: is a directory\n`);
  assert.is(r.stdout, `${join(tree, 'a.txt')}:http://a.example/1\n`);
  assert.is(r.code, 1);
});

Io('.gz on its own', async () => {
  const r = await urisift([join(tree, 'b.txt.gz')]);
  assert.is(r.stdout, 'http://b.example/gz\n');
});

Io('--file-base resolves each file\'s relative links against its own file: URL; --base stays that of standard input', async () => {
  const site = join(tmp, 'site');
  mkdirSync(join(site, 'sub'), { recursive: true });
  writeFileSync(join(site, 'sub', 'page.html'), '<a href="../index.html">up</a> <img src="img/a b.png"> <a href="https://abs.example/">abs</a>\n');
  const r = await urisift(['--mode', 'auto', '--file-base', '--no-filename', '-r', site]);
  const url = pathToFileURL(site).href;
  assert.is(r.stdout, `${url}/index.html\n${url}/sub/img/a%20b.png\nhttps://abs.example/\n`);
  const piped = await urisift(['--mode', 'html', '--file-base', '--base', 'http://stdin.example/d/'], { stdin: '<a href="x.html">x</a>' });
  assert.is(piped.stdout, 'http://stdin.example/d/x.html\n');
});

Io('gzip data under another name, or on standard input, is read by its magic bytes', async () => {
  const gz = readFileSync(join(tree, 'b.txt.gz'));
  const renamed = join(tmp, 'b-compressed');
  writeFileSync(renamed, gz);
  const named = await urisift([renamed]);
  assert.is(named.stdout, 'http://b.example/gz\n');
  assert.is(named.stderr, '');
  const piped = await urisift([], { stdin: gz });
  assert.is(piped.stdout, 'http://b.example/gz\n');
  assert.is(piped.code, 0);
  const cut = await urisift([], { stdin: gz.subarray(0, 12) });
  assert.is(cut.stderr, 'urisift: (standard input): unexpected end of gzip data\n');
  assert.is(cut.code, 1);
});

Io('binary files are skipped with a notice, unless --binary', async () => {
  const r = await urisift([binary, join(tree, 'a.txt')]);
  assert.is(r.stderr, `urisift: ${binary}: binary file skipped (use --binary to scan it)\n`);
  assert.is(r.stdout, `${join(tree, 'a.txt')}:http://a.example/1\n`);
  assert.is(r.code, 0);
  const b = await urisift(['--binary', binary]);
  assert.is(b.stdout, 'http://hidden.example/\n');
});

Io('--jobs 2 prints exactly what --jobs 1 prints', async () => {
  for (const extra of [[], ['--json'], ['--unique', '--format', 'tsv']]) {
    const args = [...extra, '-r', tree, big, 'examples/sample.txt', 'missing.txt', '-'];
    const one = await urisift(['--jobs', '1', ...args], { stdin: '<http://stdin.example/>' });
    const two = await urisift(['--jobs', '2', ...args], { stdin: '<http://stdin.example/>' });
    assert.is(two.stdout, one.stdout);
    assert.is(two.stderr, one.stderr);
    assert.is(two.code, 1);
  }
});

Io('--jobs 2 reads standard input named twice as --jobs 1 does: once, by the first -', async () => {
  const stdin = readFileSync(big, 'utf8'); // more than a pipe holds: the two '-' once stalled each other (exit 13, output lost)
  const args = ['-', big, '-', 'examples/sample.txt'];
  const one = await urisift(['--jobs', '1', ...args], { stdin });
  const two = await urisift(['--jobs', '2', ...args], { stdin, timeoutMs: 60_000 }); // once it hung: killed, it fails here
  assert.is(one.code, 0);
  assert.is(two.code, 0);
  assert.is(two.stdout, one.stdout);
  assert.is(two.stderr, one.stderr);
  assert.is(two.stdout.split('\n').filter((l) => l.startsWith('(standard input):')).length, 80_000);
});

Io.after(() => rmSync(tmp, { recursive: true, force: true }));
Io.run();
