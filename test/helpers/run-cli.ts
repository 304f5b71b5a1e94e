// Run the built CLI (dist/cli.js) as a child process with real pipes.
import { spawn, type SpawnOptions } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  stdin?: string | Uint8Array;
  cwd?: string;
  /** Called once the child is running (e.g. to send it a signal). */
  onSpawn?: (child: ReturnType<typeof spawn>) => void;
  env?: NodeJS.ProcessEnv;
  /** A file the child's stdout is opened on (as `> FILE`), instead of a pipe. */
  stdoutTo?: string | undefined;
  /** A child still running after this long is killed (SIGKILL), so a hang fails its test instead of stalling the suite. Default 120 s. */
  timeoutMs?: number;
}

/** Spawn `command args`; stdin gets `options.stdin` (then EOF) unless onSpawn keeps it. */
export function runCommand(command: string, args: readonly string[], options: RunOptions = {}): Promise<Run> {
  const stdoutFd = options.stdoutTo === undefined ? undefined : openSync(options.stdoutTo, 'w');
  const stdio: SpawnOptions['stdio'] = ['pipe', stdoutFd ?? 'pipe', 'pipe'];
  const spawnOptions: SpawnOptions = { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio };
  const child = spawn(command, [...args], spawnOptions);
  if (stdoutFd !== undefined) closeSync(stdoutFd); // the child has its own
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on('data', (c: Buffer) => out.push(c));
  child.stderr?.on('data', (c: Buffer) => err.push(c));
  child.stdin?.on('error', () => {}); // the child may exit before reading everything
  if (options.onSpawn !== undefined) options.onSpawn(child);
  else child.stdin?.end(options.stdin ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

/** Run `node dist/cli.js args`. */
export function urisift(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  return runCommand(process.execPath, [CLI, ...args], options);
}
