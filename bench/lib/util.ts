// Shared helpers for the benches: a seeded PRNG, timing, formatting, paths.
// Nothing here imports the library, so the generators run without it.
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import path from 'node:path';
import os from 'node:os';
import { execFileSync, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';

export const BENCH_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const DATA_DIR = path.join(BENCH_DIR, 'data');
export const CORPORA_DIR = path.join(BENCH_DIR, 'corpora');
export const MiB = 1024 * 1024;

/** True when `metaUrl` is the module node was asked to run. */
/**
 * Write `head`, then what `next()` gives until the file holds at least `mib`
 * MiB (in writes of about 1 MiB), then `tail`; the bytes written.
 */
export function writeUntil(file: string, mib: number, next: () => string, head = '', tail = ''): number {
  const fd = fs.openSync(file, 'w');
  let bytes = fs.writeSync(fd, head);
  let buf: string[] = [];
  let held = 0;
  while (bytes < mib * MiB) {
    const s = next();
    buf.push(s);
    const b = Buffer.byteLength(s);
    held += b;
    bytes += b;
    if (held > MiB) {
      fs.writeSync(fd, buf.join(''));
      buf = [];
      held = 0;
    }
  }
  buf.push(tail);
  bytes += fs.writeSync(fd, buf.join('')) - held;
  fs.closeSync(fd);
  return bytes;
}

export function isMain(metaUrl: string): boolean {
  const arg = process.argv[1];
  if (arg === undefined) return false;
  return metaUrl === pathToFileURL(path.resolve(arg)).href;
}

/**
 * `--help` (or `-h`) in argv: print the opening comment of the bench at
 * metaUrl, which says what it measures and how it is run, and exit.
 */
export function helpIfAsked(metaUrl: string, argv: readonly string[] = process.argv.slice(2)): void {
  const dd = argv.indexOf('--');
  const own = dd === -1 ? argv : argv.slice(0, dd);
  if (!own.includes('--help') && !own.includes('-h')) return;
  const lines = fs.readFileSync(fileURLToPath(metaUrl), 'utf8').split('\n');
  const head: string[] = [];
  for (const line of lines) {
    if (line.startsWith('#!')) continue;
    if (!line.startsWith('//')) break;
    head.push(line.replace(/^\/\/ ?/, ''));
  }
  process.stdout.write(`${head.join('\n')}\n`);
  process.exit(0);
}

/** sfc32 seeded with a splitmix32 expansion of one integer: fast, deterministic, well mixed. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** [0, 1) */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error('pick from an empty list');
    return xs[this.int(xs.length)] as T;
  }

  /** Zipf-ish pick: earlier entries are more likely. */
  pickSkewed<T>(xs: readonly T[], skew = 2): T {
    if (xs.length === 0) throw new Error('pick from an empty list');
    return xs[Math.floor(Math.pow(this.float(), skew) * xs.length)] as T;
  }

  /** Pick by weight from [weight, value] pairs. */
  weighted<T>(table: readonly (readonly [number, T])[]): T {
    let total = 0;
    for (const [w] of table) total += w;
    let r = this.float() * total;
    for (const [w, v] of table) {
      r -= w;
      if (r < 0) return v;
    }
    const last = table[table.length - 1];
    if (last === undefined) throw new Error('weighted pick from an empty table');
    return last[1];
  }

  hex(n: number, upper = false): string {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[this.int(16)];
    return upper ? s.toUpperCase() : s;
  }

  alnum(n: number): string {
    const cs = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let s = '';
    for (let i = 0; i < n; i++) s += cs[this.int(cs.length)];
    return s;
  }

  digits(n: number): string {
    let s = String(1 + this.int(9));
    for (let i = 1; i < n; i++) s += String(this.int(10));
    return s;
  }
}

export function now(): number {
  return performance.now();
}

export function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (typeof g === 'function') g();
}

/** Time `fn` `runs` times after `warmup` untimed runs; returns the best (ms) and all times. */
export async function bestOf<T>(
  runs: number,
  fn: () => T | Promise<T>,
  warmup = 1,
): Promise<{ best: number; times: number[]; last: T }> {
  let last: T | undefined;
  for (let i = 0; i < warmup; i++) {
    gc();
    last = await fn();
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const t0 = now();
    last = await fn();
    times.push(now() - t0);
  }
  return { best: Math.min(...times), times, last: last as T };
}

