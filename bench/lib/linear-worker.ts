// Worker for bench/linear.ts: times one pattern in one mode at each size and
// posts the results as it goes, so the parent can stop it at a deadline.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createExtractStream, extract } from '../../dist/index.js';
import { PATTERNS } from './patterns.js';
import { MiB, gc, now } from './util.js';

export interface LinearJob {
  pattern: string;
  mode: 'string' | 'stream';
  sizes: number[];
  runs: number;
  chunk: number;
}

/** Posted when a timed pass at `size` begins and when it ends. */
export interface LinearStart {
  kind: 'start';
  size: number;
}

export interface LinearPass {
  kind: 'pass';
  size: number;
  ms: number;
  found: number;
}

export interface LinearMessage {
  kind: 'done';
  size: number;
  best: number;
  times: number[];
  found: number;
}

async function streamOnce(chunks: Buffer[], options: { maxLength: number } | undefined): Promise<number> {
  let n = 0;
  const sink = new Writable({
    objectMode: true,
    write(_o: unknown, _e, cb) {
      n++;
      cb();
    },
  });
  await pipeline(Readable.from(chunks), createExtractStream(options), sink);
  return n;
}

async function run(job: LinearJob): Promise<void> {
  const pattern = PATTERNS.find((p) => p.name === job.pattern);
  if (pattern === undefined) throw new Error(`no pattern ${job.pattern}`);
  let warmed = false;
  for (const size of job.sizes) {
    // Flatten: String#repeat builds a rope, and the first scan would pay for flattening it.
    const text = Buffer.from(pattern.make(size * MiB), 'latin1').toString('latin1');
    let once: () => Promise<number> | number;
    if (job.mode === 'string') {
      once = () => extract(text, pattern.options).length;
    } else {
      const buf = Buffer.from(text, 'latin1');
      const chunks: Buffer[] = [];
      for (let i = 0; i < buf.length; i += job.chunk) chunks.push(buf.subarray(i, i + job.chunk));
      once = () => streamOnce(chunks, pattern.options);
    }
    if (!warmed) {
      await once();
      warmed = true;
    }
    const times: number[] = [];
    let found = 0;
    // Small sizes are cheap and noisy: give them more passes, and time a pass
    // shorter than 25 ms as the mean of enough repeats to fill 25 ms.
    const runs = size === job.sizes[0] ? Math.max(job.runs, 5) : job.runs;
    let reps = 1;
    for (let i = 0; i < runs; i++) {
      gc();
      const start: LinearStart = { kind: 'start', size };
      parentPort?.postMessage(start);
      const t0 = now();
      for (let k = 0; k < reps; k++) found = await once();
      const ms = (now() - t0) / reps;
      times.push(ms);
      if (i === 0 && ms < 25) reps = Math.min(200, Math.ceil(25 / Math.max(ms, 0.01)));
      const pass: LinearPass = { kind: 'pass', size, ms, found };
      parentPort?.postMessage(pass);
      // A slow pass needs fewer repeats (and one very slow pass says enough).
      if (ms > 4000 || (ms > 1500 && i >= 1)) break;
    }
    const msg: LinearMessage = { kind: 'done', size, best: Math.min(...times), times, found };
    parentPort?.postMessage(msg);
  }
}

await run(workerData as LinearJob);
