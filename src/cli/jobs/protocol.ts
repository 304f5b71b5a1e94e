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

/** main → worker: scan this input; or: one of your line batches is written. */
export type MainMessage =
  | { type: 'job'; id: number; input: Input }
  | { type: 'ack' };

/**
 * worker → main. `ready` once its modules are loaded; `lines` and `progress`
 * come in batches; `done` ends a job, with the job's last line batch if any
 * (a small file's only one: one message for it, not two).
 */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'lines'; id: number; batch: LineBatch }
  | { type: 'progress'; bytes: number; uris: number }
  | { type: 'done'; id: number; batch: LineBatch | undefined; result: ScanResult | undefined; error: string | undefined; stats: ScanStats };
