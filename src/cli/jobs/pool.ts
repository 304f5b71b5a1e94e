// --jobs N: files are scanned on worker threads; output keeps input order
// (order.ts). The inputs are taken from the walk as workers need them, a
// few ahead (LOOKAHEAD). At most N workers, N already capped at the CPU
// count (args.ts), and no more than there are files. Backpressure: a worker sends at most
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
import { type JobDone, type MainMessage, type WorkerMessage, type WorkerSetup } from './protocol.js';
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
async function scanOnMain(ctx: RunContext, order: InOrder, job: Queued): Promise<void> {
  const r = await scanHere(ctx, job.input, orderedSink(ctx, order, job.id, job.input));
  if (!ctx.signal.aborted) order.done(job.id, r.result, r.error, r.stats);
}

export async function runParallel(ctx: RunContext, jobs: number): Promise<void> {
  const order = new InOrder(ctx);
  const pool = new Pool(ctx, order, jobs);
  order.onProgress = () => pool.dispatch();
  const stop = (): void => pool.stop();
  ctx.signal.addEventListener('abort', stop, { once: true });
  pool.dispatch();
  await Promise.race([order.finished, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
  ctx.signal.removeEventListener('abort', stop);
  pool.stop();
}

/** Inputs taken from the walk and not yet printed, at most: files waiting for a worker, and those done that wait for their turn. */
const LOOKAHEAD = 256;
/** Files a worker is handed at a time, at most (#handOut). */
const JOB_BATCH = 16;

/** The ack of a worker's line batches: those written in one turn are acknowledged in one message. */
function ackOnce(worker: Worker): () => void {
  let count = 0;
  return () => {
    if (count++ > 0) return;
    queueMicrotask(() => {
      worker.postMessage({ type: 'ack', count } satisfies MainMessage);
      count = 0;
    });
  };
}

/** An input taken from the walk, with its place in the order. */
interface Queued {
  id: number;
  input: Input;
}

interface Job {
  /** The inputs handed to the worker and not done, in order: the first is being scanned. */
  current: Queued[];
  failure: string;
  /** The worker loaded its modules (it sent 'ready'). */
  ready: boolean;
}

/**
 * Workers taking files from a queue the walk fills as they go, at most one
 * per file waiting and `max` in all; an idle worker ends once the inputs
 * have, a crashed one is replaced.
 */
class Pool {
  readonly #workers = new Set<Worker>();
  readonly #idle: Worker[] = [];
  /** Each worker's inputs not done (none when idle) and why it failed, if it does. */
  readonly #jobs = new Map<Worker, Job>();
  readonly #setup: WorkerSetup;
  readonly #ctx: RunContext;
  readonly #order: InOrder;
  readonly #queue: Queued[] = [];
  readonly #max: number;
  /** A worker could not start: no other is started, and once none is left the files are scanned here. */
  #startFailed = false;
  #filling = false;
  #wake: Array<() => void> = [];
  #stopped = false;
  // Standard input named more than once is read once, by its first '-', as
  // with --jobs 1: each '-' is scanned after the one before it has ended.
  // Scanned side by side, two pipelines would take turns at the same stream,
  // and the later one, waiting for its turn in the output, would hold the
  // stream back from the first one for good.
  #stdinTurn: Promise<void> = Promise.resolve();

  constructor(ctx: RunContext, order: InOrder, max: number) {
    this.#setup = { config: ctx.config, showName: ctx.showName, progress: ctx.progress.enabled };
    this.#ctx = ctx;
    this.#order = order;
    this.#max = max;
  }

  /** Hand jobs to idle workers while stdout can take more, starting workers for the files that wait; read more of the walk. */
  dispatch(): void {
    if (this.#stopped) return;
    while (!this.#startFailed && this.#workers.size < this.#max && this.#queue.length > this.#idle.length) this.#spawn();
    while (this.#idle.length > 0 && this.#queue.length > 0 && !this.#order.full) {
      const worker = this.#idle.pop() as Worker;
      const jobs = this.#handOut();
      (this.#jobs.get(worker) as Job).current = jobs;
      worker.postMessage({ type: 'jobs', jobs } satisfies MainMessage);
    }
    if (this.#queue.length === 0 && this.#ctx.inputs.ended) for (const worker of this.#idle.splice(0)) void worker.terminate();
    for (const wake of this.#wake.splice(0)) wake();
    void this.#fill();
  }

  /**
   * The next jobs for an idle worker: the first file waiting, and after it
   * up to JOB_BATCH in all of the files a walk found (a file named as an
   * operand may be a FIFO, which blocks until a writer comes: it goes
   * alone), no more than an even share of those waiting. A tree of small
   * files is then a message to a worker per batch, not per file.
   */
  #handOut(): Queued[] {
    const jobs = [this.#queue.shift() as Queued];
    if (jobs[0]!.input.listedRegular !== true) return jobs;
    const share = Math.min(JOB_BATCH, Math.ceil(this.#queue.length / this.#workers.size));
    while (jobs.length < share && this.#queue[0]?.input.listedRegular === true) jobs.push(this.#queue.shift() as Queued);
    return jobs;
  }

  /** Take inputs from the walk while fewer than a batch for each worker wait and the output is not LOOKAHEAD inputs behind. */
  async #fill(): Promise<void> {
    if (this.#filling) return;
    this.#filling = true;
    try {
      while (!this.#stopped && this.#queue.length < this.#max * JOB_BATCH && this.#order.pending < LOOKAHEAD) {
        const input = await this.#ctx.inputs.next();
        if (input === undefined || this.#stopped) return this.#order.end();
        this.#take(input);
      }
    } finally {
      this.#filling = false;
    }
  }

  #take(input: Input): void {
    const queued = { id: this.#order.add(input), input };
    if (input.error !== undefined) this.#order.done(queued.id, undefined, input.error);
    else if (input.path === '-') this.#stdinTurn = this.#stdinTurn.then(() => scanOnMain(this.#ctx, this.#order, queued));
    else {
      this.#queue.push(queued);
      this.dispatch();
    }
  }

  #spawn(): void {
    // node:worker_threads is loaded here, with the first worker: a run without --jobs never needs it
    const { Worker: WorkerThread } = requireOwn('node:worker_threads') as typeof import('node:worker_threads');
    const worker = new WorkerThread(ownUrl('./cli/jobs/worker.js'), { workerData: this.#setup });
    this.#workers.add(worker);
    const job: Job = { current: [], failure: 'exited', ready: false };
    this.#jobs.set(worker, job);
    const ack = ackOnce(worker);
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') job.ready = true;
      else if (m.type === 'lines') this.#order.lines(m.id, m.batch, ack);
      else if (m.type === 'progress') this.#ctx.progress.add(m.bytes, m.uris);
      else for (const d of m.jobs) this.#ended(worker, job, d, ack);
    });
    worker.on('error', (err) => { job.failure = err.message; });
    worker.on('exit', () => this.#exited(worker, job));
    this.#idle.push(worker);
  }

  #ended(worker: Worker, job: Job, d: JobDone, ack: () => void): void {
    if (d.batch !== undefined) this.#order.lines(d.id, d.batch, ack);
    job.current.shift();
    if (job.current.length === 0) this.#idle.push(worker);
    this.#order.done(d.id, d.result, d.error, d.stats);
  }

  #exited(worker: Worker, job: Job): void {
    this.#workers.delete(worker);
    this.#jobs.delete(worker);
    const idle = this.#idle.indexOf(worker);
    if (idle !== -1) this.#idle.splice(idle, 1);
    if (this.#stopped) return;
    if (!job.ready) return this.#failedToStart(job);
    const [failed, ...unstarted] = job.current;
    if (failed === undefined) return;
    this.#queue.unshift(...unstarted); // for another worker
    this.#order.done(failed.id, undefined, `scan failed: ${job.failure}`); // its dispatch starts a worker in its place
  }

  /**
   * A worker that could not even load (EMFILE under a low `ulimit -n`, no
   * memory): its job goes back to the queue, no worker replaces it, and when
   * none is left the rest is scanned here, one input after the other.
   */
  #failedToStart(job: Job): void {
    this.#startFailed = true;
    this.#queue.unshift(...job.current);
    if (this.#workers.size > 0) return this.dispatch();
    void this.#scanRestHere();
  }

  async #scanRestHere(): Promise<void> {
    while (!this.#stopped) {
      const next = this.#queue.shift();
      if (next !== undefined) await scanOnMain(this.#ctx, this.#order, next);
      else if (this.#ctx.inputs.ended) return;
      else {
        this.dispatch(); // reads on in the walk; the next dispatch wakes this loop
        await new Promise<void>((resolve) => this.#wake.push(resolve));
      }
    }
  }

  /** End every worker; one blocked opening a FIFO is released first (open.ts), or it could not end. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    for (const worker of this.#workers) {
      const input = this.#jobs.get(worker)?.current[0]?.input;
      if (input !== undefined && input.path !== '-') releaseFifo(fsPath(input.path));
      void worker.terminate();
    }
    for (const wake of this.#wake.splice(0)) wake();
  }
}
