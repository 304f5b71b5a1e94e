#!/usr/bin/env node
// urisift — print the URIs found in files or standard input. See README.md, "The urisift command".
import { main } from './cli/main.js';

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
