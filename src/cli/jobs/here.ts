// The inputs --jobs N scans on the main thread: standard input, every file
// below HAND_OFF bytes, and the big files no worker is free for. Such a
// file's lines go straight to stdout while it is the input printing (as
// with --jobs 1), else they wait in the order (order.ts), at most
// HERE_WINDOW lines of it unwritten.
import type { Input } from '../inputs.js';
import { makeFormatter } from '../output.js';
import { directSink, finishInput, scanHere, type RunContext } from '../run.js';
import type { ScanResult, Sink } from '../scan.js';
import { Credit } from './credit.js';
import type { InOrder } from './order.js';

/**
 * Bytes from which a regular file goes to a worker: a smaller one is
 * scanned in less time than a worker's start, its message there and its
 * lines' message back cost the main thread.
 */
export const HAND_OFF = 256 * 1024;

/** Lines of an input scanned here that may wait, unwritten, for their turn. */
const HERE_WINDOW = 4096;

/** An input taken from the walk, with its place in the order, and its size when it was handed off. */
export interface Queued {
  id: number;
  input: Input;
  size?: number | undefined;
}

/** A sink for an input scanned on this thread; `handOff` takes a regular file of the size given away from the scan (scanFile). */
function hereSink(ctx: RunContext, order: InOrder, { id, input }: Queued, handOff?: (size: number) => boolean): Sink {
  const format = makeFormatter(ctx.config, input.label, ctx.showName);
  const { output, progress } = ctx;
  let credit: Credit | undefined; // made for the first line that waits: most files print as they are scanned
  const sink: Sink = {
    hit(hit) {
      const line = format(hit);
      if (order.isHead(id)) output.add(line);
      else {
        const lines = (credit ??= new Credit(HERE_WINDOW));
        lines.spend();
        order.lines(id, { lines: [line.text], keys: [line.key ?? line.text] }, () => lines.refund());
      }
      progress.add(0, 1);
    },
    ready: () => (!order.isHead(id) ? credit?.wait() : output.blocked ? output.ready() : undefined),
    progress: (bytes) => progress.add(bytes, 0),
  };
  if (handOff !== undefined) sink.handOff = handOff;
  return sink;
}

/**
 * Scan a file on this thread: as --jobs 1 does while the order is idle;
 * else in its slot. 'handed-off' when `handOff` took it: it is then in the
 * order, for a worker to scan (`queued`).
 */
export async function scanFileHere(
  ctx: RunContext, order: InOrder, input: Input, handOff: (size: number) => boolean, queued: (job: Queued) => void,
): Promise<void> {
  let size: number | undefined;
  const take = (n: number): boolean => {
    size = n;
    return handOff(n);
  };
  if (!order.idle) {
    const job: Queued = { id: order.add(input), input };
    if (await scanOnMain(ctx, order, job, take) === 'handed-off') queued({ ...job, size });
    return;
  }
  const sink = directSink(ctx, input);
  sink.handOff = take;
  const { result, error, stats } = await scanHere(ctx, input, sink);
  if (ctx.signal.aborted) return;
  if (result === 'handed-off') return queued({ id: order.add(input), input, size });
  finishInput(ctx, input, result, error, stats);
  order.passed();
}

/** Scan an input on this thread; 'handed-off' when `handOff` took it (its outcome is then the worker's to report). */
export async function scanOnMain(
  ctx: RunContext, order: InOrder, job: Queued, handOff?: (size: number) => boolean,
): Promise<ScanResult | undefined> {
  const r = await scanHere(ctx, job.input, hereSink(ctx, order, job, handOff));
  if (ctx.signal.aborted || r.result === 'handed-off') return r.result;
  order.done(job.id, r.result, r.error, r.stats);
  return r.result;
}
