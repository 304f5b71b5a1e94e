// Running the scan over all inputs on the main thread (--jobs 1), and what
// both runners share: the context, the per-input outcome messages.
import type { Readable } from 'node:stream';
import type { Config } from './args.js';
import type { InputFeed } from './feed.js';
import { describeError, type Input } from './inputs.js';
import { makeFormatter, type Output } from './output.js';
import type { Progress } from './progress.js';
import { newScanStats, scanInput, type ScanResult, type ScanStats, type Sink } from './scan.js';

/** Messages on stderr; `error` marks the run as failed (exit status 1). */
export interface Reporter {
  error(label: string, reason: string): void;
  notice(message: string): void;
}

export interface RunContext {
  config: Config;
  /** The inputs, taken in order as the scan goes. */
  inputs: InputFeed;
  showName: boolean;
  output: Output;
  progress: Progress;
  reporter: Reporter;
  signal: AbortSignal;
  stdin: Readable;
  /** The log's counts over all inputs (see ScanStats), and where the first invalid target was. */
  stats: RunStats;
}

export interface RunStats {
  unresolved: number;
  unresolvedLinks: number;
  invalid: number;
  firstInvalid: string | undefined;
}

/** Report how one input ended, in input order. */
export function finishInput(
  ctx: RunContext, input: Input, result: ScanResult | undefined, error: string | undefined, stats: ScanStats = newScanStats(),
): void {
  ctx.stats.unresolved += stats.unresolved;
  ctx.stats.unresolvedLinks += stats.unresolvedLinks;
  if (stats.invalid > 0) {
    ctx.stats.invalid += stats.invalid;
    ctx.stats.firstInvalid ??= `${input.label}, line ${stats.firstInvalid}`;
  }
  for (const w of stats.warnings) ctx.reporter.notice(`urisift: ${input.label}: warning: ${w}`);
  if (stats.tooLong > 0) ctx.reporter.notice(`urisift: ${input.label}: warning: ${stats.tooLong} URI(s) longer than --max-length skipped`);
  if (error !== undefined) ctx.reporter.error(input.label, error);
  else if (result === 'binary') ctx.reporter.notice(`urisift: ${input.label}: binary file skipped (use --binary to scan it)`);
  else if (result !== undefined && result.startsWith('utf-')) {
    ctx.reporter.notice(`urisift: ${input.label}: binary file skipped: it reads as ${result.toUpperCase()} text with no byte-order mark (use --charset ${result})`);
  }
}

/** A sink that writes straight to the output. */
export function directSink(ctx: RunContext, input: Input): Sink {
  const format = makeFormatter(ctx.config, input.label, ctx.showName);
  const { output, progress } = ctx;
  return {
    hit(hit) {
      output.add(format(hit));
      progress.add(0, 1);
    },
    ready: () => (output.blocked ? output.ready() : undefined),
    progress: (bytes) => progress.add(bytes, 0),
  };
}

/** Scan one input on this thread; errors become messages, not rejections. */
export async function scanHere(
  ctx: RunContext, input: Input, sink: Sink,
): Promise<{ result?: ScanResult; error?: string; stats: ScanStats }> {
  const stats = newScanStats();
  if (input.error !== undefined) return { error: input.error, stats };
  try {
    return { result: await scanInput(input, ctx.config, ctx.stdin, sink, ctx.signal, stats), stats };
  } catch (err) {
    return ctx.signal.aborted ? { stats } : { error: describeError(err), stats };
  }
}

/** --jobs 1: one input after the other, output streamed as found. */
export async function runSequential(ctx: RunContext): Promise<void> {
  const { inputs } = ctx;
  for (let input = inputs.take() ?? await inputs.next(); input !== undefined; input = inputs.take() ?? await inputs.next()) {
    if (ctx.signal.aborted) return;
    const { result, error, stats } = await scanHere(ctx, input, directSink(ctx, input));
    if (ctx.signal.aborted) return;
    finishInput(ctx, input, result, error, stats);
  }
}
