// The urisift command as a process (issue 4): closed pipes, signals, an input that is the output,
// --progress, --help and --version, and pieces cut as GNU parallel cuts. Arguments and I/O: cli.test.ts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OPTIONS } from '../src/cli/args.js';
import { CLI, ROOT, runCommand, urisift } from './helpers/run-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'urisift-cli-process-'));

// A few MB of text for the closed-pipe and signal tests.
const big = join(tmp, 'big.txt');
writeFileSync(big, Array.from({ length: 80_000 }, (_, i) => `line ${i}: see <http://big.example/page/${i}> for more.\n`).join(''));

const Proc = suite('cli: process behaviour');

Proc('a closed pipe (urisift big.txt | head -1) ends quietly', async () => {
  for (const cmd of [`"${process.execPath}" "${CLI}" "${big}" | head -1`,
    `"${process.execPath}" "${CLI}" --jobs 2 "${big}" "${big}" | head -1`,
    `cat "${big}" | "${process.execPath}" "${CLI}" --json | head -1`]) {
    const r = await runCommand('sh', ['-c', `${cmd}; echo "status:$?" >&2`]);
    assert.is(r.stdout.split('\n').length, 2, cmd);
    assert.is(r.stderr, 'status:0\n', cmd);
  }
});

Proc('help, version and a usage error: a closed pipe is no error, a full disk is one, and a usage error stays 2', async () => {
  const node = `"${process.execPath}" "${CLI}"`;
  for (const [cmd, status, stderr] of [
    [`${node} --help | true`, 0, ''],
    [`${node} --version | true`, 0, ''],
    [`${node} --help > /dev/full`, 2, 'urisift: write error: No space left on device\n'],
    [`${node} --bogus 2> /dev/full`, 2, ''],
    [`${node} --bogus 2>&1 | true`, 2, ''],
  ] as const) {
    const r = await runCommand('bash', ['-c', `${cmd}; echo "status:\${PIPESTATUS[0]}" >&2`]);
    assert.ok(r.stderr.startsWith(stderr), `${cmd}: ${r.stderr}`);
    assert.ok(r.stderr.endsWith(`status:${status}\n`), `${cmd}: ${r.stderr}`);
    assert.not.ok(r.stderr.includes('node:'), `${cmd}: no stack trace`);
  }
});

Proc('standard input that is a directory is reported, as a directory operand is', async () => {
  const r = await runCommand('sh', ['-c', `"${process.execPath}" "${CLI}" < "${tmp}"; echo "status:$?" >&2`]);
  assert.is(r.stderr, 'urisift: (standard input): is a directory\nstatus:1\n');
});

Proc('a file stat gives size 0 that holds more than one read (procfs) is read whole, and a file that ends just past a read is too', async () => {
  const edge = join(tmp, 'edge.txt');
  writeFileSync(edge, `${'x'.repeat(60 * 1024 - 30)} http://edge.example/a\nsee http://edge.example/b end\n`);
  assert.is((await urisift([edge])).stdout, 'http://edge.example/a\nhttp://edge.example/b\n');
  // its command line, past one read of the file (60 KiB), ends with the URI
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)', 'x'.repeat(70_000), 'http://proc.example/x'], { stdio: 'ignore' });
  try {
    const cmdline = `/proc/${child.pid}/cmdline`;
    for (let i = 0; i < 50 && !readFileSync(cmdline, 'latin1').includes('proc.example'); i++) await new Promise((r) => setTimeout(r, 20));
    const r = await urisift(['--binary', cmdline]);
    assert.is(r.stdout, 'http://proc.example/x\n');
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return void console.log('  skipped: no /proc');
    throw err;
  } finally {
    child.kill();
  }
});

Proc('SIGINT stops cleanly with status 130 and nothing on stderr', async () => {
  const r = await urisift([], {
    onSpawn(child) {
      child.stdin?.write('<http://a.example/>\n');
      child.stdout?.once('data', () => child.kill('SIGINT'));
      // Never hang the suite: interrupt anyway after 5 s, kill after 10 s.
      setTimeout(() => child.kill('SIGINT'), 5000).unref();
      setTimeout(() => child.kill('SIGKILL'), 10000).unref();
    },
  });
  assert.is(r.code, 130);
  assert.is(r.stderr, '');
});

