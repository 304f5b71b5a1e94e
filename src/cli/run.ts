// Running the scan over all inputs on the main thread (--jobs 1), and what
// both runners share: the context, the per-input outcome messages.
import type { Readable } from 'node:stream';
import type { Config } from './args.js';
import { describeError, type Input } from './inputs.js';
import { makeFormatter, type Output } from './output.js';
import type { Progress } from './progress.js';
import { scanInput, type ScanResult, type ScanStats, type Sink } from './scan.js';

/** Messages on stderr; `error` marks the run as failed (exit status 1). */
export interface Reporter {
  error(label: string, reason: string): void;
  notice(message: string): void;
}

export interface RunContext {
  config: Config;
  inputs: readonly Input[];
  showName: boolean;
  output: Output;
  progress: Progress;
  reporter: Reporter;
  signal: AbortSignal;
  stdin: Readable;
  /** Relative log targets left out, over all inputs. */
  stats: { unresolved: number };
}

/** Report how one input ended, in input order. */
export function finishInput(
  ctx: RunContext, input: Input, result: ScanResult | undefined, error: string | undefined, warnings: readonly string[] = [],
): void {
  for (const w of warnings) ctx.reporter.notice(`urisift: ${input.label}: warning: ${w}`);
  if (error !== undefined) ctx.reporter.error(input.label, error);
  else if (result === 'binary') ctx.reporter.notice(`urisift: ${input.label}: binary file skipped (use --binary to scan it)`);
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
): Promise<{ result?: ScanResult; error?: string; warnings: string[] }> {
  if (input.error !== undefined) return { error: input.error, warnings: [] };
  const stats: ScanStats = { unresolved: 0, warnings: [] };
  try {
    return { result: await scanInput(input, ctx.config, ctx.stdin, sink, ctx.signal, stats), warnings: stats.warnings };
  } catch (err) {
    return ctx.signal.aborted ? { warnings: [] } : { error: describeError(err), warnings: stats.warnings };
  } finally {
    ctx.stats.unresolved += stats.unresolved;
  }
}

/** --jobs 1: one input after the other, output streamed as found. */
export async function runSequential(ctx: RunContext): Promise<void> {
  for (const input of ctx.inputs) {
    if (ctx.signal.aborted) return;
    const { result, error, warnings } = await scanHere(ctx, input, directSink(ctx, input));
    if (ctx.signal.aborted) return;
    finishInput(ctx, input, result, error, warnings);
  }
}
