// A scanning worker: takes JobRequests, scans each file with the same code
// as the main thread, and sends back formatted lines in batches.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { describeError } from '../inputs.js';
import { Batcher, makeFormatter } from '../output.js';
import { scanInput, type ScanStats, type Sink } from '../scan.js';
import type { JobRequest, WorkerMessage, WorkerSetup } from './protocol.js';

const LINE_BATCH = 2000;
const PROGRESS_BATCH = 1 << 20;

const setup = workerData as WorkerSetup;
const port = parentPort;
const never = new AbortController().signal;

function post(message: WorkerMessage): void {
  const transfer = message.type === 'lines' && 'bytes' in message.batch ? [message.batch.bytes.buffer as ArrayBuffer] : [];
  port?.postMessage(message, transfer);
}

async function run(job: JobRequest): Promise<void> {
  const format = makeFormatter(setup.config, job.input.label, setup.showName);
  const lines = new Batcher(setup.config.unique);
  let bytes = 0;
  let uris = 0;
  const flush = (): void => {
    if (lines.size > 0) post({ type: 'lines', id: job.id, batch: lines.take() });
    if (bytes > 0 || uris > 0) post({ type: 'progress', bytes, uris });
    bytes = 0;
    uris = 0;
  };
  const sink: Sink = {
    hit(hit) {
      lines.add(format(hit));
      uris++;
      if (lines.size >= LINE_BATCH) flush();
    },
    ready: () => undefined,
    progress(n) {
      bytes += n;
      if (bytes >= PROGRESS_BATCH) flush();
    },
  };
  const stats: ScanStats = { unresolved: 0, warnings: [] };
  try {
    const result = await scanInput(job.input, setup.config, Readable.from([]), sink, never, stats);
    flush();
    post({ type: 'done', id: job.id, result, error: undefined, unresolved: stats.unresolved, warnings: stats.warnings });
  } catch (err) {
    flush();
    post({ type: 'done', id: job.id, result: undefined, error: describeError(err), unresolved: stats.unresolved, warnings: stats.warnings });
  }
}

port?.on('message', (job: JobRequest) => {
  void run(job);
});
