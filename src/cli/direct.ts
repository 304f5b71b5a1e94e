// A regular file scanned with no stream around it: read synchronously, 60
// KiB at a time, straight into the library's Extractor. A file's bytes pass
// through no Readable and no byte stages, and one read buffer serves the
// whole file, as every reader copies what it keeps of a chunk: fresh read
// buffers fault their pages in again after each garbage collection frees
// them, which on a virtual machine was a tenth of a run.
// What the stream path does for other inputs is done here in line: the
// byte count, grep's binary test on the first block, and the output's
// backpressure; gzip data, FIFOs and devices go the stream way.
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ExtractOptions, Found } from '../delimit/types.js';
import { Extractor } from '../index.js';
import { GZIP_MAGIC } from './gunzip.js';
import { CHUNK, openAbortable } from './open.js';
import type { ScanResult, Sink } from './scan.js';
import { binaryKind } from '../formats/wide-text.js';
import { looksBinary } from './stages.js';

/** Chunks scanned between turns of the event loop, where Ctrl-C, a closed stdout and the output's timers are seen. */
const TURN = 4;

/**
 * Open the file at `path` and scan it here if it is a regular file whose
 * data is no gzip: its result ('handed-off', nothing read, when the
 * sink's handOff takes it). Else its handle, open and not read from, for
 * the stream path.
 */
export async function scanFile(
  path: string | Buffer, options: ExtractOptions, binaryGate: boolean, sink: Sink, signal: AbortSignal, each: (found: Found) => void,
  listedRegular = false,
): Promise<ScanResult | FileHandle> {
  const file = openRegularSync(path, listedRegular);
  if (file !== undefined) {
    try {
      if (sink.handOff?.(file.size) === true) return 'handed-off';
      const result = await scanRegular(file, options, binaryGate, sink, signal, each);
      if (result !== undefined) return result;
    } finally {
      closeQuietly(file.fd);
    }
  }
  const handle = await openAbortable(path, signal); // gzip data, no regular file, or an open that failed (its error, EMFILE's retries)
  let handedOver = false;
  try {
    const info = file === undefined ? fstatSync(handle.fd) : undefined;
    const result = info?.isFile() === true ? await scanRegular({ fd: handle.fd, size: info.size }, options, binaryGate, sink, signal, each) : undefined;
    if (result !== undefined) return result;
    handedOver = true;
    return handle;
  } finally {
    if (!handedOver) await handle.close().catch(() => {}); // a file only read: nothing to lose
  }
}

/** An open regular file, and its size when it was opened. */
interface OpenFile {
  fd: number;
  size: number;
}

/**
 * The descriptor of the regular file at `path`, opened synchronously: a tree
 * of small files (a Maildir, man pages) spends more on the thread pool's
 * round trips of an open and a close than on its scan. Undefined for any
 * file but a regular one, never opened here (a FIFO's reader, opened and
 * closed, would leave its writer with a broken pipe), and on any error,
 * which the asynchronous open then reports. Opened without blocking, in
 * case a FIFO took the file's place since the stat, or since the directory
 * listing that said it is a regular file (`listedRegular`: no stat then).
 */
function openRegularSync(path: string | Buffer, listedRegular: boolean): OpenFile | undefined {
  let fd: number;
  try {
    if (!listedRegular && !statSync(path).isFile()) return undefined;
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    if (info.isFile()) return { fd, size: info.size };
  } catch {
    // undefined, as for a file that is no regular one
  }
  closeQuietly(fd);
  return undefined;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // a file only read: nothing to lose
  }
}

/**
 * Scan the open regular file `fd` if its data is no gzip; else undefined,
 * with nothing read from its current position on (the stream path takes
 * the file over). `binaryGate`: grep's test applies.
 */
async function scanRegular(
  file: OpenFile, options: ExtractOptions, binaryGate: boolean, sink: Sink, signal: AbortSignal, each: (found: Found) => void,
): Promise<ScanResult | undefined> {
  const buffer = spare ?? Buffer.allocUnsafe(CHUNK); // one for the whole file: no reader keeps a view of a chunk past its write (the format tests check each mode)
  spare = undefined;
  try {
    return await scanChunks(file, buffer, options, binaryGate, sink, signal, each);
  } finally {
    spare = buffer;
  }
}

/** A chunk buffer left by the last file scanned, for the next: a tree of small files allocates no CHUNK a file. */
let spare: Buffer | undefined;

async function scanChunks(
  { fd, size }: OpenFile, buffer: Buffer, options: ExtractOptions, binaryGate: boolean, sink: Sink, signal: AbortSignal, each: (found: Found) => void,
): Promise<ScanResult | undefined> {
  let position = 0;
  let n = readSync(fd, buffer, 0, CHUNK, position); // at an offset: the file's own position stays at 0
  if (n > 0 && buffer[0] === GZIP_MAGIC[0]) return undefined; // maybe gzip: the stream path's gunzip looks further
  if (binaryGate && looksBinary(buffer.subarray(0, n))) return binaryKind(buffer.subarray(0, n));
  const extractor = new Extractor(options);
  for (let turn = 1; n > 0; turn++) {
    sink.progress(n);
    emit(extractor.write(buffer.subarray(0, n)), each);
    position += n;
    const ready = sink.ready();
    if (ready !== undefined) await ready;
    if (turn % TURN === 0) await nextTurn();
    signal.throwIfAborted();
    n = n < CHUNK && position === size ? 0 : readSync(fd, buffer, 0, CHUNK, position); // a short read that ends at the size fstat gave is the end: no read of 0 bytes to say so

  }
  emit(extractor.end(), each);
  await sink.ready();
  return 'ok';
}

function emit(found: Found[], each: (found: Found) => void): void {
  for (let i = 0; i < found.length; i++) each(found[i]!);
}