Proc('SIGINT while a file is being scanned stops the scan: status 130, nothing on stderr, not every URI printed', async () => {
  const r = await urisift([big], {
    onSpawn(child) {
      child.stdout?.once('data', () => child.kill('SIGINT'));
      setTimeout(() => child.kill('SIGINT'), 5000).unref();
      setTimeout(() => child.kill('SIGKILL'), 10000).unref();
    },
  });
  assert.is(r.code, 130);
  assert.is(r.stderr, '');
  assert.ok(r.stdout.split('\n').length < 80_000, `${r.stdout.split('\n').length} lines`);
});

Proc('SIGINT while the reader of stdout does not read (a pager left open) ends the run at once, status 130', async () => {
  for (const args of [[big], ['-j', '2', big, big]]) {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const stderr: Buffer[] = [];
    child.stderr.on('data', (c: Buffer) => stderr.push(c));
    // Read nothing of stdout: once the pipe and this side's buffer are full, urisift waits on it.
    // One interrupt: a second one, on a loaded machine before the first has ended the run, kills it (as a second Ctrl-C does).
    const full = setInterval(() => {
      if (child.stdout.readableLength < child.stdout.readableHighWaterMark) return;
      clearInterval(full);
      child.kill('SIGINT');
    }, 50);
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
    clearInterval(full);
    clearTimeout(killer);
    child.stdout.destroy();
    assert.is(signal, null, `${args.join(' ')}: ended by ${signal ?? ''}, not by the interrupt`);
    assert.is(code, 130, args.join(' '));
    assert.is(Buffer.concat(stderr).toString(), '', args.join(' '));
  }
});

Proc('an input that is the file stdout appends to is refused, as grep does, and the others are scanned', async () => {
  const dir = join(tmp, 'self');
  mkdirSync(dir, { recursive: true });
  const node = `"${process.execPath}" "${CLI}"`;
  for (const [cmd, stderr, added] of [
    [`${node} out.txt >> out.txt`, 'urisift: out.txt: input file is also the output\n', ''],
    [`${node} - < out.txt >> out.txt`, 'urisift: (standard input): input file is also the output\n', ''],
    [`${node} -r . >> out.txt`, 'urisift: out.txt: input file is also the output\n', 'other.txt:http://other.example/\n'],
    [`${node} -j 2 other.txt out.txt >> out.txt`, 'urisift: out.txt: input file is also the output\n', 'other.txt:http://other.example/\n'],
  ] as const) {
    writeFileSync(join(dir, 'out.txt'), 'see http://self.example/\n');
    writeFileSync(join(dir, 'other.txt'), 'see http://other.example/\n');
    const r = await runCommand('bash', ['-c', `${cmd}; echo "status:$?" >&2`], { cwd: dir });
    assert.is(r.stderr, `${stderr}status:1\n`, cmd);
    assert.is(readFileSync(join(dir, 'out.txt'), 'utf8'), `see http://self.example/\n${added}`, cmd);
  }
  const r = await runCommand('bash', ['-c', `${node} out.txt > /dev/null; echo "status:$?" >&2`], { cwd: dir });
  assert.is(r.stderr, 'status:0\n', 'a device as the output is no file');
});

Proc('--progress never draws into a pipe', async () => {
  const r = await urisift(['--progress', big]);
  assert.is(r.stderr, '');
  assert.is(r.code, 0);
});

Proc('on a terminal, a message logged just before the end is printed before the bar is erased', async () => {
  // script(1) gives stderr a terminal; the unreadable operand is the run's last event
  const line = `"${process.execPath}" "${CLI}" --progress "${big}" "${join(tmp, 'missing.txt')}" > /dev/null`;
  const r = await runCommand('script', ['-qec', line, '/dev/null']).catch(() => undefined);
  if (r === undefined || r.code === 127) return void console.log('  skipped: no script(1)');
  assert.ok(r.stdout.includes(`urisift: ${join(tmp, 'missing.txt')}: No such file or directory`), JSON.stringify(r.stdout.slice(-300)));
  assert.is(r.code, 1);
});

