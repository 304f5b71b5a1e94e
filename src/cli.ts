#!/usr/bin/env node
// urisift — print the URIs found in files or standard input. See README.md, "The urisift command".
import { EXIT_INTERRUPTED, main } from './cli/main.js';
import { argvBytes } from './cli/names.js';
import { tuneForOnePass } from './stream/one-pass.js';

// A run of the command is one pass of a fresh process: a smaller TurboFan
// inlining budget and glibc's malloc thresholds raised made whole runs over
// 32 MiB of real text 8–15% and 5–10% shorter (src/stream/one-pass.ts says
// why; docs/cli.md says what a user can change).
tuneForOnePass();

const argv = process.argv.slice(2);
const status = await main(argv, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  argvBytes: argvBytes(argv),
});
// Interrupted (Ctrl-C): end now, even when a reader that does not read (a
// pager left open) holds output back; what it has not taken is dropped.
if (status === EXIT_INTERRUPTED) process.exit(status);
process.exitCode = status;
