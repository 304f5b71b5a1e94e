// parse / resolve / normalize: urisift against fast-uri and uri-js, one
// Benchmark.Suite per operation, each test a pass over the whole list
// (bench/data/uris.txt; for resolve, refs.txt and uris.txt against base.txt).
// Figures are ratios against the other libraries measured in the same run.
//
//   npx tsx bench/uri.bench.ts [--max-time 2] [--rounds 2]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Benchmark from 'benchmark';
import fastUri from 'fast-uri';
import * as uriJs from 'uri-js';
import { normalize, parse, resolve } from '../dist/index.js';
import { DATA_DIR, fmtNum, fmtRatio, isMain, log, mdTable, passFail, helpIfAsked } from './lib/util.js';

function lines(file: string): string[] {
  return fs.readFileSync(path.join(DATA_DIR, file), 'utf8').split('\n').filter((l) => l.length > 0);
}

// A sink the optimizer cannot see through.
let sink = 0;
function eat(x: unknown): void {
  if (x === undefined) sink ^= 1;
  else if (typeof x === 'string') sink += x.length;
  else sink += 2;
}

interface Contender {
  name: string;
  fn: () => void;
}

interface OpResult {
  op: string;
  items: number;
  hz: Map<string, number>;
  rme: Map<string, number>;
}

/** Run one suite `rounds` times; keep each contender's best hz (the least disturbed run). */
function runSuite(op: string, items: number, contenders: Contender[], maxTime: number, rounds: number): OpResult {
  const hz = new Map<string, number>();
  const rme = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    // Alternate the order between rounds so neither side always runs first.
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    const suite = new Benchmark.Suite(op);
    for (const c of order) suite.add(c.name, c.fn, { maxTime, minSamples: 8 });
    suite.on('cycle', (e: Benchmark.Event) => {
      const b = e.target;
      const name = String(b.name);
      const h = b.hz ?? 0;
      log(`  ${op} round ${round + 1}: ${String(b)}`);
      if (h > (hz.get(name) ?? 0)) {
        hz.set(name, h);
        rme.set(name, b.stats?.rme ?? 0);
      }
    });
    suite.run({ async: false });
  }
  return { op, items, hz, rme };
}

interface Agreement {
  op: string;
  against: string;
  differ: number;
  of: number;
  examples: string[];
}

