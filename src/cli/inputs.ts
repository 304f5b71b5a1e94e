// Operands → the inputs in order: stdin, files, and directories walked
// in sorted order under -r. Problems are kept in place (not thrown) so that
// they are reported in order and the other inputs are still scanned.
import { stat, type FileHandle } from 'node:fs/promises';
import { fstatSync, type Stats } from 'node:fs';
import type { Readable } from 'node:stream';
import { describeError } from './errors.js';
import type { WalkFilter } from './glob.js';
import { escapeName, fsPath, type PathName } from './names.js';
import { openFile } from './open.js';
import { fileId, walk, type WalkOptions } from './walk.js';

export { describeError } from './errors.js';

/** No --include, --exclude or --exclude-dir: the walk reads every file. */
const ALL: WalkFilter = { file: () => true, dir: () => true };

/** The name grep gives standard input. */
export const STDIN_LABEL = '(standard input)';

export interface Input {
  /** File path (bytes when the name is not UTF-8), or '-' for standard input. */
  path: PathName;
  /** How the input is named in output and messages: escaped (names.ts). */
  label: string;
  /** Bytes on disk, when known (for the progress total). */
  size: number | undefined;
  /** The regular file it is, when known (to tell the file stdout writes to). */
  file?: FileId | undefined;
  /** Its directory's listing says it is a regular file (no stat needed before opening it). */
  listedRegular?: boolean;
  /** An operand that is no regular file (a FIFO, a terminal, a device): opening or reading it may wait on another process. */
  mayWait?: boolean;
  /** Set when the input cannot be read; printed as `urisift: LABEL: error`. */
  error?: string;
}

/** A regular file's identity (stat's dev and ino). */
export interface FileId {
  dev: number;
  ino: number;
}

/** What grep says of an input that is the file standard output appends to: scanning it would feed on its own output. */
export const INPUT_IS_OUTPUT = 'input file is also the output';

/** Inputs in order, a few at a time: an operand, or files of one directory (at most BATCH). */
export type Inputs = AsyncGenerator<Input[], void, undefined>;

export interface Expanded {
  /** The inputs in order, found as they are consumed: a directory is read when the walk reaches it. */
  inputs: Inputs;
  /** grep's rule for showing names: several operands, or a directory one. */
  severalSources: boolean;
}

/**
 * Expand operands in order. No operand means stdin (or '.' under -r, as
 * grep). `stdinFd`: the descriptor standard input reads, when it is the
 * process's (a directory there reads as empty: it is reported instead).
 * `output`: the regular file standard output writes to, if it is one; an
 * input that is that file gets the error INPUT_IS_OUTPUT. Only a lone
 * operand is stat'ed here (is it a directory?); the rest as they are reached,
 * and the files in a directory only for `output` or `sizes` (each Input's
 * `size`, for the progress total).
 */
export async function expandOperands(
  operands: readonly PathName[], recursive: boolean, mailStores = false, stdinFd?: number, filter: WalkFilter = ALL, output?: FileId, sizes = false,
): Promise<Expanded> {
  const list = operands.length > 0 ? operands : [recursive ? '.' : '-'];
  const lone = list.length === 1 && list[0] !== '-' ? await statOperand(list[0]!) : undefined;
  const several = list.length > 1 || (lone !== undefined && !(lone instanceof Error) && lone.isDirectory());
  const inputs = expandAll(list, { recursive, mailStores, filter, statFiles: sizes || output !== undefined }, stdinFd, lone);
  return { inputs: output === undefined ? inputs : markOutput(inputs, output), severalSources: several };
}

function statOperand(operand: PathName): Promise<Stats | NodeJS.ErrnoException> {
  return stat(fsPath(operand)).catch((err: unknown) => err as NodeJS.ErrnoException);
}

async function* expandAll(
  list: readonly PathName[], options: WalkOptions, stdinFd: number | undefined, lone: Stats | Error | undefined,
): Inputs {
  for (const operand of list) {
    if (operand === '-') {
      yield [stdinInput(stdinFd)];
      continue;
    }
    const label = escapeName(operand);
    const info = lone ?? await statOperand(operand);
    if (info instanceof Error) {
      yield [{ path: operand, label, size: undefined, error: describeError(info) }];
    } else if (!info.isDirectory()) {
      const input: Input = { path: operand, label, size: info.size, file: fileId(info) };
      if (!info.isFile()) input.mayWait = true;
      yield [input];
    } else if (options.recursive) {
      yield* walk(operand, options);
    } else {
      yield [{ path: operand, label, size: undefined, error: 'is a directory' }];
    }
  }
}

function stdinInput(stdinFd: number | undefined): Input {
  const info = stdinFd === undefined ? undefined : statFd(stdinFd);
  const input: Input = { path: '-', label: STDIN_LABEL, size: undefined, file: fileId(info) };
  if (info?.isDirectory() === true) input.error = 'is a directory';
  return input;
}

/** The regular file behind descriptor `fd`, or undefined (a pipe, a terminal, /dev/null, a closed descriptor). */
export function regularFileOf(fd: number): FileId | undefined {
  return fileId(statFd(fd));
}

function statFd(fd: number): Stats | undefined {
  try {
    return fstatSync(fd);
  } catch {
    return undefined;
  }
}

/** The inputs, each that is the `output` file with INPUT_IS_OUTPUT as its error. */
async function* markOutput(inputs: Inputs, output: FileId): Inputs {
  for await (const batch of inputs) {
    for (const input of batch) {
      const id = input.file;
      if (input.error === undefined && id !== undefined && id.dev === output.dev && id.ino === output.ino) input.error = INPUT_IS_OUTPUT;
    }
    yield batch;
  }
}

/** Open an input's bytes: files lazily, when the stream is first read. Errors (ENOENT, EACCES…) surface on the stream. */
export function openInput(input: Input, stdin: Readable, signal: AbortSignal, handle?: FileHandle): Readable {
  return input.path === '-' ? stdin : openFile(fsPath(input.path), signal, handle);
}

/** The name as text, for matching suffixes (bytes that are not UTF-8 become U+FFFD). */
export function nameText(path: PathName): string {
  return typeof path === 'string' ? path : Buffer.from(path).toString('utf8');
}

export function isGzipName(path: PathName): boolean {
  return /\.gz$/i.test(nameText(path));
}
