// Runs every bench in sequence, each in a fresh node process (its own JIT
// state and heap, so one bench's garbage can't skew the next, and RSS in the
// memory bench is its own). Each child prints a Markdown block on stdout and
// progress on stderr, so `npm run bench > results.md` keeps only the tables.
//
//   npm run bench                                  # everything (~15–25 min on 2 cores)
//   npm run bench -- --only uri,linear             # a subset
//   npm run bench -- --only memory -- --mib 64     # args after a second -- go to each bench
//   npm run bench -- --quick                       # smaller, faster settings, for a smoke test
//   npm run bench -- --out bench/results.md        # also write the Markdown to a file
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_DIR, fmtMs, isMain, log, machineLine, now, helpIfAsked } from './lib/util.js';

interface BenchDef {
  name: string;
  file: string;
  about: string;
  quick: string[];
  /** Seconds before the child is stopped. */
  timeout: number;
}

export const BENCHES: readonly BenchDef[] = [
  { name: 'corpora', file: 'corpora.ts', about: 'make bench/corpora/ if missing', quick: [], timeout: 300 },
  { name: 'real', file: 'real-corpora.ts', about: 'make bench/corpora/real/ (real text) if missing; repeat shares', quick: [], timeout: 300 },
  { name: 'uri', file: 'uri.bench.ts', about: 'parse / resolve / normalize vs fast-uri and uri-js', quick: ['--max-time', '0.5', '--rounds', '1'], timeout: 300 },
  { name: 'extract', file: 'extract.bench.ts', about: 'extract() vs linkify-it on the corpora', quick: ['--mib', '4', '--runs', '2', '--no-suite'], timeout: 400 },
  { name: 'pipeline', file: 'pipeline.ts', about: 'createExtractStream() pipeline vs decode-only', quick: ['--runs', '1'], timeout: 300 },
  { name: 'cli', file: 'cli-vs-grep.ts', about: 'the CLI as a whole process vs grep -oE', quick: ['--runs', '1'], timeout: 300 },
  { name: 'linear', file: 'linear.ts', about: 'pathological inputs, t16/t1', quick: ['--large', '4', '--runs', '1', '--total', '60'], timeout: 300 },
  { name: 'memory', file: 'memory.ts', about: '512 MiB endless candidate, RSS bound', quick: ['--mib', '64'], timeout: 300 },
  { name: 'formats', file: 'formats.ts', about: 'mail and html modes vs text mode; memory of big mail', quick: ['--quick'], timeout: 1500 },
  { name: 'logs', file: 'logs.ts', about: 'log mode vs text mode and linkify-it; 1 GiB log, 200 MiB line', quick: ['--quick'], timeout: 1500 },
];

function childArgs(file: string): string[] {
  const args = [...process.execArgv];
  if (!args.some((a) => a.includes('tsx'))) args.push('--import', import.meta.resolve('tsx'));
  if (!args.includes('--expose-gc')) args.push('--expose-gc');
  return [...args, path.join(BENCH_DIR, file)];
}

function runChild(b: BenchDef, extra: string[], sink: string[]): Promise<{ code: number | null; ms: number; timedOut: boolean }> {
  return new Promise((resolve) => {
    const t0 = now();
    const child = spawn(process.execPath, [...childArgs(b.file), ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      log(`  ${b.name}: over ${b.timeout} s, stopping it (pid ${child.pid ?? '?'})`);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }, b.timeout * 1000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (s: string) => {
      process.stdout.write(s);
      sink.push(s);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: now() - t0, timedOut });
    });
  });
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const dd = argv.indexOf('--');
  const own = dd === -1 ? argv : argv.slice(0, dd);
  const passThrough = dd === -1 ? [] : argv.slice(dd + 1);
  helpIfAsked(import.meta.url, argv);
  const { values } = parseArgs({
    args: own,
    options: { only: { type: 'string', multiple: true }, quick: { type: 'boolean' }, out: { type: 'string' }, list: { type: 'boolean' } },
    strict: true,
  });
  if (values.list === true) {
    for (const b of BENCHES) process.stdout.write(`${b.name.padEnd(9)} ${b.about}\n`);
    return;
  }
  const only = values.only?.flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  for (const name of only ?? []) {
    if (!BENCHES.some((b) => b.name === name)) throw new Error(`no bench named ${name}; have ${BENCHES.map((b) => b.name).join(', ')}`);
  }
  const selected = only === undefined ? BENCHES : BENCHES.filter((b) => only.includes(b.name));

  const collected: string[] = [];
  const header = `## urisift benchmarks\n\n${machineLine()}${values.quick === true ? ' — **quick settings**' : ''}. Every figure is a ratio against a reference measured in the same run.\n\n`;
  process.stdout.write(header);
  collected.push(header);
  const failures: string[] = [];
  const t0 = now();
  for (const b of selected) {
    log(`\n== ${b.name}: ${b.about}`);
    const extra = [...(values.quick === true ? b.quick : []), ...passThrough];
    const r = await runChild(b, extra, collected);
    log(`== ${b.name}: ${fmtMs(r.ms)}${r.code === 0 ? '' : `, exit ${String(r.code)}`}`);
    if (r.code !== 0 || r.timedOut) {
      failures.push(b.name);
      const note = `**${b.name}: ${r.timedOut ? `stopped after ${b.timeout} s` : `failed (exit ${String(r.code)})`}**\n\n`;
      process.stdout.write(note);
      collected.push(note);
    }
  }
  log(`\nall benches: ${fmtMs(now() - t0)}${failures.length > 0 ? `; failed: ${failures.join(', ')}` : ''}`);
  if (typeof values.out === 'string') fs.writeFileSync(values.out, collected.join(''));
  if (failures.length > 0) process.exitCode = 1;
}

if (isMain(import.meta.url)) await main();
