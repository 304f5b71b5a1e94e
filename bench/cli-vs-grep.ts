// The CLI end to end, as a whole process, against grep on the same file:
//   node dist/cli.js FILE | (drained)
//   LC_ALL=C grep -oE 'https?://[^[:space:]<>]+' FILE | (drained)
// interleaved (urisift, grep, urisift, …), best and median of --runs (5) of
// each, wall time of the process from spawn to exit (node's start, module
// load and output included). grep finds less (http and https only, no
// rules), so it is the floor of a one-line search, not an equal.
// First the start alone, on an empty file: `node -e 0`, urisift and grep,
// interleaved, best of 3 × --runs; node's start ÷ grep's time on a corpus
// is the floor of that corpus's ratio for any program node runs. A second
// floor, timed with each corpus: node reading the file and decoding it
// (bench/lib/decode-floor.cjs), what any program that reads it as text pays.
// When the environment names extra CA certificates (NODE_EXTRA_CA_CERTS),
// node parses them, and its own root store, before any script runs; urisift
// opens no connection, so each run is also timed with the variable unset
// (docs/cli.md, "Node's start and NODE_EXTRA_CA_CERTS").
//
//   npx tsx bench/cli-vs-grep.ts [--runs 5] [--set real|generated|both] [--corpus access.log]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { corpusLabel, selectCorpora } from './real-corpora.js';
import { BENCH_DIR, MiB, fmtMs, fmtNum, fmtRatio, isMain, log, mdTable, now, passFail, helpIfAsked } from './lib/util.js';

const CLI = path.join(path.dirname(BENCH_DIR), 'dist', 'cli.js');
const DECODE_FLOOR = path.join(BENCH_DIR, 'lib', 'decode-floor.cjs');
const GREP_RE = 'https?://[^[:space:]<>]+';
/** urisift's time ÷ grep's: the target, and what the issue aims at. */
const TARGET = 5;
const AIM = 3;

/**
 * Wall time of one process, and the lines it printed. Its output goes to a
 * pipe this process drains, not to /dev/null: GNU grep notices an output of
 * /dev/null and stops at the first match (3 ms for 32 MiB), which would time
 * nothing.
 */
