// Messages between the main thread and the scanning workers (--jobs N).
import type { Config } from '../args.js';
import type { Input } from '../inputs.js';
import type { LineBatch } from '../output.js';
import type { ScanResult, ScanStats } from '../scan.js';

/** Line batches a worker may send before the first is acknowledged (credit.ts). */
export const WINDOW = 4;

/** Given to each worker once, as workerData. */
export interface WorkerSetup {
  config: Config;
  showName: boolean;
  /** A progress bar may be drawn: send `progress` messages (else none). */
  progress: boolean;
}

/** main → worker: scan these inputs, one after the other; or: `count` of your line batches are written. */
export type MainMessage =
  | { type: 'jobs'; jobs: Array<{ id: number; input: Input }> }
  | { type: 'ack'; count: number };

/** A job's end: its last line batch if any (a small file's only one), and how it went. */
export interface JobDone {
  id: number;
  batch: LineBatch | undefined;
  result: ScanResult | undefined;
  error: string | undefined;
  stats: ScanStats;
}

/**
 * worker → main. `ready` once its modules are loaded; `lines` and `progress`
 * come in batches; `done` ends jobs, in order (a worker handed a batch of
 * small files reports their ends together).
 */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'lines'; id: number; batch: LineBatch }
  | { type: 'progress'; bytes: number; uris: number }
  | { type: 'done'; jobs: JobDone[] };
