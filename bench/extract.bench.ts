// extract(text) against linkify-it's match(text) on each corpus (read as a
// string). Two measurements:
//   - full corpus: a warm-up on a slice, then the best of N (5) timed passes of each,
//     interleaved (urisift, linkify, urisift, linkify, ...) so both see the
//     same machine;
//   - Benchmark.js on a 1 MiB slice (many iterations, ± rme).
// Throughput is MiB/s of UTF-8 input; the figure that counts is the ratio.
//
//   npx tsx bench/extract.bench.ts [--runs 5] [--slice-mib 1] [--no-suite] [--mib N] [--corpus prose.txt]
//     [--set real|generated|both]   (default real: bench/real-corpora.ts)
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import Benchmark from 'benchmark';
import { LinkifyIt } from 'linkify-it';
import { extract } from '../dist/index.js';
import { corpusLabel, selectCorpora } from './real-corpora.js';
import { MiB, fmtMs, fmtNum, fmtRatio, gc, isMain, log, mdTable, mibPerSec, now, passFail, helpIfAsked } from './lib/util.js';

/** By corpus label: ≥ 8× on every real-text corpus; the generated log keeps its 4×. */
const TARGETS: Record<string, number> = {
  'real/prose.txt': 8, 'real/mail.mbox': 8, 'real/access.log': 8, 'prose.txt': 8, 'mail.mbox': 8, 'access.log': 4,
};

/** The first `bytes` of `text`, cut at a line end. */
export function sliceText(text: string, bytes: number): string {
  if (bytes >= text.length * 3) return text;
  // Corpora are nearly all ASCII: slice by code units, then trim to a newline.
  const end = text.lastIndexOf('\n', Math.min(text.length, bytes));
  return text.slice(0, end > 0 ? end + 1 : Math.min(text.length, bytes));
}

interface FullResult {
  corpus: string;
  bytes: number;
  ours: number;
  theirs: number;
  oursTimes: number[];
  theirsTimes: number[];
  oursFound: number;
  theirsFound: number;
}

interface SuiteResult {
  corpus: string;
  bytes: number;
  ours: number;
  theirs: number;
  oursRme: number;
  theirsRme: number;
}

function fullPasses(corpus: string, text: string, runs: number, linkify: LinkifyIt): FullResult {
  const bytes = Buffer.byteLength(text, 'utf8');
  // Warm-up on a slice so the JIT has seen both before the first timed pass.
  const warm = sliceText(text, 4 * MiB);
  gc();
  extract(warm);
  linkify.match(warm);
  const oursTimes: number[] = [];
  const theirsTimes: number[] = [];
  let oursFound = 0;
  let theirsFound = 0;
  for (let i = 0; i < runs; i++) {
    gc();
    let t0 = now();
    const a = extract(text);
    oursTimes.push(now() - t0);
    oursFound = a.length;
    gc();
    t0 = now();
    const b = linkify.match(text);
    theirsTimes.push(now() - t0);
    theirsFound = b?.length ?? 0;
    log(`  ${corpus} pass ${i + 1}: urisift ${fmtMs(oursTimes[i] ?? NaN)} (${fmtNum(oursFound)} found), linkify-it ${fmtMs(theirsTimes[i] ?? NaN)} (${fmtNum(theirsFound)} found)`);
    // A pass of linkify-it over 32 MiB can take seconds: stop early if the budget is gone.
    if (i >= 1 && oursTimes.concat(theirsTimes).reduce((s, x) => s + x, 0) > 40_000) break;
  }
  return {
    corpus,
    bytes,
    ours: mibPerSec(bytes, Math.min(...oursTimes)),
    theirs: mibPerSec(bytes, Math.min(...theirsTimes)),
    oursTimes,
    theirsTimes,
    oursFound,
    theirsFound,
  };
}