Proc('--help lists every option, on stdout, exit 0', async () => {
  const r = await urisift(['--help']);
  assert.is(r.code, 0);
  for (const [name, option] of Object.entries(OPTIONS)) {
    assert.ok(r.stdout.includes(`--${name}`), `--${name} missing from --help`);
    if ('short' in option) assert.ok(r.stdout.includes(`-${option.short}, --${name}`), `-${option.short} missing`);
  }
  assert.match(r.stdout, /^usage: urisift \[options\] \[file\|dir\|-\]\.\.\./);
});

Proc('--version prints the package version', async () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const r = await urisift(['--version']);
  assert.is(r.stdout, `urisift ${pkg.version}\n`);
  assert.is(r.code, 0);
});

const hasParallel = spawnSync('sh', ['-c', 'command -v parallel'], { encoding: 'utf8' }).status === 0;
Proc('cut at blank lines as GNU parallel --pipepart cuts, the pieces give the URIs of a direct run (README, Scaling out)', async () => {
  const paragraphs = join(tmp, 'paragraphs.txt');
  const text = Array.from({ length: 3000 }, (_, i) => `Para ${i}: <http://p.example/${i}/\n  wrapped/> end.\n\n`).join('');
  writeFileSync(paragraphs, text);
  const direct = await urisift([paragraphs]);
  assert.is(direct.stdout.split('\n').length, 3001);
  // --recend '\n\n' --block 20k: pieces of about 20 KiB, each ending at a blank line, run one by one here.
  let joined = '';
  for (let from = 0; from < text.length;) {
    const blank = text.indexOf('\n\n', from + 20 * 1024);
    const cut = blank === -1 ? text.length : blank + 2;
    joined += (await urisift([], { stdin: text.slice(from, cut) })).stdout;
    from = cut;
  }
  assert.is(joined, direct.stdout);
  if (!hasParallel) return void console.log('  GNU parallel is not on PATH: the pieces were run one by one, not by parallel itself');
  const line = `parallel --will-cite --pipepart -a "${paragraphs}" --recend '\\n\\n' --block 20k -k "${process.execPath}" "${CLI}"`;
  const r = await runCommand('sh', ['-c', line]);
  assert.is(r.stderr, '');
  assert.is(r.stdout, direct.stdout);
});

Proc('errors and notices on stderr come after the URIs found before them (2>&1 keeps the order)', async () => {
  const garbage = join(tmp, 'garbage.gz');
  writeFileSync(garbage, Buffer.concat([gzipSync('http://a.example/x\n'), gzipSync('http://b.example/y\n'), Buffer.from('garbage')]));
  const node = `"${process.execPath}" "${CLI}"`;
  const gz = await runCommand('sh', ['-c', `${node} "${garbage}" 2>&1`]);
  assert.is(gz.stdout, `http://a.example/x\nhttp://b.example/y\nurisift: ${garbage}: trailing garbage after gzip data\n`);
  const missing = await runCommand('sh', ['-c', `echo http://a.example/ | ${node} - "${join(tmp, 'nosuch')}" 2>&1`]);
  assert.is(missing.stdout, `(standard input):http://a.example/\nurisift: ${join(tmp, 'nosuch')}: No such file or directory\n`);
});

Proc('a message waits for the lines found before it while stdout is a full pipe (2>&1 into a slow reader), --jobs 1 and 2', async () => {
  const big = join(tmp, 'order-big.txt');
  const lines = Array.from({ length: 20000 }, (_, i) => `http://a.example/${String(i).padStart(8, '0')}/path`);
  writeFileSync(big, `${lines.join('\n')}\n`);
  const last = join(tmp, 'order-last.txt');
  writeFileSync(last, 'http://c.example/\n');
  const missing = join(tmp, 'order-nosuch');
  const node = `"${process.execPath}" "${CLI}"`;
  for (const jobs of [1, 2]) {
    const r = await runCommand('sh', ['-c', `${node} --jobs ${jobs} "${big}" "${missing}" "${last}" 2>&1 | (sleep 0.3; cat)`]);
    const out = r.stdout.split('\n');
    assert.equal(out.slice(0, 20000), lines.map((l) => `${big}:${l}`), `--jobs ${jobs}: the first file's lines, whole`);
    assert.equal(out.slice(20000), [`urisift: ${missing}: No such file or directory`, `${last}:http://c.example/`, ''], `--jobs ${jobs}`);
  }
});

Proc.after(() => rmSync(tmp, { recursive: true, force: true }));
Proc.run();
