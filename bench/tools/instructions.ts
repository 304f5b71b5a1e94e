// Instructions per steady pass of extract() over the start of a file, counted
// by valgrind's cachegrind under node's --predictable (some of V8's choices
// otherwise depend on time, and a loaded machine moved one build's count by
// 15%): the same to about 0.03% from run to run, where
// wall time on this machine moves by 10% and more from one minute to the
// next (bench/README.md, "Reading the numbers"). A pass's count is the
// difference between a run of --to passes and one of --from, divided by the
// difference: node's start, the loading and the first passes' compiles, which
// both runs share, cancel out. The JIT goes on changing its code for the
// first several passes over 2 MiB, so count from the 10th: over passes 6..10
// one build may still be compiled differently from another and seem 5–10%
// cheaper or dearer than it is. Give several --dist to compare builds (A/B).
// Instructions are not time (a mispredicted branch or a cache miss costs more
// than one): check a change that saves them with timed runs too. And two
// builds are two programs to the JIT, which may inline or order unrelated
// code differently: differences of 2–3% can come from that alone. For a
// small change, compare the functions it touches (callgrind with
// `node --perf-prof`, bench/README.md, "HTML mode: instructions").
//
//   npm run build && npx tsx bench/tools/instructions.ts --file bench/corpora/docs.html --mode html [--bytes 2097152] [--from 10] [--to 20] [--dist dist --dist ../other/dist]
//
// Needs valgrind (Debian: apt-get install valgrind). Each count takes two
// runs of node under valgrind: about 3 minutes for 2 MiB of HTML.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_DIR, helpIfAsked } from '../lib/util.js';

helpIfAsked(import.meta.url);
const { values } = parseArgs({
  options: {
    file: { type: 'string' }, mode: { type: 'string', default: 'text' }, bytes: { type: 'string', default: String(2 * 1024 * 1024) },
    from: { type: 'string', default: '10' }, to: { type: 'string', default: '20' }, dist: { type: 'string', multiple: true },
  },
});
if (values.file === undefined) {
  console.error('instructions: --file FILE is required');
  process.exit(2);
}
const from = Number(values.from);
const to = Number(values.to);
if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 1 && to > from)) {
  console.error('instructions: --from and --to are whole numbers, 1 <= from < to');
  process.exit(2);
}

// The child: extract() of the file's first --bytes (0: all of it), as bytes, --passes times.
const CHILD = `
import fs from 'node:fs';
const [dist, file, bytes, mode, passes] = process.argv.slice(1);
const { extract } = await import(dist);
const all = fs.readFileSync(file);
const input = Number(bytes) > 0 ? all.subarray(0, Number(bytes)) : all;
let found = 0;
for (let i = 0; i < Number(passes); i++) found += extract(input, { mode }).length;
console.log(found);
`;

/** The instructions of a whole run of `passes` passes. */
function count(dist: string, passes: number): number {
  const args = ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', '--predictable',
    '--input-type=module', '-e', CHILD, pathToFileURL(path.resolve(dist, 'index.js')).href, values.file!, values.bytes!, values.mode!, String(passes)];
  const run = spawnSync('valgrind', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error !== undefined) throw new Error(`valgrind: ${run.error.message} (is it installed?)`);
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr);
  if (run.status !== 0 || refs === null) throw new Error(`valgrind exited ${run.status}: ${run.stderr.slice(-2000)}`);
  return Number(refs[1]!.replace(/,/g, ''));
}

for (const dist of values.dist ?? [path.join(path.dirname(BENCH_DIR), 'dist')]) {
  const perPass = (count(dist, to) - count(dist, from)) / (to - from);
  console.log(`${dist}: ${values.mode} ${path.basename(values.file)} (${values.bytes === '0' ? 'whole' : `${values.bytes} bytes`}): ${(perPass / 1e6).toFixed(1)} M instructions per pass (passes ${from}..${to})`);
}
