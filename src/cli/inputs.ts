// Operands → the inputs in order: stdin, files, and directories walked
// in sorted order under -r. Problems are kept in place (not thrown) so that
// they are reported in order and the other inputs are still scanned.
import { readdir, stat, type FileHandle } from 'node:fs/promises';
import { fstatSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { getSystemErrorMap } from 'node:util';
import type { Readable } from 'node:stream';
import type { WalkFilter } from './glob.js';
import { escapeName, fsPath, nameBytes, nameFromBytes, type PathName } from './names.js';
import { openFile } from './open.js';

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

export interface Expanded {
  /** The inputs in order, found as they are consumed: a directory is read when the walk reaches it. */
  inputs: AsyncGenerator<Input, void, undefined>;
  /** grep's rule for showing names: several operands, or a directory one. */
  severalSources: boolean;
}

/**
 * Files of mail stores that are no messages: Dovecot's indexes and lists,
 * Thunderbird's .msf summaries (Mork text repeating each subject) and filter
 * rules. With `mailStores`, -r leaves them out, and a Maildir's tmp/ (messages
 * still being delivered) too.
 */
const MAIL_STORE_FILE = /^(?:dovecot[.-].*|subscriptions|maildirfolder|.*\.msf|msgFilterRules\.dat|popstate\.dat)$/;

/** How the walk reads a tree. */
interface WalkOptions {
  recursive: boolean;
  mailStores: boolean;
  filter: WalkFilter;
  /**
   * Stat each file the walk finds, for its size (the progress total) or its
   * identity (the file stdout writes to). A tree of small files otherwise
   * waits on a thread pool round trip per file for neither.
   */
  statFiles: boolean;
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
): AsyncGenerator<Input, void, undefined> {
  for (const operand of list) {
    if (operand === '-') {
      yield stdinInput(stdinFd);
      continue;
    }
    const label = escapeName(operand);
    const info = lone ?? await statOperand(operand);
    if (info instanceof Error) {
      yield { path: operand, label, size: undefined, error: describeError(info) };
    } else if (!info.isDirectory()) {
      yield { path: operand, label, size: info.size, file: fileId(info) };
    } else if (options.recursive) {
      yield* walk(operand, options);
    } else {
      yield { path: operand, label, size: undefined, error: 'is a directory' };
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

function fileId(info: Stats | undefined): FileId | undefined {
  return info?.isFile() === true ? { dev: info.dev, ino: info.ino } : undefined;
}

/** The inputs, each that is the `output` file with INPUT_IS_OUTPUT as its error. */
async function* markOutput(inputs: AsyncIterable<Input>, output: FileId): AsyncGenerator<Input, void, undefined> {
  for await (const input of inputs) {
    const id = input.file;
    if (input.error === undefined && id !== undefined && id.dev === output.dev && id.ino === output.ino) input.error = INPUT_IS_OUTPUT;
    yield input;
  }
}

/**
 * Depth-first, entries sorted by name (code units, then bytes); symbolic
 * links inside are not followed (grep -r). Names are read as bytes, so a
 * name that is not UTF-8 can still be opened. Lazy: what is held is one
 * sorted directory per level of the path being walked, never the tree.
 */
async function* walk(dir: PathName, options: WalkOptions): AsyncGenerator<Input, void, undefined> {
  let entries;
  try {
    entries = await readdir(fsPath(dir), { withFileTypes: true, encoding: 'buffer' });
  } catch (err) {
    yield { path: dir, label: escapeName(dir), size: undefined, error: describeError(err) };
    return;
  }
  const named = entries.map((entry) => ({ entry, text: entry.name.toString('utf8') }));
  entries = undefined;
  named.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : Buffer.compare(a.entry.name, b.entry.name)));
  const { mailStores, filter } = options;
  const maildir = mailStores && ['cur', 'new'].every((d) => named.some((n) => n.text === d && n.entry.isDirectory()));
  for (const { entry, text } of named) {
    const path = joinName(dir, entry.name);
    if (entry.isDirectory()) {
      if (!(maildir && text === 'tmp') && filter.dir(text)) yield* walk(path, options);
    } else if (entry.isFile() && !(mailStores && MAIL_STORE_FILE.test(text)) && filter.file(text)) {
      const info = options.statFiles ? statQuietly(path) : undefined;
      yield { path, label: escapeName(path), size: info?.size, file: fileId(info), listedRegular: true };
    }
  }
}

/**
 * stat(2) of a file the walk found, for its size or identity; undefined if
 * it is gone (its open reports that). Synchronous: from the inode cache it
 * takes a microsecond or two, a thread pool round trip many times that, and
 * stdout redirected to a file stats every file of the tree.
 */
function statQuietly(path: PathName): Stats | undefined {
  try {
    return statSync(fsPath(path));
  } catch {
    return undefined;
  }
}

/** path.join for text names (as before: `./x` is `x`); bytes joined with one '/' otherwise. */
function joinName(dir: PathName, entry: Buffer): PathName {
  const name = nameFromBytes(entry);
  if (typeof dir === 'string' && typeof name === 'string') return join(dir, name);
  const text = typeof dir === 'string' ? join(dir, '/') : undefined; // normalized, ends with '/'
  const head = text === './' ? Buffer.alloc(0) : text !== undefined ? Buffer.from(text) : nameBytes(dir);
  const slash = head.length === 0 || head.at(-1) === 0x2f ? [] : [Buffer.from('/')];
  return Uint8Array.from(Buffer.concat([head, ...slash, entry]));
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

const REASONS: Record<string, string> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'Not a directory',
  ENXIO: 'No such device or address',
  ENAMETOOLONG: 'File name too long',
  ELOOP: 'Too many levels of symbolic links',
  EMFILE: 'Too many open files',
  ENFILE: 'Too many open files in system',
  EIO: 'Input/output error',
  Z_DATA_ERROR: 'not in gzip format or corrupt',
  GZIP_TRAILING: 'trailing garbage after gzip data',
  GZIP_CHECK: 'gzip CRC or length check failed',
  Z_BUF_ERROR: 'unexpected end of gzip data',
};

/**
 * `No such file or directory`, like strerror; a system error REASONS does not
 * name in libuv's words (ENODEV: `No such device`), not node's message, which
 * repeats the code, the call and the path; else the error's own message.
 */
export function describeError(err: unknown): string {
  const { code, errno, syscall } = (err ?? {}) as { code?: unknown; errno?: unknown; syscall?: unknown };
  if (typeof code === 'string' && REASONS[code] !== undefined) return REASONS[code];
  const text = typeof syscall === 'string' && typeof errno === 'number' ? getSystemErrorMap().get(errno)?.[1] : undefined;
  if (text !== undefined && text !== '') return text[0]!.toUpperCase() + text.slice(1);
  return err instanceof Error ? err.message : String(err);
}