function timeProcess(cmd: string, args: readonly string[], env: NodeJS.ProcessEnv): { ms: number; lines: number } {
  const t0 = now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], env, maxBuffer: 1 << 30 });
  const ms = now() - t0;
  if (r.status !== 0 && !(cmd === 'grep' && r.status === 1)) throw new Error(`${cmd} exited with ${String(r.status)}`);
  let lines = 0;
  for (let i = r.stdout.indexOf(10); i !== -1; i = r.stdout.indexOf(10, i + 1)) lines++;
  return { ms, lines };
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Best wall times of node alone, urisift and grep on an empty file, interleaved. */
function startTimes(runs: number, env: NodeJS.ProcessEnv, bare: NodeJS.ProcessEnv | undefined): { node: number; ours: number; grep: number; bare: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'urisift-start-'));
  const empty = path.join(dir, 'empty.txt');
  writeFileSync(empty, '');
  const best = [Infinity, Infinity, Infinity, Infinity];
  try {
    for (let i = 0; i < runs; i++) {
      best[0] = Math.min(best[0]!, timeProcess(process.execPath, ['-e', '0'], env).ms);
      best[1] = Math.min(best[1]!, timeProcess(process.execPath, [CLI, empty], env).ms);
      best[2] = Math.min(best[2]!, timeProcess('grep', ['-oE', GREP_RE, empty], env).ms);
      if (bare !== undefined) best[3] = Math.min(best[3]!, timeProcess(process.execPath, ['-e', '0'], bare).ms);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  log(`  start: node -e 0 ${fmtMs(best[0]!)}, urisift ${fmtMs(best[1]!)}, grep ${fmtMs(best[2]!)}${bare === undefined ? '' : `, node -e 0 without NODE_EXTRA_CA_CERTS ${fmtMs(best[3]!)}`}`);
  return { node: best[0]!, ours: best[1]!, grep: best[2]!, bare: best[3]! };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  helpIfAsked(import.meta.url, argv);
  const { values } = parseArgs({
    args: argv, options: { runs: { type: 'string' }, set: { type: 'string' }, corpus: { type: 'string', multiple: true } }, strict: false,
  });
  const runs = typeof values.runs === 'string' ? Number(values.runs) : 5;
  const only = Array.isArray(values.corpus) ? values.corpus.map(String) : undefined;
  const corpora = selectCorpora(values.set).filter((c) => only === undefined || only.includes(c.name));
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C' };
  // The same environment without the extra CA certificates, when it names some.
  const bare = env['NODE_EXTRA_CA_CERTS'] ? { ...env, NODE_EXTRA_CA_CERTS: '' } : undefined;
  const start = startTimes(3 * runs, env, bare);
  const rows: string[][] = [];
  for (const c of corpora) {
    const label = corpusLabel(c);
    const ours = [process.execPath, [CLI, c.file]] as const;
    const grep = ['grep', ['-oE', GREP_RE, c.file]] as const;
    const found = [0, 0];
    const a: number[] = [];
    const b: number[] = [];
    let unset = Infinity;
    let decode = Infinity;
    for (let i = 0; i < runs; i++) {
      const x = timeProcess(...ours, env);
      const y = timeProcess(...grep, env);
      if (bare !== undefined) unset = Math.min(unset, timeProcess(...ours, bare).ms);
      decode = Math.min(decode, timeProcess(process.execPath, [DECODE_FLOOR, c.file], env).ms);
      a.push(x.ms);
      b.push(y.ms);
      found[0] = x.lines;
      found[1] = y.lines;
      log(`  ${label} run ${i + 1}: urisift ${fmtMs(a[i]!)}, grep -oE ${fmtMs(b[i]!)}`);
    }
    const best = Math.min(...a) / Math.min(...b);
    const mid = median(a) / median(b);
    rows.push([
      label, (c.bytes / MiB).toFixed(1), fmtMs(Math.min(...a)), fmtMs(Math.min(...b)), fmtRatio(best), fmtRatio(mid),
      `${passFail(best <= TARGET)}${best <= AIM ? ' (≤ 3×)' : ''}`, fmtRatio(start.node / Math.min(...b)), fmtRatio(decode / Math.min(...b)),
      bare === undefined ? '—' : fmtRatio(unset / Math.min(...b)), fmtNum(found[0]!), fmtNum(found[1]!),
    ]);
  }
  const out = [
    '### CLI end to end: `urisift FILE` against `LC_ALL=C grep -oE` on the same file',
    '',
    `Whole processes, wall time from spawn to exit, output drained through a pipe (grep stops at its first match when its output is /dev/null), interleaved, ${runs} runs each. Target: urisift ≤ ${TARGET}× grep's time (aim ${AIM}×), judged on the best of each.`,
    '',
    mdTable(['corpus', 'MiB', 'urisift best', 'grep best', 'ratio (best)', 'ratio (median)', 'target', "floor: node's start ÷ grep", 'floor: node reads and decodes ÷ grep', 'ratio (best), NODE_EXTRA_CA_CERTS unset', 'urisift lines', 'grep lines'], rows),
    '',
    `The start, on an empty file, best of ${3 * runs} interleaved: \`node -e 0\` ${fmtMs(start.node)}, \`urisift EMPTY\` ${fmtMs(start.ours)} (urisift's own start ${fmtMs(start.ours - start.node)}), \`grep -oE … EMPTY\` ${fmtMs(start.grep)}. No program run by node can beat the first floor column; none that reads the file as text, the second (\`node bench/lib/decode-floor.cjs FILE\`: 60 KiB reads, a streaming TextDecoder, best of the runs, interleaved with the others).${bare === undefined ? '' : ` This environment sets NODE_EXTRA_CA_CERTS (${env['NODE_EXTRA_CA_CERTS']}), which node loads when it starts: \`node -e 0\` takes ${fmtMs(start.bare)} without it. The column "NODE_EXTRA_CA_CERTS unset" is urisift's best run with it unset (docs/cli.md); the target is judged with the environment as it is.`}`,
    '',
  ];
  process.stdout.write(out.join('\n') + '\n');
}

if (isMain(import.meta.url)) await main();
