// Linear-time check: for each pathological pattern (bench/lib/patterns.ts),
// time extract() on 1 MiB and 16 MiB of it (best of 3) and print t16/t1, which
// is 16 for a linear scan; over 20 is flagged. The same through
// createExtractStream() fed 64 KiB chunks. Each pattern and mode runs in a
// worker thread that is stopped at a deadline, so a quadratic case shows up
// as TIMEOUT instead of hanging the bench.
//
//   npx tsx bench/linear.ts [--small 1] [--large 16] [--runs 3] [--budget 20] [--pattern '<'] [--mode string|stream]
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { LinearJob, LinearMessage, LinearPass, LinearStart } from './lib/linear-worker.js';
import { PATTERNS } from './lib/patterns.js';
import { fmtMs, fmtNum, isMain, log, mdTable, now, helpIfAsked } from './lib/util.js';

interface Outcome {
  pattern: string;
  mode: LinearJob['mode'];
  small?: LinearMessage;
  large?: LinearMessage;
  error?: string;
  timedOut: boolean;
  elapsed: number;
  /** When the large size could not be timed: the same at a sixteenth of the sizes. */
  fallback?: Outcome;
  /** When the timed passes at the large size began, and how long they had run when stopped. */
  largeStarted?: number | undefined;
  largeRunning?: number;
}

function runJob(job: LinearJob, budgetMs: number): Promise<Outcome> {
  const url = new URL('./lib/linear-worker.ts', import.meta.url).href;
  // Workers don't inherit tsx's loader: register it first, then import the worker module.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(url)}); });`;
  return new Promise((resolve) => {
    const t0 = now();
    const out: Outcome = { pattern: job.pattern, mode: job.mode, timedOut: false, elapsed: 0 };
    const worker = new Worker(boot, { eval: true, workerData: job });
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      out.elapsed = now() - t0;
      resolve(out);
    };
    const timer = setTimeout(() => {
      out.timedOut = true;
      // Only a large pass that never finished is a lower bound; a finished one is a measurement.
      if (out.largeStarted !== undefined && out.large === undefined) out.largeRunning = now() - out.largeStarted;
      void worker.terminate().then(finish, finish);
    }, budgetMs);
    worker.on('message', (m: LinearMessage | LinearStart | LinearPass) => {
      const isSmall = m.size === job.sizes[0];
      if (m.kind === 'start') {
        if (!isSmall) out.largeStarted = now();
      } else if (m.kind === 'pass') {
        // Keep completed passes, so a stop mid-way still reports the best so far.
        const have = isSmall ? out.small : out.large;
        const best: LinearMessage = have === undefined
          ? { kind: 'done', size: m.size, best: m.ms, times: [m.ms], found: m.found }
          : { ...have, best: Math.min(have.best, m.ms), times: [...have.times, m.ms], found: m.found };
        if (isSmall) out.small = best;
        else {
          out.large = best;
          out.largeStarted = undefined;
        }
      } else if (isSmall) out.small = m;
      else out.large = m;
    });
    worker.on('error', (e: Error) => {
      out.error = e.message;
    });
    worker.on('exit', finish);
  });
}

