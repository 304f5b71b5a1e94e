// --jobs N: files are scanned on worker threads; output keeps input order
// (order.ts). At most N workers, N already capped at the CPU count (args.ts)
// and here at the number of files. Backpressure: a worker sends at most
// WINDOW line batches ahead of stdout (credit.ts), and no new job is handed
// out while stdout is full or too much is held for later inputs. stdin is
// scanned on this thread, under the same credit rule.
import type { Worker } from 'node:worker_threads';
import type { Input } from '../inputs.js';
import { fsPath } from '../names.js';
import { releaseFifo } from '../open.js';
import { makeFormatter } from '../output.js';
import { scanHere, type RunContext } from '../run.js';
import type { Sink } from '../scan.js';
import { Credit } from './credit.js';
import { InOrder } from './order.js';
import { type MainMessage, type WorkerMessage, type WorkerSetup } from './protocol.js';
import { ownUrl, requireOwn } from '../../modules.js';

/** Lines of stdin that may wait, unwritten, for their turn. */
const STDIN_WINDOW = 4096;

/** A sink for stdin, scanned on this thread while it waits for its turn. */
function orderedSink(ctx: RunContext, order: InOrder, id: number, input: Input): Sink {
  const format = makeFormatter(ctx.config, input.label, ctx.showName);
  const credit = new Credit(STDIN_WINDOW);
  return {
    hit(hit) {
      const line = format(hit);
      credit.spend();
      order.lines(id, { lines: [line.text], keys: [line.key ?? line.text] }, () => credit.refund());
      ctx.progress.add(0, 1);
    },
    ready: () => credit.wait(),
    progress: (bytes) => ctx.progress.add(bytes, 0),
  };
}

/** Scan an input on this thread (stdin; files when no worker could start). */
async function scanOnMain(ctx: RunContext, order: InOrder, id: number): Promise<void> {
  const input = ctx.inputs[id] as Input;
  const r = await scanHere(ctx, input, orderedSink(ctx, order, id, input));
  if (!ctx.signal.aborted) order.done(id, r.result, r.error, r.stats);
}

export async function runParallel(ctx: RunContext, jobs: number): Promise<void> {
  const order = new InOrder(ctx);
  const queue: number[] = [];
  // Standard input named more than once is read once, by its first '-', as
  // with --jobs 1: each '-' is scanned after the one before it has ended.
  // Scanned side by side, two pipelines took turns at the same stream, and
  // the later one, waiting for its turn in the output, held the stream back
  // from the first one for good (the run ended with exit status 13, output lost).
  let stdinTurn: Promise<void> = Promise.resolve();
  ctx.inputs.forEach((input, id) => {
    if (input.error !== undefined) order.done(id, undefined, input.error);
    else if (input.path === '-') stdinTurn = stdinTurn.then(() => scanOnMain(ctx, order, id));
    else queue.push(id);
  });
  order.advance();
  const pool = new Pool(ctx, order, queue);
  order.onProgress = () => pool.dispatch();
  for (let i = 0; i < Math.min(jobs, queue.length); i++) pool.spawn();
  const stop = (): void => pool.stop();
  ctx.signal.addEventListener('abort', stop, { once: true });
  await Promise.race([order.finished, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
  ctx.signal.removeEventListener('abort', stop);
  pool.stop();
}

interface Job {
  id: number | undefined;
  failure: string;
  /** The worker loaded its modules (it sent 'ready'). */
  ready: boolean;
}

/** Workers taking inputs from a shared queue; an idle worker ends when the queue is empty, a crashed one is replaced. */
class Pool {
  readonly #workers = new Set<Worker>();
  readonly #idle: Worker[] = [];
  /** Each worker's current input (undefined when idle) and why it failed, if it does. */
  readonly #jobs = new Map<Worker, Job>();
  readonly #setup: WorkerSetup;
  readonly #ctx: RunContext;
  readonly #order: InOrder;
  readonly #queue: number[];
  #stopped = false;

  constructor(ctx: RunContext, order: InOrder, queue: number[]) {
    this.#setup = { config: ctx.config, showName: ctx.showName };
    this.#ctx = ctx;
    this.#order = order;
    this.#queue = queue;
  }

  spawn(): void {
    // node:worker_threads is loaded here, with the first worker: a run without --jobs never needs it
    const { Worker: WorkerThread } = requireOwn('node:worker_threads') as typeof import('node:worker_threads');
    const worker = new WorkerThread(ownUrl('./cli/jobs/worker.js'), { workerData: this.#setup });
    this.#workers.add(worker);
    const job: Job = { id: undefined, failure: 'exited', ready: false };
    this.#jobs.set(worker, job);
    const ack = (): void => void worker.postMessage({ type: 'ack' } satisfies MainMessage);
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') job.ready = true;
      else if (m.type === 'lines') this.#order.lines(m.id, m.batch, ack);
      else if (m.type === 'progress') this.#ctx.progress.add(m.bytes, m.uris);
      else {
        job.id = undefined;
        this.#idle.push(worker);
        this.#order.done(m.id, m.result, m.error, m.stats);
      }
    });
    worker.on('error', (err) => { job.failure = err.message; });
    worker.on('exit', () => this.#exited(worker, job));
    this.#idle.push(worker);
    this.dispatch();
  }

  /** Hand jobs to idle workers while stdout can take more; end idle workers once the queue is empty. */
  dispatch(): void {
    if (this.#stopped) return;
    while (this.#idle.length > 0 && this.#queue.length > 0 && !this.#order.full) {
      const worker = this.#idle.pop() as Worker;
      const id = this.#queue.shift() as number;
      const input = this.#ctx.inputs[id] as Input;
      (this.#jobs.get(worker) as Job).id = id;
      worker.postMessage({ type: 'job', id, input } satisfies MainMessage);
    }
    if (this.#queue.length === 0) for (const worker of this.#idle.splice(0)) void worker.terminate();
  }

  #exited(worker: Worker, job: Job): void {
    this.#workers.delete(worker);
    this.#jobs.delete(worker);
    const idle = this.#idle.indexOf(worker);
    if (idle !== -1) this.#idle.splice(idle, 1);
    if (this.#stopped) return;
    if (!job.ready) return this.#startFailed(job);
    if (job.id === undefined) return;
    this.#order.done(job.id, undefined, `scan failed: ${job.failure}`);
    if (this.#queue.length > 0) this.spawn();
  }

  /**
   * A worker that could not even load (EMFILE under a low `ulimit -n`, no
   * memory): its job goes back to the queue, no worker replaces it, and when
   * none is left the rest is scanned here, one input after the other.
   */
  #startFailed(job: Job): void {
    if (job.id !== undefined) this.#queue.unshift(job.id);
    if (this.#workers.size > 0) return this.dispatch();
    void this.#scanRestHere();
  }

  async #scanRestHere(): Promise<void> {
    for (let id = this.#queue.shift(); id !== undefined && !this.#stopped; id = this.#queue.shift()) {
      await scanOnMain(this.#ctx, this.#order, id);
    }
  }

  /** End every worker; one blocked opening a FIFO is released first (open.ts), or it could not end. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    for (const worker of this.#workers) {
      const id = this.#jobs.get(worker)?.id;
      const input = id === undefined ? undefined : this.#ctx.inputs[id];
      if (input !== undefined && input.path !== '-') releaseFifo(fsPath(input.path));
      void worker.terminate();
    }
  }
}
