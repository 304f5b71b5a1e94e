// The command: parse options, expand inputs, scan, report, pick the exit status.
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { createExtractStream, parse } from '../index.js';
import { parseCommand, UsageError, type Config } from './args.js';
import { HELP, USAGE } from './help.js';
import { runParallel } from './jobs/pool.js';
import { walkFilter } from './glob.js';
import { InputFeed } from './feed.js';
import { describeError, expandOperands, regularFileOf, type Expanded, type FileId, type Inputs } from './inputs.js';
import { Output } from './output.js';
import { Progress, progressEnabled } from './progress.js';
import { runSequential, type Reporter, type RunContext } from './run.js';
import { UniqueFilter } from './unique.js';
import { charsetHint } from './suggest.js';
import { ownUrl } from '../modules.js';

const UNIQUE_FULL = (n: number): string =>
  `urisift: --unique-limit: ${n} distinct URIs held; from here on, URIs are checked against those only`;

export interface Io {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  /** argv[i] as bytes where it is not UTF-8 (names.ts argvBytes). */
  argvBytes?: ReadonlyArray<Uint8Array | undefined>;
}

export const EXIT_OK = 0;
export const EXIT_TROUBLE = 1;
export const EXIT_USAGE = 2;
/** Standard output could not be written (a full disk): grep's status for its `write error`. */
export const EXIT_WRITE_ERROR = 2;
export const EXIT_INTERRUPTED = 130;

