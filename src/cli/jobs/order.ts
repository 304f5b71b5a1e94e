// Output in input order under --jobs: the input at the head of the order
// streams to stdout; the others are held until they reach the head. Inputs
// are added as the walk finds them, and forgotten once printed. Every
// batch comes with an ack, called once the batch is written and stdout can
// take more: producers wait for acks (credit.ts), so what is held stays
// bounded however slowly stdout is read.
import type { Input } from '../inputs.js';
import type { LineBatch } from '../output.js';
import { finishInput, type RunContext } from '../run.js';
import { newScanStats, type ScanResult, type ScanStats } from '../scan.js';

type Ack = () => void;

interface Slot {
  input: Input;
  batches: Array<{ batch: LineBatch; ack: Ack }>;
  done: boolean;
  result: ScanResult | undefined;
  error: string | undefined;
  stats: ScanStats;
}

/** Approximate memory of a batch, in bytes. */
export function batchSize(batch: LineBatch): number {
  if ('bytes' in batch) return batch.bytes.byteLength;
  return batch.lines.reduce((n, line) => n + 2 * line.length, 0);
}

/** Prints each input's lines and outcome in input order. */
export class InOrder {
  readonly #ctx: RunContext;
  readonly #slots = new Map<number, Slot>();
  #head = 0;
  /** Inputs added; all are, once #ended. */
  #count = 0;
  #ended = false;
  #acks: Ack[] = [];
  #waiting = false;
  /** Bytes held for inputs behind the head. */
  held = 0;
  /** Called when output moved on (head advanced, stdout drained). */
  onProgress: () => void = () => {};
  readonly finished: Promise<void>;
  #resolve!: () => void;

  constructor(ctx: RunContext) {
    this.#ctx = ctx;
    this.finished = new Promise((resolve) => { this.#resolve = resolve; });
  }

  /** Inputs added and not yet printed. */
  get pending(): number {
    return this.#count - this.#head;
  }

  /** Input `id` is the one printing: its lines go straight to stdout. */
  isHead(id: number): boolean {
    return id === this.#head;
  }

  /** Every input added is printed: the next one, scanned at once on the main thread, prints as --jobs 1 would, with no slot (passed). */
  get idle(): boolean {
    return this.#count === this.#head;
  }

  /** An input printed and reported while the order was idle, outside it: it takes the next id. */
  passed(): void {
    this.#count++;
    this.#head++;
    this.onProgress();
  }

  /** The next input in order: its id. */
  add(input: Input): number {
    this.#slots.set(this.#count, { input, batches: [], done: false, result: undefined, error: undefined, stats: newScanStats() });
    return this.#count++;
  }

  /** No input follows those added: `finished` resolves once they are printed. */
  end(): void {
    this.#ended = true;
    this.advance();
  }

  /** stdout is full, or too much is held for later inputs: hand out no new job. */
  get full(): boolean {
    return this.#ctx.output.blocked || this.held > HELD_LIMIT;
  }

  lines(id: number, batch: LineBatch, ack: Ack): void {
    if (id === this.#head) return this.#write(batch, ack);
    this.#slots.get(id)?.batches.push({ batch, ack });
    this.held += batchSize(batch);
  }

  done(id: number, result: ScanResult | undefined, error: string | undefined, stats: ScanStats = newScanStats()): void {
    const slot = this.#slots.get(id);
    if (slot === undefined) return;
    slot.done = true;
    slot.result = result;
    slot.error = error;
    slot.stats = stats;
    this.advance();
  }

  advance(): void {
    for (let slot = this.#slots.get(this.#head); slot?.done === true; slot = this.#slots.get(this.#head)) {
      finishInput(this.#ctx, slot.input, slot.result, slot.error, slot.stats);
      this.#slots.delete(this.#head);
      this.#head++;
      const next = this.#slots.get(this.#head)?.batches;
      if (next !== undefined && next.length > 0) for (const { batch, ack } of next.splice(0)) {
        this.held -= batchSize(batch);
        this.#write(batch, ack);
      }
    }
    if (this.#ended && this.#head >= this.#count) this.#resolve();
    this.onProgress();
  }

  #write(batch: LineBatch, ack: Ack): void {
    const output = this.#ctx.output;
    output.addBatch(batch);
    if (!output.blocked) return ack();
    this.#acks.push(ack);
    if (this.#waiting) return;
    this.#waiting = true;
    void output.ready().then(() => {
      this.#waiting = false;
      for (const a of this.#acks.splice(0)) a();
      this.onProgress();
    });
  }
}

/** Held output for inputs behind the head beyond which no new job starts. */
const HELD_LIMIT = 8 * 1024 * 1024;
