// Every snippet in README.md is run here, so the front page never shows code
// that does not work. ```js blocks run as ES modules (with 'urisift' mapped to
// dist/, which `npm test` builds) from the repository root; a `// → ` comment
// line states a line the snippet prints. ```console blocks (docs/cli.md's
// too) run each `$ ` command with `npx urisift` replaced by `node dist/cli.js`
// and compare what it prints (a line ending in `…` is a prefix). ```sh blocks
// run their `npx urisift` lines and check that their npm lines name real scripts.
// docs/api.md and docs/cli.md are checked where they name what the code has:
// every export, option and default, and the RFC 3986 core examples.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as api from '../src/index.js';
import { extract } from '../src/index.js';
import { OPTIONS } from '../src/cli/args.js';
import { DEFAULT_MAX_LINE_LENGTH } from '../src/formats/log/reader.js';
import { MAX_HEADER_BLOCK } from '../src/formats/mail/headers.js';
import { MAX_DEPTH } from '../src/formats/mail/entity.js';
import { CLI, ROOT, runCommand, type Run } from './helpers/run-cli.js';

interface Block { lang: string; body: string; line: number }

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The fenced blocks of a markdown text. */
const blocksOf = (md: string): Block[] => [...md.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)]
  .map((m) => ({ lang: m[1]!, body: m[2]!, line: md.slice(0, m.index).split('\n').length }));