function suiteOnSlice(corpus: string, slice: string, linkify: LinkifyIt, maxTime: number): SuiteResult {
  const bytes = Buffer.byteLength(slice, 'utf8');
  const hz = new Map<string, number>();
  const rme = new Map<string, number>();
  let sink = 0;
  new Benchmark.Suite(corpus)
    .add('urisift', () => { sink += extract(slice).length; }, { maxTime, minSamples: 5 })
    .add('linkify-it', () => { sink += linkify.match(slice)?.length ?? 0; }, { maxTime, minSamples: 5 })
    .on('cycle', (e: Benchmark.Event) => {
      log(`  ${corpus} ${(bytes / MiB).toFixed(2)} MiB slice: ${String(e.target)}`);
      hz.set(String(e.target.name), e.target.hz ?? 0);
      rme.set(String(e.target.name), e.target.stats?.rme ?? 0);
    })
    .run({ async: false });
  if (sink < 0) log('');
  return {
    corpus,
    bytes,
    ours: ((hz.get('urisift') ?? 0) * bytes) / MiB,
    theirs: ((hz.get('linkify-it') ?? 0) * bytes) / MiB,
    oursRme: rme.get('urisift') ?? 0,
    theirsRme: rme.get('linkify-it') ?? 0,
  };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  helpIfAsked(import.meta.url, argv);
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      'slice-mib': { type: 'string' },
      'no-suite': { type: 'boolean' },
      'max-time': { type: 'string' },
      mib: { type: 'string' },
      corpus: { type: 'string', multiple: true },
      set: { type: 'string' },
    },
    strict: false,
  });
  const runs = typeof values.runs === 'string' ? Number(values.runs) : 5;
  const sliceMib = typeof values['slice-mib'] === 'string' ? Number(values['slice-mib']) : 1;
  const maxTime = typeof values['max-time'] === 'string' ? Number(values['max-time']) : 2;
  const limit = typeof values.mib === 'string' ? Number(values.mib) * MiB : Infinity;
  const only = Array.isArray(values.corpus) ? values.corpus.map(String) : undefined;

  const corpora = selectCorpora(values.set).filter((c) => only === undefined || only.includes(c.name));
  const linkify = new LinkifyIt();
  const full: FullResult[] = [];
  const suites: SuiteResult[] = [];
  for (const c of corpora) {
    let text = fs.readFileSync(c.file, 'utf8');
    if (Number.isFinite(limit)) text = sliceText(text, limit);
    const label = corpusLabel(c);
    log(`extract: ${label}, ${(Buffer.byteLength(text) / MiB).toFixed(1)} MiB`);
    full.push(fullPasses(label, text, runs, linkify));
    if (values['no-suite'] !== true) suites.push(suiteOnSlice(label, sliceText(text, sliceMib * MiB), linkify, maxTime));
    text = '';
    gc();
  }

  const out: string[] = [];
  out.push('### extract() vs linkify-it match()');
  out.push('');
  out.push(`Full corpus read as one string; best of up to ${runs} interleaved passes after a warm-up. MiB/s of UTF-8 input.`);
  out.push('');
  out.push(mdTable(
    ['corpus', 'MiB', 'urisift MiB/s', 'linkify-it MiB/s', 'ratio', 'target', 'result', 'urisift found', 'linkify-it found'],
    full.map((r) => {
      const target = TARGETS[r.corpus] ?? 1;
      const ratio = r.ours / r.theirs;
      return [r.corpus, (r.bytes / MiB).toFixed(1), r.ours.toFixed(1), r.theirs.toFixed(1), fmtRatio(ratio), `≥ ${target}×`, passFail(ratio >= target), fmtNum(r.oursFound), fmtNum(r.theirsFound)];
    }),
  ));
  out.push('');
  if (suites.length > 0) {
    out.push(`Benchmark.js on the first ${sliceMib} MiB of each corpus (maxTime ${maxTime} s each):`);
    out.push('');
    out.push(mdTable(
      ['corpus', 'slice MiB', 'urisift MiB/s', 'linkify-it MiB/s', 'ratio', 'target', 'result'],
      suites.map((r) => {
        const target = TARGETS[r.corpus] ?? 1;
        const ratio = r.ours / r.theirs;
        return [r.corpus, (r.bytes / MiB).toFixed(2), `${r.ours.toFixed(1)} ±${r.oursRme.toFixed(0)}%`, `${r.theirs.toFixed(1)} ±${r.theirsRme.toFixed(0)}%`, fmtRatio(ratio), `≥ ${target}×`, passFail(ratio >= target)];
      }),
    ));
    out.push('');
  }
  process.stdout.write(out.join('\n') + '\n');
}

if (isMain(import.meta.url)) await main();