export function version(): string {
  const pkg = JSON.parse(readFileSync(ownUrl('../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Run urisift with `argv` (no node/script); resolves to the exit status. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  io.stderr.on('error', () => {}); // a diagnostic that cannot be written has nowhere else to go
  let config: Config;
  try {
    const command = parseCommand(argv, io.argvBytes);
    if (command.kind === 'help') return await print(io, HELP);
    if (command.kind === 'version') return await print(io, `urisift ${version()}\n`);
    config = command.config;
    checkLibraryOptions(config);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`urisift: ${err.message}\n${USAGE}\nTry 'urisift --help' for more information.\n`);
    return EXIT_USAGE;
  }
  return scanAll(config, io);
}

/**
 * Print `text` (help, version) and wait for it: exit 0, also when the
 * reader has gone (EPIPE: `urisift --help | head -1`); EXIT_WRITE_ERROR
 * with a message on any other write error (a full disk).
 */
function print(io: Io, text: string): Promise<number> {
  return new Promise((resolve) => {
    let done = false;
    const failed = (err: NodeJS.ErrnoException | null | undefined): void => {
      if (done) return;
      done = true;
      if (err == null || err.code === 'EPIPE') return resolve(EXIT_OK);
      io.stderr.write(writeError(err));
      resolve(EXIT_WRITE_ERROR);
    };
    io.stdout.on('error', failed); // after the callback, the stream emits the error too
    io.stdout.write(text, failed);
  });
}

/** `urisift: write error: No space left on device`, in strerror's words as grep says it. */
function writeError(err: Error): string {
  return `urisift: write error: ${describeError(err)}\n`;
}

/** Let the library judge --charset, --schemes, --max-length… before any data flows. */
function checkLibraryOptions(config: Config): void {
  const base = config.extract.base;
  if (base !== undefined && parse(base)?.scheme === undefined) {
    throw new UsageError(`--base: '${base}' is not an absolute URI`);
  }
  try {
    createExtractStream(config.extract).destroy();
  } catch (err) {
    if (!(err instanceof RangeError || err instanceof TypeError)) throw err;
    const code = (err as { code?: string }).code ?? '';
    const option = OPTION_OF_CODE[code];
    const hint = code === 'unknown-charset' && typeof config.extract.charset === 'string' ? charsetHint(config.extract.charset) : '';
    throw new UsageError(option === undefined ? err.message : `${option}: ${err.message}${hint}`);
  }
}

/** The library's stable option-error codes, named as the CLI spells the option. */
const OPTION_OF_CODE: Record<string, string> = {
  'invalid-base': '--base',
  'invalid-hyphen': '--hyphen',
  'invalid-max-length': '--max-length',
  'unknown-charset': '--charset',
  'not-a-text-charset': '--charset',
  'invalid-scheme-name': '--schemes',
  'mixed-scheme-list': '--schemes',
};

/** The inputs the operands name, found as the scan takes them (inputs.ts). */
function expand(config: Config, stdinFd?: number, outputFile?: FileId, sizes = false): Promise<Expanded> {
  const mailStores = config.mode === 'mail' || config.mode === 'auto';
  const filter = walkFilter(config.walk.include, config.walk.exclude, config.walk.excludeDir);
  return expandOperands(config.operands, config.recursive, mailStores, stdinFd, filter, outputFile, sizes);
}

/**
 * The progress bar, if one is drawn. Its total, the inputs' sizes, is
 * counted by a walk of its own beside the scan (the scan does not wait for
 * it): until that walk ends, the bar shows what it shows for standard input.
 */
function startProgress(config: Config, io: Io, stdinFd: number | undefined): Progress {
  const options = { wanted: config.progress, stderrIsTTY: io.stderr.isTTY === true, stdoutIsTTY: io.stdout.isTTY === true, total: undefined };
  const progress = new Progress(options);
  if (progressEnabled(options)) void expand(config, stdinFd, undefined, true).then(({ inputs }) => countTotal(inputs, progress)).then((total) => progress.setTotal(total));
  return progress;
}

/** The sum of the inputs' sizes; undefined when one is unknown (standard input), or once the bar has stopped. */
async function countTotal(inputs: Inputs, progress: Progress): Promise<number | undefined> {
  let total = 0;
  for await (const batch of inputs) {
    if (progress.stopped) return undefined;
    for (const input of batch) {
      if (input.error !== undefined) continue;
      if (input.size === undefined) return undefined;
      total += input.size;
    }
  }
  return total;
}

const WALK_ONLY = 'urisift: warning: --include, --exclude and --exclude-dir choose among the files -r finds in directories; without -r they do nothing\n';

async function scanAll(config: Config, io: Io): Promise<number> {
  const { include, exclude, excludeDir } = config.walk;
  if (!config.recursive && include.length + exclude.length + excludeDir.length > 0) io.stderr.write(WALK_ONLY);
  const stdinFd = io.stdin === process.stdin ? 0 : undefined;
  const outputFile = io.stdout === process.stdout ? regularFileOf(1) : undefined;
  const { inputs, severalSources } = await expand(config, stdinFd, outputFile);
  const controller = new AbortController();
  let failed = false;
  let interrupted = false;
  let outputError: Error | undefined;
  const say = (text: string): void => void io.stderr.write(text);
  // reporter is set below, before any URI is printed; its notice does not tear the progress bar
  const unique = config.unique ? new UniqueFilter(config.uniqueLimit, (n) => reporter.notice(UNIQUE_FULL(n))) : undefined;
  const output = new Output(io.stdout, unique, (err) => { outputError = err; controller.abort(); }, controller.signal);
  const progress = startProgress(config, io, stdinFd);
  const reporter: Reporter = {
    // the URIs found before go out first, so that 2>&1 keeps the order things happened in
    error(label, reason) { failed = true; output.afterWritten(() => progress.log(`urisift: ${label}: ${reason}`, say)); },
    notice(message) { output.afterWritten(() => progress.log(message, say)); },
  };
  const onSigint = (): void => { interrupted = true; controller.abort(); };
  process.once('SIGINT', onSigint);
  const ctx: RunContext = {
    config, inputs: new InputFeed(inputs), output, progress, reporter, stdin: io.stdin, signal: controller.signal,
    showName: config.withFilename ?? severalSources,
    stats: { unresolved: 0, unresolvedLinks: 0, invalid: 0, firstInvalid: undefined },
  };
  try {
    if (config.jobs > 1 && await ctx.inputs.fill(2)) await runParallel(ctx, config.jobs);
    else await runSequential(ctx);
    await output.ready();
    await output.written(); // the messages that wait for stdout, before the summary
  } finally {
    process.off('SIGINT', onSigint);
    progress.stop();
  }
  const { unresolved, unresolvedLinks, invalid, firstInvalid } = ctx.stats;
  if (invalid > 0) say(`urisift: warning: ${invalid} request target(s) or referer(s) are not URI references even once percent-encoded (the first in ${firstInvalid})\n`);
  if (unresolved > 0) say(`urisift: ${unresolved} relative request target(s) left out: give --base\n`);
  if (unresolvedLinks > 0) say(`urisift: ${unresolvedLinks} relative link(s) in HTML, feeds, Markdown or JSON left out: give --base\n`);
  if (interrupted) return EXIT_INTERRUPTED;
  if (outputError !== undefined) return say(writeError(outputError)), EXIT_WRITE_ERROR;
  return failed ? EXIT_TROUBLE : EXIT_OK;
}