function compare(op: string, against: string, inputs: string[], ours: (s: string) => string | undefined, theirs: (s: string) => string | undefined): Agreement {
  let differ = 0;
  const examples: string[] = [];
  for (const s of inputs) {
    const a = ours(s);
    let b: string | undefined;
    try {
      b = theirs(s);
    } catch {
      b = undefined;
    }
    if (a !== b) {
      differ++;
      if (examples.length < 6) examples.push(`${s}  →  urisift ${JSON.stringify(a)}  vs ${against} ${JSON.stringify(b)}`);
    }
  }
  return { op, against, differ, of: inputs.length, examples };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  helpIfAsked(import.meta.url, argv);
  const { values } = parseArgs({
    args: argv,
    options: { 'max-time': { type: 'string' }, rounds: { type: 'string' } },
    strict: false,
  });
  const maxTime = typeof values['max-time'] === 'string' ? Number(values['max-time']) : 2;
  const rounds = typeof values.rounds === 'string' ? Number(values.rounds) : 2;

  const uris = lines('uris.txt');
  const refs = lines('refs.txt');
  const base = lines('base.txt')[0] ?? 'http://a/b/c/d;p?q';
  const resolveInputs = [...refs, ...uris];

  // Sanity: the data is valid, and what urisift says against the others.
  let rejected = 0;
  for (const u of uris) if (parse(u) === undefined) { rejected++; log(`  urisift.parse rejected: ${u}`); }
  let refsRejected = 0;
  for (const r of refs) if (parse(r) === undefined) { refsRejected++; log(`  urisift.parse rejected ref: ${r}`); }
  const agreements = [
    compare('resolve', 'uri-js', resolveInputs, (r) => resolve(base, r), (r) => uriJs.resolve(base, r)),
    compare('resolve', 'fast-uri', resolveInputs, (r) => resolve(base, r), (r) => fastUri.resolve(base, r)),
    compare('normalize', 'uri-js', uris, (u) => normalize(u), (u) => uriJs.normalize(u)),
    compare('normalize', 'fast-uri', uris, (u) => normalize(u), (u) => fastUri.normalize(u)),
  ];
  for (const a of agreements) {
    log(`  ${a.op}: urisift and ${a.against} differ on ${a.differ} of ${a.of}`);
    for (const e of a.examples) log(`    ${e}`);
  }

  const results: OpResult[] = [];
  results.push(
    runSuite('parse', uris.length, [
      { name: 'urisift', fn: () => { for (let i = 0; i < uris.length; i++) eat(parse(uris[i] as string)); } },
      { name: 'fast-uri', fn: () => { for (let i = 0; i < uris.length; i++) eat(fastUri.parse(uris[i] as string)); } },
      { name: 'uri-js', fn: () => { for (let i = 0; i < uris.length; i++) eat(uriJs.parse(uris[i] as string)); } },
    ], maxTime, rounds),
  );
  results.push(
    runSuite('resolve', resolveInputs.length, [
      { name: 'urisift', fn: () => { for (let i = 0; i < resolveInputs.length; i++) eat(resolve(base, resolveInputs[i] as string)); } },
      { name: 'fast-uri', fn: () => { for (let i = 0; i < resolveInputs.length; i++) eat(fastUri.resolve(base, resolveInputs[i] as string)); } },
      { name: 'uri-js', fn: () => { for (let i = 0; i < resolveInputs.length; i++) eat(uriJs.resolve(base, resolveInputs[i] as string)); } },
    ], maxTime, rounds),
  );
  results.push(
    runSuite('normalize', uris.length, [
      { name: 'urisift', fn: () => { for (let i = 0; i < uris.length; i++) eat(normalize(uris[i] as string)); } },
      { name: 'urisift (syntax)', fn: () => { for (let i = 0; i < uris.length; i++) eat(normalize(uris[i] as string, { level: 'syntax' })); } },
      { name: 'fast-uri', fn: () => { for (let i = 0; i < uris.length; i++) eat(fastUri.normalize(uris[i] as string)); } },
      { name: 'uri-js', fn: () => { for (let i = 0; i < uris.length; i++) eat(uriJs.normalize(uris[i] as string)); } },
    ], maxTime, rounds),
  );

  const targets: Record<string, number> = { parse: 2, resolve: 2, normalize: 1.5 };
  const rows: string[][] = [];
  for (const r of results) {
    const fast = r.hz.get('fast-uri') ?? NaN;
    const js = r.hz.get('uri-js') ?? NaN;
    for (const name of ['urisift', 'urisift (syntax)']) {
      const ours = r.hz.get(name);
      if (ours === undefined) continue;
      const target = targets[r.op] ?? 1;
      const primary = name === 'urisift';
      rows.push([
        r.op + (primary ? '' : ' (syntax level)'),
        fmtNum(r.items),
        fmtNum(ours, 1),
        fmtNum(fast, 1),
        fmtNum(js, 1),
        fmtNum((ours * r.items) / 1e6, 2),
        fmtRatio(ours / fast),
        fmtRatio(ours / js),
        `≥ ${target}×`,
        primary ? passFail(ours / fast >= target) : '—',
      ]);
    }
  }
  const out: string[] = [];
  out.push('### URI operations (urisift vs fast-uri vs uri-js)');
  out.push('');
  out.push(`Each op/s is one pass over the whole list (Benchmark.js, maxTime ${maxTime} s, best of ${rounds} rounds). Ratios are against the same run.`);
  out.push('');
  out.push(mdTable(
    ['op', 'items', 'urisift passes/s', 'fast-uri passes/s', 'uri-js passes/s', 'urisift M items/s', 'urisift/fast-uri', 'urisift/uri-js', 'target vs fast-uri', 'result'],
    rows,
  ));
  out.push('');
  out.push(`Data: ${uris.length} URIs, ${refs.length} relative references, base \`${base}\`; urisift.parse rejected ${rejected} URIs and ${refsRejected} references.`);
  out.push('');
  out.push(mdTable(
    ['output compared', 'against', 'differ', 'of'],
    agreements.map((a) => [a.op, a.against, fmtNum(a.differ), fmtNum(a.of)]),
  ));
  out.push('');
  process.stdout.write(out.join('\n') + '\n');
  if (sink === 42.5) log('');
}

if (isMain(import.meta.url)) await main();