export function fmtNum(x: number, digits = 0): string {
  if (!Number.isFinite(x)) return String(x);
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * The median over rounds of num[i] ÷ den[i], two passes timed side by side
 * in each round: a slow minute slows both, so the ratio of each round moves
 * less than the ratio of two bests, which may come from different minutes.
 */
export function pairedRatio(num: readonly number[], den: readonly number[]): number {
  const r = num.map((x, i) => x / den[i]!).sort((a, b) => a - b);
  const m = r.length >> 1;
  return r.length % 2 === 1 ? r[m]! : (r[m - 1]! + r[m]!) / 2;
}

export function fmtRatio(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return x >= 10 ? `${x.toFixed(1)}×` : `${x.toFixed(2)}×`;
}

export function fmtMs(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${ms.toFixed(ms >= 100 ? 0 : 1)} ms`;
}

export function mibPerSec(bytes: number, ms: number): number {
  return bytes / MiB / (ms / 1000);
}

/** A Markdown table (GitHub flavour); numeric-looking columns are right-aligned. */
export function mdTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const right = headers.map((_, i) =>
    rows.length > 0 && rows.every((r) => /^[-+<>≤≥~]?\s*[\d.,]+\s*(×|%|ms|s|MiB\/s|MiB|ops\/s)?$/.test((r[i] ?? '').trim())),
  );
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  const sep = headers.map((h, i) => (right[i] ? '-'.repeat(Math.max(3, h.length - 1)) + ':' : '-'.repeat(Math.max(3, h.length))));
  return [line(headers), line(sep), ...rows.map((r) => line(headers.map((_, i) => r[i] ?? '')))].join('\n');
}

export function passFail(ok: boolean): string {
  return ok ? 'pass' : '**FAIL**';
}

/** Progress and diagnostics go to stderr so stdout stays pasteable Markdown. */
export function log(...parts: unknown[]): void {
  process.stderr.write(parts.map(String).join(' ') + '\n');
}

export function machineLine(): string {
  return `node ${process.version}, ${process.platform}/${process.arch}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1) ?? '?'}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${revision()}`;
}

/** The commit measured, and whether src/ had uncommitted changes. */
export function revision(): string {
  try {
    const cwd = path.dirname(BENCH_DIR);
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() !== '';
    return `urisift ${head}${dirty ? ' + uncommitted src changes' : ''}`;
  } catch {
    return 'urisift (revision unknown)';
  }
}

/**
 * Run `node args` in a fresh process and take its `RESULT <json>` line; a
 * string saying why when it fails or runs past `timeoutS` (it is killed).
 */
export function resultOfChild<T>(args: readonly string[], timeoutS: number, input?: Readable): Promise<T | string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...args], { stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'] });
    let out = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutS * 1000);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (s: string) => (out += s));
    if (input !== undefined && child.stdin !== null) {
      pipeline(input, child.stdin).catch(() => undefined); // EPIPE if the child dies: reported below
    }
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (line !== undefined && code === 0) resolve(JSON.parse(line.slice(7)) as T);
      else resolve(timedOut ? `stopped after ${timeoutS} s` : `exit ${String(code)}`);
    });
  });
}

/** A bench's command line: the named string options and --quick. */
export interface BenchOptions {
  quick: boolean;
  /** A number option: its value, else `quick` under --quick, else `full`. */
  num(name: string, full: number, quick?: number): number;
  /** The --part list, else `all`. */
  parts(all: readonly string[]): string[];
}

export function benchOptions(argv: readonly string[], names: readonly string[]): BenchOptions {
  if (process.argv[1] !== undefined) helpIfAsked(pathToFileURL(path.resolve(process.argv[1])).href, argv);
  const { values } = parseArgs({
    args: [...argv],
    options: { ...Object.fromEntries(names.map((k) => [k, { type: 'string' as const }])), quick: { type: 'boolean' } },
    strict: true,
  });
  const v = values as Record<string, string | boolean | undefined>;
  const quick = v.quick === true;
  return {
    quick,
    num: (k, full, q = full) => (typeof v[k] === 'string' ? Number(v[k]) : quick ? q : full),
    parts: (all) => (typeof v.part === 'string' ? v.part.split(',') : [...all]),
  };
}
