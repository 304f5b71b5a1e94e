// The progress bar (cli-progress) on stderr: bytes done/total, rate, URIs
// found, ETA. It only ever draws on a terminal, never into a pipe or file.
import type cliProgress from 'cli-progress';
import { requireOwn } from '../modules.js';

export interface ProgressOptions {
  /** --progress (true) / --no-progress (false) / automatic (undefined). */
  wanted: boolean | undefined;
  stderrIsTTY: boolean;
  stdoutIsTTY: boolean;
  /** Sum of the inputs' sizes; undefined when unknown (stdin), or not known yet (setTotal). */
  total: number | undefined;
  /** Automatic mode waits this long before drawing, so short runs stay silent. */
  delayMs?: number;
}

/** Does this run draw a bar at all? */
export function progressEnabled(o: ProgressOptions): boolean {
  if (!o.stderrIsTTY || o.wanted === false) return false;
  return o.wanted === true || !o.stdoutIsTTY;
}

/** Spacing of bar updates: 30 of them (etaBuffer) make a 3 s ETA window. */
const UPDATE_MS = 100;

const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function formatBytes(n: number): string {
  let i = 0;
  for (; n >= 1024 && i < units.length - 1; i++) n /= 1024;
  return `${n.toFixed(i === 0 ? 0 : 1)} ${units[i] ?? 'B'}`;
}

/** `1h02m`, `3m05s`, `42s`; `?` while cli-progress has no estimate ('NULL', 'INF'). */
export function formatSeconds(t: unknown): string {
  if (typeof t !== 'number' || !Number.isFinite(t)) return '?';
  const s = Math.round(t);
  const pad = (n: number): string => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}h${pad(Math.floor((s % 3600) / 60))}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${pad(s % 60)}s`;
  return `${s}s`;
}

/** Counts bytes and URIs; draws once the delay has passed (if enabled). */
export class Progress {
  #bar: cliProgress.SingleBar | undefined;
  #multi: cliProgress.MultiBar | undefined;
  #timer: NodeJS.Timeout | undefined;
  #total: number | undefined;
  #stopped = false;
  readonly #started = Date.now();
  #lastUpdate = 0;
  bytes = 0;
  uris = 0;
  /** A bar may be drawn in this run: the counts matter (workers send theirs only then). */
  readonly enabled: boolean;

  constructor(options: ProgressOptions) {
    this.#total = options.total;
    this.enabled = progressEnabled(options);
    if (!this.enabled) return;
    const delay = options.wanted === true ? 0 : (options.delayMs ?? 1000);
    this.#timer = setTimeout(() => this.#start(), delay);
    this.#timer.unref();
  }

  add(bytes: number, uris: number): void {
    this.bytes += bytes;
    this.uris += uris;
    // cli-progress estimates the ETA from its last `etaBuffer` updates; spaced
    // updates keep that window wide (per-URI updates would span 0 ms).
    const now = Date.now();
    if (this.#bar === undefined || now - this.#lastUpdate < UPDATE_MS) return;
    this.#lastUpdate = now;
    this.#bar.update(this.bytes, this.#payload());
  }

  /** Print a notice on stderr without tearing the bar. */
  log(message: string, write: (text: string) => void): void {
    if (this.#multi !== undefined) this.#multi.log(`${message}\n`);
    else write(`${message}\n`);
  }

  /** The run has ended: nothing is drawn any more. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** The total once counted: a bar drawn without one is drawn again with its percentage and ETA. */
  setTotal(total: number | undefined): void {
    if (this.#stopped || total === undefined) return;
    this.#total = total;
    if (this.#multi === undefined || total <= 0) return;
    this.#erase();
    this.#start();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#erase();
  }

  #erase(): void {
    // cli-progress holds logged lines until its next redraw; lines logged since the last one go out before the bar is erased
    this.#multi?.update();
    this.#multi?.stop();
    this.#multi = undefined;
    this.#bar = undefined;
  }

  #start(): void {
    const known = this.#total !== undefined && this.#total > 0;
    // Loaded when a bar is first drawn: most runs draw none.
    const { MultiBar } = requireOwn('cli-progress') as typeof cliProgress;
    this.#multi = new MultiBar({
      format: known
        ? ' {bar} {percentage}% | {done}/{size} | {rate} | {uris} URIs | ETA {eta_formatted}'
        : ' {done} | {rate} | {uris} URIs | {duration_formatted}',
      stream: process.stderr,
      clearOnComplete: true,
      hideCursor: null,
      barsize: 24,
      fps: 8,
      etaBuffer: 30,
      formatTime: formatSeconds,
    });
    this.#bar = this.#multi.create(known ? (this.#total ?? 1) : 1, Math.min(this.bytes, this.#total ?? 0), this.#payload());
  }

  #payload(): Record<string, string> {
    const seconds = Math.max((Date.now() - this.#started) / 1000, 0.001);
    return {
      done: formatBytes(this.bytes),
      size: formatBytes(this.#total ?? 0),
      rate: `${formatBytes(this.bytes / seconds)}/s`,
      uris: String(this.uris),
    };
  }
}
