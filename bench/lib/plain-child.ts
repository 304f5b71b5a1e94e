// A measurement in a plain `node` process — no tsx loader (whose module-hooks
// thread costs ~35 MiB of RSS and competes for the CPU), just the built
// library, as a user's program or the CLI would run it: read a file, or
// stdin fed by the parent's generator, through createExtractStream({ mode })
// into a counting sink, and report the time, what was found, and the RSS.
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { BENCH_DIR, resultOfChild } from './util.js';

export interface PlainResult {
  ms: number;
  bytes: number;
  found: number;
  /** URIs containing the marker string. */
  markers: number;
  warnings: Record<string, number>;
  /** maxRSS (MiB) once the library is loaded, before the first byte. */
  startRssMiB: number;
  peakRssMiB: number;
  /** [bytes read, RSS in bytes] at every MiB of input. */
  samples: Array<[number, number]>;
}

const DIST = pathToFileURL(path.join(path.dirname(BENCH_DIR), 'dist', 'index.js')).href;

// argv: mode ('none': drain, no extractor), file ('-': stdin), marker.
const CODE = `
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createExtractStream } from ${JSON.stringify(DIST)};
const [mode, file, marker] = process.argv.slice(1);
const rss = () => process.resourceUsage().maxRSS / 1024;
const startRssMiB = rss();
const input = file === '-' ? process.stdin : fs.createReadStream(file);
let bytes = 0, next = 0, found = 0, markers = 0;
const samples = [], warnings = {};
input.on('data', (b) => {
  bytes += b.length;
  if (bytes >= next) { samples.push([bytes, process.memoryUsage.rss()]); next = bytes + 1048576; }
});
const sink = new Writable({ objectMode: true, highWaterMark: 1024, write(f, _e, cb) { found++; if (marker && f.uri.includes(marker)) markers++; cb(); } });
const t0 = performance.now();
if (mode === 'none') await pipeline(input, new Writable({ write(_c, _e, cb) { cb(); } }));
else await pipeline(input, createExtractStream({ mode, onWarning: (w) => { warnings[w.code] = (warnings[w.code] ?? 0) + (w.count ?? 1); } }), sink);
const ms = performance.now() - t0;
process.stdout.write('RESULT ' + JSON.stringify({ ms, bytes, found, markers, warnings, startRssMiB, peakRssMiB: rss(), samples }) + '\\n');
`;

/** Run one pass in a fresh plain node process: over `file`, or over `input` piped to its stdin. */
export function plainPass(mode: string, source: { file: string } | { input: Readable }, marker = '', timeoutS = 900): Promise<PlainResult | string> {
  const file = 'file' in source ? source.file : '-';
  return resultOfChild<PlainResult>(['--input-type=module', '-e', CODE, mode, file, marker], timeoutS, 'input' in source ? source.input : undefined);
}

/** Each mode's best pass (wall time, what it found and warned of), and the time of its pass in each round. */
export type PassesResult = Record<string, { ms: number; found: number; warnings: Record<string, number>; rounds: number[] }>;

// argv: file, runs, modes…: a warm-up pass of each, then `runs` rounds of one pass per mode, interleaved.
const PASSES = `
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createExtractStream } from ${JSON.stringify(DIST)};
const [file, runs, ...modes] = process.argv.slice(1);
async function pass(mode) {
  let found = 0;
  const warnings = {};
  const sink = new Writable({ objectMode: true, highWaterMark: 1024, write(_f, _e, cb) { found++; cb(); } });
  const onWarning = (w) => { warnings[w.code] = (warnings[w.code] ?? 0) + (w.count ?? 1); };
  const t0 = performance.now();
  await pipeline(fs.createReadStream(file), createExtractStream({ mode, onWarning }), sink);
  return { ms: performance.now() - t0, found, warnings };
}
for (const mode of [...modes].reverse()) await pass(mode);
const best = {}, rounds = {};
for (let i = 0; i < Number(runs); i++) {
  for (const mode of modes) {
    const r = await pass(mode);
    (rounds[mode] ??= []).push(r.ms);
    if (best[mode] === undefined || r.ms < best[mode].ms) best[mode] = r;
  }
}
for (const mode of modes) best[mode].rounds = rounds[mode];
process.stdout.write('RESULT ' + JSON.stringify(best) + '\\n');
`;

/**
 * Steady passes over `file` in one plain node process: a warm-up pass of
 * each mode, then `runs` rounds of one pass per mode, interleaved; the best
 * of each. Not in the bench's own (tsx) process: tsx's require hook compiles
 * the modules the library loads with require() (the mail and HTML readers,
 * see src/formats/reader.ts) to CommonJS of its own, with every export a
 * getter, which slows those modes' hot loops several times over.
 */
export function plainPasses(file: string, modes: readonly string[], runs: number, timeoutS = 900): Promise<PassesResult | string> {
  return resultOfChild<PassesResult>(['--input-type=module', '-e', PASSES, file, String(runs), ...modes], timeoutS);
}

/** RSS growth: peak over the second half of the input minus the peak over 5–25% (MiB). */
export function growthMiB(r: PlainResult): number {
  const peak = (lo: number, hi: number): number => Math.max(...r.samples.filter(([at]) => at >= lo * r.bytes && at <= hi * r.bytes).map(([, rss]) => rss));
  return (peak(0.5, 1) - peak(0.05, 0.25)) / (1024 * 1024);
}
