// Bounded memory: stream 512 MiB with no newline and no `>` — `<http://a/`
// followed by `x` forever, made on the fly by a Readable (fresh 64 KiB Buffers,
// no file) — through createExtractStream(), sampling RSS and heapUsed. The
// candidate never closes, so an extractor that buffers it grows without end;
// one that gives up at maxLength stays flat.
//
//   npx tsx bench/memory.ts [--mib 512] [--limit 200] [--head '<http://a/'] [--fill x]
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createExtractStream } from '../dist/index.js';
import { MiB, fmtMs, fmtNum, isMain, log, mdTable, now, passFail, helpIfAsked } from './lib/util.js';

const CHUNK = 64 * 1024;

interface Sample {
  at: number;
  rss: number;
  heapUsed: number;
  external: number;
}

export function endlessInput(totalBytes: number, head: string, fill: string, onChunk?: (sent: number) => void): Readable {
  const fillByte = Buffer.from(fill, 'latin1');
  let sent = 0;
  return new Readable({
    highWaterMark: CHUNK,
    read() {
      if (sent >= totalBytes) {
        this.push(null);
        return;
      }
      const n = Math.min(CHUNK, totalBytes - sent);
      // A fresh buffer every time, as a file or socket would give.
      const buf = Buffer.allocUnsafe(n);
      buf.fill(fillByte);
      if (sent === 0) buf.write(head.slice(0, n), 0, 'latin1');
      sent += n;
      onChunk?.(sent);
      this.push(buf);
    },
  });
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  helpIfAsked(import.meta.url, argv);
  const { values } = parseArgs({
    args: argv,
    options: { mib: { type: 'string' }, limit: { type: 'string' }, head: { type: 'string' }, fill: { type: 'string' }, deadline: { type: 'string' } },
    strict: false,
  });
  const mib = typeof values.mib === 'string' ? Number(values.mib) : 512;
  const limit = typeof values.limit === 'string' ? Number(values.limit) : 200;
  const head = typeof values.head === 'string' ? values.head : '<http://a/';
  const fill = typeof values.fill === 'string' ? values.fill : 'x';
  const total = mib * MiB;
  const deadline = (typeof values.deadline === 'string' ? Number(values.deadline) : 150) * 1000;

  const samples: Sample[] = [];
  let seen = 0;
  let found = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    samples.push({ at: seen, rss: m.rss, heapUsed: m.heapUsed, external: m.external + m.arrayBuffers });
  };
  sample();
  const before = samples[0] as Sample;

  // Count bytes as they are made (at most a highWaterMark ahead of the extractor); sample every MiB.
  const input = endlessInput(total, head, fill, (sent) => {
    const prev = seen;
    seen = sent;
    if (Math.floor(seen / MiB) !== Math.floor(prev / MiB)) sample();
  });
  const sink = new Writable({
    objectMode: true,
    write(_o: unknown, _e, cb) {
      found++;
      cb();
    },
  });
  const timer = setInterval(sample, 50);
  log(`memory: ${mib} MiB of ${JSON.stringify(head)} + ${JSON.stringify(fill)}… through createExtractStream()`);
  const t0 = now();
  let error: string | undefined;
  // A superlinear extractor would take hours over 512 MiB: stop at the deadline and report what was seen.
  const abort = new AbortController();
  let stopped = false;
  const stopTimer = setTimeout(() => {
    stopped = true;
    abort.abort();
  }, deadline);
  let lastLog = 0;
  const progress = setInterval(() => {
    if (seen - lastLog >= 64 * MiB || now() - t0 > 10_000) {
      const m = samples[samples.length - 1];
      log(`  ${fmtNum(seen / MiB)} MiB in ${fmtMs(now() - t0)}, RSS ${((m?.rss ?? 0) / MiB).toFixed(0)} MiB`);
      lastLog = seen;
    }
  }, 5000);
  try {
    await pipeline(input, createExtractStream(), sink, { signal: abort.signal });
  } catch (e) {
    if (!stopped) error = e instanceof Error ? e.message : String(e);
  }
  const ms = now() - t0;
  clearTimeout(stopTimer);
  clearInterval(progress);
  clearInterval(timer);
  sample();
  const done = stopped ? seen : total;
  if (stopped) log(`  stopped at the ${fmtMs(deadline)} deadline after ${fmtNum(seen / MiB)} of ${fmtNum(mib)} MiB`);

  const peakRss = Math.max(...samples.map((s) => s.rss));
  const peakHeap = Math.max(...samples.map((s) => s.heapUsed));
  const peakExt = Math.max(...samples.map((s) => s.external));
  // Growth: the peak over the second half against the peak over the first quarter (after warm-up).
  const q = (from: number, to: number): Sample[] => samples.filter((s) => s.at >= from * done && s.at <= to * done);
  const peakOf = (ss: Sample[], k: 'rss' | 'heapUsed'): number => (ss.length > 0 ? Math.max(...ss.map((s) => s[k])) : NaN);
  const earlyRss = peakOf(q(0.05, 0.25), 'rss');
  const lateRss = peakOf(q(0.5, 1), 'rss');
  const earlyHeap = peakOf(q(0.05, 0.25), 'heapUsed');
  const lateHeap = peakOf(q(0.5, 1), 'heapUsed');
  const growth = (lateRss - earlyRss) / MiB;
  const bounded = peakRss / MiB < limit && growth < 32 && error === undefined && !stopped;

  const checkpoints = [0.1, 0.25, 0.5, 0.75, 1].map((f) => {
    const s = samples.reduce((best, x) => (Math.abs(x.at - f * done) < Math.abs(best.at - f * done) ? x : best), before);
    return [`${(f * 100).toFixed(0)}% (${fmtNum(s.at / MiB)} MiB)`, (s.rss / MiB).toFixed(1), (s.heapUsed / MiB).toFixed(1), (s.external / MiB).toFixed(1)];
  });
  const out: string[] = [];
  out.push('### Memory: an endless unclosed candidate through createExtractStream()');
  out.push('');
  out.push(
    `${fmtNum(mib)} MiB of \`${head}\` + \`${fill}\`… (no newline, no \`>\`), generated in 64 KiB Buffers; ${fmtNum(samples.length)} samples. ` +
      (stopped
        ? `**Stopped at the ${fmtMs(deadline)} deadline after ${fmtNum(done / MiB)} MiB** (${(done / MiB / (ms / 1000)).toFixed(2)} MiB/s)`
        : `${fmtMs(ms)}, ${(mib / (ms / 1000)).toFixed(1)} MiB/s`) +
      `, ${fmtNum(found)} found${error ? `, **error: ${error}**` : ''}.`,
  );
  out.push('');
  out.push(mdTable(
    ['', 'RSS MiB', 'heapUsed MiB', 'external+arrayBuffers MiB'],
    [
      ['before', (before.rss / MiB).toFixed(1), (before.heapUsed / MiB).toFixed(1), (before.external / MiB).toFixed(1)],
      ...checkpoints,
      ['**peak**', `**${(peakRss / MiB).toFixed(1)}**`, `**${(peakHeap / MiB).toFixed(1)}**`, (peakExt / MiB).toFixed(1)],
    ],
  ));
  out.push('');
  out.push(mdTable(
    ['check', 'measured', 'target', ''],
    [
      ['peak RSS', `${(peakRss / MiB).toFixed(1)} MiB`, `< ${limit} MiB`, passFail(peakRss / MiB < limit)],
      ['RSS growth, first quarter → second half (peaks)', `${growth.toFixed(1)} MiB`, '< 32 MiB', passFail(growth < 32)],
      ['heapUsed growth, same', `${((lateHeap - earlyHeap) / MiB).toFixed(1)} MiB`, '—', '—'],
      ['finished within the deadline', stopped ? `no (${fmtNum(done / MiB)} of ${fmtNum(mib)} MiB)` : 'yes', 'yes', passFail(!stopped)],
      ['bounded', bounded ? 'yes' : 'no', 'yes', passFail(bounded)],
    ],
  ));
  out.push('');
  process.stdout.write(out.join('\n') + '\n');
}

if (isMain(import.meta.url)) await main();
