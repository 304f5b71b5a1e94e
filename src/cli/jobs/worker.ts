// A scanning worker: takes jobs, scans each file with the same code as the
// main thread, and sends back formatted lines in batches — at most WINDOW
// batches ahead of the main thread's acks, so a slow stdout stops the scan
// here instead of piling lines up in memory.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { describeError } from '../inputs.js';
import { Batcher, makeFormatter, type LineBatch } from '../output.js';
import { newScanStats, scanInput, type Sink } from '../scan.js';
import { Credit } from './credit.js';
import { WINDOW, type MainMessage, type WorkerMessage, type WorkerSetup } from './protocol.js';

const LINE_BATCH = 2000;
/** A batch also ends at this many UTF-16 units of lines (long JSON lines). */
const BATCH_CHARS = 256 * 1024;
const PROGRESS_BATCH = 1 << 20;

const setup = workerData as WorkerSetup;
const port = parentPort;
const never = new AbortController().signal;
const credit = new Credit(WINDOW);

function post(message: WorkerMessage): void {
  const batch = message.type === 'lines' || message.type === 'done' ? message.batch : undefined;
  const transfer = batch !== undefined && 'bytes' in batch ? [batch.bytes.buffer as ArrayBuffer] : [];
  if (batch !== undefined) credit.spend();
  port?.postMessage(message, transfer);
}

/** A job's sink; `flush` sends what is held, `last` hands the held lines over for the job's `done`. */
function jobSink(id: number, label: string): { sink: Sink; flush: () => void; last: () => LineBatch | undefined } {
  const format = makeFormatter(setup.config, label, setup.showName);
  const lines = new Batcher(setup.config.unique);
  let bytes = 0;
  let uris = 0;
  const sendProgress = (): void => {
    if (setup.progress && (bytes > 0 || uris > 0)) post({ type: 'progress', bytes, uris });
    bytes = 0;
    uris = 0;
  };
  const flush = (): void => {
    if (lines.size > 0) post({ type: 'lines', id, batch: lines.take() });
    sendProgress();
  };
  const last = (): LineBatch | undefined => {
    sendProgress();
    return lines.size > 0 ? lines.take() : undefined;
  };
  const sink: Sink = {
    hit(hit) {
      lines.add(format(hit));
      uris++;
      if (lines.size >= LINE_BATCH || lines.chars >= BATCH_CHARS) flush();
    },
    ready: () => credit.wait(),
    progress(n) {
      bytes += n;
      if (bytes >= PROGRESS_BATCH) flush();
    },
  };
  return { sink, flush, last };
}

async function run(id: number, input: MainMessage & { type: 'job' }): Promise<void> {
  const { sink, last } = jobSink(id, input.input.label);
  const stats = newScanStats();
  let result;
  let error;
  try {
    result = await scanInput(input.input, setup.config, Readable.from([]), sink, never, stats);
  } catch (err) {
    error = describeError(err);
  }
  post({ type: 'done', id, batch: last(), result, error, stats });
}

port?.on('message', (message: MainMessage) => {
  if (message.type === 'ack') credit.refund();
  else void run(message.id, message);
});
port?.postMessage({ type: 'ready' } satisfies WorkerMessage);
