#!/usr/bin/env node
// Runs the uvu suites (through tsx) and ends with the plain closing line CI
// reads, "N passed, N failed"; the exit code is uvu's own.
import { spawn } from 'node:child_process';

const pattern = process.argv[2] ?? '\\.test\\.ts$';
// The tests start node hundreds of times (the command's tests run it as a
// user does). Extra CA certificates, which some environments name and node
// parses at every start, serve no test: nothing here opens a connection.
const env = { ...process.env, NODE_EXTRA_CA_CERTS: '' };
const child = spawn(process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', 'test', pattern], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env,
});
let tail = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString()).slice(-4096);
});
child.on('close', (code, signal) => {
  const plain = tail.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const failed = Math.max(total - passed, code === 0 ? 0 : 1);
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exitCode = code ?? (signal ? 1 : 0);
});
