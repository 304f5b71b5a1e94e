// The reference docs say what the code does by example, and every example is
// held to it here, as test/readme.test.ts holds the README's.
//
// - The ```js blocks of docs/api.md and docs/formats.md that import 'urisift'
//   run as ES modules from the repository root ('urisift' mapped to dist/,
//   which `npm test` builds); each `// → ` comment line states a line the
//   block prints, and a block that states none must print nothing. The
//   blocks that are fragments are listed in FRAGMENTS by their first line,
//   with why they cannot run alone; any other block must run.
// - The example claims of docs/rules.md and docs/formats.md (an input, and the
//   URIs it gives or that it gives none) are the documents of the extraction
//   corpus' "docs" topic, test/fixtures/extract/docs.txt, which
//   test/extract-cases.test.ts runs whole and test/chunking.test.ts in
//   pieces. Here each of them is tied to the doc: its name is
//   "<file> § <section>: …", and its note "says: …" holds the doc's own words,
//   which must stand in that section (whitespace aside). A doc that drops or
//   rewords an example fails here until its fixture follows; a fixture that
//   stops giving what the doc says fails there.
// - The RFC 3986 core block of api.md (`call; // value`, no import) is run by
//   test/readme.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTopic } from './helpers/extract-fixtures.js';
import { ROOT, runCommand } from './helpers/run-cli.js';

interface Block { file: string; body: string; line: number }

const DOCS = ['api.md', 'formats.md'] as const;
/** The ```js blocks that cannot run alone, by file and first line, and why. */
const FRAGMENTS: Record<string, string> = {
  'api.md: for await (const f of extractStream(process.stdin)) console.log(f.uri);':
    'reads the process\'s standard input: what it prints is what that holds',
  'api.md: const body = (await fetch(url)).body;': 'fetches `url` over the network, which a test cannot count on',
  "api.md: parse('http://a?');          // { scheme: 'http', host: 'a', hostType: 'reg-name', path: '', query: '', … }":
    'the RFC 3986 core calls, one per line with the value as a comment: test/readme.test.ts evaluates each',
};

const read = (file: string): string => readFileSync(join(ROOT, 'docs', file), 'utf8');
const jsBlocks = (file: string): Block[] => [...read(file).matchAll(/^```js\n([\s\S]*?)^```$/gm)]
  .map((m) => ({ file, body: m[1]!, line: read(file).slice(0, m.index).split('\n').length }));
const lines = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
const key = (b: Block): string => `${b.file}: ${lines(b.body)[0]}`;

const DIST = pathToFileURL(join(ROOT, 'dist/index.js')).href;
const tmp = mkdtempSync(join(tmpdir(), 'urisift-docs-'));
/** What a user's terminal-less run prints: no colours (the test runner may force them). */
const plainEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
delete plainEnv.FORCE_COLOR;

// ---------------------------------------------------------------------------
const Js = suite('docs: the ```js blocks of api.md and formats.md');

const blocks = DOCS.flatMap(jsBlocks);

Js('every block imports the package or is a fragment listed with its reason', () => {
  assert.ok(blocks.length >= 8, `${blocks.length} blocks`);
  for (const b of blocks) {
    const runs = b.body.includes("from 'urisift'");
    assert.ok(runs !== (key(b) in FRAGMENTS), `docs/${b.file} line ${b.line}: ${runs ? 'runs, but is listed as a fragment' : 'a fragment not listed in FRAGMENTS'}`);
  }
  for (const k of Object.keys(FRAGMENTS)) assert.ok(blocks.some((b) => key(b) === k), `FRAGMENTS names no block: ${k}`);
});

blocks.filter((b) => b.body.includes("from 'urisift'")).forEach((b, n) => {
  Js(`docs/${b.file} line ${b.line} runs and prints what it says`, async () => {
    const file = join(tmp, `block-${n + 1}.mjs`);
    writeFileSync(file, b.body.replaceAll("from 'urisift'", `from '${DIST}'`));
    const r = await runCommand(process.execPath, [file], { env: plainEnv });
    assert.is(r.stderr, '');
    assert.is(r.code, 0);
    const expected = lines(b.body).flatMap((l) => /^\/\/ → (.*)$/.exec(l)?.slice(1) ?? []);
    assert.equal(lines(r.stdout), expected);
  });
});

Js.after(() => rmSync(tmp, { recursive: true, force: true }));
Js.run();

// ---------------------------------------------------------------------------
const Claims = suite('docs: every example of the "docs" corpus topic stands in its doc');

const cases = loadTopic('docs');
const ws = (s: string): string => s.replace(/\s+/g, ' ').trim();
/** The text of a `## ` section of a doc, its whitespace collapsed. */
function section(file: string, heading: string): string | undefined {
  const part = read(file).split(/^(?=## )/m).find((p) => p.startsWith(`## ${heading}\n`));
  return part === undefined ? undefined : ws(part);
}

Claims('the examples come from each doc and name their section and the words they test', () => {
  const files = new Set<string>();
  for (const c of cases) {
    const m = /^([\w-]+\.md) § ([^:]+): \S/.exec(c.name);
    assert.ok(m !== null, `${c.name}: not "<file> § <section>: <what>"`);
    const [, file = '', heading = ''] = m ?? [];
    files.add(file);
    const text = section(file, heading) ?? '';
    assert.ok(text !== '', `${c.name}: docs/${file} has no section "## ${heading}"`);
    const note = c.note ?? '';
    assert.ok(note.startsWith('says: '), `${c.name}: no "says:" note`);
    const says = ws(note.slice('says: '.length));
    assert.ok(text.includes(says), `${c.name}: docs/${file} § ${heading} no longer says ${says}`);
  }
  assert.equal([...files].sort(), ['formats.md', 'rules.md']);
  assert.ok(cases.length >= 140, `${cases.length} examples`);
});

Claims.run();