function fmtSize(mib: number): string {
  return mib >= 1 ? `${mib} MiB` : `${Math.round(mib * 1024)} KiB`;
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  helpIfAsked(import.meta.url, argv);
  const { values } = parseArgs({
    args: argv,
    options: {
      small: { type: 'string' },
      large: { type: 'string' },
      runs: { type: 'string' },
      budget: { type: 'string' },
      total: { type: 'string' },
      pattern: { type: 'string', multiple: true },
      mode: { type: 'string', multiple: true },
    },
    strict: false,
  });
  const small = typeof values.small === 'string' ? Number(values.small) : 1;
  const large = typeof values.large === 'string' ? Number(values.large) : 16;
  const runs = typeof values.runs === 'string' ? Number(values.runs) : 3;
  const budget = (typeof values.budget === 'string' ? Number(values.budget) : 15) * 1000;
  const total = (typeof values.total === 'string' ? Number(values.total) : 170) * 1000;
  const onlyPatterns = Array.isArray(values.pattern) ? values.pattern.map(String) : undefined;
  const modes = (Array.isArray(values.mode) ? values.mode.map(String) : ['string', 'stream']) as LinearJob['mode'][];
  const expect = large / small;

  const patterns = PATTERNS.filter((p) => onlyPatterns === undefined || onlyPatterns.includes(p.name));
  const outcomes: Outcome[] = [];
  const start = now();
  for (const p of patterns) {
    for (const mode of modes) {
      // Share what is left of the total fairly among the jobs still to run.
      const left = (patterns.length - patterns.indexOf(p)) * modes.length - modes.indexOf(mode);
      const remaining = total - (now() - start);
      const allowed = Math.max(3000, Math.min(budget, remaining / Math.max(1, left) * 2));
      let o = await runJob({ pattern: p.name, mode, sizes: [small, large], runs, chunk: 64 * 1024 }, allowed);
      const first = o.small !== undefined && o.large !== undefined ? o.large.best / o.small.best : NaN;
      if (first > expect * 1.25 && first < expect * 5) {
        // Borderline: a noisy neighbour, a GC at the wrong time, or a 1 MiB
        // text that stays in cache while 16 MiB does not (a pass of a few
        // milliseconds) can do this. Measure once more and keep the lower
        // ratio. Quadratic work gives about 16 × 16 = 256, far above 5 × 16,
        // and is flagged without a second look.
        log(`  ${p.name.padEnd(16)} ${mode.padEnd(6)} borderline ratio ${first.toFixed(1)}: measuring again`);
        const again = await runJob({ pattern: p.name, mode, sizes: [small, large], runs, chunk: 64 * 1024 }, allowed);
        const second = again.small !== undefined && again.large !== undefined ? again.large.best / again.small.best : NaN;
        if (second < first) o = again;
      }
      if (o.large === undefined && o.error === undefined) {
        // Too slow to time at these sizes: measure the scaling a sixteenth as large, so slow-but-linear and superlinear can be told apart.
        o.fallback = await runJob({ pattern: p.name, mode, sizes: [small / 16, small], runs, chunk: 64 * 1024 }, Math.min(budget, 20_000));
        const f = o.fallback;
        log(`  ${''.padEnd(16)} ${mode.padEnd(6)} fallback: ${fmtSize(small / 16)} ${f.small ? fmtMs(f.small.best) : '—'}  ${fmtSize(small)} ${f.large ? fmtMs(f.large.best) : '—'}`);
      }
      outcomes.push(o);
      const r = o.small !== undefined && o.large !== undefined ? o.large.best / o.small.best : NaN;
      log(
        `  ${p.name.padEnd(16)} ${mode.padEnd(6)} ${small} MiB ${o.small ? fmtMs(o.small.best) : '—'}  ` +
          `${large} MiB ${o.large ? fmtMs(o.large.best) : o.timedOut ? `> ${fmtMs(allowed)} (stopped)` : '—'}  ` +
          `ratio ${Number.isNaN(r) ? '—' : r.toFixed(1)}${o.error ? `  error: ${o.error}` : ''}`,
      );
    }
  }

  const rows = outcomes.map((o) => {
    const ratio = o.small !== undefined && o.large !== undefined ? o.large.best / o.small.best : NaN;
    let verdict: string;
    if (o.error !== undefined) verdict = `**ERROR** ${o.error.slice(0, 60)}`;
    else if (o.large !== undefined) verdict = ratio > expect * 1.25 ? '**SUPERLINEAR**' : 'linear';
    else if (o.fallback?.small !== undefined && o.fallback.large !== undefined) {
      const f = o.fallback as Required<Pick<Outcome, 'small' | 'large'>>;
      const r = f.large.best / f.small.best;
      const rate = small / (f.large.best / 1000);
      verdict = `${r > 16 * 1.25 ? '**SUPERLINEAR**' : '**SLOW**'}: t${fmtSize(small)}/t${fmtSize(small / 16)} = ${r.toFixed(1)}, ${rate < 1 ? rate.toFixed(2) : rate.toFixed(0)} MiB/s at ${fmtSize(small)}`;
    } else if (o.fallback?.small !== undefined) {
      const f = o.fallback;
      const fs = f.small as LinearMessage;
      const lower = f.largeRunning !== undefined ? f.largeRunning / fs.best : NaN;
      const rate = small / 16 / (fs.best / 1000);
      verdict = lower > 16 * 1.25
        ? `**SUPERLINEAR**: t${fmtSize(small)}/t${fmtSize(small / 16)} > ${lower.toFixed(0)} (stopped), ${rate < 1 ? rate.toFixed(2) : rate.toFixed(0)} MiB/s at ${fmtSize(small / 16)}`
        : `**SLOW**: ${rate < 1 ? rate.toFixed(2) : rate.toFixed(0)} MiB/s at ${fmtSize(small / 16)}; ${fmtSize(small)} not timed`;
    }
    else if (o.timedOut) {
      const lower = o.largeRunning !== undefined && o.small !== undefined ? o.largeRunning / o.small.best : NaN;
      verdict = o.small === undefined ? `**TIMEOUT** at ${small} MiB` : lower > expect * 1.25 ? '**SUPERLINEAR** (stopped)' : '**TIMEOUT** (too slow to tell)';
    }
    else if (ratio > expect * 1.25) verdict = '**SUPERLINEAR**';
    else verdict = 'linear';
    const rate = o.large !== undefined ? (large / (o.large.best / 1000)).toFixed(0) : '—';
    return [
      `\`${o.pattern}\``,
      o.mode,
      o.small ? fmtMs(o.small.best) : '—',
      o.large ? fmtMs(o.large.best) : o.largeRunning !== undefined ? `> ${fmtMs(o.largeRunning)}` : '—',
      Number.isNaN(ratio) ? (o.largeRunning !== undefined && o.small !== undefined ? `> ${(o.largeRunning / o.small.best).toFixed(0)}` : '—') : ratio.toFixed(1),
      rate,
      o.large ? fmtNum(o.large.found) : o.small ? `(${fmtNum(o.small.found)} at ${small} MiB)` : '—',
      verdict,
    ];
  });
  const out: string[] = [];
  out.push('### Linear time on pathological input');
  out.push('');
  out.push(
    `t${large}/t${small}: time on ${large} MiB over time on ${small} MiB, best of ${runs} (5 at ${small} MiB); linear is ${expect}, over ${expect * 1.25} is flagged. ` +
      `\`string\` is extract(text); \`stream\` is createExtractStream() fed 64 KiB chunks. ` +
      `A borderline ratio (${expect * 1.25}–${expect * 5}) is measured twice and the lower kept. ` +
      `A pattern too slow to time at ${large} MiB within its deadline is measured again at ${fmtSize(small / 16)} and ${fmtSize(small)} (verdict column).`,
  );
  out.push('');
  out.push(mdTable(['pattern', 'mode', `t${small}`, `t${large}`, `t${large}/t${small}`, `MiB/s at ${large}`, `found at ${large} MiB`, 'verdict'], rows));
  out.push('');
  out.push('Patterns:');
  out.push('');
  for (const p of patterns) out.push(`- \`${p.name}\`: ${p.about}`);
  out.push('');
  process.stdout.write(out.join('\n') + '\n');
}

if (isMain(import.meta.url)) await main();
