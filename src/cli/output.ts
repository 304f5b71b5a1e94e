// Line batches (as workers send them), the --unique filter's place, and a
// stdout writer that batches, honours backpressure and treats EPIPE (the
// reader went away, as in `urisift big.txt | head -1`) as a quiet end.
import type { Writable } from 'node:stream';
import type { UniqueFilter } from './unique.js';

import type { Line } from './format.js';

export { makeFormatter, jsonRecord, type Formatter, type Hit, type Line } from './format.js';

/**
 * Lines in bulk, as workers send them: UTF-8 bytes when there are no
 * --unique keys (encoded on the worker, transferred without a copy), else
 * the lines and keys side by side.
 */
export type LineBatch = { bytes: Uint8Array; count: number } | { lines: string[]; keys: string[] };

/** Collects lines into LineBatches. */
export class Batcher {
  readonly #unique: boolean;
  #texts: string[] = [];
  #keys: string[] = [];
  /** UTF-16 units of the lines held. */
  chars = 0;

  constructor(unique: boolean) {
    this.#unique = unique;
  }

  get size(): number {
    return this.#texts.length;
  }

  add(line: Line): void {
    this.#texts.push(line.text);
    this.chars += line.text.length;
    if (this.#unique) this.#keys.push(line.key ?? line.text);
  }

  take(): LineBatch {
    const batch = this.#unique ? { lines: this.#texts, keys: this.#keys } : { bytes: ownBuffer(this.#texts.join('')), count: this.#texts.length };
    this.#texts = [];
    this.#keys = [];
    this.chars = 0;
    return batch;
  }
}

/** UTF-8 bytes in an ArrayBuffer of their own, so it can be transferred. */
function ownBuffer(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length ? bytes : new Uint8Array(bytes);
}

const BATCH = 64 * 1024;

/** Batches lines into stdout; remembers --unique keys across all inputs. */
export class Output {
  readonly #stream: Writable;
  readonly #seen: UniqueFilter | undefined;
  readonly #onClose: (error: Error | undefined) => void;
  readonly #signal: AbortSignal | undefined;
  #pending: string[] = [];
  #pendingSize = 0;
  #blocked = false;
  #closed = false;
  #scheduled = false;
  /** Writes handed to stdout, and those whose callback has come (in order). */
  #issued = 0;
  #done = 0;
  /** Messages waiting for the writes in flight, and the text added after them (afterWritten). */
  #queue: (string | Uint8Array | (() => void))[] = [];
  /** Lines written so far (after --unique). */
  count = 0;

  /** `signal`: the run's; once it aborts (Ctrl-C), ready() waits no more for a reader that does not read. */
  constructor(stream: Writable, unique: UniqueFilter | undefined, onClose: (error: Error | undefined) => void, signal?: AbortSignal) {
    this.#stream = stream;
    this.#seen = unique;
    this.#onClose = onClose;
    this.#signal = signal;
    stream.on('error', (err: NodeJS.ErrnoException) => this.#close(err.code === 'EPIPE' ? undefined : err));
    stream.on('drain', () => { this.#blocked = false; });
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** stdout's buffer is full: await ready() before adding more. */
  get blocked(): boolean {
    return this.#blocked && !this.#closed;
  }

  add(line: Line): void {
    if (this.#closed) return;
    if (this.#seen !== undefined && line.key !== undefined && !this.#seen.admit(line.key)) return;
    this.count++;
    this.#append(line.text);
  }

  /** Buffer text; it goes out when BATCH is reached or when this burst of work ends. */
  #append(text: string): void {
    this.#pending.push(text);
    this.#pendingSize += text.length;
    if (this.#pendingSize >= BATCH) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => { this.#scheduled = false; this.flush(); });
    }
  }

  addBatch(batch: LineBatch): void {
    if ('bytes' in batch) {
      if (this.#closed) return;
      this.count += batch.count;
      this.flush();
      this.#send(batch.bytes);
      return;
    }
    batch.lines.forEach((text, i) => this.add({ text, key: batch.keys[i] }));
  }

  flush(): void {
    if (this.#closed || this.#pending.length === 0) return;
    const text = this.#pending.join('');
    this.#pending = [];
    this.#pendingSize = 0;
    this.#send(text);
  }

  /** Write `chunk`, or queue it behind a message that waits (afterWritten). */
  #send(chunk: string | Uint8Array): void {
    if (this.#queue.length > 0) this.#queue.push(chunk);
    else this.#write(chunk);
  }

  /** Hand `chunk` to stdout, counting it until its callback says it is written. */
  #write(chunk: string | Uint8Array): void {
    const seq = ++this.#issued;
    if (!this.#stream.write(chunk, () => this.#written(seq))) this.#blocked = true;
  }

  /** Writes complete in order: once none is in flight, the queue goes on (a message, or text and a wait for it). */
  #written(seq: number): void {
    this.#done = seq;
    while (this.#queue.length > 0 && this.#done === this.#issued && !this.#closed) {
      const item = this.#queue.shift()!;
      if (typeof item === 'function') item();
      else this.#write(item);
    }
  }

  /**
   * Run `run` once all text added so far is written to stdout: at once when
   * nothing waits (or stdout is closed), else after the last write's
   * callback, so that a message on stderr (`2>&1`) never lands before, or
   * inside, the lines found before it.
   */
  afterWritten(run: () => void): void {
    this.flush();
    if (this.#closed || (this.#done === this.#issued && this.#queue.length === 0)) return run();
    this.#queue.push(run);
  }

  /** Flush, then wait while stdout's buffer is full, until it drains, closes or the run is aborted. */
  async ready(): Promise<void> {
    this.flush();
    const signal = this.#signal;
    while (this.#blocked && !this.#closed && signal?.aborted !== true) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.#stream.off('drain', done).off('close', done).off('error', done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        this.#stream.once('drain', done).once('close', done).once('error', done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }

  /**
   * Wait until all text added is written and the messages that waited for it
   * are out; once the run is aborted (a reader that does not read), they go
   * out at once.
   */
  async written(): Promise<void> {
    await new Promise<void>((resolve) => {
      const signal = this.#signal;
      const abort = (): void => {
        this.#sayQueued();
        resolve();
      };
      if (signal?.aborted === true) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      this.afterWritten(() => {
        signal?.removeEventListener('abort', abort);
        resolve();
      });
    });
  }

  /** Give up waiting: the queued messages go out now, their text after them as the stream takes it. */
  #sayQueued(): void {
    for (const item of this.#queue.splice(0)) {
      if (typeof item === 'function') item();
      else if (!this.#closed) this.#write(item);
    }
  }

  #close(error: Error | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#pending = [];
    this.#onClose(error);
    this.#sayQueued(); // no reader left: the messages still go out
  }
}
