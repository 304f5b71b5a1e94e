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

const argv = process.argv.slice(2);
process.exitCode = await main(argv, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  argvBytes: argvBytes(argv),
});
