// Operands → an ordered list of inputs: stdin, files, and directories walked
// in sorted order under -r. Problems are kept in place (not thrown) so that
// they are reported in order and the other inputs are still scanned.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** The name grep gives standard input. */
export const STDIN_LABEL = '(standard input)';

export interface Input {
  /** File path, or '-' for standard input. */
  path: string;
  /** How the input is named in output and messages. */
  label: string;
  /** Bytes on disk, when known (for the progress total). */
  size: number | undefined;
  /** Set when the input cannot be read; printed as `urisift: LABEL: error`. */
  error?: string;
}

export interface Expanded {
  inputs: Input[];
  /** grep's rule for showing names: several operands, or a directory one. */
  severalSources: boolean;
}

/** Expand operands in order. No operand means stdin (or '.' under -r, as grep). */
export async function expandOperands(operands: readonly string[], recursive: boolean): Promise<Expanded> {
  const list = operands.length > 0 ? operands : [recursive ? '.' : '-'];
  const inputs: Input[] = [];
  let sawDirectory = false;
  for (const operand of list) {
    if (operand === '-') {
      inputs.push({ path: '-', label: STDIN_LABEL, size: undefined });
      continue;
    }
    const info = await stat(operand).catch((err: unknown) => err as NodeJS.ErrnoException);
    if (info instanceof Error) {
      inputs.push({ path: operand, label: operand, size: undefined, error: describeError(info) });
    } else if (info.isDirectory()) {
      sawDirectory = true;
      if (recursive) await walk(operand, inputs);
      else inputs.push({ path: operand, label: operand, size: undefined, error: 'is a directory' });
    } else {
      inputs.push({ path: operand, label: operand, size: info.size });
    }
  }
  return { inputs, severalSources: list.length > 1 || sawDirectory };
}

/** Depth-first, entries sorted by code unit; symbolic links inside are not followed (grep -r). */
async function walk(dir: string, out: Input[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    out.push({ path: dir, label: dir, size: undefined, error: describeError(err) });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path, out);
    else if (entry.isFile()) out.push({ path, label: path, size: await sizeOf(path) });
  }
}

async function sizeOf(path: string): Promise<number | undefined> {
  return stat(path).then((s) => s.size, () => undefined);
}

/** Open an input's bytes. Errors (ENOENT, EACCES…) surface on the stream. */
export function openInput(input: Input, stdin: Readable): Readable {
  return input.path === '-' ? stdin : createReadStream(input.path, { highWaterMark: 64 * 1024 });
}

export function isGzipName(path: string): boolean {
  return /\.gz$/i.test(path);
}

const REASONS: Record<string, string> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'Not a directory',
  ELOOP: 'Too many levels of symbolic links',
  EMFILE: 'Too many open files',
  EIO: 'Input/output error',
  Z_DATA_ERROR: 'not in gzip format or corrupt',
  Z_BUF_ERROR: 'unexpected end of gzip data',
};

/** `No such file or directory`, like strerror; else the error's own message. */
export function describeError(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && REASONS[code] !== undefined) return REASONS[code];
  return err instanceof Error ? err.message : String(err);
}