const blocks = blocksOf(readme);
/** docs/cli.md's ```console examples are run as the README's are. */
const cliBlocks = blocksOf(readFileSync(join(ROOT, 'docs/cli.md'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const DIST = pathToFileURL(join(ROOT, 'dist/index.js')).href;
const tmp = mkdtempSync(join(tmpdir(), 'urisift-readme-'));
/** What a user's terminal-less run prints: no colours (the test runner may force them). */
const plainEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
delete plainEnv.FORCE_COLOR;

const shell = (line: string): Promise<Run> =>
  runCommand('sh', ['-c', line.replace(/\bnpx urisift\b/g, `"${process.execPath}" "${CLI}"`)]);

/** `got` lines against `expected` ones; an expected line ending in "…" is a prefix. */
function sameLines(got: string[], expected: string[], what: string): void {
  assert.is(got.length, expected.length, `${what}: ${got.length} lines printed, ${expected.length} shown:\n${got.join('\n')}`);
  expected.forEach((e, i) => {
    if (e.endsWith('…')) assert.ok(got[i]!.startsWith(e.slice(0, -1)), `${what}, line ${i + 1}: ${got[i]} does not start with ${e}`);
    else assert.is(got[i], e, `${what}, line ${i + 1}`);
  });
}

const lines = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

// ---------------------------------------------------------------------------
const Shape = suite('README: shape');

Shape('a front door: at most 300 lines, with the quick start and four library snippets', () => {
  assert.ok(readme.split('\n').length <= 300, `${readme.split('\n').length} lines`);
  assert.ok(readme.split('\n').includes('npm ci && npm test     # the whole test suite'));
  assert.is(blocks.filter((b) => b.lang === 'js').length, 4);
  const commands = blocks.filter((b) => b.lang === 'console').flatMap((b) => lines(b.body).filter((l) => l.startsWith('$ npx urisift ')));
  assert.ok(commands.length >= 6, `${commands.length} CLI examples`);
  assert.ok(blocks.every((b) => ['js', 'console', 'sh', 'text'].includes(b.lang)), 'every block is run by this suite');
});

Shape('every relative link in the README names a file that exists', () => {
  for (const m of readme.matchAll(/\]\((?!https?:)([^)#]+)(?:#[^)]*)?\)/g)) {
    assert.ok(existsSync(join(ROOT, m[1]!)), m[1]);
  }
});

Shape.run();

// ---------------------------------------------------------------------------
const Js = suite('README: the ```js snippets');

blocks.filter((b) => b.lang === 'js').forEach((b, n) => {
  Js(`snippet ${n + 1} (README.md line ${b.line}) runs and prints what it says`, async () => {
    assert.ok(b.body.includes("from 'urisift'"), 'imports the package by its name');
    const file = join(tmp, `snippet-${n + 1}.mjs`);
    writeFileSync(file, b.body.replaceAll("from 'urisift'", `from '${DIST}'`));
    const r = await runCommand(process.execPath, [file], { env: plainEnv });
    assert.is(r.stderr, '');
    assert.is(r.code, 0);
    const expected = lines(b.body).flatMap((l) => /^\/\/ → (.*)$/.exec(l)?.slice(1) ?? []);
    assert.ok(expected.length > 0, 'states its output');
    sameLines(lines(r.stdout), expected, `snippet ${n + 1}`);
  });
});

Js.run();

// ---------------------------------------------------------------------------
const Console = suite('README and cli.md: the ```console examples (npx urisift → node dist/cli.js)');

for (const b of [...blocks, ...cliBlocks].filter((x) => x.lang === 'console')) {
  const runs: Array<{ command: string; output: string[] }> = [];
  for (const l of lines(b.body)) {
    if (l.startsWith('$ ')) runs.push({ command: l.slice(2), output: [] });
    else runs.at(-1)!.output.push(l);
  }
  for (const { command, output } of runs) {
    Console(command, async () => {
      assert.ok(command.startsWith('npx urisift '), 'a urisift command');
      const r = await shell(command);
      assert.is(r.stderr, '');
      assert.is(r.code, 0);
      sameLines(lines(r.stdout), output, command);
      if (/--jobs \d/.test(command)) {
        const one = await shell(command.replace(/--jobs \d+/, '--jobs 1'));
        assert.is(r.stdout, one.stdout, 'the same output as --jobs 1');
      }
    });
  }
}

Console.run();

// ---------------------------------------------------------------------------
const Other = suite('README: the ```text and ```sh blocks');

Other('the Appendix C text is in examples/sample.txt, and extract() gives the URIs the README shows', () => {
  const i = blocks.findIndex((b) => b.lang === 'text');
  const text = blocks[i]!.body;
  assert.ok(text.includes('Yes, Jim, I found it under'));
  assert.ok(readFileSync(join(ROOT, 'examples/sample.txt'), 'utf8').includes(text));
  const shown = lines(blocks[i + 1]!.body).filter((l) => !l.startsWith('$ '));
  assert.equal(extract(text).map((f) => f.uri), shown);
});

Other('the ```sh blocks: npx urisift lines run, npm lines name real scripts, npm start prints the Appendix C URIs', async () => {
  let checked = 0;
  for (const b of blocks.filter((x) => x.lang === 'sh')) {
    for (const raw of lines(b.body)) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      for (const step of line.split(' && ')) {
        checked++;
        if (step.startsWith('npx urisift')) {
          const r = await shell(step);
          assert.is(r.code, 0, step);
          assert.ok(r.stdout.length > 0, step);
        } else if (/^npm (ci|install urisift|link)$/.test(step)) {
          // installation: not run here
        } else {
          const script = /^npm (?:run )?(\S+)$/.exec(step)?.[1];
          assert.ok(script !== undefined && script in pkg.scripts, `${step}: no such npm script`);
        }
      }
    }
  }
  assert.ok(checked >= 6, `${checked} steps`);
  // npm start = build, then this command (the build is npm test's own first step)
  const start = pkg.scripts.start!.split(' && ').at(-1)!;
  assert.match(start, /^node dist\/cli\.js /);
  const r = await runCommand('sh', ['-c', start.replace(/^node dist\/cli\.js/, `"${process.execPath}" "${CLI}"`)]);
  assert.is(r.code, 0);
  assert.ok(r.stdout.startsWith('http://www.w3.org/Addressing/\nftp://foo.example.com/rfc/\nhttp://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING\n'), r.stdout);
});

Other.after(() => rmSync(tmp, { recursive: true, force: true }));
Other.run();

// ---------------------------------------------------------------------------
const Docs = suite('docs/api.md and docs/cli.md name what the code has');

const apiMd = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
const cliMd = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
/** Cell `n` of the markdown table row for `key` (its first cell, in backticks), without backticks. */
const cell = (md: string, key: string, n: number): string | undefined =>
  md.split('\n').find((l) => l.startsWith(`| \`${key}\``))?.split(' | ')[n]?.replaceAll('`', '').replace(/\|$/, '').trim();

Docs('api.md names every value the package exports', () => {
  for (const name of Object.keys(api)) assert.ok(new RegExp(`\`[^\`]*\\b${name}\\b`).test(apiMd), name);
});

Docs('api.md gives each option the default the code has', () => {
  const defaults: Record<string, unknown> = {
    charset: "'auto'", hyphen: "'keep'", maxLength: api.DEFAULT_MAX_LENGTH, memo: api.DEFAULT_MEMO, lines: true, mode: "'text'",
    headers: true, maxLineLength: DEFAULT_MAX_LINE_LENGTH, maxHeaderBytes: MAX_HEADER_BLOCK, maxMimeDepth: MAX_DEPTH,
  };
  for (const [key, value] of Object.entries(defaults)) assert.is(cell(apiMd, key, 1), String(value), key);
  assert.is(cell(cliMd, '--max-length N', 2), String(api.DEFAULT_MAX_LENGTH));
});

Docs('cli.md documents every option of the command, long and short', () => {
  for (const [name, o] of Object.entries(OPTIONS)) {
    assert.ok(cliMd.includes(`\`--${name}`), `--${name}`);
    if ('short' in o) assert.ok(cliMd.includes(`\`-${o.short}\`, \`--${name}`), `-${o.short}`);
  }
});

Docs('the RFC 3986 core examples in api.md give what their comments say', () => {
  const block = /^## The RFC 3986 core[\s\S]*?^```js\n([\s\S]*?)^```$/m.exec(apiMd)![1]!;
  const fns = ['parse', 'resolve', 'normalize', 'equivalent', 'toUri', 'inspect'] as const;
  const run = (code: string): unknown => new Function(...fns, `return ${code}`)(...fns.map((f) => api[f]));
  let checked = 0;
  for (const [, call, said] of block.matchAll(/^(.*?);\s*\/\/ (.*)$/gm)) {
    const got = run(call!) as Record<string, unknown>;
    if (said!.includes('…')) { // a part of an object: the fields it shows
      for (const [k, v] of Object.entries(run(said!.replace(/,\s*…\s*\}/, ' }')) as object)) assert.equal(got[k], v, `${call}: ${k}`);
    } else {
      assert.equal(got, run(said!), call);
    }
    checked++;
  }
  assert.ok(checked >= 7, `${checked} examples`);
});

Docs.run();
