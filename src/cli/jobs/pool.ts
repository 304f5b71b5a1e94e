// --jobs N: files are scanned on N worker threads; output keeps input order.
// The input at the head of the order streams straight to stdout; the others
// are buffered until they reach the head (stdin is scanned on this thread).
import { Worker } from 'node:worker_threads';
import type { Input } from '../inputs.js';
import { makeFormatter, type LineBatch } from '../output.js';
import { finishInput, scanHere, type RunContext } from '../run.js';
import type { ScanResult, Sink } from '../scan.js';
import type { JobRequest, WorkerMessage, WorkerSetup } from './protocol.js';

interface Slot {
  input: Input;
  batches: LineBatch[];
  done: boolean;
  result: ScanResult | undefined;
  error: string | undefined;
  warnings: readonly string[];
}

/** Prints each input's lines and outcome in input order. */
class InOrder {
  readonly #ctx: RunContext;
  readonly #slots: Slot[];
  #head = 0;
  readonly finished: Promise<void>;
  #resolve!: () => void;

  constructor(ctx: RunContext) {
    this.#ctx = ctx;
    this.#slots = ctx.inputs.map((input) => ({ input, batches: [], done: false, result: undefined, error: undefined, warnings: [] }));
    this.finished = new Promise((resolve) => { this.#resolve = resolve; });
    this.#advance();
  }

  lines(id: number, batch: LineBatch): void {
    if (id === this.#head) this.#ctx.output.addBatch(batch);
    else this.#slots[id]?.batches.push(batch);
  }

  done(id: number, result: ScanResult | undefined, error: string | undefined, warnings: readonly string[] = []): void {
    const slot = this.#slots[id];
    if (slot === undefined) return;
    Object.assign(slot, { done: true, result, error, warnings });
    this.#advance();
  }

  #advance(): void {
    for (let slot = this.#slots[this.#head]; slot?.done === true; slot = this.#slots[this.#head]) {
      finishInput(this.#ctx, slot.input, slot.result, slot.error, slot.warnings);
      this.#head++;
      const next = this.#slots[this.#head];
      if (next !== undefined) for (const batch of next.batches.splice(0)) this.lines(this.#head, batch);
    }
    if (this.#head >= this.#slots.length) this.#resolve();
  }
}

/** A sink for stdin, scanned on this thread while it waits for its turn. */
function orderedSink(ctx: RunContext, order: InOrder, id: number, input: Input): Sink {
  const format = makeFormatter(ctx.config, input.label, ctx.showName);
  return {
    hit(hit) {
      const line = format(hit);
      order.lines(id, { lines: [line.text], keys: [line.key ?? line.text] });
      ctx.progress.add(0, 1);
    },
    ready: () => undefined,
    progress: (bytes) => ctx.progress.add(bytes, 0),
  };
}

export async function runParallel(ctx: RunContext, jobs: number): Promise<void> {
  const order = new InOrder(ctx);
  const queue: number[] = [];
  ctx.inputs.forEach((input, id) => {
    if (input.error !== undefined) order.done(id, undefined, input.error);
    else if (input.path === '-') void scanHere(ctx, input, orderedSink(ctx, order, id, input)).then((r) => order.done(id, r.result, r.error, r.warnings));
    else queue.push(id);
  });
  const pool = new Pool(ctx, order, queue);
  for (let i = 0; i < Math.min(jobs, queue.length); i++) pool.spawn();
  const stop = (): void => pool.stop();
  ctx.signal.addEventListener('abort', stop, { once: true });
  await Promise.race([order.finished, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
  ctx.signal.removeEventListener('abort', stop);
  pool.stop();
}

/** Workers taking inputs from a shared queue; an idle worker ends, a crashed one is replaced. */
class Pool {
  readonly #workers = new Set<Worker>();
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
    const [ctx, order, queue] = [this.#ctx, this.#order, this.#queue];
    const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: this.#setup });
    this.#workers.add(worker);
    let current: number | undefined;
    let failure = 'exited';
    const next = (): void => {
      current = queue.shift();
      const input = current === undefined ? undefined : ctx.inputs[current];
      if (current === undefined || input === undefined) void worker.terminate();
      else worker.postMessage({ id: current, input } satisfies JobRequest);
    };
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'lines') order.lines(m.id, m.batch);
      else if (m.type === 'progress') ctx.progress.add(m.bytes, m.uris);
      else {
        ctx.stats.unresolved += m.unresolved;
        order.done(m.id, m.result, m.error, m.warnings);
        next();
      }
    });
    worker.on('error', (err) => { failure = err.message; });
    worker.on('exit', () => {
      this.#workers.delete(worker);
      if (this.#stopped || current === undefined) return;
      order.done(current, undefined, `scan failed: ${failure}`);
      this.spawn();
    });
    next();
  }

  stop(): void {
    this.#stopped = true;
    for (const worker of this.#workers) void worker.terminate();
  }
}
