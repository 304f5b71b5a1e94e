// The first pass of a fresh process: a plain `node` (no tsx, no warm-up)
// that loads the built library and runs read → createExtractStream() → count
// once over a file, timed inside the process from the first read to the end
// (node's start and the module load are the CLI bench's business). What one
// run of a program over one file sees, before the JIT has settled; `tuned`,
// the same in a program that calls tuneForOnePass() first, as the CLI does.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_DIR } from './util.js';

const DIST = pathToFileURL(path.join(path.dirname(BENCH_DIR), 'dist', 'index.js')).href;

const code = (tuned: boolean): string => `
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { createExtractStream, tuneForOnePass } from ${JSON.stringify(DIST)};
${tuned ? 'tuneForOnePass();' : ''}
let found = 0;
const sink = new Writable({ objectMode: true, highWaterMark: 1024, write(_o, _e, cb) { found++; cb(); } });
const t0 = performance.now();
await pipeline(fs.createReadStream(process.argv[1]), createExtractStream(), sink);
process.stdout.write(JSON.stringify({ ms: performance.now() - t0, found }));
`;

/** One fresh process's single pass over `file` (after tuneForOnePass() when `tuned`). */
export function freshPass(file: string, tuned = false): { ms: number; found: number } {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code(tuned), file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out) as { ms: number; found: number };
}
