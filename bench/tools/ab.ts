// Two or more builds timed against each other in one plain `node` process
// (no tsx: under its loader the mail and HTML readers run 1.4–3× slower):
// each pass is `fs.createReadStream(file) → createExtractStream({ mode }) →
// count`, the builds' passes alternate (in reverse order every other round),
// and the best and median of each are printed. One process keeps its CPU
// for longer stretches than two do; `--pin` runs it with `taskset -c 0`
// (bench/README.md, "Reading the numbers": this machine's vCPUs differ).
//
//   npx tsx bench/tools/ab.ts --file bench/corpora/docs.html --mode html --dist OLD/dist --dist dist [--runs 8] [--pin]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { helpIfAsked } from '../lib/util.js';

helpIfAsked(import.meta.url);
const { values } = parseArgs({
  options: {
    file: { type: 'string' }, mode: { type: 'string', default: 'text' }, runs: { type: 'string', default: '8' },
    dist: { type: 'string', multiple: true }, pin: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (values.file === undefined || (values.dist?.length ?? 0) < 2 || !(Number.isInteger(runs) && runs >= 1)) {
  console.error('ab: --file FILE, two or more --dist DIR and --runs N (a whole number, at least 1)');
  process.exit(2);
}

const CHILD = `
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
const [file, mode, runs, ...dists] = process.argv.slice(1);
const builds = [];
for (const dist of dists) builds.push({ dist, lib: await import(dist), times: [], found: 0 });
async function pass(b) {
  let found = 0;
  const t0 = performance.now();
  await pipeline(fs.createReadStream(file), b.lib.createExtractStream({ mode }), new Writable({ objectMode: true, write(f, e, cb) { found++; cb(); } }));
  b.found = found;
  return performance.now() - t0;
}
for (const b of builds) await pass(b); // a warm-up pass each
for (let r = 0; r < Number(runs); r++) for (const b of r % 2 ? [...builds].reverse() : builds) b.times.push(await pass(b));
console.log(JSON.stringify(builds.map((b) => ({ dist: b.dist, found: b.found, times: b.times }))));
`;

const dists = values.dist!.map((d) => pathToFileURL(path.resolve(d, 'index.js')).href);
const node = [process.execPath, '--input-type=module', '-e', CHILD, values.file, values.mode!, String(runs), ...dists];
const run = values.pin ? spawnSync('taskset', ['-c', '0', ...node], { encoding: 'utf8' }) : spawnSync(node[0]!, node.slice(1), { encoding: 'utf8' });
if (run.status !== 0) {
  console.error(`ab: the child exited ${run.status ?? run.signal}: ${run.error?.message ?? run.stderr.slice(-2000)}`);
  process.exit(1);
}
const results = JSON.parse(run.stdout.trim().split('\n').pop()!) as { dist: string; found: number; times: number[] }[];
for (const [i, r] of results.entries()) {
  const t = [...r.times].sort((a, b) => a - b);
  console.log(`${values.dist![i]!.padEnd(24)} ${values.mode} ${path.basename(values.file)}: best ${t[0]!.toFixed(1)} ms, median ${t[t.length >> 1]!.toFixed(1)} ms, ${r.found} found`);
}
if (new Set(results.map((r) => r.found)).size > 1) console.log('ab: the builds found different numbers of URIs');
