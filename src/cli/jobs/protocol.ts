// Messages between the main thread and the scanning workers (--jobs N).
import type { Config } from '../args.js';
import type { Input } from '../inputs.js';
import type { LineBatch } from '../output.js';
import type { ScanResult } from '../scan.js';

/** Given to each worker once, as workerData. */
export interface WorkerSetup {
  config: Config;
  showName: boolean;
}

/** main → worker: scan this input. */
export interface JobRequest {
  id: number;
  input: Input;
}

/** worker → main. `lines` and `progress` come in batches; `done` ends a job. */
export type WorkerMessage =
  | { type: 'lines'; id: number; batch: LineBatch }
  | { type: 'progress'; bytes: number; uris: number }
  | { type: 'done'; id: number; result: ScanResult | undefined; error: string | undefined; unresolved: number; warnings: string[] };
