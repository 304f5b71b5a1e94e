// --jobs N: the main thread takes the inputs from the walk in order and
// scans the small files itself, as --jobs 1 does; a file of HAND_OFF bytes
// or more goes to a worker thread, started when the first such file comes
// (here.ts). Output keeps input order (order.ts); the main thread reads at
// most LOOKAHEAD inputs ahead of the one printing. At most N workers, N
// already capped at the CPU count (args.ts). While no worker is ready yet
// (one starts in about 0.1 s), the main thread, with nothing else to scan,
// takes back a big file below TAKE_BACK bytes. Backpressure: a
// worker sends at most WINDOW line batches ahead of stdout (credit.ts), and
// nothing new is scanned or handed out while stdout is full or too much is
// held for later inputs. stdin is scanned on this thread.
import { statSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { isGzipName, type Input } from '../inputs.js';
import { fsPath } from '../names.js';
import { releaseFifo } from '../open.js';
import type { RunContext } from '../run.js';
import { HAND_OFF, scanFileHere, scanOnMain, type Queued } from './here.js';
import { InOrder } from './order.js';
import { type JobDone, type MainMessage, type WorkerMessage, type WorkerSetup } from './protocol.js';
import { ownUrl, requireOwn } from '../../modules.js';

export async function runParallel(ctx: RunContext, jobs: number): Promise<void> {
  const order = new InOrder(ctx);
  const pool = new Pool(ctx, order, jobs);
  order.onProgress = () => pool.dispatch();
  const stop = (): void => pool.stop();
  ctx.signal.addEventListener('abort', stop, { once: true });
  const finished = order.finished.then(() => pool.stop());
  void pool.scanHere();
  await Promise.race([finished, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
  ctx.signal.removeEventListener('abort', stop);
  pool.stop();
}

/** Inputs taken from the walk and not yet printed, at most: those scanned or waiting for a worker, and those done that wait for their turn. */
const LOOKAHEAD = 256;
/** A big file below this many bytes the main thread scans itself while no worker is ready: in less time than a worker takes to start. */
const TAKE_BACK = 8 * 1024 * 1024;
/** A .gz file of this many bytes or more goes to a worker (its text is some times more). */
const GZIP_HAND_OFF = HAND_OFF / 4;

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

interface Job {
  /** The inputs handed to the worker and not done, in order: the first is being scanned. */
  current: Queued[];
  failure: string;
  /** The worker loaded its modules (it sent 'ready'). */
  ready: boolean;
}

/** A .gz file big enough for a worker (the stream path never asks handOff); unknown sizes stay here, where their error is told. */
function bigGzip(input: Input): boolean {
  try {
    return isGzipName(input.path) && statSync(fsPath(input.path)).size >= GZIP_HAND_OFF;
  } catch {
    return false;
  }
}

/**
 * The main thread's scan and the workers for the big files: at most one
 * worker per big file waiting and `max` in all; an idle worker ends once
 * the walk has and no big file waits; a crashed one is replaced.
 */
class Pool {
  readonly #workers = new Set<Worker>();
  /** Workers that are ready and scan nothing. */
  readonly #idle: Worker[] = [];
  /** Workers started that have not yet sent 'ready'. */
  #starting = 0;
  /** Each worker's inputs not done (none when idle) and why it failed, if it does. */
  readonly #jobs = new Map<Worker, Job>();
  readonly #setup: WorkerSetup;
  readonly #ctx: RunContext;
  readonly #order: InOrder;
  /** Big files waiting for a worker, in input order. */
  readonly #queue: Queued[] = [];
  readonly #max: number;
  /** A worker could not start: no other is started, and the main thread scans every file. */
  #startFailed = false;
  #walkEnded = false;
  #wake: Array<() => void> = [];
  #stopped = false;
  // Standard input, and a FIFO or device named as an operand, are scanned
  // beside the walk, so that the files after them are scanned (their lines
  // held, in order) while they wait for a writer; one after the other, in
  // order, as with --jobs 1. Scanned side by side, two of them may read the
  // same stream ('-' and /dev/stdin, a '-' named twice), taking turns at
  // it, and the later one, waiting for its turn in the output, would hold
  // the stream back from the first one for good; and each blocked open or
  // read of a FIFO holds a thread of libuv's pool, the reads of the input
  // printing included.
  #waitTurn: Promise<unknown> = Promise.resolve();
  readonly #handOff = (size: number): boolean => size >= HAND_OFF && !this.#startFailed;

  constructor(ctx: RunContext, order: InOrder, max: number) {
    this.#setup = { config: ctx.config, showName: ctx.showName, progress: ctx.progress.enabled };
    this.#ctx = ctx;
    this.#order = order;
    this.#max = max;
  }

  /** Hand big files to ready workers while stdout can take more, starting workers for those that wait; wake the main thread's scan. */
  dispatch(): void {
    if (this.#stopped) return;
    while (!this.#startFailed && this.#workers.size < this.#max && this.#queue.length > this.#idle.length + this.#starting) this.#spawn();
    while (this.#idle.length > 0 && this.#queue.length > 0 && !this.#order.full) {
      const worker = this.#idle.pop() as Worker;
      const jobs = [this.#queue.shift() as Queued];
      (this.#jobs.get(worker) as Job).current = jobs;
      worker.postMessage({ type: 'jobs', jobs } satisfies MainMessage);
    }
    if (this.#queue.length === 0 && this.#walkEnded) for (const worker of this.#idle.splice(0)) void worker.terminate();
    if (this.#wake.length > 0) for (const wake of this.#wake.splice(0)) wake();
  }

  /**
   * The main thread's part, until the run stops: take the inputs in order
   * and scan each here or hand it to a worker; with nothing to take, scan
   * a big file waiting if #mayTake.
   */
  async scanHere(): Promise<void> {
    const { inputs } = this.#ctx;
    while (!this.#stopped) {
      if (!this.#walkEnded && !this.#order.full && this.#order.pending < LOOKAHEAD) {
        const input = inputs.take() ?? await inputs.next();
        if (this.#stopped) return;
        if (input !== undefined) await this.#take(input);
        else this.#endWalk();
      } else if (this.#mayTake()) {
        await scanOnMain(this.#ctx, this.#order, this.#queue.shift() as Queued);
      } else await (this.#ctx.output.blocked ? this.#ctx.output.ready() : new Promise<void>((resolve) => this.#wake.push(resolve)));
    }
  }

  /** A big file waits that the main thread may scan: one it scans sooner than a worker starts while none is ready; any once none can start. */
  #mayTake(): boolean {
    const first = this.#queue[0];
    if (first === undefined || this.#order.full) return false;
    return this.#startFailed ? this.#workers.size === 0 : this.#workers.size === this.#starting && (first.size ?? Infinity) < TAKE_BACK;
  }

  #endWalk(): void {
    this.#walkEnded = true;
    this.#order.end();
    this.dispatch();
  }

  async #take(input: Input): Promise<void> {
    if (input.error === undefined && input.path !== '-' && input.mayWait !== true && (this.#startFailed || !bigGzip(input))) {
      return scanFileHere(this.#ctx, this.#order, input, this.#handOff, this.#toWorker);
    }
    const queued = { id: this.#order.add(input), input };
    if (input.error !== undefined) this.#order.done(queued.id, undefined, input.error);
    else if (input.path === '-' || input.mayWait === true) this.#waitTurn = this.#waitTurn.then(() => scanOnMain(this.#ctx, this.#order, queued));
    else this.#toWorker(queued);
  }

  readonly #toWorker = (queued: Queued): void => {
    this.#queue.push(queued);
    this.dispatch();
  };

  #spawn(): void {
    // node:worker_threads is loaded here, with the first worker: a run without --jobs never needs it
    const { Worker: WorkerThread } = requireOwn('node:worker_threads') as typeof import('node:worker_threads');
    const worker = new WorkerThread(ownUrl('./cli/jobs/worker.js'), { workerData: this.#setup });
    this.#workers.add(worker);
    this.#starting++;
    const job: Job = { current: [], failure: 'exited', ready: false };
    this.#jobs.set(worker, job);
    const ack = ackOnce(worker);
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') this.#ready(worker, job);
      else if (m.type === 'lines') this.#order.lines(m.id, m.batch, ack);
      else if (m.type === 'progress') this.#ctx.progress.add(m.bytes, m.uris);
      else for (const d of m.jobs) this.#ended(worker, job, d, ack);
    });
    worker.on('error', (err) => { job.failure = err.message; });
    worker.on('exit', () => this.#exited(worker, job));
  }

  #ready(worker: Worker, job: Job): void {
    job.ready = true;
    this.#starting--;
    this.#idle.push(worker);
    this.dispatch();
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
    if (!job.ready) this.#starting--;
    if (this.#stopped) return;
    if (!job.ready) return this.#failedToStart(job);
    const [failed, ...unstarted] = job.current;
    if (failed === undefined) return;
    this.#queue.unshift(...unstarted); // for another worker
    this.#order.done(failed.id, undefined, `scan failed: ${job.failure}`); // its dispatch starts a worker in its place
  }

  /**
   * A worker that could not even load (EMFILE under a low `ulimit -n`, no
   * memory): no worker replaces it, and the files waiting, and all later
   * ones, are scanned on the main thread (scanHere).
   */
  #failedToStart(job: Job): void {
    this.#startFailed = true;
    this.#queue.unshift(...job.current);
    this.dispatch();
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
