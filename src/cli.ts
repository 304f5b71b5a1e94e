#!/usr/bin/env node
// urisift — print the URIs found in files or standard input. See README.md, "The urisift command".
import { main } from './cli/main.js';
import { argvBytes } from './cli/names.js';

const argv = process.argv.slice(2);
process.exitCode = await main(argv, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  argvBytes: argvBytes(argv),
});
