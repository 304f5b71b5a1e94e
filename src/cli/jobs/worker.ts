// A scanning worker: takes jobs, scans each file with the same code as the
// main thread, and sends back formatted lines in batches — at most WINDOW
// batches ahead of the main thread's acks, so a slow stdout stops the scan
// here instead of piling lines up in memory.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { describeError, type Input } from '../inputs.js';
import { Batcher, makeFormatter, type LineBatch } from '../output.js';
import { newScanStats, scanInput, type Sink } from '../scan.js';
import { Credit } from './credit.js';
import { WINDOW, type JobDone, type MainMessage, type WorkerMessage, type WorkerSetup } from './protocol.js';

const LINE_BATCH = 2000;
/** A batch also ends at this many UTF-16 units of lines (long JSON lines). */
const BATCH_CHARS = 256 * 1024;
const PROGRESS_BATCH = 1 << 20;

const setup = workerData as WorkerSetup;
const port = parentPort;
const never = new AbortController().signal;
const credit = new Credit(WINDOW);

/** Jobs ended and not yet reported: sent together, before any other message and before this worker waits for credit. */
const ended: JobDone[] = [];

function post(message: WorkerMessage): void {
  if (message.type !== 'done') sendEnded();
  const batches = message.type === 'lines' ? [message.batch] : message.type === 'done' ? message.jobs.map((j) => j.batch) : [];
  const transfer = batches.flatMap((b) => (b !== undefined && 'bytes' in b ? [b.bytes.buffer as ArrayBuffer] : []));
  if (message.type === 'lines') credit.spend();
  port?.postMessage(message, transfer);
}

function sendEnded(): void {
  if (ended.length > 0) post({ type: 'done', jobs: ended.splice(0) });
}

/** Report a job's end with the next message; at once if its lines used the last credit (their ack is then awaited). */
function jobEnded(job: JobDone): void {
  ended.push(job);
  if (job.batch === undefined) return;
  credit.spend();
  if (credit.wait() !== undefined) sendEnded();
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
    ready: () => {
      const wait = credit.wait();
      if (wait !== undefined) sendEnded(); // their acks are what it waits for
      return wait;
    },
    progress(n) {
      bytes += n;
      if (bytes >= PROGRESS_BATCH) flush();
    },
  };
  return { sink, flush, last };
}

async function run(id: number, input: Input): Promise<void> {
  const { sink, last } = jobSink(id, input.label);
  const stats = newScanStats();
  let result;
  let error;
  try {
    result = await scanInput(input, setup.config, Readable.from([]), sink, never, stats);
  } catch (err) {
    error = describeError(err);
  }
  jobEnded({ id, batch: last(), result, error, stats });
}

/** Jobs handed over and not yet begun, in order; `running` while one is scanned. */
const queue: Array<{ id: number; input: Input }> = [];
let running = false;

async function runQueued(): Promise<void> {
  if (running) return;
  running = true;
  for (let job = queue.shift(); job !== undefined; job = queue.shift()) await run(job.id, job.input);
  running = false;
  sendEnded(); // idle until the main thread has these
}

port?.on('message', (message: MainMessage) => {
  if (message.type === 'ack') return credit.refund(message.count);
  queue.push(...message.jobs);
  void runQueued();
});
port?.postMessage({ type: 'ready' } satisfies WorkerMessage);
