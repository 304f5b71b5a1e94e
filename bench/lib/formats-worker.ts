// Part 3c of the formats bench in a process of its own: mail and text mode
// on one message whose body is a single line, at 1 MiB and `mib` MiB. Run by
// bench/formats.ts as
//   node --import tsx bench/lib/formats-worker.ts '{"kind":"line","mib":16,"runs":3}'
// and prints one line "RESULT <json>" on stdout. (The other parts' children
// are plain node processes: bench/lib/plain-child.ts.)
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createExtractStream } from '../../dist/index.js';
import { END_MARKER, longLineMessage } from './format-inputs.js';
import { loadTextPool } from './text-pool.js';
import { MiB, isMain, now } from './util.js';

export type Mode = 'mail' | 'text' | 'html';

export interface LineResult { sizes: Array<{ mib: number; bytes: number; mail: number; text: number; foundMail: number; foundText: number; markerMail: number; markerText: number; warnings: Record<string, number> }>; peakRssMiB: number }

const maxRssMiB = (): number => process.resourceUsage().maxRSS / 1024; // KiB → MiB

/** source → createExtractStream({ mode }) → a sink that counts (mode 'none': the bare source, drained). */
export async function runPass(source: Readable, mode: Mode | 'none', marker?: string, onBytes?: (n: number) => void): Promise<{ ms: number; bytes: number; found: number; markers: number; warnings: Record<string, number> }> {
  let found = 0;
  let markers = 0;
  let bytes = 0;
  const warnings: Record<string, number> = {};
  source.on('data', (b: Buffer) => {
    bytes += b.length;
    onBytes?.(bytes);
  });
  const sink = new Writable({
    objectMode: true,
    highWaterMark: 1024,
    write(f: { uri: string }, _e, cb) {
      found++;
      if (marker !== undefined && f.uri.includes(marker)) markers++;
      cb();
    },
  });
  const t0 = now();
  if (mode === 'none') {
    await pipeline(source, new Writable({ write: (_c, _e, cb) => cb() }));
  } else {
    const onWarning = (w: { code: string; count?: number }): void => {
      warnings[w.code] = (warnings[w.code] ?? 0) + (w.count ?? 1);
    };
    await pipeline(source, createExtractStream({ mode, onWarning }), sink);
  }
  return { ms: now() - t0, bytes, found, markers, warnings };
}

/** A Readable over `buf` in 64 KiB slices. */
export function sliced(buf: Buffer): Readable {
  let at = 0;
  return new Readable({
    highWaterMark: 65536,
    read() {
      if (at >= buf.length) {
        this.push(null);
        return;
      }
      this.push(buf.subarray(at, at + 65536));
      at += 65536;
    },
  });
}

async function lineJob(mib: number, runs: number): Promise<LineResult> {
  const pool = loadTextPool(MiB);
  const sizes: LineResult['sizes'] = [];
  for (const size of [1, mib]) {
    const buf = longLineMessage(pool, size);
    const best = { mail: Infinity, text: Infinity };
    let last: Record<'mail' | 'text', Awaited<ReturnType<typeof runPass>> | undefined> = { mail: undefined, text: undefined };
    // Warm-up (passes of each mode for at least 300 ms), then interleaved
    // passes; a pass under 25 ms is the mean of enough repeats to fill 25 ms.
    for (const mode of ['mail', 'text'] as const) {
      const t0 = now();
      do await runPass(sliced(buf), mode);
      while (now() - t0 < 300);
    }
    for (let i = 0; i < runs; i++) {
      for (const mode of ['mail', 'text'] as const) {
        let reps = 0; // no gc() here: a pass after a forced full GC is slower than a steady one (bench/README.md, pipeline)
        const t0 = now();
        do {
          last = { ...last, [mode]: await runPass(sliced(buf), mode, END_MARKER) };
          reps++;
        } while (now() - t0 < 25);
        best[mode] = Math.min(best[mode], (now() - t0) / reps);
      }
    }
    sizes.push({
      mib: size, bytes: buf.length, mail: best.mail, text: best.text,
      foundMail: last.mail?.found ?? 0, foundText: last.text?.found ?? 0,
      markerMail: last.mail?.markers ?? 0, markerText: last.text?.markers ?? 0,
      warnings: last.mail?.warnings ?? {},
    });
  }
  return { sizes, peakRssMiB: maxRssMiB() };
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '{}') as { kind: string; mib?: number; runs?: number };
  if (job.kind !== 'line') throw new Error(`unknown job ${job.kind}`);
  process.stdout.write(`RESULT ${JSON.stringify(await lineJob(job.mib!, job.runs!))}\n`);
}

if (isMain(import.meta.url)) await main();
