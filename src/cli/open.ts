// Reading a file, opened when the stream is first read (not when it is
// made), with EMFILE/ENFILE retried while other files close, and an open
// that can be aborted: opening a FIFO blocks until a writer comes, and
// Ctrl-C must end that wait.
import { closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Bytes read at a time. Not 64 KiB: a 64 KiB chunk of mostly-ASCII UTF-8 with
 * a few multi-byte characters decodes to a two-byte string just over V8's
 * largest regular object (128 KiB), which then goes to the large-object
 * space, fresh pages each time; at 60 KiB none does (a run over 32 MiB of
 * prose faulted 8,300 → 7,550 times and took 0.36 → 0.32 s best of 8).
 */
export const CHUNK = 60 * 1024;
/** Waits between tries on EMFILE: 1, 2, 4 … 512 ms (about 1 s in all). */
const RETRIES = 10;

/** A Readable of the file's bytes; open errors surface as stream errors. `handle`: the file, already open (it is read from its current position). */
export function openFile(path: string | Buffer, signal: AbortSignal, handle?: FileHandle): Readable {
  return new FileReader(path, signal, handle);
}

class FileReader extends Readable {
  readonly #path: string | Buffer;
  readonly #signal: AbortSignal;
  #handle: FileHandle | undefined;
  /**
   * The next chunk's read, started before the chunk in hand is pushed: a push
   * to a flowing pipeline runs the whole scan of that chunk before it returns,
   * so a read started after it would leave the thread idle while the disk works.
   */
  #ahead: Promise<Buffer> | undefined;
  /**
   * A regular file is read synchronously: from the page cache a read takes
   * microseconds, less than handing it to the thread pool and back. A pipe,
   * FIFO or device is read asynchronously, as it may block.
   */
  #regular = false;

  readonly #opened: FileHandle | undefined;

  constructor(path: string | Buffer, signal: AbortSignal, handle?: FileHandle) {
    super({ highWaterMark: CHUNK });
    this.#path = path;
    this.#signal = signal;
    this.#opened = handle;
  }

  override _construct(callback: (error?: Error | null) => void): void {
    (this.#opened === undefined ? openAbortable(this.#path, this.#signal) : Promise.resolve(this.#opened)).then(async (handle) => {
      this.#handle = handle;
      this.#regular = (await handle.stat()).isFile();
      callback();
    }).catch(callback);
  }

  override _read(): void {
    if (this.#regular) return this.#readNow();
    const reading = this.#ahead ?? this.#readChunk();
    this.#ahead = undefined;
    reading.then(
      (chunk) => {
        if (chunk.length === 0) return void this.push(null);
        if (!this.destroyed) this.#ahead = this.#readChunk();
        this.push(chunk);
      },
      (err: Error) => this.destroy(err),
    );
  }

  #readNow(): void {
    try {
      const buffer = Buffer.allocUnsafe(CHUNK);
      const bytesRead = readSync(this.#handle!.fd, buffer, 0, CHUNK, null);
      this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead));
    } catch (err) {
      this.destroy(err as Error);
    }
  }

  /** The next chunk of the file (empty at its end). */
  async #readChunk(): Promise<Buffer> {
    const handle = this.#handle;
    if (handle === undefined) return Buffer.alloc(0);
    const buffer = Buffer.allocUnsafe(CHUNK);
    const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
    return buffer.subarray(0, bytesRead);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.#handle;
    this.#handle = undefined;
    if (handle === undefined) return callback(error);
    // A read still in flight is let finish (its result dropped) before the file closes.
    const ahead = this.#ahead ?? Promise.resolve();
    this.#ahead = undefined;
    ahead.catch(() => {}).then(() => handle.close()).then(() => callback(error), () => callback(error));
  }
}

/** open(path, 'r'), retried on EMFILE/ENFILE; rejects with an AbortError as soon as `signal` aborts. */
export async function openAbortable(path: string | Buffer, signal: AbortSignal): Promise<FileHandle> {
  for (let attempt = 0; ; attempt++) {
    signal.throwIfAborted();
    try {
      return await raceAbort(open(path, 'r'), path, signal);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if ((code !== 'EMFILE' && code !== 'ENFILE') || attempt >= RETRIES) throw err;
      await sleep(2 ** attempt, undefined, { signal });
    }
  }
}

/**
 * The open, or an AbortError when `signal` aborts first. An open still
 * blocked (a FIFO with no writer) is released by opening the FIFO for
 * writing without blocking, which gives it its writer; it is then closed.
 */
function raceAbort(opening: Promise<FileHandle>, path: string | Buffer, signal: AbortSignal): Promise<FileHandle> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      reject(signal.reason as Error);
      opening.then((handle) => void handle.close().catch(() => {}), () => {});
      releaseFifo(path);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    opening.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * If `path` is a FIFO, give a reader blocked in open(2) its writer: open it
 * for writing without blocking (which fails harmlessly when no reader
 * waits), and close it again. The reader's open returns; it reads EOF.
 * Synchronous, so that it is done before an interrupted run exits: the
 * blocked open holds a thread of the pool, which node joins on exit, and
 * an asynchronous release would wait for a thread of the same pool.
 */
export function releaseFifo(path: string | Buffer): void {
  try {
    if (!statSync(path).isFIFO()) return;
    closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // no FIFO any more, or no reader waits on it (ENXIO): nothing to release
  }
}
