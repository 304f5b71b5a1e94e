#!/usr/bin/env node
// urisift — print the URIs found in files or standard input. See README.md, "The urisift command".
import { setFlagsFromString } from 'node:v8';
import { main } from './cli/main.js';
import { argvBytes } from './cli/names.js';

// A run of the command is one pass of a fresh process, much of it spent
// before the JIT has settled; a smaller inlining budget makes each of
// TurboFan's compiles cheaper: 8–15% less wall time on the real-text
// corpora, no loss on a 128 MiB input (bench/README.md, "The first pass").
// Read when a function is optimized, so setting it here is in time; a
// value the user gave node on its command line is kept.
const INLINING = '--max-inlined-bytecode-size-cumulative';
if (!process.execArgv.some((a) => a.replace(/_/g, '-').startsWith(INLINING))) setFlagsFromString(`${INLINING}=200`);

// glibc gives freed memory at the top of its heap back to the system past
// 128 KiB and serves blocks of 128 KiB or more with mmap, so the buffers of
// reading and decoding (60 and 120 KiB, freed in batches by each garbage
// collection) fault their pages in again and again; a page fault is dear on
// a virtual machine. Freeing one mmap'd block raises both thresholds to its
// size (glibc's dynamic threshold): this one is never touched and goes at
// the first collection. Whole runs over 32 MiB of real text took 5–10% less,
// with a quarter fewer faults (bench/README.md, "Page faults and the first
// pass"). Elsewhere it is an untouched allocation, freed the same way.
if (process.platform === 'linux') Buffer.allocUnsafeSlow(4 << 20);

const argv = process.argv.slice(2);
process.exitCode = await main(argv, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  argvBytes: argvBytes(argv),
});
