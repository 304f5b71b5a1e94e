// What a failed read or open is called in messages: strerror's words, as grep says them.
import { getSystemErrorMap } from 'node:util';

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
