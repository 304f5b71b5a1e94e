// Reading a file, opened when the stream is first read (not when it is
// made), with EMFILE/ENFILE retried while other files close, and an open
// that can be aborted: opening a FIFO blocks until a writer comes, and
// Ctrl-C must end that wait.
import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

const CHUNK = 64 * 1024;
/** Waits between tries on EMFILE: 1, 2, 4 … 512 ms (about 1 s in all). */
const RETRIES = 10;

/** A Readable of the file's bytes; open errors surface as stream errors. */
export function openFile(path: string | Buffer, signal: AbortSignal): Readable {
  return new FileReader(path, signal);
}

class FileReader extends Readable {
  readonly #path: string | Buffer;
  readonly #signal: AbortSignal;
  #handle: FileHandle | undefined;

  constructor(path: string | Buffer, signal: AbortSignal) {
    super({ highWaterMark: CHUNK });
    this.#path = path;
    this.#signal = signal;
  }

  override _construct(callback: (error?: Error | null) => void): void {
    openAbortable(this.#path, this.#signal).then((handle) => {
      this.#handle = handle;
      callback();
    }, callback);
  }

  override _read(): void {
    const buffer = Buffer.allocUnsafe(CHUNK);
    this.#handle?.read(buffer, 0, CHUNK, null).then(
      ({ bytesRead }) => void this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead)),
      (err: Error) => this.destroy(err),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const handle = this.#handle;
    this.#handle = undefined;
    if (handle === undefined) return callback(error);
    handle.close().then(() => callback(error), () => callback(error));
  }
}

/** open(path, 'r'), retried on EMFILE/ENFILE; rejects with an AbortError as soon as `signal` aborts. */
async function openAbortable(path: string | Buffer, signal: AbortSignal): Promise<FileHandle> {
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
      void releaseFifo(path);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    opening.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * If `path` is a FIFO, give a reader blocked in open(2) its writer: open it
 * for writing without blocking (which fails harmlessly when no reader
 * waits), and close it again. The reader's open returns; it reads EOF.
 */
export async function releaseFifo(path: string | Buffer): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (info?.isFIFO() !== true) return;
  const writer = await open(path, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => undefined);
  await writer?.close().catch(() => {});
}
